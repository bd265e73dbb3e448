//! /system/log/login: the log of sign-ins (see components/LogList).
import React from 'react';
import LogList from '../components/LogList';

const LoginLogList: React.FC = () => <LogList screen="login" />;

export default LoginLogList;
