//! /system/dictbiz/edit/:id: changes a dictionary or an item.
import React from 'react';
import { BIZ_DICT } from '../dict/components/book';
import DictForm from '../dict/components/DictForm';

const Page: React.FC = () => <DictForm screens={BIZ_DICT} mode="edit" />;

export default Page;
