//! /authority/role/edit/:id: changes a role.
import React from 'react';
import RoleForm from './components/RoleForm';

const RoleEdit: React.FC = () => <RoleForm mode="edit" />;

export default RoleEdit;
