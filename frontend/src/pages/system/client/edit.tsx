//! /system/client/edit/:id: changes a client (an empty secret keeps the stored one).
import React from 'react';
import ClientForm from './components/ClientForm';

const ClientEdit: React.FC = () => <ClientForm mode="edit" />;

export default ClientEdit;
