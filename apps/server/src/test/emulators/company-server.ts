import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { SQL } from 'drizzle-orm';
import { SandboxProvider } from '../../modules/order/payments.js';
import { useServer, type engines } from '../helper.js';
import { rentalKit } from '../order/rentals.js';
import { caller, networkFixture, ok, outletBody } from '../outlet/outlet-fixtures.js';
import { liveCompanies, type LiveCompanies } from './live-companies.js';

/**
 * A test server whose payment companies are real ones played by the emulators (issue 28), the
 * set-up the tests of money paid through WeChat Pay and Alipay share (accessory-pay, pay-companies,
 * pay-companies-staff): the server built with a key to seal the merchant secrets and the sandbox
 * for what no company takes; before all, staff signed in, both companies live (liveCompanies:
 * emulators started, merchant accounts saved and enabled) and an outlet of a fresh network; after
 * each test, once every notification under way was answered, the books balance; after all, the
 * cabinets and the emulators stop. A test file's own beforeAll runs after this one's.
 */
export function useCompanyServer(engine: (typeof engines)[number]) {
  const s = useServer(
    engine,
    { MERCHANT_SECRET_KEY: crypto.randomBytes(32).toString('base64') },
    { paymentProvider: new SandboxProvider({ notifyDelayMs: 5 }) },
  );
  let token = '';
  let live: LiveCompanies | undefined;
  let outletId = 0;
  const c = caller(s, () => token);
  const kit = rentalKit(s, c);
  const db = () => s.current.database.db;
  const all = async <T>(q: SQL): Promise<T[]> => ((await db().execute(q)) as unknown as { rows: T[] }).rows;
  beforeAll(async () => {
    token = await s.current.login();
    live = await liveCompanies(s.current, token);
    const net = await networkFixture(s, c);
    outletId = (await ok(c.post('/device/api/v1/outlet/saveOrUpdate', outletBody(net.agentB)), 'outlet')).id;
  }, 120_000);
  afterEach(async () => {
    await live?.idle();
    await kit.balanced();
  });
  afterAll(async () => {
    await kit.close();
    await live?.close();
  });
  return {
    s,
    /** Staff's caller (the administrator signed in before all). */
    c,
    kit,
    db,
    all,
    /** Both companies (their emulators), once before all started them. */
    live: (): LiveCompanies => live!,
    /** The outlet rented from, made before all. */
    outletId: () => outletId,
    /** An order's detail as staff read it. */
    order: async (orderNo: string) => (await ok(c.get('/order/api/v1/order/detail', { orderNo }), 'detail')) as any,
  };
}
