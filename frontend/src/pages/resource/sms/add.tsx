//! /resource/sms/add: a new SMS configuration.
import React from 'react';
import ConfigForm from '../components/ConfigForm';
import { SMS_KIND } from './components/smsKind';

const SmsAdd: React.FC = () => <ConfigForm spec={SMS_KIND} mode="add" />;

export default SmsAdd;
