//! /system/param/edit/:id: changes a parameter (a platform default seen from a tenant becomes its own value).
import React from 'react';
import ParamForm from './components/ParamForm';

const ParamEdit: React.FC = () => <ParamForm mode="edit" />;

export default ParamEdit;
