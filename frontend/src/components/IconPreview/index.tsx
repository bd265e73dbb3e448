//! An icon drawn from its stored name (`line-chart`): the bundled drawing when the app has one, else
//! from the chunk of every outlined icon, loaded the first time such an icon is shown. Used by the
//! header's top menus and by the menu screens.
import React, { Suspense } from 'react';
import { bundledIcon, type IconUse } from './names';

const IconByName = React.lazy(() => import('./IconByName'));

export const IconPreview: React.FC<{ name?: string; use: IconUse }> = ({ name, use }) => {
  if (!name) return null;
  const bundled = bundledIcon(name, 'any');
  if (bundled) return <>{bundled}</>;
  return (
    <Suspense fallback={null}>
      <IconByName name={name} />
    </Suspense>
  );
};

export type { IconUse } from './names';
