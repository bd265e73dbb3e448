//! /system/topmenu/view/:id: one top menu, read-only.
import React from 'react';
import TopMenuForm from './components/TopMenuForm';

const TopMenuView: React.FC = () => <TopMenuForm mode="view" />;

export default TopMenuView;
