//! /authority/role/view/:id: a role, read-only.
import React from 'react';
import RoleForm from './components/RoleForm';

const RoleView: React.FC = () => <RoleForm mode="view" />;

export default RoleView;
