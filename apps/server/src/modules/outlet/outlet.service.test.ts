import { beforeAll, describe, expect, it } from 'vitest';
import { outletSaveRequest } from '@cbo/contract';
import { AppError } from '../../platform/http/app-error.js';
import { engines, useServer } from '../../test/helper.js';
import { caller, networkFixture, outletBody, stockIn } from '../../test/outlet/outlet-fixtures.js';

/** The outlet rules on the service itself (no HTTP, no request transaction), on each engine. */
describe.each(engines)('outlet service rules (%s)', (engine) => {
  const s = useServer(engine);
  let token = '';
  const c = caller(s, () => token);
  let net: Awaited<ReturnType<typeof networkFixture>>;
  const outlets = () => s.current.server.services.outlet.outlets;
  const refusal = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (e) {
      if (e instanceof AppError) return e.errorName;
      throw e;
    }
    return null;
  };
  const save = (over: Parameters<typeof outletBody>[1] = {}) =>
    outlets().save(outletSaveRequest.parse(outletBody(net.agentB, over)));

  beforeAll(async () => {
    token = await s.current.login();
    net = await networkFixture(s, c);
  });

  it("holds an outlet's ratio to its agent's", async () => {
    expect(await refusal(save({ ratio: 41, hiddenRatio: 41 }))).toBe('OUTLET_RATIO_ABOVE_AGENT');
    expect((await save({ ratio: 40, hiddenRatio: 40 })).id).toBeGreaterThan(0);
    expect(await outlets().facts.highestRatioOutlet(s.current.database.db, net.agentB)).toMatchObject({ ratio: 40 });
  });

  it('binds a device once among 50 binds at the same moment, to one of several outlets', async () => {
    const ids = await Promise.all([1, 2, 3].map(async () => (await save()).id));
    const [sn] = await stockIn(c, 1);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => outlets().bind({ outletId: ids[i % 3]!, sn: sn! })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as AppError).errorName).toBe('DEVICE_ALREADY_BOUND');
    const counts = await Promise.all(ids.map(async (id) => (await outlets().devicesOf(id)).length));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('refuses to delete an outlet with a bound device, and to unbind an unbound one', async () => {
    const { id } = await save();
    const [sn] = await stockIn(c, 1);
    await outlets().bind({ outletId: id, sn: sn! });
    expect(await refusal(outlets().delete(id))).toBe('OUTLET_HAS_DEVICES');
    await outlets().unbind(sn!);
    expect(await refusal(outlets().unbind(sn!))).toBe('DEVICE_NOT_BOUND');
    expect(await outlets().delete(id)).toBeNull();
    expect(await refusal(outlets().bind({ outletId: id, sn: sn! }))).toBe('OUTLET_NOT_FOUND');
  });

  it('moves between in service and suspended only from the other state, with the explanation kept', async () => {
    const { id } = await save();
    expect(await refusal(outlets().resume(id))).toBe('OUTLET_STATUS');
    const both = await Promise.allSettled([outlets().suspend(id, 'Closed'), outlets().suspend(id, 'Closed too')]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [row] = await outlets()
      .rows({ name: undefined, status: 'suspended' }, 0, 100)
      .then((r) => r.filter((o) => o.id === id));
    expect(row).toMatchObject({ status: 'suspended' });
    expect(['Closed', 'Closed too']).toContain(row!.suspendReason);
  });
});
