//! /system/menu/view/:id: one menu or button, read-only.
import React from 'react';
import MenuForm from './components/MenuForm';

const MenuView: React.FC = () => <MenuForm mode="view" />;

export default MenuView;
