//! /system/dept/add and /system/dept/add/:id: a new department, under the department in the path
//! when there is one.
import React from 'react';
import DeptForm from './components/DeptForm';

const DeptAdd: React.FC = () => <DeptForm mode="add" />;

export default DeptAdd;
