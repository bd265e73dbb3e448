//! /system/user/view/:id: an account, read-only.
import React from 'react';
import UserForm from './components/UserForm';

const UserView: React.FC = () => <UserForm mode="view" />;

export default UserView;
