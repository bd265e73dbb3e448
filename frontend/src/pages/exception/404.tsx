import React from 'react';
import Exception from '@/components/Exception';

const Exception404: React.FC = () => <Exception type="404" />;

export default Exception404;
