import crypto from 'node:crypto';
import type { Pool, PoolClient, QueryConfig } from 'pg';

/**
 * Statements the server sends often are prepared once per connection (docs/decisions/platform-http-and-hardening.md,
 * "Frequent statements are prepared once a connection").
 *
 * node-postgres sends every statement unnamed: PostgreSQL parses and analyses its text again each time. A statement
 * sent with a name is parsed once per connection and afterwards only bound and executed. On the rent bench this cut
 * PostgreSQL's CPU per rent by about 15 %. The rules:
 * - Only a text seen `HOT` times in this process is named: a busy path's statements are, a report run once is not.
 * - A connection holds at most `PER_CONNECTION` named statements, and the process counts at most `TEXTS` texts:
 *   the memory a connection's backend spends on them stays bounded whatever the mix of statements.
 * - Every session plans each execution for its own values (`plan_cache_mode = force_custom_plan`, a startup option of
 *   the connection: `sessionUrl`): naming saves the parse, never trades a plan made for the values at hand for a
 *   generic one (a statistics query over a day and over a year want different plans). A function may still choose
 *   for its own statements (`set_config` inside).
 * - Only a statement sent with parameters is named: it already goes by the extended protocol (one statement, no
 *   multi-statement text), so naming changes nothing but the parse.
 */
export const HOT = 3;
export const PER_CONNECTION = 400;
const TEXTS = 20_000;

const seen = new Map<string, number>();
/** Texts whose prepared form PostgreSQL refused once (their result's columns changed): sent unnamed from then on. */
const refused = new Set<string>();
const names = new Map<string, string>();

/** Whether this process has sent `text` often enough to prepare it (counts this send). */
function hot(text: string): boolean {
  if (refused.has(text)) return false;
  const n = seen.get(text);
  if (n === undefined) {
    if (seen.size < TEXTS) seen.set(text, 1);
    return false;
  }
  if (n < HOT) seen.set(text, n + 1);
  return n + 1 >= HOT;
}

function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `cbo_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

const SESSION_OPTION = '-c plan_cache_mode=force_custom_plan';

/**
 * The database URL with the session's plan mode among its startup options (kept beside any the URL has): a startup
 * option is in force before the first statement, where a `SET` sent as the pool hands out a new connection would race
 * the pool user's own first query. A connection string that is not a URL is returned as it is.
 */
export function sessionUrl(url: string): string {
  try {
    const u = new URL(url);
    const given = u.searchParams.get('options');
    u.searchParams.set('options', given ? `${given} ${SESSION_OPTION}` : SESSION_OPTION);
    return u.toString();
  } catch {
    return url;
  }
}

/** Names the frequent statements of each client of `pool` (installed once, when the pool is made). */
export function prepareFrequent(pool: Pool): void {
  pool.on('connect', (client: PoolClient) => {
    const prepared = new Set<string>();
    const query = client.query.bind(client) as (...a: unknown[]) => unknown;
    (client as unknown as { query: (...a: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
      const c = config as QueryConfig & { submit?: unknown };
      const params = Array.isArray(rest[0]) ? (rest[0] as unknown[]) : c?.values;
      if (c && typeof c === 'object' && !c.name && typeof c.submit !== 'function' && params?.length) {
        const text = c.text;
        if (typeof text === 'string' && hot(text)) {
          const name = nameOf(text);
          if (prepared.has(name) || prepared.size < PER_CONNECTION) {
            prepared.add(name);
            const sent = query({ ...c, name }, ...rest);
            // A migration by another process added a column to a table this statement answers with `*`: PostgreSQL
            // refuses the prepared form from then on ("cached plan must not change result type"). This call fails
            // (as a statement on a changed table may during an upgrade); the text goes unnamed afterwards.
            if (sent instanceof Promise)
              sent.catch((err: { code?: string }) => {
                if (err?.code === '0A000') refused.add(text);
              });
            return sent;
          }
        }
      }
      return query(config, ...rest);
    };
  });
}
