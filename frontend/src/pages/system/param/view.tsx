//! /system/param/view/:id: a parameter, read-only.
import React from 'react';
import ParamForm from './components/ParamForm';

const ParamView: React.FC = () => <ParamForm mode="view" />;

export default ParamView;
