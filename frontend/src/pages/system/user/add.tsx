//! /system/user/add: a new account.
import React from 'react';
import UserForm from './components/UserForm';

const UserAdd: React.FC = () => <UserForm mode="add" />;

export default UserAdd;
