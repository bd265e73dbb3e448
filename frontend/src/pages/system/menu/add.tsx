//! /system/menu/add and /system/menu/add/:id: a new menu or button, under the menu in the path when
//! there is one.
import React from 'react';
import MenuForm from './components/MenuForm';

const MenuAdd: React.FC = () => <MenuForm mode="add" />;

export default MenuAdd;
