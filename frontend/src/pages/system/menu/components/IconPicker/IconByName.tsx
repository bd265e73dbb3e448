//! Draws any outlined icon by name; lives in the picker's lazily loaded chunk.
import React from 'react';
import { ALL_ICONS } from './IconGrid';

const IconByName: React.FC<{ name: string }> = ({ name }) => {
  const entry = ALL_ICONS.find((i) => i.name === name);
  return entry ? <entry.Icon /> : null;
};

export default IconByName;
