//! /system/dept/edit/:id: changes a department (moving it moves its whole branch).
import React from 'react';
import DeptForm from './components/DeptForm';

const DeptEdit: React.FC = () => <DeptForm mode="edit" />;

export default DeptEdit;
