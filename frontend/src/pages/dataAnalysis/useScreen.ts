//! The screen's data: asked when the page opens and again every 60 s (domain-model §4), 60 s after the
//! last answer so that a slow server never has two calls waiting. A failed poll keeps the last answer on
//! the screen and marks it stale; a 404 means the zone has closed its screen (or never opened it), which
//! is shown whatever was there before. Without a tenant in the address, the zone is the one bound to the
//! domain the page was opened on (租户管理 › 绑定域名), asked once of the public `tenant/info`.
import { useEffect, useState } from 'react';
import { getScreen, type Screen, type ScreenFailure, screenFailure } from '@/services/business/dataAnalysis';
import { getTenantByDomain } from '@/services/system/tenant';

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

export interface DomainTenantState {
  /** the tenant bound to the page's domain, once found */
  tenant?: string;
  /** `idle` when not asked (the address names the zone); `none` when no enabled tenant is bound to the
   * domain; `failed` when the look-up failed (asked again 60 s later) */
  status: 'idle' | 'loading' | 'found' | 'none' | 'failed';
}

/**
 * The page's domain as a tenant's 绑定域名 holds it: the origin, scheme and host with its port when there
 * is one (`https://park.example.com`, the form's example), since `tenant/info` matches it exactly.
 */
export const pageDomain = () => window.location.origin;

/** The tenant bound to the page's domain, asked only while `enabled` (no `?tenant=` in the address). */
export function useDomainTenant(enabled: boolean): DomainTenantState {
  const [state, setState] = useState<DomainTenantState>({ status: enabled ? 'loading' : 'idle' });
  useEffect(() => {
    if (!enabled) {
      setState({ status: 'idle' });
      return undefined;
    }
    setState({ status: 'loading' });
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const res = await getTenantByDomain(pageDomain());
        const tenant = (res.data?.tenantId ?? '').trim();
        if (alive) setState(tenant ? { tenant, status: 'found' } : { status: 'none' });
      } catch {
        if (!alive) return;
        setState({ status: 'failed' });
        timer = setTimeout(ask, POLL_MS);
      }
    };
    ask();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [enabled]);
  return state;
}
