import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { engines, useServer } from '../../test/helper.js';
import { query } from '../../platform/db/database.js';
import type { AssetsServices } from './index.js';

const by = { id: null, name: 'test' };
let seq = 0;
/** Power bank IDs of this test run: 4 letters and 13 digits. */
const pb = (n: number) => `TPBK${String(n).padStart(13, '0')}`;
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => pb(from + i));

describe.each(engines)('stock movements and dispatch (%s)', (engine) => {
  const s = useServer(engine);
  let a: AssetsServices;
  let model = 0;
  const warehouse = async (type: 'business' | 'storage' | 'circulation' = 'storage') =>
    (await a.warehouses.save({ name: `W${++seq}-${engine}`, type })).id;
  const place = async (id: string) => {
    const [row] = await query<{ state: string; warehouse_id: number | null; pending_application_id: number | null }>(
      s.current.database.db,
      sql`select state, warehouse_id::int, pending_application_id::int from ast_device where device_id = ${id}`,
    );
    return row ?? null;
  };
  const movements = async (id: string) =>
    query<{ kind: string }>(
      s.current.database.db,
      sql`select kind from ast_movement where device_id = ${id} order by id`,
    ).then((r) => r.map((m) => m.kind));
  const load = async (id: number) => (await a.warehouses.rows({}, 0, 100)).find((w) => w.id === id)!.load;

  beforeAll(async () => {
    a = s.current.server.services.assets;
    model = (await a.models.save({ productName: 'PB 5000', model: 'PB5000', deviceType: 'powerBank' })).id;
  });

  it('puts a range in: new devices enter with the model; each one is a movement row; the load counts them', async () => {
    const w = await warehouse();
    const r = await a.stock.putIn(
      { warehouseId: w, reason: 'purchase', deviceType: 'powerBank', modelId: model, startId: pb(100), endId: pb(119) },
      by,
      'en_US',
    );
    expect(r).toEqual({ total: 20, successes: 20, failures: [] });
    expect(await load(w)).toBe(20);
    expect(await place(pb(105))).toEqual({ state: 'inStock', warehouse_id: w, pending_application_id: null });
    expect(await movements(pb(105))).toEqual(['putIn']);
  });

  it('reports each failure with its reason and moves the rest (partial failure)', async () => {
    const w = await warehouse();
    await a.stock.putIn(
      { warehouseId: w, reason: 'purchase', deviceType: 'powerBank', modelId: model, ids: [pb(200)] },
      by,
    );
    const r = await a.stock.putIn(
      {
        warehouseId: w,
        reason: 'purchase',
        deviceType: 'powerBank',
        modelId: model,
        ids: [pb(201), 'ABC', pb(200), pb(201).toLowerCase(), 'TPBK000000000202'],
      },
      by,
      'en_US',
    );
    expect(r).toEqual({
      total: 5,
      successes: 1,
      failures: [
        {
          id: 'ABC',
          reason: 'nonStandard',
          msg: 'Non-standard device code: a cabinet is 4 letters and 12 or 13 digits, any other device 4 letters and 13 digits (e.g. ABCD0000000000001)',
        },
        { id: pb(200), reason: 'alreadyInStock', msg: 'The device is already in stock' },
        { id: pb(201), reason: 'duplicate', msg: 'The device code appears more than once' },
        {
          id: 'TPBK000000000202',
          reason: 'nonStandard',
          msg: 'Non-standard device code: a cabinet is 4 letters and 12 or 13 digits, any other device 4 letters and 13 digits (e.g. ABCD0000000000001)',
        },
      ],
    });
    // A new device without a model: "no model"; the messages follow the caller's language.
    const none = await a.stock.putIn(
      { warehouseId: w, reason: 'purchase', deviceType: 'powerBank', ids: [pb(203)] },
      by,
      'zh_CN',
    );
    expect(none.failures).toEqual([{ id: pb(203), reason: 'noModel', msg: '设备无型号' }]);
    expect(await place(pb(203))).toBeNull();
  });

  it('refuses the whole movement for a paused warehouse or a model that cannot be used', async () => {
    const w = await warehouse();
    const cable = (await a.models.save({ productName: 'Cable', model: `C${engine}`, deviceType: 'cable' })).id;
    await expect(
      a.stock.putIn(
        { warehouseId: w, reason: 'purchase', deviceType: 'powerBank', modelId: cable, ids: [pb(300)] },
        by,
      ),
    ).rejects.toMatchObject({ errorName: 'MODEL_TYPE_MISMATCH' });
    const paused = (await a.models.save({ productName: 'Old', model: `OLD${engine}`, deviceType: 'powerBank' })).id;
    await a.models.setStatus(paused, 'paused');
    await expect(
      a.stock.putIn(
        { warehouseId: w, reason: 'purchase', deviceType: 'powerBank', modelId: paused, ids: [pb(300)] },
        by,
      ),
    ).rejects.toMatchObject({ errorName: 'MODEL_UNUSABLE' });
    await a.warehouses.setStatus(w, 'paused');
    await expect(
      a.stock.putIn(
        { warehouseId: w, reason: 'purchase', deviceType: 'powerBank', modelId: model, ids: [pb(300)] },
        by,
      ),
    ).rejects.toMatchObject({ errorName: 'WAREHOUSE_PAUSED' });
    expect(await place(pb(300))).toBeNull();
  });

  it('takes out into circulation and puts back; the messages of each state', async () => {
    const w = await warehouse();
    const other = await warehouse();
    await a.stock.putIn(
      { warehouseId: w, reason: 'purchase', deviceType: 'powerBank', modelId: model, startId: pb(400), endId: pb(404) },
      by,
    );
    // Only from the warehouse named.
    const wrong = await a.stock.takeOut({ reason: 'damaged', warehouseId: other, ids: [pb(400)] }, by, 'en_US');
    expect(wrong.failures).toEqual([{ id: pb(400), reason: 'notInStock', msg: 'The device is not in stock' }]);
    const out = await a.stock.takeOut({ reason: 'maintenance', ids: [pb(400), pb(401), pb(499)] }, by, 'en_US');
    expect(out).toMatchObject({ total: 3, successes: 2, failures: [{ id: pb(499), reason: 'notFound' }] });
    expect(await place(pb(400))).toMatchObject({ state: 'outOfStock', warehouse_id: null });
    expect((await a.stock.takeOut({ reason: 'maintenance', ids: [pb(400)] }, by)).failures[0]!.reason).toBe(
      'notInStock',
    );
    // Back in, keeping its model (none given).
    expect(
      await a.stock.putIn(
        { warehouseId: other, reason: 'returnOrExchange', deviceType: 'powerBank', ids: [pb(400)] },
        by,
      ),
    ).toMatchObject({ successes: 1 });
    expect(await movements(pb(400))).toEqual(['putIn', 'takeOut', 'putIn']);
    // Of another kind: refused per device.
    expect(
      (await a.stock.putIn({ warehouseId: other, reason: 'purchase', deviceType: 'cable', ids: [pb(401)] }, by))
        .failures[0]!.reason,
    ).toBe('wrongDeviceType');
    // An agent's device moves nowhere.
    await s.current.database.db.execute(sql`update ast_device set agent_id = 7 where device_id = ${pb(402)}`);
    expect((await a.stock.takeOut({ reason: 'other', ids: [pb(402)] }, by, 'en_US')).failures).toEqual([
      { id: pb(402), reason: 'agentDevice', msg: 'The device belongs to an agent' },
    ]);
    // A warehouse holding devices does not pause.
    await expect(a.warehouses.setStatus(w, 'paused')).rejects.toMatchObject({ errorName: 'WAREHOUSE_NOT_EMPTY' });
  });

  it('install and removal (the outlet module calls them when it binds and unbinds): the records, the refusals', async () => {
    const w = await warehouse('business');
    const ops = { id: null, name: 'ops' };
    const dev = (n: number, over: Partial<Parameters<typeof a.stock.install>[0]> = {}) => ({
      deviceId: pb(n),
      deviceType: 'powerBank' as const,
      outletId: 42,
      ...over,
    });
    await a.stock.putIn(
      { warehouseId: w, reason: 'purchase', deviceType: 'powerBank', modelId: model, ids: [pb(500), pb(501), pb(502)] },
      by,
    );
    await a.stock.install(dev(500, { reason: 'new outlet' }), ops);
    expect(await place(pb(500))).toMatchObject({ state: 'inBusiness', warehouse_id: null });
    await expect(a.stock.install(dev(500, { outletId: 43 }), by)).rejects.toMatchObject({
      errorName: 'DEVICE_IN_BUSINESS',
    });
    const again = await a.stock.putIn(
      { warehouseId: w, reason: 'purchase', deviceType: 'powerBank', ids: [pb(500)] },
      by,
      'en_US',
    );
    expect(again.failures).toEqual([
      { id: pb(500), reason: 'alreadyInBusiness', msg: 'The device is already in business' },
    ]);
    // Known as another kind; an agent's; held by a dispatch under audit: refused, nothing moves.
    await expect(a.stock.install(dev(501, { deviceType: 'cable' }), by)).rejects.toMatchObject({
      errorName: 'DEVICE_TYPE_WRONG',
    });
    await s.current.database.db.execute(sql`update ast_device set agent_id = 7 where device_id = ${pb(501)}`);
    await expect(a.stock.install(dev(501), by)).rejects.toMatchObject({ errorName: 'AGENT_DEVICE' });
    await a.dispatch.apply(
      { fromWarehouseId: w, toWarehouseId: await warehouse(), reason: 'other', ids: [pb(502)] },
      by,
    );
    await expect(a.stock.install(dev(502), by)).rejects.toMatchObject({ errorName: 'PENDING_AUDIT' });
    expect(await place(pb(502))).toMatchObject({ state: 'inStock', warehouse_id: w });
    await a.stock.remove(dev(500, { reason: 'outlet closed' }), ops);
    expect(await place(pb(500))).toMatchObject({ state: 'outOfStock' });
    const records = await a.stock.installRows({ deviceId: pb(500) }, 0, 10);
    expect(records.map((r) => [r.kind, r.outletId, r.reason, r.operatorName])).toEqual([
      ['removal', 42, 'outlet closed', 'ops'],
      ['install', 42, 'new outlet', 'ops'],
    ]);
    // A device the assets did not know enters in business with the model its module gives, or none.
    await a.stock.install(dev(598, { modelId: model }), by);
    await a.stock.install(dev(599, { modelId: null }), by);
    const known = await a.stock.assetRows(
      { deviceId: 'TPBK000000000059', orderBy: 'deviceId', order: 'ascend' },
      0,
      10,
    );
    expect(known.map((r) => [r.deviceId, r.state, r.modelId])).toEqual([
      [pb(598), 'inBusiness', model],
      [pb(599), 'inBusiness', null],
    ]);
    // A device bound before installs were recorded (still in stock here): the removal is recorded, its place kept.
    await a.stock.putIn(
      { warehouseId: w, reason: 'purchase', deviceType: 'powerBank', modelId: model, ids: [pb(503)] },
      by,
    );
    await a.stock.remove(dev(503), by);
    expect(await place(pb(503))).toMatchObject({ state: 'inStock', warehouse_id: w });
    expect(await movements(pb(503))).toEqual(['putIn', 'removal']);
  });

  it('dispatch: applying holds the devices (pending audit); approval moves them all and the loads change', async () => {
    const from = await warehouse();
    const to = await warehouse('business');
    await a.stock.putIn(
      {
        warehouseId: from,
        reason: 'purchase',
        deviceType: 'powerBank',
        modelId: model,
        startId: pb(600),
        endId: pb(619),
      },
      by,
    );
    const { id } = await a.dispatch.apply(
      { fromWarehouseId: from, toWarehouseId: to, reason: 'replenishment', ids: range(600, 5) },
      { id: null, name: 'sponsor' },
    );
    expect(await place(pb(600))).toMatchObject({ state: 'inStock', warehouse_id: from, pending_application_id: id });
    // Held: moves nowhere else.
    expect((await a.stock.takeOut({ reason: 'other', ids: [pb(601)] }, by, 'en_US')).failures).toEqual([
      { id: pb(601), reason: 'pendingAudit', msg: 'The device is pending audit' },
    ]);
    await expect(
      a.dispatch.apply(
        { fromWarehouseId: from, toWarehouseId: to, reason: 'other', ids: [pb(602), pb(610)] },
        by,
        'en_US',
      ),
    ).rejects.toMatchObject({
      errorName: 'DISPATCH_DEVICES_UNAVAILABLE',
      params: { failed: 1, list: `${pb(602)} (The device is pending audit)` },
    });
    expect(await place(pb(610))).toMatchObject({ pending_application_id: null }); // the refused application held nothing
    await a.dispatch.audit({ id, approve: true }, { id: null, name: 'auditor' });
    expect([await load(from), await load(to)]).toEqual([15, 5]);
    expect(await movements(pb(600))).toEqual(['putIn', 'dispatch']);
    const detail = await a.dispatch.detail(id);
    expect(detail).toMatchObject({
      status: 'approved',
      auditorName: 'auditor',
      sponsorName: 'sponsor',
      deviceCount: 5,
      deviceIds: range(600, 5),
    });
    await expect(a.dispatch.audit({ id, approve: false }, by)).rejects.toMatchObject({ errorName: 'DISPATCH_AUDITED' });
    // Rejecting releases.
    const r = await a.dispatch.apply({ fromWarehouseId: from, toWarehouseId: to, reason: 'other', ids: [pb(610)] }, by);
    await a.dispatch.audit({ id: r.id, approve: false, reason: 'not needed' }, by);
    expect(await place(pb(610))).toEqual({ state: 'inStock', warehouse_id: from, pending_application_id: null });
  });

  it('dispatch approval is all or nothing: one device no longer where it was undoes the whole audit', async () => {
    const from = await warehouse();
    const to = await warehouse();
    await a.stock.putIn(
      {
        warehouseId: from,
        reason: 'purchase',
        deviceType: 'powerBank',
        modelId: model,
        startId: pb(700),
        endId: pb(704),
      },
      by,
    );
    const { id } = await a.dispatch.apply(
      { fromWarehouseId: from, toWarehouseId: to, reason: 'circulation', ids: range(700, 5) },
      by,
    );
    // Something outside the rules moved one device (a repair, a hand edit): the approval must not half-happen.
    await s.current.database.db.execute(
      sql`update ast_device set state = 'outOfStock', warehouse_id = null where device_id = ${pb(703)}`,
    );
    await expect(a.dispatch.audit({ id, approve: true }, by)).rejects.toMatchObject({ errorName: 'DISPATCH_STALE' });
    expect([await load(from), await load(to)]).toEqual([4, 0]);
    expect((await a.dispatch.detail(id)).status).toBe('pending');
    expect(await place(pb(700))).toMatchObject({ warehouse_id: from, pending_application_id: id });
    expect(await movements(pb(700))).toEqual(['putIn']);
  });

  it('the migration gives cabinets stocked in before the assets existed their asset rows, and leaves known ones as they are', async () => {
    const db = s.current.database.db;
    const old = `TOLD${String(Date.now()).slice(-12)}`;
    // Stocked in the way it was before the assets existed: the cabinet row only.
    await db.execute(sql`insert into dev_cabinet (sn, stocked_in_at) values (${old}, now() - interval '3 days')`);
    expect(await place(old)).toBeNull();
    const w = await warehouse();
    await a.stock.putIn(
      { warehouseId: w, reason: 'purchase', deviceType: 'powerBank', modelId: model, ids: [pb(800)] },
      by,
    );
    const file = fs.readFileSync(
      path.join(import.meta.dirname, '../../../drizzle/0007_assets_cabinet_backfill.sql'),
      'utf8',
    );
    await db.execute(sql.raw(file));
    await db.execute(sql.raw(file)); // twice: nothing doubles, nothing changes
    expect(await place(old)).toEqual({ state: 'outOfStock', warehouse_id: null, pending_application_id: null });
    expect(await place(pb(800))).toMatchObject({ state: 'inStock', warehouse_id: w });
    const [n] = await query<{ n: number }>(db, sql`select count(*)::int as n from ast_device where device_id = ${old}`);
    expect(n!.n).toBe(1);
  });

  it('cabinets stocked in by batch storage become assets out of stock, and need a cabinet model to be put in', async () => {
    const sn = `TCAB${String(Date.now()).slice(-12)}`;
    const report = await s.current.server.services.fleet.stockIn({ sns: [sn] });
    expect(report.succeeded).toBe(1);
    expect(await place(sn)).toEqual({ state: 'outOfStock', warehouse_id: null, pending_application_id: null });
    const w = await warehouse();
    expect(
      (await a.stock.putIn({ warehouseId: w, reason: 'purchase', deviceType: 'cabinet', ids: [sn] }, by)).failures[0]!
        .reason,
    ).toBe('noModel');
    const cab = (
      await a.models.save({ productName: 'Cabinet', model: `CB${engine}`, deviceType: 'cabinet', slotCount: 12 })
    ).id;
    expect(
      await a.stock.putIn({ warehouseId: w, reason: 'purchase', deviceType: 'cabinet', modelId: cab, ids: [sn] }, by),
    ).toMatchObject({ successes: 1 });
  });
});
