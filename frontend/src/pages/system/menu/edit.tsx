//! /system/menu/edit/:id: changes a menu or button.
import React from 'react';
import MenuForm from './components/MenuForm';

const MenuEdit: React.FC = () => <MenuForm mode="edit" />;

export default MenuEdit;
