//! The global loading flag (SPEC §4): on while any request is in flight, off when the count
//! returns to zero or, as a fail-safe, 8 s after the last request started.
import { useSyncExternalStore } from 'react';

export const LOADING_FAILSAFE_MS = 8000;

let inFlight = 0;
let loading = false;
let failsafe: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setLoading(next: boolean) {
  if (next === loading) return;
  loading = next;
  listeners.forEach((l) => l());
}

export function requestStarted() {
  inFlight += 1;
  if (failsafe) clearTimeout(failsafe);
  failsafe = setTimeout(() => {
    failsafe = undefined;
    inFlight = 0;
    setLoading(false);
  }, LOADING_FAILSAFE_MS);
  setLoading(true);
}

export function requestFinished() {
  inFlight = Math.max(0, inFlight - 1);
  if (inFlight === 0) {
    if (failsafe) clearTimeout(failsafe);
    failsafe = undefined;
    setLoading(false);
  }
}

export const isGlobalLoading = () => loading;
export const inFlightCount = () => inFlight;

export function subscribeGlobalLoading(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useGlobalLoading(): boolean {
  return useSyncExternalStore(subscribeGlobalLoading, isGlobalLoading, isGlobalLoading);
}

/** Test hook. */
export function resetGlobalLoading() {
  if (failsafe) clearTimeout(failsafe);
  failsafe = undefined;
  inFlight = 0;
  setLoading(false);
}
