//! /system/dept/view/:id: one department, read-only.
import React from 'react';
import DeptForm from './components/DeptForm';

const DeptView: React.FC = () => <DeptForm mode="view" />;

export default DeptView;
