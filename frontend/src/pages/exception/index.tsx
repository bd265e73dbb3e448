//! /exception?errorCode=&errorMessage=: where a failed call with showType 9 leads (SPEC §2, §4).
import { useSearchParams } from '@umijs/max';
import React from 'react';
import Exception from '@/components/Exception';

const ExceptionPage: React.FC = () => {
  const [params] = useSearchParams();
  const errorCode = params.get('errorCode') || undefined;
  const errorMessage = params.get('errorMessage') || undefined;
  return <Exception type={errorCode} title={errorCode} message={errorMessage} />;
};

export default ExceptionPage;
