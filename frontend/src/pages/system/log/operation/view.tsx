//! /system/log/operation/view/:id: one entry of the log of operations (API calls).
import React from 'react';
import LogView from '../components/LogView';

const OperationLogView: React.FC = () => <LogView screen="operation" />;

export default OperationLogView;
