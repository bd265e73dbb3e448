// The network boundary for tests: a fake `fetch` that records every call and answers from a
// handler. Nothing else in the app is replaced.
import { vi } from 'vitest';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  credentials?: RequestCredentials;
}

export type Handler = (req: RecordedRequest) => Response | Promise<Response>;

export function json(body: unknown, status = 200, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json;charset=UTF-8' },
  });
}

export function ok<T>(data: T, msg = '操作成功'): Response {
  return json({ code: 200, success: true, msg, data });
}

export function fail(code: number, msg: string, data: unknown = {}, status = code): Response {
  return json({ code, success: false, msg, data }, status);
}

export function mockFetch(handler: Handler) {
  const calls: RecordedRequest[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => {
      headers[k.toLowerCase()] = v;
    });
    const req: RecordedRequest = {
      url: String(input),
      method: (init.method ?? 'GET').toUpperCase(),
      headers,
      body: init.body,
      credentials: init.credentials,
    };
    calls.push(req);
    return handler(req);
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}

/** A promise and the functions that settle it: lets a test hold a response back. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets pending promise callbacks run (with fake timers too). */
export async function flush(times = 10) {
  for (let i = 0; i < times; i += 1) await Promise.resolve();
}
