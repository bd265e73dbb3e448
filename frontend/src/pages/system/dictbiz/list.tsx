//! /system/dictbiz/list: the tenant's business dictionaries.
import React from 'react';
import { BIZ_DICT } from '../dict/components/book';
import DictList from '../dict/components/DictList';

const List: React.FC = () => <DictList screens={BIZ_DICT} />;

export default List;
