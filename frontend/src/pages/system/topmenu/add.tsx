//! /system/topmenu/add: a new top menu.
import React from 'react';
import TopMenuForm from './components/TopMenuForm';

const TopMenuAdd: React.FC = () => <TopMenuForm mode="add" />;

export default TopMenuAdd;
