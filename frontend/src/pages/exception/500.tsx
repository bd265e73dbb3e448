import React from 'react';
import Exception from '@/components/Exception';

const Exception500: React.FC = () => <Exception type="500" />;

export default Exception500;
