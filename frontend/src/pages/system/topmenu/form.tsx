//! /system/topmenu/add, /system/topmenu/edit/:id and /system/topmenu/view/:id (read-only): the mode
//! comes from the route.
import React from 'react';
import { useFormMode } from '@/components/Crud';
import TopMenuForm from './components/TopMenuForm';

const TopMenuFormPage: React.FC = () => <TopMenuForm mode={useFormMode()} />;

export default TopMenuFormPage;
