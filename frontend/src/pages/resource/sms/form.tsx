//! /resource/sms/add, /resource/sms/edit/:id (an empty secret keeps the stored one) and
//! /resource/sms/view/:id (read-only, the secret is never shown): the mode comes from the route.
import React from 'react';
import { useFormMode } from '@/components/Crud';
import ConfigForm from '../components/ConfigForm';
import { SMS_KIND } from './components/smsKind';

const SmsFormPage: React.FC = () => <ConfigForm spec={SMS_KIND} mode={useFormMode()} />;

export default SmsFormPage;
