//! /system/dict/add (a dictionary) and add/:id (an item under row :id), /system/dict/edit/:id and
//! /system/dict/view/:id (read-only), for a dictionary or an item: the mode comes from the route.
import React from 'react';
import { useFormMode } from '@/components/Crud';
import { SYSTEM_DICT } from './components/book';
import DictForm from './components/DictForm';

const DictFormPage: React.FC = () => <DictForm screens={SYSTEM_DICT} mode={useFormMode()} />;

export default DictFormPage;
