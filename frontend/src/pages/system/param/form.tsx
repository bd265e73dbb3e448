//! /system/param/add, /system/param/edit/:id (a platform default seen from a tenant becomes its own
//! value) and /system/param/view/:id (read-only): the mode comes from the route.
import React from 'react';
import { useFormMode } from '@/components/Crud';
import ParamForm from './components/ParamForm';

const ParamFormPage: React.FC = () => <ParamForm mode={useFormMode()} />;

export default ParamFormPage;
