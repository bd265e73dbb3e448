//! /system/tenant/edit/:id: changes a tenant's name, contacts and domain (its licence is set from the list).
import React from 'react';
import TenantForm from './components/TenantForm';

const TenantEdit: React.FC = () => <TenantForm mode="edit" />;

export default TenantEdit;
