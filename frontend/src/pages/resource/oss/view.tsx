//! /resource/oss/view/:id: a storage configuration, read-only (the secret is never shown).
import React from 'react';
import ConfigForm from '../components/ConfigForm';
import { OSS_KIND } from './components/ossKind';

const OssView: React.FC = () => <ConfigForm spec={OSS_KIND} mode="view" />;

export default OssView;
