//! /system/dictbiz/view/:id: a dictionary or an item, read-only.
import React from 'react';
import { BIZ_DICT } from '../dict/components/book';
import DictForm from '../dict/components/DictForm';

const Page: React.FC = () => <DictForm screens={BIZ_DICT} mode="view" />;

export default Page;
