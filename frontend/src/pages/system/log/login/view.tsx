//! /system/log/login/view/:id: one entry of the log of sign-ins.
import React from 'react';
import LogView from '../components/LogView';

const LoginLogView: React.FC = () => <LogView screen="login" />;

export default LoginLogView;
