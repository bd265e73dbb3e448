// The network boundary for tests: a fake `fetch` (and XMLHttpRequest, for uploads with progress)
// that records every call and answers from a handler. Nothing else in the app is replaced.
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

/**
 * XMLHttpRequest as the request layer uses it for uploads that report progress, answered by the same
 * handler as `fetch`: the upload reports half of the body sent, then all of it, then the answer.
 */
function fakeXhr(handler: Handler, calls: RecordedRequest[]) {
  return class FakeXMLHttpRequest {
    upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    withCredentials = false;
    responseType = '';
    timeout = 0;
    status = 0;
    statusText = '';
    responseText = '';
    response: unknown = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private answerHeaders: Record<string, string> = {};

    open(method: string, url: string) {
      this.method = method.toUpperCase();
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }

    getAllResponseHeaders() {
      return Object.entries(this.answerHeaders)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\r\n');
    }

    abort() {
      this.onabort?.();
    }

    send(body: unknown) {
      const req: RecordedRequest = {
        url: this.url,
        method: this.method,
        headers: this.headers,
        body: body ?? undefined,
        credentials: this.withCredentials ? 'include' : 'same-origin',
      };
      calls.push(req);
      void (async () => {
        try {
          const res = await handler(req);
          this.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true });
          this.upload.onprogress?.({ loaded: 100, total: 100, lengthComputable: true });
          this.status = res.status;
          this.statusText = res.statusText;
          res.headers.forEach((v, k) => {
            this.answerHeaders[k] = v;
          });
          this.responseText = await res.text();
          this.response = this.responseText;
          this.onload?.();
        } catch {
          this.onerror?.();
        }
      })();
    }
  };
}

export function mockFetch(handler: Handler) {
  const calls: RecordedRequest[] = [];
  vi.stubGlobal('XMLHttpRequest', fakeXhr(handler, calls));
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
