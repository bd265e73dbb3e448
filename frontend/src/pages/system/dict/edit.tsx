//! /system/dict/edit/:id: changes a dictionary or an item.
import React from 'react';
import { SYSTEM_DICT } from './components/book';
import DictForm from './components/DictForm';

const Page: React.FC = () => <DictForm screens={SYSTEM_DICT} mode="edit" />;

export default Page;
