import { beforeAll, describe, expect, it } from 'vitest';
import { CODE_RATE_MAX, CODE_RATE_WINDOW_SECONDS } from '@cbo/contract';
import { auth, engines, useServer } from '../../test/helper.js';
import { http } from '../../test/fleet/fleet-helpers.js';
import { CableDevice } from './offline-code.js';
import { RepairService } from './repair.service.js';
import { AppError } from '../../platform/http/app-error.js';

const D = '/device/api/v1';
const U = '/user/api/v1';
const tiers = [
  { name: '1 hour', hours: 1, amount: 100 },
  { name: '3 hours', hours: 3, amount: 200 },
  { name: '12 hours', hours: 12, amount: 500 },
  { name: '24 hours', hours: 24, amount: 800 },
];

describe.each(engines)('accessories (%s)', (engine) => {
  const s = useServer(engine);
  let token = '';
  const api = http(s, () => token);
  const put = async (url: string, payload: unknown, lang = 'en_US') =>
    (await s.current.inject({ method: 'PUT', url, payload: payload as object, headers: auth(token, lang) })).json() as {
      code: number;
      msg: string;
      data: any;
    };
  let cableModel = 0;
  let btModel = 0;
  let problemType = 0;
  let serial = 0;
  const nextId = (p = 'CABL') => `${p}${String(++serial).padStart(13, '0')}`;

  beforeAll(async () => {
    token = await s.current.login();
    cableModel = (
      await api.post(`${D}/model/saveOrUpdate`, { productName: 'Cable', model: 'CB1', deviceType: 'cable' })
    ).data.id;
    btModel = (
      await api.post(`${D}/model/saveOrUpdate`, { productName: 'BT', model: 'BT1', deviceType: 'bluetoothCharger' })
    ).data.id;
    problemType = (await api.post(`${U}/problemType/saveOrUpdate`, { name: 'Will not charge', sort: 1, remark: '' }))
      .data.id;
  });

  describe('charging cables', () => {
    it('adds a cable with its tiers and lists it; an ID twice is refused', async () => {
      const id = nextId();
      const r = await api.post(`${D}/cable/add`, { deviceId: id.toLowerCase(), modelId: cableModel, packages: tiers });
      expect(r).toMatchObject({
        code: 0,
        data: {
          id,
          modelId: cableModel,
          modelName: 'Cable CB1',
          outletId: null,
          packages: tiers,
          position: 0,
          codesIssued: 0,
          lastCodeTime: null,
        },
      });
      expect(await api.post(`${D}/cable/add`, { deviceId: id, modelId: cableModel, packages: tiers })).toMatchObject({
        code: 103101,
        msg: 'A device with this ID already exists',
      });
      const list = await api.get(`${D}/cable/queryPage`, { deviceId: id.slice(-5), bound: false });
      expect(list.data).toMatchObject({ total: 1, list: [{ id }] });
      expect((await api.get(`${D}/cable/queryPage`, { deviceId: id.slice(-5), bound: true })).data.total).toBe(0);
      const edited = await put(`${D}/cable/update`, { deviceId: id, modelId: cableModel, packages: tiers.slice(0, 2) });
      expect(edited).toMatchObject({ code: 0, data: { packages: tiers.slice(0, 2) } });
      expect((await put(`${D}/cable/update`, { deviceId: nextId(), modelId: cableModel, packages: tiers })).code).toBe(
        100004,
      );
    });

    it('50 adds of one ID at once: one cable, the rest told it exists', async () => {
      const id = nextId();
      const all = await Promise.all(
        Array.from({ length: 50 }, () =>
          api.post(`${D}/cable/add`, { deviceId: id, modelId: cableModel, packages: tiers }),
        ),
      );
      expect(all.filter((r) => r.code === 0)).toHaveLength(1);
      expect(all.filter((r) => r.code !== 0).every((r) => r.code === 103101)).toBe(true);
      expect((await api.get(`${D}/cable/queryPage`, { deviceId: id })).data.total).toBe(1);
    });

    it('package rules: 1-10 tiers, name up to 16, amount not zero, each duration once, first three hours not above the 12-hour maximum', async () => {
      const bad = async (packages: unknown, lang = 'en_US') =>
        api.post(`${D}/cable/add`, { deviceId: nextId(), modelId: cableModel, packages }, lang);
      expect(await bad([])).toMatchObject({ code: 100001, msg: 'Invalid input: packages: needs at least 1 items' });
      expect(
        await bad(Array.from({ length: 11 }, (_, i) => ({ name: `t${i}`, hours: i + 1, amount: 100 }))),
      ).toMatchObject({ code: 100001, msg: 'Invalid input: packages: allows at most 10 items' });
      expect(await bad([{ name: 'x'.repeat(17), hours: 1, amount: 100 }])).toMatchObject({
        code: 100001,
        msg: 'Invalid input: packages.0.name: must be at most 16 characters',
      });
      expect(await bad([{ name: 'free', hours: 1, amount: 0 }])).toMatchObject({
        code: 100001,
        msg: 'Invalid input: Amount: cannot be zero',
      });
      expect(await bad([{ name: 'a', hours: 1, amount: 1.5 }])).toMatchObject({
        code: 100001,
        msg: expect.stringContaining('Amount: must be an amount'),
      });
      expect(await bad([{ name: 'a', hours: 25, amount: 100 }])).toMatchObject({
        code: 100001,
        msg: 'Invalid input: packages.0.hours: must be 1 to 24 hours',
      });
      expect(
        await bad([
          { name: 'a', hours: 3, amount: 100 },
          { name: 'b', hours: 3, amount: 200 },
        ]),
      ).toMatchObject({ code: 100001, msg: 'Invalid input: packages.1.hours: the same duration appears twice' });
      const over = [
        { name: '3 h', hours: 3, amount: 600 },
        { name: '12 h', hours: 12, amount: 500 },
      ];
      expect(await bad(over)).toMatchObject({
        code: 100001,
        msg: 'Invalid input: Amount: the first-three-hours amount cannot be above the 12-hour maximum',
      });
      expect((await bad(over, 'zh_CN')).msg).toContain('前三小时金额不能高于 12 小时封顶金额');
      expect((await bad(over, 'zh_TW')).msg).toContain('前三小時金額不能高於 12 小時封頂金額');
      // Equal is allowed; without a 12-hour tier there is no maximum to compare with.
      expect(
        (
          await bad([
            { name: '3 h', hours: 3, amount: 500 },
            { name: '12 h', hours: 12, amount: 500 },
          ])
        ).code,
      ).toBe(0);
      expect(
        (
          await bad([
            { name: '3 h', hours: 3, amount: 900 },
            { name: '24 h', hours: 24, amount: 500 },
          ])
        ).code,
      ).toBe(0);
      // The range settings bound every amount.
      expect(await bad([{ name: 'dear', hours: 1, amount: 100_001 }])).toMatchObject({
        code: 103107,
        msg: 'A package amount must be between 0.00 and 1000.00 (range settings)',
      });
    });

    it('refuses a model that is missing, of another kind or not normal', async () => {
      const add = (modelId: number) => api.post(`${D}/cable/add`, { deviceId: nextId(), modelId, packages: tiers });
      expect(await add(999999)).toMatchObject({ code: 103102 });
      expect((await add(btModel)).code).toBe(100503);
      const paused = (
        await api.post(`${D}/model/saveOrUpdate`, { productName: 'Cable', model: 'CBP', deviceType: 'cable' })
      ).data.id;
      expect((await put(`${D}/model/editStatus`, { id: paused, status: 'paused' })).code).toBe(0);
      expect((await add(paused)).code).toBe(100502);
    });

    it('issues codes along the ring that the cable accepts, in order and with drift', async () => {
      const id = nextId();
      expect((await api.post(`${D}/cable/add`, { deviceId: id, modelId: cableModel, packages: tiers })).code).toBe(0);
      const secret = await s.current.server.services.accessories.cables.secretOf(id);
      const device = new CableDevice(
        secret,
        tiers.map((t) => t.hours),
      );
      const first = await api.post(`${D}/cable/issueCode`, { deviceId: id, hours: 3 });
      expect(first).toMatchObject({
        code: 0,
        data: {
          cableId: id,
          position: 0,
          hours: 3,
          kind: 'issue',
          issuedBy: 'admin',
          code: expect.stringMatching(/^\d{8}$/),
        },
      });
      expect(device.enter(first.data.code)).toEqual({ position: 0, hours: 3 });
      // Two codes issued, the first never typed: the second still unlocks (drift), the first no longer does.
      const lost = await api.post(`${D}/cable/issueCode`, { deviceId: id, hours: 1 });
      const second = await api.post(`${D}/cable/issueCode`, { deviceId: id, hours: 12 });
      expect(device.enter(second.data.code)).toEqual({ position: 2, hours: 12 });
      expect(device.enter(lost.data.code)).toBeNull();
      expect(device.enter(first.data.code)).toBeNull();
      // Power lost mid-session: a new code for the last duration.
      const again = await api.post(`${D}/cable/reissueCode`, { deviceId: id });
      expect(again).toMatchObject({ code: 0, data: { position: 3, hours: 12, kind: 'reissue' } });
      expect(device.enter(again.data.code)).toEqual({ position: 3, hours: 12 });
      expect(await api.post(`${D}/cable/issueCode`, { deviceId: id, hours: 2 })).toMatchObject({
        code: 103103,
        msg: 'The device has no 2-hour package',
      });
      const codes = await api.get(`${D}/cable/codes`, { cableId: id });
      expect(codes.data.total).toBe(4);
      expect(codes.data.list.map((c: { position: number }) => c.position)).toEqual([3, 2, 1, 0]);
      const row = (await api.get(`${D}/cable/queryPage`, { deviceId: id })).data.list[0];
      expect(row).toMatchObject({ position: 4, codesIssued: 4, lastCodeTime: expect.any(String) });
    });

    it('reissue needs an earlier code; unknown cables are not found', async () => {
      const id = nextId();
      expect((await api.post(`${D}/cable/add`, { deviceId: id, modelId: cableModel, packages: tiers })).code).toBe(0);
      expect(await api.post(`${D}/cable/reissueCode`, { deviceId: id })).toMatchObject({
        code: 103105,
        msg: 'No code has been issued for this device yet',
      });
      expect((await api.post(`${D}/cable/issueCode`, { deviceId: nextId(), hours: 1 })).code).toBe(100004);
      expect((await api.post(`${D}/cable/reissueCode`, { deviceId: nextId() })).code).toBe(100004);
    });

    it('50 issues at once: the rate limit lets exactly the allowed number through, on consecutive positions, each code once', async () => {
      const id = nextId();
      expect((await api.post(`${D}/cable/add`, { deviceId: id, modelId: cableModel, packages: tiers })).code).toBe(0);
      const all = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          api.post(`${D}/cable/${i % 2 ? 'reissueCode' : 'issueCode'}`, { deviceId: id, hours: 1 }),
        ),
      );
      const ok = all.filter((r) => r.code === 0);
      expect(ok).toHaveLength(CODE_RATE_MAX);
      expect(ok.map((r) => r.data.position).sort((a: number, b: number) => a - b)).toEqual([0, 1, 2, 3, 4]);
      expect(new Set(ok.map((r) => r.data.code)).size).toBe(CODE_RATE_MAX);
      // The rest: rate limited, or a reissue that came before any code (never a 500, never a duplicate).
      expect(all.filter((r) => r.code !== 0).every((r) => r.code === 103104 || r.code === 103105)).toBe(true);
      expect(all.some((r) => r.code === 103104 && /try again in \d+ s/.test(r.msg))).toBe(true);
      expect((await api.get(`${D}/cable/queryPage`, { deviceId: id })).data.list[0].position).toBe(CODE_RATE_MAX);
    });

    it('the rate window moves with the clock', async () => {
      const id = nextId();
      expect((await api.post(`${D}/cable/add`, { deviceId: id, modelId: cableModel, packages: tiers })).code).toBe(0);
      const cables = s.current.server.services.accessories.cables;
      const start = Date.now() + 3_600_000;
      try {
        cables.clock = () => new Date(start);
        for (let i = 0; i < CODE_RATE_MAX; i++)
          expect((await api.post(`${D}/cable/issueCode`, { deviceId: id, hours: 1 })).code).toBe(0);
        expect(await api.post(`${D}/cable/issueCode`, { deviceId: id, hours: 1 })).toMatchObject({
          code: 103104,
          msg: `Too many codes for this cable; try again in ${CODE_RATE_WINDOW_SECONDS} s`,
        });
        cables.clock = () => new Date(start + CODE_RATE_WINDOW_SECONDS * 1000 + 1);
        expect(await api.post(`${D}/cable/issueCode`, { deviceId: id, hours: 1 })).toMatchObject({
          code: 0,
          data: { position: CODE_RATE_MAX },
        });
      } finally {
        cables.clock = () => new Date();
      }
    });
  });

  describe('Bluetooth chargers', () => {
    it('reads the limits from the system settings and keeps billing within them', async () => {
      const limits = await api.get(`${D}/bluetooth/limits`);
      expect(limits.data).toEqual({ prepayMax: 9900, prepayDefault: 2000, dailyCap: 1000, hourlyLimit: 100 });
      const id = nextId('BLUE');
      const body = { deviceId: id, modelId: btModel, packages: [], hourlyPrice: 100, dailyCap: 1000, prepayment: 2000 };
      expect(await api.post(`${D}/bluetooth/add`, body)).toMatchObject({
        code: 0,
        data: { id, modelName: 'BT BT1', hourlyPrice: 100, dailyCap: 1000, prepayment: 2000, outletId: null },
      });
      expect(await put(`${D}/bluetooth/update`, { ...body, prepayment: 9901 })).toMatchObject({
        code: 103106,
        msg: 'Prepayment cannot be above the system setting 99.00',
      });
      expect((await put(`${D}/bluetooth/update`, { ...body, prepayment: 9901 }, 'zh_CN')).msg).toBe(
        '预付金额 不能高于系统设置的 99.00',
      );
      expect((await put(`${D}/bluetooth/update`, { ...body, hourlyPrice: 101, dailyCap: 1000 })).code).toBe(103106);
      expect((await put(`${D}/bluetooth/update`, { ...body, dailyCap: 1001 })).code).toBe(103106);
      expect(await put(`${D}/bluetooth/update`, { ...body, hourlyPrice: 90, dailyCap: 80 })).toMatchObject({
        code: 100001,
        msg: 'Invalid input: Hourly price: the hourly price cannot be above the daily cap',
      });
      expect(await put(`${D}/bluetooth/update`, { ...body, packages: tiers, hourlyPrice: 50 })).toMatchObject({
        code: 0,
        data: { hourlyPrice: 50, packages: tiers },
      });
      expect((await api.post(`${D}/bluetooth/add`, body)).code).toBe(103101);
      expect(
        (await api.post(`${D}/bluetooth/add`, { ...body, deviceId: nextId('BLUE'), modelId: cableModel })).code,
      ).toBe(100503);
      expect(
        (await api.get(`${D}/bluetooth/queryPage`, { deviceId: id, orderBy: 'hourlyPrice', order: 'ascend' })).data,
      ).toMatchObject({ total: 1, list: [{ id }] });
    });
  });

  describe('repair tickets', () => {
    const ticket = () => ({
      deviceType: 'cable',
      deviceId: nextId(),
      problemTypeId: problemType,
      contact: 'Li Lei',
      phone: '13800000000',
      description: 'The cable does not charge',
      pictures: [],
      outOfBusiness: false,
    });

    it('records a ticket untreated with its number, problem type and no handler', async () => {
      const r = await api.post(`${U}/repair/add`, ticket());
      expect(r).toMatchObject({
        code: 0,
        data: {
          no: expect.stringMatching(/^R\d{8}\d{6}$/),
          status: 'untreated',
          problemTypeName: 'Will not charge',
          handlerName: null,
          processTime: null,
          outOfBusiness: false,
        },
      });
      expect((await api.get(`${U}/repair/problemTypes`)).data).toContainEqual({
        id: problemType,
        name: 'Will not charge',
      });
      expect((await api.get(`${U}/repair/queryPage`, { no: r.data.no })).data).toMatchObject({
        total: 1,
        list: [{ id: r.data.id }],
      });
      expect(await api.post(`${U}/repair/add`, { ...ticket(), problemTypeId: 999999 })).toMatchObject({ code: 103111 });
    });

    it('50 tickets at once get 50 different numbers', async () => {
      const all = await Promise.all(Array.from({ length: 50 }, () => api.post(`${U}/repair/add`, ticket())));
      expect(all.every((r) => r.code === 0)).toBe(true);
      expect(new Set(all.map((r) => r.data.no)).size).toBe(50);
    });

    it('moves only forward: untreated → processing → finished; never back, never twice', async () => {
      const id = (await api.post(`${U}/repair/add`, ticket())).data.id;
      const p = await put(`${U}/repair/process`, { id, status: 'processing' });
      expect(p).toMatchObject({
        code: 0,
        data: { status: 'processing', handlerName: 'admin', processTime: expect.any(String), finishTime: null },
      });
      expect(await put(`${U}/repair/process`, { id, status: 'processing' })).toMatchObject({
        code: 103110,
        msg: 'The ticket has already moved on; this step is no longer possible',
      });
      const f = await put(`${U}/repair/process`, { id, status: 'finished', result: 'Replaced the plug' });
      expect(f).toMatchObject({
        code: 0,
        data: {
          status: 'finished',
          result: 'Replaced the plug',
          processTime: p.data.processTime,
          finishTime: expect.any(String),
        },
      });
      expect((await put(`${U}/repair/process`, { id, status: 'finished' })).code).toBe(103110);
      expect((await put(`${U}/repair/process`, { id, status: 'processing' })).code).toBe(103110);
      expect((await put(`${U}/repair/process`, { id: 999999, status: 'processing' })).code).toBe(100004);
      // Straight from untreated to finished is allowed.
      const other = (await api.post(`${U}/repair/add`, ticket())).data.id;
      expect((await put(`${U}/repair/process`, { id: other, status: 'finished' })).data).toMatchObject({
        status: 'finished',
        processTime: expect.any(String),
      });
    });

    it('50 handlers at once: one takes the ticket, the others are told it moved on', async () => {
      const id = (await api.post(`${U}/repair/add`, ticket())).data.id;
      const all = await Promise.all(
        Array.from({ length: 50 }, () => put(`${U}/repair/process`, { id, status: 'processing' })),
      );
      expect(all.filter((r) => r.code === 0)).toHaveLength(1);
      expect(all.filter((r) => r.code !== 0).every((r) => r.code === 103110)).toBe(true);
    });

    it('records the wish to take the device out of business (applied when the assets can)', async () => {
      const r = await api.post(`${U}/repair/add`, { ...ticket(), outOfBusiness: true });
      expect(r.data).toMatchObject({ outOfBusiness: true, outOfBusinessApplied: false });
      const id = (await api.post(`${U}/repair/add`, ticket())).data.id;
      expect((await put(`${U}/repair/process`, { id, status: 'processing', outOfBusiness: true })).data).toMatchObject({
        outOfBusiness: true,
      });
    });

    it('with the removal path handed in, the device is taken out of business and the ticket says so', async () => {
      const asked: { deviceId: string; reason: string; by: string | null }[] = [];
      const services = s.current.server.services;
      const repairs = new RepairService(
        s.current.database.db,
        {
          models: services.assets.models,
          settings: services.system.config,
          problemTypes: services.system.problemTypes,
        },
        async (deviceId, reason, by) => {
          asked.push({ deviceId, reason, by: by.name });
          if (!deviceId.endsWith('1')) throw new AppError('DEVICE_NOT_BOUND');
        },
      );
      const by = { id: null, name: 'tester' };
      const known = await repairs.create(
        { ...ticket(), deviceId: 'CABL0000000000091', deviceType: 'cable', outOfBusiness: true },
        by,
      );
      expect(known).toMatchObject({ outOfBusiness: true, outOfBusinessApplied: true });
      const unknown = await repairs.create(
        { ...ticket(), deviceId: 'CABL0000000000092', deviceType: 'cable', outOfBusiness: false },
        by,
      );
      expect(unknown.outOfBusinessApplied).toBe(false);
      expect(await repairs.process({ id: unknown.id, status: 'processing', outOfBusiness: true }, by)).toMatchObject({
        outOfBusiness: true,
        outOfBusinessApplied: false,
      });
      expect(asked).toEqual([
        { deviceId: 'CABL0000000000091', reason: `repair ${known.no}`, by: 'tester' },
        { deviceId: 'CABL0000000000092', reason: `repair ${unknown.no}`, by: 'tester' },
      ]);
    });
  });
  it('each list starts an export of what it filters', async () => {
    expect((await api.post(`${D}/cable/add`, { deviceId: nextId(), modelId: cableModel, packages: tiers })).code).toBe(
      0,
    );
    expect(
      (
        await api.post(`${D}/bluetooth/add`, {
          deviceId: nextId('BLUE'),
          modelId: btModel,
          packages: [],
          hourlyPrice: 100,
          dailyCap: 1000,
          prepayment: 2000,
        })
      ).code,
    ).toBe(0);
    const t = {
      deviceType: 'cable',
      deviceId: nextId(),
      problemTypeId: problemType,
      contact: 'A',
      phone: '1',
      description: 'x',
      pictures: [],
      outOfBusiness: false,
    };
    expect((await api.post(`${U}/repair/add`, t)).code).toBe(0);
    for (const url of [`${D}/cable/export`, `${D}/bluetooth/export`, `${U}/repair/export`]) {
      expect(await api.post(url, {})).toMatchObject({
        code: 0,
        data: { exportId: expect.any(Number), fileName: expect.any(String) },
      });
    }
    expect((await api.post(`${D}/cable/export`, { deviceId: 'NO SUCH CABLE' })).code).toBe(100071);
  });

  describe('bad input: every call answers a code and a message, never a 500', () => {
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, lang = 'en_US') => {
      const r = await s.current.inject({
        method,
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
        headers: auth(token, lang),
      });
      expect(r.statusCode).toBeLessThan(500);
      return r.json() as { code: number; msg: string };
    };
    const cases: [string, 'GET' | 'POST' | 'PUT', string, unknown, RegExp][] = [
      ['cable list: page size 0', 'GET', `${D}/cable/queryPage?pageSize=0`, undefined, /pageSize/],
      ['cable list: unknown sort', 'GET', `${D}/cable/queryPage?orderBy=secret`, undefined, /orderBy/],
      ['cable list: bound not a boolean', 'GET', `${D}/cable/queryPage?bound=maybe`, undefined, /bound/],
      ['cable export: model id not a number', 'POST', `${D}/cable/export`, { modelId: 'x' }, /modelId/],
      [
        'cable add: non-standard ID',
        'POST',
        `${D}/cable/add`,
        { deviceId: 'AB12', modelId: 1, packages: tiers },
        /deviceId: is a non-standard device code/,
      ],
      ['cable add: no model', 'POST', `${D}/cable/add`, { deviceId: 'ABCD0000000000001', packages: tiers }, /modelId/],
      [
        'cable update: packages not a list',
        'PUT',
        `${D}/cable/update`,
        { deviceId: 'ABCD0000000000001', modelId: 1, packages: 'all' },
        /packages/,
      ],
      ['issue code: hours 0', 'POST', `${D}/cable/issueCode`, { deviceId: 'ABCD0000000000001', hours: 0 }, /hours/],
      ['issue code: no ID', 'POST', `${D}/cable/issueCode`, { hours: 1 }, /id/],
      ['reissue: bad ID', 'POST', `${D}/cable/reissueCode`, { deviceId: 42 }, /id/],
      ['codes: no cable', 'GET', `${D}/cable/codes`, undefined, /cableId/],
      ['charger list: page 0', 'GET', `${D}/bluetooth/queryPage?pageNum=0`, undefined, /pageNum/],
      ['charger export: bad model id', 'POST', `${D}/bluetooth/export`, { modelId: -1 }, /modelId/],
      [
        'charger add: money with cents below one',
        'POST',
        `${D}/bluetooth/add`,
        { deviceId: 'BLUE0000000000001', modelId: 1, packages: [], hourlyPrice: 0.5, dailyCap: 1, prepayment: 1 },
        /Hourly price/,
      ],
      [
        'charger update: prepayment 0',
        'PUT',
        `${D}/bluetooth/update`,
        { deviceId: 'BLUE0000000000001', modelId: 1, packages: [], hourlyPrice: 1, dailyCap: 1, prepayment: 0 },
        /prepayment: cannot be zero/,
      ],
      ['ticket list: unknown status', 'GET', `${U}/repair/queryPage?status=lost`, undefined, /status/],
      ['ticket export: bad device type', 'POST', `${U}/repair/export`, { deviceType: 'drone' }, /deviceType/],
      [
        'ticket add: bad phone',
        'POST',
        `${U}/repair/add`,
        {
          deviceType: 'cable',
          deviceId: 'ABCD0000000000001',
          problemTypeId: 1,
          contact: 'A',
          phone: 'call me',
          description: 'x',
          pictures: [],
          outOfBusiness: false,
        },
        /phone/,
      ],
      [
        'ticket add: seven pictures',
        'POST',
        `${U}/repair/add`,
        {
          deviceType: 'cable',
          deviceId: 'ABCD0000000000001',
          problemTypeId: 1,
          contact: 'A',
          phone: '1',
          description: 'x',
          pictures: Array(7).fill('/files/images/a.png'),
          outOfBusiness: false,
        },
        /pictures/,
      ],
      [
        'ticket add: picture not an address',
        'POST',
        `${U}/repair/add`,
        {
          deviceType: 'cable',
          deviceId: 'ABCD0000000000001',
          problemTypeId: 1,
          contact: 'A',
          phone: '1',
          description: 'x',
          pictures: ['javascript:alert(1)'],
          outOfBusiness: false,
        },
        /pictures\.0/,
      ],
      ['ticket process: back to untreated', 'PUT', `${U}/repair/process`, { id: 1, status: 'untreated' }, /status/],
    ];
    it.each(cases)('%s', async (_name, method, url, payload, field) => {
      const r = await call(method, url, payload);
      expect(r.code).toBe(100001);
      expect(r.msg).toMatch(field);
      expect((await call(method, url, payload, 'zh_CN')).msg).toMatch(/[\u4e00-\u9fff]/);
    });

    it('a ticket list over 30 days, an upload that is no picture, and calls without a session', async () => {
      expect(
        (await call('GET', `${U}/repair/queryPage?beginTime=2026-01-01 00:00:00&endTime=2026-03-01 00:00:00`)).code,
      ).not.toBe(0);
      const boundary = '----accpic';
      const r = await s.current.inject({
        method: 'POST',
        url: `${U}/repair/uploadPicture`,
        payload: Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a png\r\n--${boundary}--\r\n`,
        ),
        headers: { ...auth(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(r.json()).toMatchObject({ code: 100053 });
      for (const [method, url] of [
        ['GET', `${D}/cable/queryPage`],
        ['POST', `${D}/cable/issueCode`],
        ['GET', `${D}/bluetooth/limits`],
        ['GET', `${D}/billing/template`],
        ['GET', `${U}/repair/problemTypes`],
      ] as const) {
        const anon = await s.current.inject({ method, url, headers: { clienttype: 'MANAGE_PC' } });
        expect(anon.json().code).toBe(100020);
      }
    });
  });
});
