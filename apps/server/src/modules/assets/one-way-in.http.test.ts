import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Errors } from '@cbo/contract';
import { modelFor } from '@cbo/simulator';
import { engines, useServer } from '../../test/helper.js';
import { caller, networkFixture, ok, outletBody } from '../../test/outlet/outlet-fixtures.js';
import { giveSimulatedModels } from '../../simulated-fleet.js';
import { accountWithMenus } from '../../test/accounts.js';
import { assetsMenus } from './menus.js';
import { devCabinet } from '../fleet/tables.js';
import { astDevice, astDispatch, astModel } from './tables.js';

const D = '/device/api/v1';
const O = `${D}/outlet`;
const code = (name: keyof typeof Errors) => Errors[name].code;
const letters = () => Array.from(crypto.randomBytes(4), (b) => String.fromCharCode(65 + (b % 26))).join('');

/**
 * One way for a device to enter the business (docs/decisions/assets-and-accessories.md, "One way in"): putting cabinets
 * in stock registers them with the fleet in the same transaction, so they bind without a second
 * stock-in; device codes are refused with their rule; an unknown code's binding says what to do;
 * unbinding says why; dispatches have no "purchase" and a detail with devices and history; a
 * warehouse's area is a region; the simulated cabinets get models.
 */
describe.each(engines)('one way in, and the device papercuts (%s)', (engine) => {
  const s = useServer(engine);
  let token = '';
  const c = caller(s, () => token);
  let net: Awaited<ReturnType<typeof networkFixture>>;
  let cabinetModel = 0;
  let n = 0;
  const db = () => s.current.database.db;
  const warehouse = async () =>
    (
      await ok(
        c.post(`${D}/warehouse/saveOrUpdate`, { name: `OW ${engine} ${++n} ${letters()}`, type: 'storage' }),
        'warehouse',
      )
    ).id as number;
  const cabinets = (k: number) => {
    const p = letters();
    const base = crypto.randomInt(1, 1e9);
    return Array.from({ length: k }, (_, i) => `${p}${String(base + i).padStart(12, '0')}`);
  };
  const inFleet = async (sns: string[]) =>
    (await db().select({ sn: devCabinet.sn }).from(devCabinet).where(inArray(devCabinet.sn, sns)))
      .map((r) => r.sn)
      .sort();
  const records = async (deviceId: string) =>
    (await c.get(`${D}/installRecord/queryPage`, { deviceId, pageSize: 50 })).data.list as {
      kind: string;
      reason: string;
      outletName: string;
    }[];

  beforeAll(async () => {
    token = await s.current.login();
    net = await networkFixture(s, c);
    cabinetModel = (
      await ok(
        c.post(`${D}/model/saveOrUpdate`, {
          productName: 'Cabinet',
          model: 'OWK1',
          deviceType: 'cabinet',
          slotCount: 12,
        }),
        'model',
      )
    ).id;
  });

  it('a put-in of cabinets registers the new ones with the fleet in its transaction; they bind at once', async () => {
    const w = await warehouse();
    const [a, b, known] = cabinets(3);
    // One cabinet already came in by the fleet's batch storage: it is registered, not twice.
    await ok(c.post(`${D}/cabinet/batchStorage`, { sns: [known] }), 'batch storage');
    const r = await c.post(`${D}/stock/putIn`, {
      warehouseId: w,
      reason: 'purchase',
      deviceType: 'cabinet',
      modelId: cabinetModel,
      ids: [a, b, known],
    });
    expect(r).toMatchObject({ code: 0, data: { total: 3, successes: 3, failures: [], registered: 2 } });
    expect(await inFleet([a!, b!, known!])).toEqual([a, b, known].sort());
    expect((await c.get(`${D}/cabinet/queryPage`, { sn: a! })).data.list[0]).toMatchObject({ sn: a, bound: false });
    const [asset] = await db().select().from(astDevice).where(eq(astDevice.deviceId, known!));
    expect(asset).toMatchObject({ state: 'inStock', warehouseId: w, modelId: cabinetModel });

    // Bound straight from the warehouse: no detour through batch storage.
    const o = (await ok(c.post(`${O}/saveOrUpdate`, outletBody(net.agentB)), 'outlet')).id as number;
    expect(await c.post(`${O}/bindDevice`, { outletId: o, sn: a, reason: 'New outlet' })).toMatchObject({
      code: 0,
      data: { sn: a, deviceType: 'cabinet', outletId: o },
    });
    expect((await c.get(`${D}/asset/queryPage`, { deviceId: a! })).data.list[0]).toMatchObject({
      state: 'inBusiness',
      outletId: o,
      modelId: cabinetModel,
    });

    // Power banks are not registered: the fleet learns of them from the cabinet that holds one.
    const pbModel = (
      await ok(
        c.post(`${D}/model/saveOrUpdate`, { productName: 'PB', model: `OWP${++n}`, deviceType: 'powerBank' }),
        'pb model',
      )
    ).id;
    const pb = `${letters()}${String(crypto.randomInt(1, 1e9)).padStart(13, '0')}`;
    const p = await c.post(`${D}/stock/putIn`, {
      warehouseId: w,
      reason: 'purchase',
      deviceType: 'powerBank',
      modelId: pbModel,
      ids: [pb],
    });
    expect(p).toMatchObject({ code: 0, data: { successes: 1 } });
    expect(p.data.registered).toBeUndefined();
  });

  it('a put-in refused as a whole registers nothing; a cabinet that did not move is not registered', async () => {
    const w = await warehouse();
    const [a, b] = cabinets(2);
    expect((await c.put(`${D}/warehouse/editStatus`, { id: w, status: 'paused' })).code).toBe(0);
    expect(
      (
        await c.post(`${D}/stock/putIn`, {
          warehouseId: w,
          reason: 'purchase',
          deviceType: 'cabinet',
          modelId: cabinetModel,
          ids: [a],
        })
      ).code,
    ).toBe(code('WAREHOUSE_PAUSED'));
    expect(await inFleet([a!])).toEqual([]);
    // Without a model a new cabinet does not move, so the fleet does not learn of it either.
    const open = await warehouse();
    const r = await c.post(`${D}/stock/putIn`, {
      warehouseId: open,
      reason: 'purchase',
      deviceType: 'cabinet',
      ids: [b],
    });
    expect(r).toMatchObject({
      code: -100,
      data: { successes: 0, registered: 0, failures: [{ id: b, reason: 'noModel' }] },
    });
    expect(await inFleet([b!])).toEqual([]);
  });

  it('a device code breaking its rule is refused with the rule, in the caller language', async () => {
    const w = await warehouse();
    const en = await c.post(`${D}/stock/putIn`, {
      warehouseId: w,
      reason: 'purchase',
      deviceType: 'cabinet',
      modelId: cabinetModel,
      ids: ['UXCAB000001'],
    });
    expect(en).toMatchObject({
      code: -100,
      data: { successes: 0, failures: [{ id: 'UXCAB000001', reason: 'nonStandard' }] },
    });
    expect(en.data.failures[0].msg).toBe(
      'Non-standard device code: a cabinet is 4 letters and 12 or 13 digits, any other device 4 letters and 13 digits (e.g. ABCD0000000000001)',
    );
    const zh = await c.post(
      `${D}/stock/putIn`,
      { warehouseId: w, reason: 'purchase', deviceType: 'cabinet', modelId: cabinetModel, ids: ['UXCAB000001'] },
      'zh_CN',
    );
    expect(zh.data.failures[0].msg).toContain('机柜为 4 位字母加 12 或 13 位数字');
    expect(await inFleet(['UXCAB000001'])).toEqual([]);
    // A range end is checked by the contract: the field and the rule are named.
    const range = await c.post(`${D}/stock/putIn`, {
      warehouseId: w,
      reason: 'purchase',
      deviceType: 'cabinet',
      modelId: cabinetModel,
      startId: 'UXCAB000001',
      endId: 'UXCAB000009',
    });
    expect(range.code).toBe(100001);
    expect(range.msg).toContain('startId');
    expect(range.msg).toContain('4 letters and 12 or 13 digits');
    // The fleet's batch storage says the same rule.
    const fleet = await c.post(`${D}/cabinet/batchStorage`, { sns: ['UXCAB000001', cabinets(1)[0]] });
    expect(fleet.data.failed[0]).toMatchObject({
      sn: 'UXCAB000001',
      reason: 'nonStandard',
      msg: 'Non-standard device code: a cabinet SN is 4 letters and 12 or 13 digits, a power bank ID 4 letters and 13 digits',
    });
  });

  it('binding a code nobody registered says how a device enters the business', async () => {
    const o = (await ok(c.post(`${O}/saveOrUpdate`, outletBody(net.agentB)), 'outlet')).id as number;
    const [sn] = cabinets(1);
    const en = await c.post(`${O}/bindDevice`, { outletId: o, sn });
    expect(en).toMatchObject({ code: code('BINDING_DEVICE_NOT_FOUND') });
    expect(en.status).toBeLessThan(500);
    expect(en.msg).toBe(
      'Device not found: put it in stock first under Operations → Stock in/out (a cabinet put in stock is registered with the fleet at the same time), then bind it',
    );
    expect((await c.post(`${O}/bindDevice`, { outletId: o, sn }, 'zh_CN')).msg).toContain('运营管理 → 出入库');
  });

  it('unbinding needs a reason (1-32 characters), kept in the removal record', async () => {
    const w = await warehouse();
    const [sn] = cabinets(1);
    await ok(
      c.post(`${D}/stock/putIn`, {
        warehouseId: w,
        reason: 'purchase',
        deviceType: 'cabinet',
        modelId: cabinetModel,
        ids: [sn],
      }),
      'put in',
    );
    const o = (await ok(c.post(`${O}/saveOrUpdate`, outletBody(net.agentB)), 'outlet')).id as number;
    await ok(c.post(`${O}/bindDevice`, { outletId: o, sn }), 'bind');
    for (const body of [{ sn }, { sn, reason: '' }, { sn, reason: '   ' }, { sn, reason: 'x'.repeat(33) }]) {
      const r = await c.post(`${O}/unbindDevice`, body);
      expect(r.status).toBeLessThan(500);
      expect(r.code).toBe(100001);
      expect(r.msg).toContain('reason');
    }
    // Nothing half-written: still bound, no removal recorded.
    expect((await c.get(`${O}/devices`, { outletId: o })).data).toEqual([expect.objectContaining({ sn })]);
    expect((await records(sn!)).map((r) => r.kind)).toEqual(['install']);
    expect((await c.post(`${O}/unbindDevice`, { sn }, 'zh_CN')).msg).toContain('reason');

    expect(await c.post(`${O}/unbindDevice`, { sn, reason: '  Screen cracked  ' })).toMatchObject({
      code: 0,
      data: { sn, outletId: null },
    });
    expect((await records(sn!)).map((r) => [r.kind, r.reason])).toEqual([
      ['removal', 'Screen cracked'],
      ['install', ''],
    ]);
  });

  it('dispatch: "purchase" is no dispatch reason, but an old application with it stays readable; the detail has devices and history', async () => {
    const from = await warehouse();
    const to = await warehouse();
    const ids = cabinets(2);
    await ok(
      c.post(`${D}/stock/putIn`, {
        warehouseId: from,
        reason: 'purchase',
        deviceType: 'cabinet',
        modelId: cabinetModel,
        ids,
      }),
      'put in',
    );
    const refused = await c.post(`${D}/dispatch/apply`, {
      fromWarehouseId: from,
      toWarehouseId: to,
      reason: 'purchase',
      ids,
    });
    expect(refused.code).toBe(100001);
    expect(refused.msg).toContain('reason');
    const id = (
      await ok(
        c.post(`${D}/dispatch/apply`, {
          fromWarehouseId: from,
          toWarehouseId: to,
          reason: 'replenishment',
          remark: 'Weekend stock',
          ids,
        }),
        'apply',
      )
    ).id as number;

    const pending = (await c.get(`${D}/dispatch/detail`, { id })).data;
    expect(pending).toMatchObject({ status: 'pending', sponsorName: 'admin', deviceIds: [...ids].sort() });
    expect(pending.devices).toEqual(
      [...ids].sort().map((deviceId) => ({ deviceId, deviceType: 'cabinet', modelName: 'Cabinet OWK1', moved: false })),
    );
    expect(pending.history).toEqual([
      { event: 'applied', at: pending.createTime, by: 'admin', note: 'Weekend stock', kind: null },
    ]);

    // Audited by another account than the applicant (maker-checker: nobody approves their own).
    await accountWithMenus(
      s.current.database.db,
      `owkaudit${engine}`,
      'pass1234',
      assetsMenus.filter((m) => m.roles?.includes('operations')).map((m) => m.code),
    );
    const auditorToken = await s.current.login(`owkaudit${engine}`, 'pass1234');
    expect(
      (await caller(s, () => auditorToken).put(`${D}/dispatch/audit`, { id, approve: true, reason: 'Go' })).code,
    ).toBe(0);
    const done = (await c.get(`${D}/dispatch/detail`, { id })).data;
    expect(done.devices.every((d: { moved: boolean }) => d.moved)).toBe(true);
    expect(done.history.map((h: { event: string; by: string; note: string }) => [h.event, h.by, h.note])).toEqual([
      ['applied', 'admin', 'Weekend stock'],
      ['approved', `owkaudit${engine}`, 'Go'],
      ['moved', `owkaudit${engine}`, '2'],
    ]);

    // An application made with "purchase" before it left the dispatch reasons is still listed and opened.
    await db().update(astDispatch).set({ reason: 'purchase' }).where(eq(astDispatch.id, id));
    expect((await c.get(`${D}/dispatch/queryPage`, { applicationNo: done.applicationNo })).data.list[0]).toMatchObject({
      id,
      reason: 'purchase',
    });
    expect((await c.get(`${D}/dispatch/detail`, { id })).data).toMatchObject({ id, reason: 'purchase' });
    expect((await c.get(`${D}/dispatch/detail`, { id: 999999 })).code).toBe(code('NOT_FOUND'));
  });

  it("a warehouse's area is a region of area management; an unknown region is refused; old text stays readable", async () => {
    const name = `Region store ${engine} ${letters()}`;
    const id = (
      await ok(c.post(`${D}/warehouse/saveOrUpdate`, { name, type: 'storage', regionId: net.region }), 'warehouse')
    ).id as number;
    const row = async () => (await c.get(`${D}/warehouse/queryPage`, { name })).data.list[0];
    const [region] = (await c.get('/user/api/v1/region/options')).data.filter(
      (r: { id: number }) => r.id === net.region,
    );
    expect(await row()).toMatchObject({ id, regionId: net.region, regionName: region.name, area: '' });
    expect(
      (await c.get(`${D}/warehouse/queryPage`, { regionId: net.region, pageSize: 100 })).data.list.map(
        (w: { id: number }) => w.id,
      ),
    ).toContain(id);
    const unknown = await c.post(`${D}/warehouse/saveOrUpdate`, { id, name, type: 'storage', regionId: 987654321 });
    expect(unknown).toMatchObject({
      code: code('WAREHOUSE_REGION_UNKNOWN'),
      msg: 'The region picked does not exist; pick another',
    });
    expect((await c.post(`${D}/warehouse/saveOrUpdate`, { id, name, type: 'storage', regionId: 'north' })).code).toBe(
      100001,
    );
    expect((await row()).regionId).toBe(net.region);
    // Cleared with null; a warehouse saved with a typed area keeps showing it.
    await ok(
      c.post(`${D}/warehouse/saveOrUpdate`, { id, name, type: 'storage', regionId: null, area: 'Old north' }),
      'clear',
    );
    expect(await row()).toMatchObject({ regionId: null, regionName: null, area: 'Old north' });
  });

  it('simulated cabinets get the model they report, made once and found again', async () => {
    const prefix = 'SIMU';
    const sns = Array.from(
      { length: 6 },
      (_, i) => `${prefix}${String(900_000_000 + crypto.randomInt(0, 1e6) * 10 + i).padStart(12, '0')}`,
    );
    await ok(c.post(`${D}/cabinet/batchStorage`, { sns }), 'batch storage');
    const services = s.current.server.services;
    await giveSimulatedModels(sns, services.assets, 'zh_CN');
    // Found again on a restart in another language: the model keeps the name it was made with.
    await giveSimulatedModels(sns, services.assets, 'en_US');
    const rows = await db()
      .select({
        id: astDevice.deviceId,
        model: astModel.model,
        slots: astModel.slotCount,
        productName: astModel.productName,
      })
      .from(astDevice)
      .innerJoin(astModel, eq(astModel.id, astDevice.modelId))
      .where(inArray(astDevice.deviceId, sns));
    expect(rows.map((r) => r.id).sort()).toEqual([...sns].sort());
    for (const r of rows) expect(r.model).toBe(`SIM${modelFor(r.id).replace('-', '')}`);
    expect([...new Set(rows.map((r) => r.productName))]).toEqual(['模拟机柜']);
    const models = await db()
      .select({ model: astModel.model })
      .from(astModel)
      .where(and(eq(astModel.deviceType, 'cabinet'), sql`${astModel.model} like 'SIMCB%'`));
    expect(models.length).toBe(new Set(models.map((m) => m.model)).size);
    // A device that has a model keeps it.
    const [first] = sns;
    const [sim] = await db()
      .select({ id: astModel.id })
      .from(astModel)
      .where(sql`${astModel.model} like 'SIMCB%'`);
    await db().update(astDevice).set({ modelId: cabinetModel }).where(eq(astDevice.deviceId, first!));
    expect(await services.assets.stock.giveModel([first!], sim!.id)).toBe(0);
    expect(
      (await db().select({ m: astDevice.modelId }).from(astDevice).where(eq(astDevice.deviceId, first!)))[0]!.m,
    ).toBe(cabinetModel);
  });
});
