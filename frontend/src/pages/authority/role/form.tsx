//! /authority/role/add/:parentId? (a new role, under the role in the path when there is one),
//! /authority/role/edit/:id and /authority/role/view/:id (read-only): the mode comes from the route.
import React from 'react';
import { useFormMode } from '@/components/Crud';
import RoleForm from './components/RoleForm';

const RoleFormPage: React.FC = () => <RoleForm mode={useFormMode()} />;

export default RoleFormPage;
