//! /system/tenant/add: a new tenant with its administrator account.
import React from 'react';
import TenantForm from './components/TenantForm';

const TenantAdd: React.FC = () => <TenantForm mode="add" />;

export default TenantAdd;
