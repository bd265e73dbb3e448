//! /system/log/error: the log of errors (see components/LogList).
import React from 'react';
import LogList from '../components/LogList';

const ErrorLogList: React.FC = () => <LogList screen="error" />;

export default ErrorLogList;
