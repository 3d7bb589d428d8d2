import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useServer } from '../../test/helper.js';

const web = fs.mkdtempSync(path.join(os.tmpdir(), 'cbo-web-'));
fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>console</title>');

describe('the console and the API share paths', () => {
  const s = useServer('pglite', { WEB_DIST: web });

  it.each(['/device/cabinet', '/device/devTool', '/user/info', '/order/list', '/system/loginLog'])(
    'a screen path such as %s opened directly (reload, link) gets the console',
    async (url) => {
      const r = await s.current.inject({ method: 'GET', url });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/text\/html/);
      expect(r.body).toContain('<title>console</title>');
    },
  );

  it('an unknown API path gets the JSON not-found envelope', async () => {
    for (const url of ['/device/api/v1/nothing', '/user/api/v1/nothing', '/order/api/v1/nothing']) {
      const r = await s.current.inject({ method: 'GET', url });
      expect(r.statusCode).toBe(404);
      expect(r.json()).toMatchObject({ code: 100004 });
    }
  });
});
