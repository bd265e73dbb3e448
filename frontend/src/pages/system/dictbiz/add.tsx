//! /system/dictbiz/add (a dictionary) and add/:id (an item under row :id).
import React from 'react';
import { BIZ_DICT } from '../dict/components/book';
import DictForm from '../dict/components/DictForm';

const Page: React.FC = () => <DictForm screens={BIZ_DICT} mode="add" />;

export default Page;
