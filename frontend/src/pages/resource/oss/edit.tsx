//! /resource/oss/edit/:id: changes a storage configuration (an empty secret keeps the stored one).
import React from 'react';
import ConfigForm from '../components/ConfigForm';
import { OSS_KIND } from './components/ossKind';

const OssEdit: React.FC = () => <ConfigForm spec={OSS_KIND} mode="edit" />;

export default OssEdit;
