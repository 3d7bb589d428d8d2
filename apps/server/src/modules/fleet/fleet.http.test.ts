import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import ExcelJS from 'exceljs';
import { auth, engines, useServer } from '../../test/helper.js';
import { accountWithMenus } from '../../test/accounts.js';
import { fleetMenus } from './menus.js';
import type { SeededRole } from '../../platform/menus.js';
import { http, until } from '../../test/fleet/fleet-helpers.js';
import { newSn, RUN_PREFIX, TestCabinet } from '../../test/fleet/test-cabinet.js';

const CAB = '/device/api/v1/cabinet';
const sns = (n: number, from = 1) =>
  Array.from({ length: n }, (_, i) => `${RUN_PREFIX}${String(from + i).padStart(12, '0')}`);
const one = (n: number) => sns(1, n)[0]!;

describe.each(engines)('fleet calls (%s)', (engine) => {
  const s = useServer(engine, {}, { workers: true });
  let token = '';
  const api = http(s, () => token);

  /** An account holding exactly the fleet menus a seeded role is given (MenuSeed.roles). */
  async function accountWithRole(userName: string, roleCode: SeededRole): Promise<string> {
    const codes = fleetMenus.filter((m) => m.roles?.includes(roleCode)).map((m) => m.code);
    await accountWithMenus(s.current.database.db, userName, 'pass1234', ['dashboard', ...codes]);
    return s.current.login(userName, 'pass1234');
  }

  beforeAll(async () => {
    token = await s.current.login();
  });

  describe('cabinet batch storage (by list or range; a partial failure answers with its report)', () => {
    it('stocks in a list; a partial failure answers -100 with the report', async () => {
      const [a, b, c] = sns(3, 100) as [string, string, string];
      const ok = await api.post(`${CAB}/batchStorage`, { sns: [a, b] });
      expect(ok).toMatchObject({ code: 0, data: { total: 2, succeeded: 2, succeededSns: [a, b], failed: [] } });
      const partial = await api.post(`${CAB}/batchStorage`, { sns: [c, 'ABC123', a, c.toLowerCase()] });
      expect(partial.code).toBe(-100);
      expect(partial.msg).toBe('Some devices failed: 1 succeeded, 3 failed');
      expect(partial.data).toEqual({
        total: 4,
        succeeded: 1,
        succeededSns: [c],
        failed: [
          {
            sn: 'ABC123',
            reason: 'nonStandard',
            msg: 'Non-standard device code: a cabinet SN is 4 letters and 12 or 13 digits, a power bank ID 4 letters and 13 digits',
          },
          { sn: a, reason: 'alreadyInStock', msg: 'The device is already in stock' },
          { sn: c, reason: 'duplicate', msg: 'The device code appears more than once' },
        ],
      });
      const zh = await api.post(`${CAB}/batchStorage`, { sns: [a] }, 'zh_CN');
      expect(zh.data.failed[0].msg).toBe('设备已入库');
      // Stocked in, truly unbound, never connected.
      const row = (await api.get(`${CAB}/queryPage`, { sn: a })).data.list[0];
      expect(row).toMatchObject({
        sn: a,
        online: false,
        bound: false,
        outletName: null,
        iccid: null,
        lastHeartbeatAt: null,
        onlineReason: null,
      });
    });

    it('stocks in a range of up to 500; a bad range refuses the whole request', async () => {
      const start = one(1000);
      const end = one(1499);
      const r = await api.post(`${CAB}/batchStorage`, { start, end });
      expect(r).toMatchObject({ code: 0, data: { total: 500, succeeded: 500 } });
      expect((await api.get(`${CAB}/queryPage`, { sn: RUN_PREFIX + '0000000014' })).data.total).toBe(100);
      const again = await api.post(`${CAB}/batchStorage`, { start: one(1498), end: one(1501) });
      expect(again.code).toBe(-100);
      expect(again.data).toMatchObject({ total: 4, succeeded: 2 });
      const refuse = async (body: unknown) => api.post(`${CAB}/batchStorage`, body);
      expect(await refuse({ start, end: one(1500) })).toMatchObject({
        code: 100001,
        msg: 'Invalid input: end: a batch stocks in at most 500 cabinets',
      });
      expect((await refuse({ start: end, end: start })).msg).toBe('Invalid input: end: cannot be below start');
      expect((await refuse({ start, end: `${RUN_PREFIX}0000000000099` })).msg).toBe(
        'Invalid input: end: must have the same length as start',
      );
      expect((await refuse({ start, end: `ZZZZ${end.slice(4)}` })).msg).toBe(
        'Invalid input: end: must have the same letters as start',
      );
      expect((await refuse({ start: 'CHGB1', end })).msg).toMatch(
        /^Invalid input: start: is a non-standard device code/,
      );
      expect((await refuse({ sns: sns(501, 5000) })).msg).toBe('Invalid input: sns: allows at most 500 items');
      expect((await refuse({})).code).toBe(100001);
      expect((await refuse({ sns: [start], start, end })).code).toBe(100001);
      expect((await api.get(`${CAB}/queryPage`, { sn: RUN_PREFIX + '00000000050' })).data.total).toBe(0); // nothing half-written
    });

    it('the same path as services.fleet.stockIn, which the simulator uses', async () => {
      const x = one(9000);
      const report = await s.current.server.services.fleet.stockIn({ sns: [x, 'bad'] });
      expect(report).toMatchObject({ total: 2, succeeded: 1, failed: [{ sn: 'bad', reason: 'nonStandard' }] });
      await expect(s.current.server.services.fleet.stockIn({ start: x, end: one(8000) })).rejects.toThrow();
    });
  });

  describe('lists, detail, secret', () => {
    it('filters, sorts and pages cabinets; detail and secret of one', async () => {
      const list = (
        await api.get(`${CAB}/queryPage`, {
          sn: RUN_PREFIX,
          orderBy: 'sn',
          order: 'descend',
          pageSize: 5,
          online: false,
          bound: false,
        })
      ).data;
      expect(list.total).toBeGreaterThan(500);
      expect(list.list).toHaveLength(5);
      const names = list.list.map((r: { sn: string }) => r.sn);
      expect([...names].sort().reverse()).toEqual(names);
      expect((await api.get(`${CAB}/queryPage`, { sn: RUN_PREFIX, online: true })).data.total).toBe(0);
      expect((await api.get(`${CAB}/queryPage`, { online: 'maybe' })).code).toBe(100001);
      expect((await api.get(`${CAB}/queryPage`, { orderBy: 'password' })).code).toBe(100001);
      const sn = names[0];
      const detail = (await api.get(`${CAB}/detail`, { sn })).data;
      expect(detail).toMatchObject({ sn, slotList: [], inventoryAt: null });
      const secret = (await api.get(`${CAB}/secret`, { sn: sn.toLowerCase() })).data;
      expect(secret).toEqual({
        sn,
        clientId: `cab-${sn}`,
        username: sn,
        secret: s.current.server.services.fleet.secretOf(sn),
      });
      expect(secret.secret).toHaveLength(32);
      expect((await api.get(`${CAB}/detail`, { sn: newSn() })).code).toBe(100303);
      expect((await api.get(`${CAB}/detail`, { sn: 'x' })).code).toBe(100001);
      expect(
        (await api.get('/device/api/v1/deviceLog/queryPage', { beginTime: '2020-01-01', endTime: '2020-03-01' })).code,
      ).toBe(100060);
    });

    it('exports the cabinet list in the caller language', async () => {
      const r = await s.current.inject({
        method: 'POST',
        url: `${CAB}/export`,
        headers: { ...auth(token, 'zh_CN'), 'x-time-zone': 'Asia/Shanghai' },
        payload: { sn: one(100) },
      });
      expect(r.json().code).toBe(0);
      const id = r.json().data.exportId;
      const done = await until(async () => {
        const l = (await api.get('/user/api/v1/exportExcelLog/list')).data.list.find(
          (e: { id: number }) => e.id === id,
        );
        return l?.status === 'done' ? l : null;
      }, 15_000);
      const file = await s.current.inject({ url: done.fileUrl, headers: auth(token) });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      expect(ws.getRow(1).getCell(1).value).toBe('机柜编号');
      expect(ws.getRow(2).getCell(1).value).toBe(one(100));
      expect(ws.getRow(2).getCell(2).value).toBe('从未连接');
      expect((await api.post('/device/api/v1/forcedEject/export', {})).code).toBe(100071);
      expect((await api.post('/device/api/v1/powerBank/export', {})).code).toBe(100071);
    });
  });

  describe('roles and live pushes', () => {
    it('customer service reads cabinets, power banks and forced ejects, and acts on nothing', async () => {
      const cs = await accountWithRole('cs1', 'customer_service');
      const as = (t: string) => ({
        get: (u: string) => s.current.inject({ url: u, headers: auth(t) }).then((r) => r.json().code),
        post: (u: string, p: object) =>
          s.current.inject({ method: 'POST', url: u, payload: p, headers: auth(t) }).then((r) => r.json().code),
      });
      const c = as(cs);
      expect(await c.get(`${CAB}/queryPage`)).toBe(0);
      expect(await c.get('/device/api/v1/powerBank/queryPage')).toBe(0);
      expect(await c.get('/device/api/v1/forcedEject/queryPage')).toBe(0);
      expect(await c.get(`${CAB}/secret?sn=${one(100)}`)).toBe(100003);
      expect(await c.get('/device/api/v1/command/queryPage')).toBe(100003);
      expect(await c.get('/device/api/v1/deviceLog/queryPage')).toBe(100003);
      expect(await c.post('/device/api/v1/command/send', { sn: one(100), type: 'restart' })).toBe(100003);
      expect(await c.post('/device/api/v1/forcedEject/eject', { sn: one(100), slot: 1, reason: 'x' })).toBe(100003);
      expect(await c.post(`${CAB}/batchStorage`, { sns: [newSn()] })).toBe(100003);
      const tree = (await s.current.inject({ url: '/user/api/v1/sys/menu/listByUser', headers: auth(cs) })).json().data;
      const device = tree.find((m: { path: string }) => m.path === '/device');
      expect(device.children.map((m: { url: string }) => m.url)).toEqual([
        'fleet/cabinets',
        'fleet/power-banks',
        'fleet/forced-eject',
      ]);

      const ops = as(await accountWithRole('ops1', 'operations'));
      expect(await ops.get(`${CAB}/secret?sn=${one(100)}`)).toBe(0);
      expect(await ops.get('/device/api/v1/deviceLog/queryPage')).toBe(0);
      expect(await ops.get('/device/api/v1/firmware/queryPage')).toBe(0);
      expect(await ops.post('/device/api/v1/command/send', { sn: one(100), type: 'restart' })).toBe(100305); // allowed, but offline
      const opsTree = (
        await s.current.inject({
          url: '/user/api/v1/sys/menu/listByUser',
          headers: auth(await s.current.login('ops1', 'pass1234')),
        })
      ).json().data;
      expect(
        opsTree.find((m: { path: string }) => m.path === '/device').children.map((m: { url: string }) => m.url),
      ).toEqual([
        'fleet/cabinets',
        'fleet/power-banks',
        'fleet/forced-eject',
        'fleet/batch-storage',
        'fleet/firmware',
        'fleet/dev-tool',
        'fleet/commands',
        'fleet/device-log',
      ]);
    });

    it('pushes DEVICE_CABINET and DEVICE_COMMAND to consoles that may see them, not to others', async () => {
      await s.current.server.app.listen({ port: 0, host: '127.0.0.1' });
      const address = s.current.server.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const open = (t: string) => {
        const got: { type: string; data: any }[] = [];
        const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${t}&clientType=MANAGE_PC`);
        ws.on('message', (raw) =>
          got.push((JSON.parse(raw.toString()) as { data: { type: string; data: unknown } }).data),
        );
        return { ws, got, ready: new Promise((r) => ws.on('open', r)) };
      };
      const admin = open(token);
      const nobody = open(await accountWithRole('fin1', 'finance'));
      await Promise.all([admin.ready, nobody.ready]);
      await until(async () => admin.got.length > 0 && nobody.got.length > 0); // handshakes
      const sn = newSn();
      await s.current.server.services.fleet.stockIn({ sns: [sn] });
      const cab = new TestCabinet(
        s.current.server.services.gateway.brokerUrl,
        sn,
        s.current.server.services.fleet.secretOf(sn),
      );
      await cab.start();
      await until(
        async () =>
          admin.got.some(
            (m) => m.type === 'DEVICE_CABINET' && m.data.change === 'inventory' && m.data.cabinet.sn === sn,
          ),
        8_000,
        'inventory push',
      );
      const pushed = admin.got
        .filter((m) => m.type === 'DEVICE_CABINET' && m.data.cabinet.sn === sn)
        .map((m) => m.data.change);
      expect(pushed.slice(0, 2)).toEqual(['stockIn', 'register']);
      expect(
        admin.got.find((m) => m.data?.change === 'inventory' && m.data.cabinet.sn === sn)!.data.slots,
      ).toHaveLength(4);
      const sent = await api.post('/device/api/v1/command/send', { sn, type: 'queryVersion' });
      await until(
        async () =>
          admin.got.some(
            (m) => m.type === 'DEVICE_COMMAND' && m.data.id === sent.data.id && m.data.state === 'succeeded',
          ),
        8_000,
        'command push',
      );
      expect(nobody.got.filter((m) => m.type.startsWith('DEVICE_'))).toEqual([]);
      admin.ws.close();
      nobody.ws.close();
      await cab.client?.endAsync(true);
    });
  });
});
