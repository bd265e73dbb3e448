//! Draws any outlined icon by name; loaded only when an icon is not one the app bundles.
import React from 'react';
import { ALL_ICONS } from './allIcons';

const IconByName: React.FC<{ name: string }> = ({ name }) => {
  const entry = ALL_ICONS.find((i) => i.name === name);
  return entry ? <entry.Icon /> : null;
};

export default IconByName;
