import { api, type CallBody, type CallData, type CallName, type CallQuery, type Envelope } from '@cbo/contract';

/**
 * A server's answer to call K: the envelope every call has, `data` typed by the call's answer
 * schema in the contract. As in the console's request client, `data` means what its type says only
 * when `code` is 0; a refusal carries its code and message (and no data).
 */
export type Answer<K extends CallName> = Envelope<CallData<K>>;

/** What call K is sent with: its query and body as the contract's request schemas take them. */
export interface CallInput<K extends CallName> {
  query?: CallQuery<K>;
  body?: CallBody<K>;
}

/** Calls the server by the contract's name of a call: its path and method come from the contract, never from here. */
export type CallApi = <K extends CallName>(name: K, input?: CallInput<K>, token?: string) => Promise<Answer<K>>;

/** `?a=1&b=x` from a call's query (empty values left out, as the console's client does). */
export function queryString(query: object | undefined): string {
  if (!query) return '';
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/**
 * A small typed client of the server's HTTP API: `base` is the server (http://host:port),
 * `clientType` the ClientType header every call carries (USER_ANDROID for the customers,
 * MANAGE_PC for the staff calls), a token the Authorization header.
 */
export function apiClient(base: string, clientType: string): CallApi {
  return async (name, input = {}, token) => {
    const def = api[name];
    const json = def.method !== 'GET';
    const r = await fetch(`${base}${def.path}${queryString(input.query as object | undefined)}`, {
      method: def.method,
      headers: {
        clienttype: clientType,
        ...(token ? { authorization: token } : {}),
        ...(json ? { 'content-type': 'application/json' } : {}),
      },
      body: json ? JSON.stringify(input.body ?? {}) : undefined,
    });
    return (await r.json()) as Answer<typeof name>;
  };
}
