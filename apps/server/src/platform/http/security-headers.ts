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
  // Helmet's middleware is built once here and applied to every answer (@fastify/helmet would
  // rebuild it, parsing every option, on each request).
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
        'connect-src': ["'self'", (req) => `ws://${hostOf(req.headers.host)}`, (req) => `wss://${hostOf(req.headers.host)}`],
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
  app.addHook('onRequest', (req, reply, done) => {
    if (ASSET_PATH.test(req.url)) {
      reply.raw.setHeader('X-Content-Type-Options', 'nosniff');
      reply.raw.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
      done();
      return;
    }
    headers(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
  app.addHook('onSend', async (req, reply) => {
    const path = req.url;
    if (API_PATH.test(path)) reply.header('cache-control', 'no-store');
    else if (path.startsWith('/files/')) reply.header('cross-origin-resource-policy', 'cross-origin');
  });
}

/** The Host header as a CSP source: host and port only, anything else dropped. */
function hostOf(host: string | undefined): string {
  return /^[A-Za-z0-9.[\]:-]{1,255}$/.test(host ?? '') ? host! : 'localhost';
}
