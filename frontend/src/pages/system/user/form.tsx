//! /system/user/add, /system/user/edit/:id (never the password: that is reset from the list) and
//! /system/user/view/:id (read-only): the mode comes from the route.
import React from 'react';
import { useFormMode } from '@/components/Crud';
import UserForm from './components/UserForm';

const UserFormPage: React.FC = () => <UserForm mode={useFormMode()} />;

export default UserFormPage;
