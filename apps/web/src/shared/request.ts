import type { Api, CallBody, CallData, CallName, CallQuery, Envelope } from '@cbo/contract';
import { CLIENT_TYPE } from './client-type';
import { getLang, getToken } from './settings';

/**
 * The one request client: every call goes through `request(name, input)` with the path
 * and types of the contract. It sends Authorization, ClientType MANAGE_PC and Accept-Language,
 * times out at 60 s, and turns every failure into an ApiError. What the user sees of an error is
 * decided in one place, `handleApiError` (shared/errors.ts), never in components.
 */
export const REQUEST_TIMEOUT_MS = 60_000;

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly kind: 'api' | 'network' = 'api',
    readonly response?: Envelope<unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function buildQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    p.set(k, String(v));
  }
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** The viewer's IANA time zone: exports write times in it (the server reads it from X-Time-Zone), statistics cut their days by it. */
export const viewerTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function authHeaders(): Record<string, string> {
  const h: Record<string, string> = {
    ClientType: CLIENT_TYPE,
    'Accept-Language': getLang(),
    'X-Time-Zone': viewerTimeZone,
  };
  const token = getToken();
  if (token) h.Authorization = token;
  return h;
}

/** Listeners told of every failed call; the app shell installs the error behaviour here. */
type ErrorListener = (err: ApiError) => void;
const listeners = new Set<ErrorListener>();
export function onApiError(fn: ErrorListener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/**
 * The call table (paths and methods) is fetched with the first call instead of at start-up: it
 * holds every schema of the contract and the validation library with them, which the login
 * screen's first paint does not need (its JS budget is 200 KB over the wire, npm run bench).
 */
let callTable: Promise<Api> | null = null;
function loadCallTable(): Promise<Api> {
  callTable ??= import('./call-table').then(
    (m) => m.api,
    (e: unknown) => {
      // Offline, or a deploy replaced the chunk: the next call tries again.
      callTable = null;
      throw e;
    },
  );
  return callTable;
}

export interface RequestOptions {
  /** Do not tell the error listeners (the caller shows the error itself). */
  silent?: boolean;
  signal?: AbortSignal;
}

export async function request<K extends CallName>(
  name: K,
  input: { query?: CallQuery<K>; body?: CallBody<K> | FormData } = {},
  opts: RequestOptions = {},
): Promise<CallData<K>> {
  let table: Api;
  try {
    table = await loadCallTable();
  } catch {
    const err = new ApiError(-1, '', 'network');
    if (!opts.silent) listeners.forEach((l) => l(err));
    throw err;
  }
  // Cancelled while the table loaded: the caller has moved on, nothing is sent or reported.
  opts.signal?.throwIfAborted();
  const def = table[name];
  const url = def.path + buildQuery(input.query as Record<string, unknown> | undefined);
  const headers = authHeaders();
  let body: BodyInit | undefined;
  if (input.body instanceof FormData) body = input.body;
  else if (def.method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(input.body ?? {});
  }
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  let env: Envelope<CallData<K>>;
  try {
    res = await fetch(url, { method: def.method, headers, body, signal });
    env = (await res.json()) as Envelope<CallData<K>>;
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    const err = new ApiError(-1, '', 'network');
    if (!opts.silent) listeners.forEach((l) => l(err));
    throw err;
  }
  if (env.code === 0) return env.data;
  const err = new ApiError(env.code, env.msg, 'api', env);
  if (!opts.silent) listeners.forEach((l) => l(err));
  throw err;
}

/**
 * A call that answers a file (a workbook, a template): sent like `request` (the call table's path,
 * the same headers, the same timeout), saved under the name its Content-Disposition gives (else
 * `fallbackName`), and answers that name. An envelope instead of a file is the call's refusal: an
 * ApiError told to the error listeners, as `request` does.
 */
export async function downloadFile<K extends CallName>(
  name: K,
  query: CallQuery<K> | undefined,
  fallbackName: string,
  opts: RequestOptions = {},
): Promise<string> {
  const fail = (err: ApiError): never => {
    if (!opts.silent) listeners.forEach((l) => l(err));
    throw err;
  };
  let res: Response;
  try {
    const def = (await loadCallTable())[name];
    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    res = await fetch(def.path + buildQuery(query as Record<string, unknown> | undefined), {
      headers: authHeaders(),
      signal: opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout,
    });
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    return fail(new ApiError(-1, '', 'network'));
  }
  if ((res.headers.get('content-type') ?? '').includes('application/json') || !res.ok) {
    const env = (await res.json().catch(() => null)) as Envelope<unknown> | null;
    return fail(
      env && env.code !== 0
        ? new ApiError(env.code, env.msg, 'api', env)
        : new ApiError(res.status, String(res.status), 'network'),
    );
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const saved = decodeURIComponent(
    /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName,
  );
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = saved;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return saved;
}
