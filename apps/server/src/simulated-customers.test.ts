import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Fleet } from '@cbo/simulator';
import { serialNumber } from '@cbo/simulator';
import { useServer } from './test/helper.js';
import { until } from './test/fleet/fleet-helpers.js';
import { DEMO_CABLES, makeDemoNetwork } from './demo-network.js';
import { DEMO_WORDS } from './demo-words.js';
import { SIMULATOR_PREFIX } from './simulated-fleet.js';
import { startSimulatedCustomers } from './simulated-customers.js';
import { ordOrder } from './modules/order/tables.js';

const silent = { info: () => {}, warn: () => {}, debug: () => {} } as never;

/**
 * The demo's customers buy charging-cable packages through the app calls, since the demo network
 * binds cables to its outlets. No cabinet is running here, so every outing that is not a cable
 * finds nothing to rent and rests: what arrives are cable orders, paid and finished.
 */
describe('simulated customers (pglite)', () => {
  const s = useServer('pglite');
  let stop = () => {};

  beforeAll(async () => {
    const services = s.current.server.services;
    await services.fleet.stockIn({ start: serialNumber(SIMULATOR_PREFIX, 1), end: serialNumber(SIMULATOR_PREFIX, 4) });
    expect(
      await makeDemoNetwork(
        s.current.database.db,
        services,
        { simulatedCabinets: 4, leaderUserName: 'admin', language: 'zh_CN' },
        silent,
      ),
    ).toBe(true);
  });
  afterAll(() => stop());

  it('buy cable packages now and then, and the orders finish paid with their unlock code', async () => {
    const customers = startSimulatedCustomers(s.current.server, { cabinets: [] } as unknown as Fleet, silent, {
      customers: 6,
      holdSeconds: [0.1, 0.2],
      restSeconds: [0.1, 0.3],
    });
    stop = () => customers.stop();
    const cableOrders = () => s.current.database.db.select().from(ordOrder).where(eq(ordOrder.deviceType, 'cable'));
    await until(async () => (await cableOrders()).length > 0, 20_000, 'a cable order');
    customers.stop();
    const [o] = await cableOrders();
    expect(o).toMatchObject({ status: 'finished', payMode: 'package', simulated: true });
    expect(DEMO_CABLES).toContain(o!.sn);
    expect(o!.unlockCode).toMatch(/^\d{8}$/);
    expect(o!.paidAmount).toBeGreaterThan(0);
  });

  it('get the demo coupons (named in Chinese here): codes of the demo batch redeemed in the app, the money voucher sent', async () => {
    const services = s.current.server.services;
    const named = DEMO_WORDS.zh_CN.coupons;
    const coupons = await services.coupon.coupons.rows({ name: '演示' }, 0, 10);
    expect(coupons.map((c) => c.name).sort()).toEqual([named.money, named.duration].sort());
    const [batch] = await services.coupon.codes.batches.rows(
      { couponId: coupons.find((c) => c.name === named.duration)!.id },
      0,
      1,
    );
    expect(batch).toBeTruthy();
    const customers = startSimulatedCustomers(s.current.server, { cabinets: [] } as unknown as Fleet, silent, {
      customers: 6,
      holdSeconds: [0.1, 0.2],
      restSeconds: [0.1, 0.3],
      couponShare: 1,
    });
    stop = () => customers.stop();
    const held = () => services.coupon.userCoupons.rows({}, 0, 100);
    await until(
      async () => {
        const all = await held();
        return all.some((c) => c.source === 'code') && all.some((c) => c.source === 'platform');
      },
      80_000,
      'a code redeemed and a voucher sent',
    );
    customers.stop();
    expect(
      (await services.coupon.codes.rows({ batchId: batch!.id, status: 'redeemed' }, 0, 100)).length,
    ).toBeGreaterThan(0);
  }, 100_000);
});
