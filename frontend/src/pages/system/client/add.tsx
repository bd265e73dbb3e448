//! /system/client/add: a new OAuth client.
import React from 'react';
import ClientForm from './components/ClientForm';

const ClientAdd: React.FC = () => <ClientForm mode="add" />;

export default ClientAdd;
