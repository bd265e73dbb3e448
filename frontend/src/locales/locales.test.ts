import { describe, expect, it } from 'vitest';
import enUS from '@/i18n/en-US';
import zhCN from './zh-CN';

describe('locales', () => {
  it('en-US translates every zh-CN key', () => {
    const missing = Object.keys(zhCN).filter((k) => !(k in enUS));
    expect(missing).toEqual([]);
  });

  it('has no empty texts', () => {
    [zhCN, enUS].forEach((l) =>
      Object.entries(l).forEach(([k, v]) => expect(String(v).trim(), k).not.toBe('')),
    );
  });

  it('catalogues every SPEC §8 status in both languages', () => {
    [200, 201, 202, 204, 400, 401, 403, 404, 406, 410, 422, 500, 502, 503, 504].forEach((s) => {
      expect((zhCN as any)[`request.status.${s}`], `zh ${s}`).toBeTruthy();
      expect((enUS as any)[`request.status.${s}`], `en ${s}`).toBeTruthy();
    });
    expect((enUS as any)['request.error.fallback']).toBe('Request error, please retry.');
    expect((zhCN as any)['session.expired']).toBe('登录已过期，请重新登录');
  });
});
