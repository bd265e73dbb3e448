//! /system/tenant/view/:id: a tenant, read-only, with its licence.
import React from 'react';
import TenantForm from './components/TenantForm';

const TenantView: React.FC = () => <TenantForm mode="view" />;

export default TenantView;
