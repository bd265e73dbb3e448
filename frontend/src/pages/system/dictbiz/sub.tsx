//! /system/dictbiz/sub/:parentId: the items of one of the tenant's business dictionaries.
import React from 'react';
import { BIZ_DICT } from '../dict/components/book';
import DictItems from '../dict/components/DictItems';

const Sub: React.FC = () => <DictItems screens={BIZ_DICT} />;

export default Sub;
