//! /system/log/operation: the log of operations (API calls) (see components/LogList).
import React from 'react';
import LogList from '../components/LogList';

const OperationLogList: React.FC = () => <LogList screen="operation" />;

export default OperationLogList;
