//! /system/dict/sub/:parentId: the items of one of system dictionaries.
import React from 'react';
import { SYSTEM_DICT } from './components/book';
import DictItems from './components/DictItems';

const Sub: React.FC = () => <DictItems screens={SYSTEM_DICT} />;

export default Sub;
