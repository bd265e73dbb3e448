import React from 'react';
import Exception from '@/components/Exception';

const Exception403: React.FC = () => <Exception type="403" />;

export default Exception403;
