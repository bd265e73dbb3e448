//! /system/client/view/:id: a client, read-only (its secret is never shown).
import React from 'react';
import ClientForm from './components/ClientForm';

const ClientView: React.FC = () => <ClientForm mode="view" />;

export default ClientView;
