//! /system/tenant/add (a new tenant with its administrator account), /system/tenant/edit/:id (its
//! name, contacts and domain; the licence is set from the list) and /system/tenant/view/:id
//! (read-only, with its licence): the mode comes from the route.
import React from 'react';
import { useFormMode } from '@/components/Crud';
import TenantForm from './components/TenantForm';

const TenantFormPage: React.FC = () => <TenantForm mode={useFormMode()} />;

export default TenantFormPage;
