//! /authority/datascope: the data-scope rules (which rows a role sees) under each menu.
import React from 'react';
import ScopeRules from './components/ScopeRules';

const DataScope: React.FC = () => <ScopeRules kind="data" />;

export default DataScope;
