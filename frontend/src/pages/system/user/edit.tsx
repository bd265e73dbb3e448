//! /system/user/edit/:id: changes an account (never its password: that is reset from the list).
import React from 'react';
import UserForm from './components/UserForm';

const UserEdit: React.FC = () => <UserForm mode="edit" />;

export default UserEdit;
