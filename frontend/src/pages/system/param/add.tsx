//! /system/param/add: a new parameter.
import React from 'react';
import ParamForm from './components/ParamForm';

const ParamAdd: React.FC = () => <ParamForm mode="add" />;

export default ParamAdd;
