import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from './test/helper.js';
import { caller, networkFixture, ok, outletBody } from './test/outlet/outlet-fixtures.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
const SECRET = 'simulate-cli-test-device-secret';

/**
 * `npm run simulate -- --customers N --rate R` against a running server (its HTTP port, its broker,
 * codes in its SMS_PROVIDER=file log): the CLI stocks its cabinets in and places them through the
 * staff API, and its customers sign in, rent, get the power bank out and give it back, so orders
 * are created and end. PGlite only: this proves the command, the engine is proven elsewhere.
 */
describe('npm run simulate -- --customers (pglite)', () => {
  const s = useServer('pglite', { SMS_PROVIDER: 'file', DEVICE_SECRET: SECRET }, { sms: 'configured' });
  let token = '';
  const c = caller(s, () => token);
  let outletId = 0;
  let api = '';

  beforeAll(async () => {
    token = await s.current.login();
    const net = await networkFixture(s, c);
    outletId = (await ok(c.post('/device/api/v1/outlet/saveOrUpdate', outletBody(net.agentB)), 'outlet')).id;
    await s.current.server.app.listen({ port: 0, host: '127.0.0.1' });
    api = `http://127.0.0.1:${(s.current.server.app.server.address() as { port: number }).port}`;
  }, 60_000);

  it('drives customers through the app API and the cabinets of the process, at the rate asked, and says what they did', async () => {
    // Budgets too small for 3 sign-ins from one address: the CLI raises them for its run and puts them back.
    const small = { numberPerDay: 10, addressPerMinute: 2, addressPerHour: 20, overallPerHour: 1000 };
    await s.current.server.services.system.config.save({ paramType: 'sms', values: small });
    const args = [
      'tsx',
      'apps/simulator/src/cli.ts',
      '--customers',
      '3',
      '--rate',
      '30',
      '--cabinets',
      '2',
      '--prefix',
      'CLIT',
      '--secret',
      SECRET,
      '--url',
      s.current.server.services.gateway.brokerUrl,
      '--api',
      api,
      '--sms-log',
      path.join(s.current.config.dataDir, 'sms.log'),
      '--hold-sec',
      '1-2',
      '--minutes',
      '0.2',
      '--outlet-id',
      String(outletId),
    ];
    const { stdout } = await run('npx', args, {
      cwd: ROOT,
      timeout: 90_000,
      env: { ...process.env, LOG_LEVEL: 'silent' },
    });
    expect(stdout).toContain('addressPerMinute 2 -> 3');
    expect(stdout).toContain('Text budgets put back');
    expect(await ok(c.get('/user/api/v1/global/config/findBySms'), 'sms')).toEqual(small);
    const last =
      stdout
        .trim()
        .split('\n')
        .filter((l) => l.includes('customers 3'))
        .at(-1) ?? '';
    // About 6 rentals in 12 s at 30 a minute; each customer holds one at a time.
    const asked = Number(/rents asked (\d+)/.exec(last)?.[1]);
    const ended = Number(/ended (\d+)/.exec(last)?.[1]);
    expect(asked, last).toBeGreaterThanOrEqual(3);
    expect(ended, last).toBeGreaterThanOrEqual(2);
    expect(last).toMatch(/signed in [1-3] /);
    const orders = await ok(c.post('/order/api/v1/order/queryPage', { pageNum: 1, pageSize: 50, outletId }), 'orders');
    expect(
      orders.list.filter(
        (o: { deviceSn: string; status: string }) => o.deviceSn.startsWith('CLIT') && o.status === 'finished',
      ).length,
    ).toBeGreaterThanOrEqual(ended > 0 ? 1 : 0);
    expect(orders.total).toBeGreaterThanOrEqual(asked);
  }, 120_000);

  it('refuses wrong flags with a message and the usage, exit code 2', async () => {
    const r = await run('npx', ['tsx', 'apps/simulator/src/cli.ts', '--customers', '3'], { cwd: ROOT }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(r).toMatchObject({ code: 2 });
    expect((r as { stderr: string }).stderr).toContain('--rate is required with --customers');
  }, 60_000);
});
