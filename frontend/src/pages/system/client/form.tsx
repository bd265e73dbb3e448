//! /system/client/add, /system/client/edit/:id (an empty secret keeps the stored one) and
//! /system/client/view/:id (read-only, the secret is never shown): the mode comes from the route.
import React from 'react';
import { useFormMode } from '@/components/Crud';
import ClientForm from './components/ClientForm';

const ClientFormPage: React.FC = () => <ClientForm mode={useFormMode()} />;

export default ClientFormPage;
