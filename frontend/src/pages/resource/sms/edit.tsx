//! /resource/sms/edit/:id: changes an SMS configuration (an empty secret keeps the stored one).
import React from 'react';
import ConfigForm from '../components/ConfigForm';
import { SMS_KIND } from './components/smsKind';

const SmsEdit: React.FC = () => <ConfigForm spec={SMS_KIND} mode="edit" />;

export default SmsEdit;
