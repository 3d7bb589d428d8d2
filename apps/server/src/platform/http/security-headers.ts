import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Where the API answers live: they carry tokens and personal data, so no cache keeps them. */
const API_PATH = /^\/(user|order|device)\/api\//;

/** The console's built, hashed scripts and styles (apps/web/dist/assets). */
export const ASSET_PATH = /^\/assets\//;

/**
 * Headers that make the browser refuse what the console never does: scripts from elsewhere,
 * inline scripts, being framed by another site, guessing content types, leaking the page address.
 *
 * - Scripts only from this origin (Vite emits files, no inline script).
 * - Styles also inline: antd's CSS-in-JS writes <style> elements at run time, and Swagger UI
 *   sets style attributes. An inline style cannot run code, so this costs little.
 * - Images also data: and blob: (charts, generated previews) and https: (banners and scene icons
 *   may be links to another site).
 * - Connections to this origin only, the live channel included (ws:/wss: of the same host).
 * - No framing at all (frame-ancestors 'none' and X-Frame-Options DENY): no clickjacking.
 * The same policy serves /reference (Swagger UI), which needs nothing more.
 *
 * The console's built scripts and styles (/assets/) are never shown as a page: the policy, framing
 * and referrer headers mean nothing on them, and would add about 1 KB to each of the dozen files
 * the sign-in screen loads. They carry only what a script or style needs: nosniff (never run as
 * anything but its type) and the same-origin resource policy.
 */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  // Helmet's middleware is built once here (@fastify/helmet would rebuild it, parsing every
  // option, on each request), and run once per Host: what it sets depends on nothing else.
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': [
          "'self'",
          (req) => `ws://${hostOf(req.headers.host)}`,
          (req) => `wss://${hostOf(req.headers.host)}`,
        ],
        'object-src': ["'none'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // Browsers honour it over HTTPS only (a TLS proxy in front); subdomains are the operator's business.
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
    // Uploaded images are public by design (banners for the apps): other sites may show them.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  const forHost = headersByHost(headers);
  app.addHook('onRequest', (req, reply, done) => {
    const res = reply.raw;
    if (ASSET_PATH.test(req.url)) {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
      done();
      return;
    }
    const { set, removed } = forHost(req.headers.host);
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    done();
  });
  app.addHook('onSend', async (req, reply) => {
    const path = req.url;
    if (API_PATH.test(path)) reply.header('cache-control', 'no-store');
    else if (path.startsWith('/files/')) reply.header('cross-origin-resource-policy', 'cross-origin');
  });
}

/** What helmet does to an answer: headers it sets (in its order) and headers it removes. */
interface HeaderSet {
  set: [string, string][];
  removed: string[];
}

/** Hosts whose header sets are kept; a flood of made-up Host headers empties the cache, never grows it. */
const HOSTS_KEPT = 64;

/**
 * Helmet's headers for a Host, worked out by running its middleware once against a recorder and
 * kept: the policy names the host (connect-src ws://host) and nothing else of the request, so
 * every request with that Host gets exactly what helmet would have set, without rebuilding the
 * policy string and a dozen headers each time.
 */
function headersByHost(middleware: ReturnType<typeof helmet>): (host: string | undefined) => HeaderSet {
  const cache = new Map<string, HeaderSet>();
  return (host) => {
    const key = hostOf(host);
    const known = cache.get(key);
    if (known) return known;
    const found: HeaderSet = { set: [], removed: [] };
    const recorder = {
      setHeader(name: string, value: string | number | readonly string[]) {
        found.set.push([name, String(value)]);
      },
      removeHeader(name: string) {
        found.removed.push(name);
      },
    };
    let done: { err?: unknown } | null = null;
    middleware({ headers: { host: key } } as never, recorder as never, (err?: unknown) => {
      done = { err };
    });
    // Helmet finishes at once; were it ever to answer later, the recording would be incomplete.
    if (!done) throw new Error('helmet did not finish synchronously');
    if ((done as { err?: unknown }).err) throw (done as { err: Error }).err;
    if (cache.size >= HOSTS_KEPT) cache.clear();
    cache.set(key, found);
    return found;
  };
}

/** The Host header as a CSP source: host and port only, anything else dropped. */
function hostOf(host: string | undefined): string {
  return /^[A-Za-z0-9.[\]:-]{1,255}$/.test(host ?? '') ? host! : 'localhost';
}
