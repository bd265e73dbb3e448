//! /resource/oss/add: a new storage configuration.
import React from 'react';
import ConfigForm from '../components/ConfigForm';
import { OSS_KIND } from './components/ossKind';

const OssAdd: React.FC = () => <ConfigForm spec={OSS_KIND} mode="add" />;

export default OssAdd;
