//! /system/dict/list: system dictionaries.
import React from 'react';
import { SYSTEM_DICT } from './components/book';
import DictList from './components/DictList';

const List: React.FC = () => <DictList screens={SYSTEM_DICT} />;

export default List;
