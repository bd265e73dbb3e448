//! /system/dict/add (a dictionary) and add/:id (an item under row :id).
import React from 'react';
import { SYSTEM_DICT } from './components/book';
import DictForm from './components/DictForm';

const Page: React.FC = () => <DictForm screens={SYSTEM_DICT} mode="add" />;

export default Page;
