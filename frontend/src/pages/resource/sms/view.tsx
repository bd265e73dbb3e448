//! /resource/sms/view/:id: an SMS configuration, read-only (the secret is never shown).
import React from 'react';
import ConfigForm from '../components/ConfigForm';
import { SMS_KIND } from './components/smsKind';

const SmsView: React.FC = () => <ConfigForm spec={SMS_KIND} mode="view" />;

export default SmsView;
