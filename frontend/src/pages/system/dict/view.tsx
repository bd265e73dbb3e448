//! /system/dict/view/:id: a dictionary or an item, read-only.
import React from 'react';
import { SYSTEM_DICT } from './components/book';
import DictForm from './components/DictForm';

const Page: React.FC = () => <DictForm screens={SYSTEM_DICT} mode="view" />;

export default Page;
