//! The operating system's "reduce motion" setting (WCAG 2.3.3): when a person asks for less motion,
//! antd's opening, closing and sliding animations are switched off and dialogs, drawers and
//! dropdowns appear at once. The browser tests ask for it too, so nothing is clicked mid-motion.
import { ConfigProvider } from 'antd';
import React, { useEffect, useMemo, useState } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;
}

/** Whether the person asked for reduced motion; follows the setting while the page is open. */
export function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(prefersReducedMotion);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia(QUERY);
    const changed = () => setReduced(query.matches);
    query.addEventListener?.('change', changed);
    return () => query.removeEventListener?.('change', changed);
  }, []);
  return reduced;
}

/** antd's motion token from the setting; the locale and everything else come from the providers around. */
export function MotionPreference({ children }: React.PropsWithChildren) {
  const reduced = usePrefersReducedMotion();
  const theme = useMemo(() => ({ token: { motion: !reduced } }), [reduced]);
  return <ConfigProvider theme={theme}>{children}</ConfigProvider>;
}
