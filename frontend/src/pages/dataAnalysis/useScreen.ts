//! The screen's data: asked when the page opens and again every 60 s (domain-model §4), 60 s after the
//! last answer so that a slow server never has two calls waiting. A failed poll keeps the last answer on
//! the screen and marks it stale; a 404 means the zone has closed its screen (or never opened it), which
//! is shown whatever was there before.
import { useEffect, useState } from 'react';
import { getScreen, type Screen, type ScreenFailure, screenFailure } from '@/services/business/dataAnalysis';

export const POLL_MS = 60_000;

export interface ScreenState {
  screen?: Screen;
  /** why there is no screen to show */
  failure?: ScreenFailure;
  /** the last poll failed: what is shown is the answer before */
  stale: boolean;
}

export function useScreen(tenant: string): ScreenState {
  const [state, setState] = useState<ScreenState>({ stale: false });
  useEffect(() => {
    setState({ stale: false });
    if (!tenant) return undefined;
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const res = await getScreen(tenant);
        if (alive) setState({ screen: res.data, stale: false });
      } catch (e) {
        if (!alive) return;
        const failure = screenFailure(e);
        setState((s) => (failure === 'notOpen' || !s.screen ? { failure, stale: false } : { ...s, stale: true }));
      }
      if (alive) timer = setTimeout(poll, POLL_MS);
    };
    poll();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [tenant]);
  return state;
}
