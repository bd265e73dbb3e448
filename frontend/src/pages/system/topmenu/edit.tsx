//! /system/topmenu/edit/:id: changes a top menu.
import React from 'react';
import TopMenuForm from './components/TopMenuForm';

const TopMenuEdit: React.FC = () => <TopMenuForm mode="edit" />;

export default TopMenuEdit;
