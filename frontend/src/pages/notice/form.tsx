//! /notice/add, /notice/edit/:id and /notice/view/:id (read-only): the mode comes from the route.
import { useParams } from '@umijs/max';
import React from 'react';
import { useFormMode } from '@/components/Crud';
import NoticeForm from './components/NoticeForm';

const NoticeFormPage: React.FC = () => {
  const { id } = useParams<{ id: string }>();
  return <NoticeForm mode={useFormMode()} id={id} />;
};

export default NoticeFormPage;
