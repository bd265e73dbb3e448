//! /system/log/error/view/:id: one entry of the log of errors.
import React from 'react';
import LogView from '../components/LogView';

const ErrorLogView: React.FC = () => <LogView screen="error" />;

export default ErrorLogView;
