import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { auth, oneEngine, useServer } from '../../test/helper.js';

/** A stand-in console build: index.html and one hashed asset. */
const web = fs.mkdtempSync(path.join(os.tmpdir(), 'cbo-web-'));
fs.writeFileSync(
  path.join(web, 'index.html'),
  '<!doctype html><div id="root"></div><script type="module" src="/assets/index-abc.js"></script>',
);
fs.mkdirSync(path.join(web, 'assets'));
fs.writeFileSync(path.join(web, 'assets', 'index-abc.js'), 'console.log(1)');

function expectBrowserHeaders(h: Record<string, unknown>) {
  const csp = String(h['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self';");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain("'unsafe-eval'");
  expect(h['x-frame-options']).toBe('DENY');
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['referrer-policy']).toBe('same-origin');
}

describe.each(oneEngine)('security headers (%s)', (engine) => {
  const s = useServer(engine, { WEB_DIST: web });

  it('the console page: CSP, no framing, nosniff, referrer policy', async () => {
    const res = await s.current.inject({ url: '/system/personnel', headers: { host: 'console.example:8080' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expectBrowserHeaders(res.headers);
    // the live channel of this very host may be reached, nothing else
    expect(res.headers['content-security-policy']).toContain(
      "connect-src 'self' ws://console.example:8080 wss://console.example:8080",
    );
    // The headers are worked out once per host: another host gets its own, the first keeps its.
    const other = await s.current.inject({ url: '/system/personnel', headers: { host: 'other.example' } });
    expect(other.headers['content-security-policy']).toContain(
      "connect-src 'self' ws://other.example wss://other.example",
    );
    expect(other.headers['content-security-policy']).not.toContain('console.example');
    const odd = await s.current.inject({ url: '/system/personnel', headers: { host: 'bad host"' } });
    expect(odd.headers['content-security-policy']).toContain("connect-src 'self' ws://localhost wss://localhost");
    const again = await s.current.inject({ url: '/system/personnel', headers: { host: 'console.example:8080' } });
    expect(again.headers).toMatchObject({
      'content-security-policy': res.headers['content-security-policy'],
      'x-frame-options': 'DENY',
    });
  });

  it('hashed assets keep their long immutable caching and carry only the headers a script needs', async () => {
    const res = await s.current.inject({ url: '/assets/index-abc.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    // Page-only headers (a script is never a page) stay off the dozen files /login loads.
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('a missing asset is a not-found, not the console page cached for a year', async () => {
    const res = await s.current.inject({ url: '/assets/index-gone.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    // A screen path still gets the console, with its full policy.
    const page = await s.current.inject({ url: '/device/cabinet' });
    expect(page.statusCode).toBe(200);
    expectBrowserHeaders(page.headers);
  });

  it('API answers are never stored: signed in, refused and not found alike', async () => {
    const login = await s.current.inject({
      method: 'POST',
      url: '/user/api/open/v1/auth',
      payload: { userName: 'admin', password: 'admin123', clientType: 'MANAGE_PC' },
    });
    expect(login.json().code).toBe(0);
    expect(login.headers['cache-control']).toBe('no-store');
    const token = login.json().data.token as string;
    const info = await s.current.inject({ url: '/user/api/v1/sys/user/info', headers: auth(token) });
    expect(info.json().code).toBe(0);
    expect(info.headers['cache-control']).toBe('no-store');
    expectBrowserHeaders(info.headers);
    const refused = await s.current.inject({ url: '/device/api/v1/deviceLog/queryPage' });
    expect(refused.json().code).toBe(100020);
    expect(refused.headers['cache-control']).toBe('no-store');
    const unknown = await s.current.inject({ url: '/order/api/v1/nothing' });
    expect(unknown.headers['cache-control']).toBe('no-store');
  });

  it('/reference (Swagger UI) is served under a policy and cannot be framed either', async () => {
    const page = await s.current.inject({ url: '/reference/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    expectBrowserHeaders(page.headers);
    const json = await s.current.inject({ url: '/reference/json' });
    expect(json.statusCode).toBe(200);
    expect(json.headers['x-frame-options']).toBe('DENY');
  });
});
