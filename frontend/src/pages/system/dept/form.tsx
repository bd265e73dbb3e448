//! /system/dept/add and add/:id (a new department, under the department in the path when there is
//! one), /system/dept/edit/:id (moving a department moves its whole branch) and
//! /system/dept/view/:id (read-only): the mode comes from the route.
import React from 'react';
import { useFormMode } from '@/components/Crud';
import DeptForm from './components/DeptForm';

const DeptFormPage: React.FC = () => <DeptForm mode={useFormMode()} />;

export default DeptFormPage;
