//! The network boundary of the request layer: an axios adapter over `fetch` (same-origin
//! credentials, JSON / form / multipart bodies, blobs passed through), with the 60 s GET cache
//! (SPEC §9). Umi's request plugin ships axios 0.27, which only knows XMLHttpRequest. An upload
//! that reports its progress (`onUploadProgress`) goes through XMLHttpRequest: fetch cannot.

export const REQUEST_CACHE_MS = 60000;

/** The parts of an axios 0.27 request config this adapter reads. */
export interface AdapterConfig {
  url?: string;
  baseURL?: string;
  method?: string;
  params?: Record<string, unknown> | URLSearchParams;
  data?: unknown;
  headers?: Record<string, unknown>;
  timeout?: number;
  responseType?: string;
  signal?: AbortSignal;
  validateStatus?: ((status: number) => boolean) | null;
  withCredentials?: boolean;
  /** keeper option: cache this GET for REQUEST_CACHE_MS (or the given number of ms) */
  cache?: boolean | number;
  /** progress of the request body (uploads) */
  onUploadProgress?: (event: UploadProgress) => void;
  [key: string]: unknown;
}

export interface AdapterResponse {
  data: unknown;
  status: number;
  statusText: string;
  headers: Record<string, string>;
  config: AdapterConfig;
  request: { url: string; method: string };
}

export interface UploadProgress {
  loaded: number;
  /** undefined when the size is not known */
  total?: number;
}

/** Query parameters: null/undefined skipped, arrays comma-joined (as form bodies), dates ISO. */
export function serializeParams(params: AdapterConfig['params']): string {
  if (!params) return '';
  if (params instanceof URLSearchParams) return params.toString();
  const search = new URLSearchParams();
  Object.entries(params).forEach(([key, value]) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) search.append(key, value.join(','));
    else if (value instanceof Date) search.append(key, value.toISOString());
    else if (typeof value === 'object') search.append(key, JSON.stringify(value));
    else search.append(key, String(value));
  });
  return search.toString();
}

export function buildUrl(config: AdapterConfig): string {
  let url = config.url ?? '';
  if (config.baseURL && !/^([a-z][a-z\d+\-.]*:)?\/\//i.test(url)) {
    url = `${config.baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
  }
  const query = serializeParams(config.params);
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

function requestHeaders(config: AdapterConfig): Headers {
  const headers = new Headers();
  Object.entries(config.headers ?? {}).forEach(([name, value]) => {
    if (value === undefined || value === null || typeof value === 'object') return;
    headers.set(name, String(value));
  });
  // The browser sets the multipart boundary itself.
  if (typeof FormData !== 'undefined' && config.data instanceof FormData) {
    headers.delete('Content-Type');
  }
  return headers;
}

function responseHeaders(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    out[name.toLowerCase()] = value;
  });
  return out;
}

async function readBody(res: Response, responseType: string | undefined): Promise<unknown> {
  if (responseType === 'blob') return res.blob();
  if (responseType === 'arraybuffer') return res.arrayBuffer();
  return res.text();
}

/** An error shaped like axios' own, so that umi's error handler sees `response` and `config`. */
export class HttpError extends Error {
  readonly isAxiosError = true;
  constructor(
    msg: string,
    readonly code: string,
    readonly config: AdapterConfig,
    readonly request?: { url: string; method: string },
    readonly response?: AdapterResponse,
  ) {
    super(msg);
    this.name = 'AxiosError';
  }
}

/** The answer as axios gives it; a status the config does not accept fails like axios' own. */
function settle(config: AdapterConfig, request: { url: string; method: string }, response: Omit<AdapterResponse, 'config' | 'request'>): AdapterResponse {
  const full: AdapterResponse = { ...response, config, request };
  const ok = response.status >= 200 && response.status < 300;
  const valid = config.validateStatus ? config.validateStatus(response.status) : ok;
  if (!valid) {
    // SPEC §8: the generic fetch fails with the HTTP status text when the response is not ok.
    throw new HttpError(
      response.statusText || `Request failed with status code ${response.status}`,
      response.status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
      config,
      request,
      full,
    );
  }
  return full;
}

/** `Name: value` lines of XMLHttpRequest → lower-case names. */
function parseHeaders(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  raw.split(/\r?\n/).forEach((line) => {
    const i = line.indexOf(':');
    if (i > 0) out[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  });
  return out;
}

/** Sends through XMLHttpRequest, reporting the upload's progress. */
function sendWithProgress(config: AdapterConfig): Promise<AdapterResponse> {
  const url = buildUrl(config);
  const method = (config.method ?? 'get').toUpperCase();
  const request = { url, method };
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url, true);
    requestHeaders(config).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.withCredentials = !!config.withCredentials;
    xhr.responseType = config.responseType === 'blob' ? 'blob' : 'text';
    if (config.timeout && config.timeout > 0) xhr.timeout = config.timeout;
    xhr.upload.onprogress = (e: ProgressEvent) => config.onUploadProgress?.({ loaded: e.loaded, total: e.lengthComputable ? e.total : undefined });
    const onAbort = () => xhr.abort();
    config.signal?.addEventListener('abort', onAbort);
    const done = () => config.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      try {
        resolve(
          settle(config, request, {
            data: xhr.responseType === 'blob' ? xhr.response : xhr.responseText,
            status: xhr.status,
            statusText: xhr.statusText,
            headers: parseHeaders(xhr.getAllResponseHeaders()),
          }),
        );
      } catch (e) {
        reject(e);
      }
    };
    xhr.onerror = () => {
      done();
      reject(new HttpError('Network Error', 'ERR_NETWORK', config, request));
    };
    xhr.ontimeout = () => {
      done();
      reject(new HttpError(`timeout of ${config.timeout}ms exceeded`, 'ECONNABORTED', config, request));
    };
    xhr.onabort = () => {
      done();
      reject(new HttpError('canceled', 'ERR_CANCELED', config, request));
    };
    const hasBody = !['GET', 'HEAD'].includes(method) && config.data !== undefined;
    xhr.send(hasBody ? (config.data as XMLHttpRequestBodyInit) : null);
  });
}

async function send(config: AdapterConfig): Promise<AdapterResponse> {
  const url = buildUrl(config);
  const method = (config.method ?? 'get').toUpperCase();
  const request = { url, method };
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  config.signal?.addEventListener('abort', onAbort);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timedOut = false;
  if (config.timeout && config.timeout > 0) {
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, config.timeout);
  }
  try {
    const hasBody = !['GET', 'HEAD'].includes(method) && config.data !== undefined;
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: requestHeaders(config),
        body: hasBody ? (config.data as BodyInit) : undefined,
        credentials: config.withCredentials ? 'include' : 'same-origin',
        signal: controller.signal,
      });
    } catch (e) {
      if (timedOut) throw new HttpError(`timeout of ${config.timeout}ms exceeded`, 'ECONNABORTED', config, request);
      if (config.signal?.aborted) throw new HttpError('canceled', 'ERR_CANCELED', config, request);
      throw new HttpError((e as Error)?.message ?? '', 'ERR_NETWORK', config, request);
    }
    return settle(config, request, {
      data: await readBody(res, config.responseType),
      status: res.status,
      statusText: res.statusText,
      headers: responseHeaders(res),
    });
  } finally {
    if (timer) clearTimeout(timer);
    config.signal?.removeEventListener('abort', onAbort);
  }
}

interface CacheEntry {
  expires: number;
  response: AdapterResponse;
}
const responseCache = new Map<string, CacheEntry>();

function cacheLifetime(config: AdapterConfig): number {
  if (typeof config.cache === 'number') return config.cache;
  return config.cache ? REQUEST_CACHE_MS : 0;
}

/** The axios adapter: `fetch` (XMLHttpRequest for an upload with progress), and for GETs that ask for it the 60 s response cache. */
export async function fetchAdapter(config: AdapterConfig): Promise<AdapterResponse> {
  if (typeof config.onUploadProgress === 'function') return sendWithProgress(config);
  const lifetime = (config.method ?? 'get').toLowerCase() === 'get' ? cacheLifetime(config) : 0;
  if (lifetime <= 0) return send(config);
  const key = buildUrl(config);
  const hit = responseCache.get(key);
  if (hit && hit.expires > Date.now()) return { ...hit.response, config };
  const response = await send(config);
  responseCache.set(key, { expires: Date.now() + lifetime, response });
  return response;
}

/** Forget cached GET responses (on logout, or when a page asks for fresh data). */
export function clearRequestCache() {
  responseCache.clear();
}
