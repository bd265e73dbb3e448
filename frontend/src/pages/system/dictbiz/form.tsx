//! /system/dictbiz/add (a dictionary) and add/:id (an item under row :id), /system/dictbiz/edit/:id
//! and /system/dictbiz/view/:id (read-only), for a dictionary or an item: the mode comes from the
//! route.
import React from 'react';
import { useFormMode } from '@/components/Crud';
import { BIZ_DICT } from '../dict/components/book';
import DictForm from '../dict/components/DictForm';

const DictBizFormPage: React.FC = () => <DictForm screens={BIZ_DICT} mode={useFormMode()} />;

export default DictBizFormPage;
