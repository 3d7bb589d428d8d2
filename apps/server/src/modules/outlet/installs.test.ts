import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { Errors } from '@cbo/contract';
import { AppError } from '../../platform/http/app-error.js';
import { auth, engines, useServer } from '../../test/helper.js';
import { caller, networkFixture, ok, outletBody, stockIn } from '../../test/outlet/outlet-fixtures.js';
import { astDevice, astMovement } from '../assets/tables.js';
import { accCable } from '../accessories/tables.js';
import { devCabinet } from '../fleet/tables.js';

const D = '/device/api/v1';
const U = '/user/api/v1';
const O = `${D}/outlet`;
const code = (name: keyof typeof Errors) => Errors[name].code;
const tiers = [
  { name: '3 hours', hours: 3, amount: 200 },
  { name: '12 hours', hours: 12, amount: 500 },
];

/**
 * Binding a device to an outlet is its installation and unbinding its removal: the outlet module,
 * the device's own module (fleet, accessories) and the assets together, on each engine. Calls
 * through HTTP where a person makes them, the services where concurrency is the point.
 */
describe.each(engines)('installs and removals through binding (%s)', (engine) => {
  const s = useServer(engine);
  let token = '';
  const c = caller(s, () => token);
  let net: Awaited<ReturnType<typeof networkFixture>>;
  let cableModel = 0;
  let btModel = 0;
  let cabinetModel = 0;
  let problemType = 0;
  let serial = 0;
  /** A cable's or charger's ID: 4 letters and 13 digits. */
  const nextId = (p: string) => `${p}${String(Date.now() % 1e6).padStart(6, '0')}${String(++serial).padStart(7, '0')}`;
  const outlets = () => s.current.server.services.outlet.outlets;
  const db = () => s.current.database.db;
  const outlet = async (name = `Outlet ${crypto.randomBytes(3).toString('hex')}`) => ({
    id: (await ok(c.post(`${O}/saveOrUpdate`, outletBody(net.agentB, { name })), 'outlet')).id as number,
    name,
  });
  const cable = async () => {
    const id = nextId('CABL');
    await ok(c.post(`${D}/cable/add`, { deviceId: id, modelId: cableModel, packages: tiers }), 'cable');
    return id;
  };
  const records = async (deviceId: string) =>
    (await c.get(`${D}/installRecord/queryPage`, { deviceId, pageSize: 50 })).data.list as Record<string, unknown>[];
  const asset = async (deviceId: string) =>
    (await c.get(`${D}/asset/queryPage`, { deviceId })).data.list[0] as Record<string, unknown> | undefined;
  const installs = async (deviceId: string) =>
    Number(
      (
        await db()
          .select({ n: count() })
          .from(astMovement)
          .where(and(eq(astMovement.deviceId, deviceId), eq(astMovement.kind, 'install')))
      )[0]!.n,
    );

  beforeAll(async () => {
    token = await s.current.login();
    net = await networkFixture(s, c);
    cableModel = (
      await ok(c.post(`${D}/model/saveOrUpdate`, { productName: 'Cable', model: 'IC1', deviceType: 'cable' }), 'model')
    ).id;
    btModel = (
      await ok(
        c.post(`${D}/model/saveOrUpdate`, { productName: 'BT', model: 'IB1', deviceType: 'bluetoothCharger' }),
        'model',
      )
    ).id;
    cabinetModel = (
      await ok(
        c.post(`${D}/model/saveOrUpdate`, {
          productName: 'Cabinet',
          model: 'IK1',
          deviceType: 'cabinet',
          slotCount: 12,
        }),
        'model',
      )
    ).id;
    problemType = (
      await ok(
        c.post(`${U}/problemType/saveOrUpdate`, { name: `Broken ${engine}`, sort: 1, remark: '' }),
        'problem type',
      )
    ).id;
  });

  it('binding a cable installs it: the record names the outlet, who and why; its code is issued; unbinding removes it', async () => {
    const o = await outlet('Bund Café counter');
    const id = await cable();
    const bound = await c.post(`${O}/bindDevice`, {
      outletId: o.id,
      sn: id.toLowerCase(),
      deviceType: 'cable',
      reason: 'New counter',
    });
    expect(bound).toMatchObject({ code: 0, data: { deviceType: 'cable', outletId: o.id } });
    expect(await records(id)).toEqual([
      expect.objectContaining({
        kind: 'install',
        deviceId: id,
        deviceType: 'cable',
        outletId: o.id,
        outletName: o.name,
        reason: 'New counter',
        operatorName: 'admin',
      }),
    ]);
    expect(await asset(id)).toMatchObject({
      state: 'inBusiness',
      modelId: cableModel,
      outletId: o.id,
      outletName: o.name,
    });
    expect((await c.get(`${D}/cable/queryPage`, { deviceId: id })).data.list[0]).toMatchObject({
      outletId: o.id,
      outletName: o.name,
    });
    expect((await c.get(`${O}/devices`, { outletId: o.id })).data).toEqual([
      { sn: id, deviceType: 'cable', online: null, powerBanks: null, slots: null },
    ]);
    expect((await c.get(`${O}/queryPage`, { name: o.name })).data.list[0]).toMatchObject({ devices: 1 });
    // The proof: a bound cable's offline code.
    expect((await c.post(`${D}/cable/issueCode`, { deviceId: id, hours: 3 })).data).toMatchObject({
      position: 0,
      code: expect.stringMatching(/^\d{8}$/),
    });

    expect((await c.post(`${O}/bindDevice`, { outletId: o.id, sn: id })).code).toBe(code('DEVICE_ALREADY_BOUND'));
    expect((await c.post(`${O}/unbindDevice`, { sn: id, reason: 'Moved to the bar' })).code).toBe(0);
    expect((await records(id)).map((r) => [r.kind, r.outletName, r.reason])).toEqual([
      ['removal', o.name, 'Moved to the bar'],
      ['install', o.name, 'New counter'],
    ]);
    expect(await asset(id)).toMatchObject({ state: 'outOfStock', outletId: null });
    expect((await c.post(`${O}/unbindDevice`, { sn: id, reason: 'Again' })).code).toBe(code('DEVICE_NOT_BOUND'));
  });

  it('refuses bad binding input with the field named, never a 500', async () => {
    const o = await outlet();
    const id = await cable();
    for (const [body, field] of [
      [{ outletId: o.id, sn: id, reason: 'x'.repeat(33) }, 'reason'],
      [{ outletId: o.id, sn: id, deviceType: 'powerBank' }, 'deviceType'],
      [{ outletId: 'one', sn: id }, 'outletId'],
      [{ outletId: o.id, sn: '' }, 'sn'],
    ] as const) {
      const r = await c.post(`${O}/bindDevice`, body);
      expect(r.status).toBeLessThan(500);
      expect(r.code).toBe(100001);
      expect(r.msg).toContain(field);
    }
    expect((await c.post(`${O}/unbindDevice`, { sn: id, reason: 'y'.repeat(33) })).code).toBe(100001);
    // A cable asked for as a cabinet, and a code no binder knows.
    expect((await c.post(`${O}/bindDevice`, { outletId: o.id, sn: id, deviceType: 'cabinet' })).code).toBe(
      code('DEVICE_WRONG_BINDING_TYPE'),
    );
    expect((await c.post(`${O}/bindDevice`, { outletId: o.id, sn: 'NOPE0000000000001' })).code).toBe(
      code('BINDING_DEVICE_NOT_FOUND'),
    );
    expect(await records(id)).toEqual([]);
  });

  it('a Bluetooth charger binds too, and the billing upload adjusts it only once it is bound', async () => {
    const o = await outlet();
    const id = nextId('BLUE');
    await ok(
      c.post(`${D}/bluetooth/add`, {
        deviceId: id,
        modelId: btModel,
        packages: [],
        hourlyPrice: 100,
        dailyCap: 1000,
        prepayment: 2000,
      }),
      'charger',
    );
    const upload = async () => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Billing');
      ws.addRow(['Device ID', 'Hourly price', 'Daily cap', 'Prepayment']);
      ws.addRow([id, 0.5, 5, 10]);
      const content = Buffer.from(await wb.xlsx.writeBuffer());
      const boundary = '----inst' + crypto.randomBytes(6).toString('hex');
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="billing.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
      const r = await s.current.inject({
        method: 'POST',
        url: `${D}/billing/import`,
        payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
        headers: { ...auth(token, 'en_US'), 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      return r.json() as { code: number; data: { successes: number; failures: { reason: string }[] } };
    };
    expect((await upload()).data.failures).toEqual([
      expect.objectContaining({ reason: 'The device is not bound, so its billing cannot be adjusted' }),
    ]);
    expect((await c.post(`${O}/bindDevice`, { outletId: o.id, sn: id, deviceType: 'bluetooth' })).code).toBe(0);
    expect(await upload()).toMatchObject({ code: 0, data: { successes: 1, failures: [] } });
    expect((await c.get(`${D}/bluetooth/queryPage`, { deviceId: id })).data.list[0]).toMatchObject({
      outletId: o.id,
      hourlyPrice: 50,
      dailyCap: 500,
      prepayment: 1000,
    });
    expect(await records(id)).toEqual([
      expect.objectContaining({ kind: 'install', deviceType: 'bluetoothCharger', outletId: o.id }),
    ]);
  });

  it("the assets' refusals undo the binding: a device pending audit, an agent's device", async () => {
    const o = await outlet();
    const [held, agents] = await stockIn(c, 2);
    const from = (
      await ok(c.post(`${D}/warehouse/saveOrUpdate`, { name: `From ${held}`, type: 'storage' }), 'warehouse')
    ).id;
    const to = (await ok(c.post(`${D}/warehouse/saveOrUpdate`, { name: `To ${held}`, type: 'business' }), 'warehouse'))
      .id;
    expect(
      (
        await c.post(`${D}/stock/putIn`, {
          warehouseId: from,
          reason: 'purchase',
          deviceType: 'cabinet',
          modelId: cabinetModel,
          ids: [held],
        })
      ).code,
    ).toBe(0);
    expect(
      (
        await c.post(`${D}/dispatch/apply`, {
          fromWarehouseId: from,
          toWarehouseId: to,
          reason: 'replenishment',
          ids: [held],
        })
      ).code,
    ).toBe(0);
    const pending = await c.post(`${O}/bindDevice`, { outletId: o.id, sn: held }, 'zh_CN');
    expect(pending).toMatchObject({ code: code('PENDING_AUDIT'), msg: '设备待审核' });
    await db().execute(sql`update ast_device set agent_id = ${net.agentB} where device_id = ${agents}`);
    expect((await c.post(`${O}/bindDevice`, { outletId: o.id, sn: agents })).code).toBe(code('AGENT_DEVICE'));
    // Nothing stayed of either bind: no binding, no record, the assets where they were.
    for (const sn of [held, agents]) {
      const [row] = await db().select({ outletId: devCabinet.outletId }).from(devCabinet).where(eq(devCabinet.sn, sn!));
      expect(row!.outletId).toBeNull();
      expect(await records(sn!)).toEqual([]);
    }
    expect(await asset(held!)).toMatchObject({ state: 'inStock', warehouseId: from });
  });

  it('a cabinet from batch storage (an asset without a model) is installed all the same, from circulation', async () => {
    const o = await outlet();
    const [sn] = await stockIn(c, 1);
    expect(await asset(sn!)).toMatchObject({ state: 'outOfStock', modelId: null });
    expect((await c.post(`${O}/bindDevice`, { outletId: o.id, sn })).code).toBe(0);
    expect(await asset(sn!)).toMatchObject({ state: 'inBusiness', modelId: null, outletName: o.name });
    expect(await records(sn!)).toEqual([
      expect.objectContaining({ kind: 'install', deviceType: 'cabinet', outletName: o.name, operatorName: 'admin' }),
    ]);
    // In business: no warehouse takes it while it stands in the outlet.
    const w = (await ok(c.post(`${D}/warehouse/saveOrUpdate`, { name: `W ${sn}`, type: 'storage' }), 'warehouse')).id;
    const put = await c.post(`${D}/stock/putIn`, {
      warehouseId: w,
      reason: 'purchase',
      deviceType: 'cabinet',
      modelId: cabinetModel,
      ids: [sn],
    });
    expect(put.data.failures).toEqual([expect.objectContaining({ reason: 'alreadyInBusiness' })]);
  });

  it('50 binds of one device at once (a cabinet and a cable, to three outlets): bound once, one install record', async () => {
    const ids = [(await outlet()).id, (await outlet()).id, (await outlet()).id];
    const [sn] = await stockIn(c, 1);
    const id = await cable();
    for (const device of [sn!, id]) {
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) =>
          outlets().bind({ outletId: ids[i % 3]!, sn: device }, { id: null, name: `binder ${i}` }),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results)
        if (r.status === 'rejected') expect((r.reason as AppError).errorName).toBe('DEVICE_ALREADY_BOUND');
      expect(await installs(device)).toBe(1);
      const [a] = await db()
        .select({ state: astDevice.state, outletId: astDevice.outletId })
        .from(astDevice)
        .where(eq(astDevice.deviceId, device));
      const bound = (await Promise.all(ids.map((o) => outlets().devicesOf(o)))).flat().filter((d) => d.sn === device);
      expect(bound).toHaveLength(1);
      expect(a).toMatchObject({ state: 'inBusiness' });
      const winner = (
        await Promise.all(
          ids.map(async (o) => ((await outlets().devicesOf(o)).some((d) => d.sn === device) ? o : null)),
        )
      ).find((o) => o !== null);
      expect(a!.outletId).toBe(winner);
    }
    // And 50 unbinds at once: removed once.
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => outlets().unbind(id)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [removals] = await db()
      .select({ n: count() })
      .from(astMovement)
      .where(and(eq(astMovement.deviceId, id), eq(astMovement.kind, 'removal')));
    expect(Number(removals!.n)).toBe(1);
  });

  it('a repair ticket taking its device out of business unbinds it by the same path, with the removal record', async () => {
    const o = await outlet();
    const id = await cable();
    const [sn] = await stockIn(c, 1);
    await ok(c.post(`${O}/bindDevice`, { outletId: o.id, sn: id }), 'bind cable');
    await ok(c.post(`${O}/bindDevice`, { outletId: o.id, sn }), 'bind cabinet');
    const ticket = (deviceId: string, deviceType: string, outOfBusiness: boolean) =>
      c.post(`${U}/repair/add`, {
        deviceType,
        deviceId,
        problemTypeId: problemType,
        contact: 'Li',
        phone: '13800000000',
        description: 'No charge',
        pictures: [],
        outOfBusiness,
      });
    // At once when the ticket asks for it.
    const t1 = await ticket(id, 'cable', true);
    expect(t1.data).toMatchObject({ outOfBusiness: true, outOfBusinessApplied: true });
    const [row] = await db().select({ outletId: accCable.outletId }).from(accCable).where(eq(accCable.id, id));
    expect(row!.outletId).toBeNull();
    expect((await records(id))[0]).toMatchObject({
      kind: 'removal',
      outletName: o.name,
      reason: `repair ${t1.data.no}`,
      operatorName: 'admin',
    });
    expect(await asset(id)).toMatchObject({ state: 'outOfStock', outletId: null });
    // Or when it is processed.
    const t2 = await ticket(sn!, 'cabinet', false);
    expect(t2.data.outOfBusinessApplied).toBe(false);
    const p = await c.put(`${U}/repair/process`, { id: t2.data.id, status: 'processing', outOfBusiness: true });
    expect(p.data).toMatchObject({ outOfBusiness: true, outOfBusinessApplied: true });
    expect((await c.get(`${O}/devices`, { outletId: o.id })).data).toEqual([]);
    expect((await records(sn!)).map((r) => r.kind)).toEqual(['removal', 'install']);
    // A device bound to no outlet has nothing to take out: the wish stays recorded, the ticket is saved.
    const t3 = await ticket(id, 'cable', true);
    expect(t3).toMatchObject({ code: 0, data: { outOfBusiness: true, outOfBusinessApplied: false } });
    expect(await records(id)).toHaveLength(2);
  });
});
