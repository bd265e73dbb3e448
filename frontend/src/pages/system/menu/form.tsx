//! /system/menu/add and add/:id (a new menu or button, under the menu in the path when there is
//! one), /system/menu/edit/:id and /system/menu/view/:id (read-only): the mode comes from the route.
import React from 'react';
import { useFormMode } from '@/components/Crud';
import MenuForm from './components/MenuForm';

const MenuFormPage: React.FC = () => <MenuForm mode={useFormMode()} />;

export default MenuFormPage;
