import { useIntl } from '@umijs/max';
import React from 'react';

const Footer: React.FC = () => {
  const intl = useIntl();
  return (
    <footer style={{ padding: '24px 16px', textAlign: 'center', color: 'rgba(0, 0, 0, 0.45)' }}>
      {intl.formatMessage({ id: 'app.copyright' })}
    </footer>
  );
};

export default Footer;
