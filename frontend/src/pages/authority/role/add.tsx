//! /authority/role/add/:parentId?: a new role, under the role in the path when there is one.
import React from 'react';
import RoleForm from './components/RoleForm';

const RoleAdd: React.FC = () => <RoleForm mode="add" />;

export default RoleAdd;
