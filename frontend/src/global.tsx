//! Start-up side effects, run by Umi before the app renders: message timings, the offline and
//! update notices, and the removal of stale service workers (SPEC §4, §9).
import { message, notification } from 'antd';
import defaultSettings from '../config/defaultSettings';
import { MESSAGE_DURATION, NOTIFICATION_DURATION } from './utils/requestMessages';
import { removeServiceWorkers, watchOnlineState, watchUpdates } from './utils/pwa';

message.config({ duration: MESSAGE_DURATION, maxCount: 3 });
notification.config({ duration: NOTIFICATION_DURATION });

if (typeof window !== 'undefined') {
  watchOnlineState(window);
  watchUpdates(window);
  void removeServiceWorkers({
    production: process.env.NODE_ENV === 'production',
    protocol: window.location.protocol,
    pwa: defaultSettings.pwa,
  });
}
