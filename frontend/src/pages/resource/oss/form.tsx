//! /resource/oss/add, /resource/oss/edit/:id (an empty secret keeps the stored one) and
//! /resource/oss/view/:id (read-only, the secret is never shown): the mode comes from the route.
import React from 'react';
import { useFormMode } from '@/components/Crud';
import ConfigForm from '../components/ConfigForm';
import { OSS_KIND } from './components/ossKind';

const OssFormPage: React.FC = () => <ConfigForm spec={OSS_KIND} mode={useFormMode()} />;

export default OssFormPage;
