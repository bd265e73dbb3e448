//! /authority/apiscope: the API-scope rules (which interfaces a role may call) under each menu.
import React from 'react';
import ScopeRules from '../datascope/components/ScopeRules';

const ApiScope: React.FC = () => <ScopeRules kind="api" />;

export default ApiScope;
