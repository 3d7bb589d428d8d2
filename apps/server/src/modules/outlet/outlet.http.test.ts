import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Errors } from '@cbo/contract';
import { query } from '../../platform/db/database.js';
import { engines, useServer } from '../../test/helper.js';
import { accountWithMenus } from '../../test/accounts.js';
import { BILLING, caller, networkFixture, ok, outletBody, stockIn } from '../../test/outlet/outlet-fixtures.js';
import { devPowerBank } from '../fleet/tables.js';
import { outletMenus } from './menus.js';

const O = '/device/api/v1/outlet';
const code = (name: keyof typeof Errors) => Errors[name].code;
const FIELD_LABELS: Record<string, string | undefined> = {
  'billing.dailyCap': 'Daily cap',
  'billing.totalCap': 'Total cap',
  'billing.pricePerPeriod': 'Price per period',
  'billing.periodMinutes': 'Billing period',
  'billing.freeMinutes': 'Free minutes',
  'billing.deposit': 'Deposit',
};

describe.each(engines)('outlet calls (%s)', (engine) => {
  const s = useServer(engine);
  let token = '';
  const c = caller(s, () => token);
  let net: Awaited<ReturnType<typeof networkFixture>>;

  beforeAll(async () => {
    token = await s.current.login();
    net = await networkFixture(s, c);
  });

  const create = async (over: Parameters<typeof outletBody>[1] = {}) =>
    (await ok(c.post(`${O}/saveOrUpdate`, outletBody(net.agentB, over)), 'outlet')).id as number;
  const row = async (id: number, query: Record<string, string> = {}) =>
    (await c.get(`${O}/queryPage`, { pageSize: 100, ...query })).data.list.find((r: { id: number }) => r.id === id);

  describe('saving an outlet', () => {
    it('creates an agent outlet with its fields, billing rule, owner and region; answers { id } and lists it', async () => {
      const id = await create({
        name: 'Bund Café',
        serviceProviderId: net.provider,
        serviceProviderRatio: 10,
        pusherId: net.pusher,
        servicePhone: '4008001234',
        serviceHours: '09:00-22:00',
        managerName: 'Wang',
        managerPhone: '13800001111',
        remark: 'corner',
      });
      const r = await row(id);
      expect(r).toMatchObject({
        name: 'Bund Café',
        code: `O${String(id).padStart(6, '0')}`,
        status: 'inService',
        direct: false,
        ratio: 30,
        hiddenRatio: 35,
        costAmount: 12000,
        billing: BILLING,
        agent: { id: net.agentB },
        team: null,
        // The agent's region when none is given.
        region: { id: net.region },
        serviceProvider: { id: net.provider },
        serviceProviderRatio: 10,
        pusher: { id: net.pusher },
        serviceHours: '09:00-22:00',
        devices: 0,
        turnover: 0,
        simulated: false,
      });
      expect(r.agent.name).toMatch(/^B/);
    });

    it("refuses a ratio above the agent's, naming the agent and its ratio, in the caller's language", async () => {
      const en = await c.post(`${O}/saveOrUpdate`, outletBody(net.agentB, { ratio: 41, hiddenRatio: 41 }));
      expect(en.code).toBe(code('OUTLET_RATIO_ABOVE_AGENT'));
      expect(en.msg).toMatch(/41% cannot be above the 40% of agent B/);
      const zh = await c.post(`${O}/saveOrUpdate`, outletBody(net.agentB, { ratio: 41, hiddenRatio: 41 }), 'zh_CN');
      expect(zh.msg).toMatch(/网点分成比例 41% 不能高于代理商 B.* 的 40%/);
      // Exactly the agent's ratio is allowed (the agent then earns nothing on it).
      expect((await c.post(`${O}/saveOrUpdate`, outletBody(net.agentB, { ratio: 40, hiddenRatio: 40 }))).code).toBe(0);
    });

    it('refuses a billing rule that does not hold together, field by field (never a 500)', async () => {
      // A message names the field by its label, the way the form shows it.
      const bad = async (billing: Record<string, unknown>, field: string, text: RegExp) => {
        const r = await c.post(
          `${O}/saveOrUpdate`,
          outletBody(net.agentB, { billing: { ...BILLING, ...billing } as never }),
        );
        expect(r.status).toBeLessThan(500);
        expect(r.code).toBe(100001);
        // Named by its label where the contract gives one (outletFields), by its path otherwise.
        expect(
          [field, FIELD_LABELS[field]].filter(Boolean).some((f) => r.msg.includes(f!)),
          `${r.msg} names ${field}`,
        ).toBe(true);
        expect(r.msg).toMatch(text);
      };
      await bad({ dailyCap: 10000, totalCap: 20000 }, 'Daily cap', /cannot exceed the deposit/);
      await bad({ pricePerPeriod: 4000 }, 'Daily cap', /cannot be below the price per period/);
      await bad({ totalCap: 2000 }, 'Total cap', /cannot be below the daily cap/);
      await bad({ pricePerPeriod: 1.5 }, 'Price per period', /whole amount in cents/);
      await bad({ pricePerPeriod: 0 }, 'Price per period', /above 0/);
      await bad({ deposit: -1 }, 'Deposit', /at least 0/);
      await bad({ periodMinutes: 0 }, 'Billing period', /at least 1/);
      await bad({ freeMinutes: 2000 }, 'Free minutes', /at most 1440/);
      await bad({ deposit: undefined }, 'Deposit', /required/);
    });

    it('refuses a hidden ratio below the ratio, both or neither of agent and team, unknown references', async () => {
      const r1 = await c.post(`${O}/saveOrUpdate`, outletBody(net.agentB, { ratio: 30, hiddenRatio: 20 }));
      expect(r1).toMatchObject({ code: 100001 });
      expect(r1.msg).toMatch(/hiddenRatio.*not be below|hiddenRatio: cannot be below the actual ratio/);
      expect((await c.post(`${O}/saveOrUpdate`, outletBody(net.agentB, { teamId: net.team }))).code).toBe(100001);
      expect((await c.post(`${O}/saveOrUpdate`, outletBody(net.agentB, { agentId: null }))).code).toBe(100001);
      expect((await c.post(`${O}/saveOrUpdate`, outletBody(9_999_999))).code).toBe(code('OUTLET_AGENT_NOT_FOUND'));
      expect(
        (await c.post(`${O}/saveOrUpdate`, outletBody(net.agentB, { agentId: null, teamId: 9_999_999 }))).code,
      ).toBe(code('OUTLET_TEAM_NOT_FOUND'));
      expect((await c.post(`${O}/saveOrUpdate`, outletBody(net.agentB, { regionId: 9_999_999 }))).code).toBe(
        code('OUTLET_REGION_NOT_FOUND'),
      );
      expect((await c.post(`${O}/saveOrUpdate`, outletBody(net.agentB, { serviceProviderId: 9_999_999 }))).code).toBe(
        code('OUTLET_PROVIDER_NOT_FOUND'),
      );
      expect((await c.post(`${O}/saveOrUpdate`, outletBody(net.agentB, { pusherId: 9_999_999 }))).code).toBe(
        code('OUTLET_PUSHER_NOT_FOUND'),
      );
      expect((await c.post(`${O}/saveOrUpdate`, outletBody(net.agentB, { serviceProviderRatio: 5 }))).code).toBe(
        100001,
      );
      expect((await c.post(`${O}/saveOrUpdate`, outletBody(net.agentB, { lat: 91 }))).code).toBe(100001);
      expect((await c.post(`${O}/saveOrUpdate`, outletBody(net.agentB, { name: 'x'.repeat(19) }))).code).toBe(100001);
      expect((await c.post(`${O}/saveOrUpdate`, outletBody(net.agentB, { serviceHours: '25:00-26:00' }))).code).toBe(
        100001,
      );
      expect((await c.post(`${O}/saveOrUpdate`, { ...outletBody(net.agentB), id: 9_999_999 })).code).toBe(
        code('OUTLET_NOT_FOUND'),
      );
    });

    it('makes a direct-sales outlet of a team (up to 100 %); it stays one, and the direct list shows it', async () => {
      const id = (
        await ok(
          c.post(
            `${O}/saveOrUpdate`,
            outletBody(net.agentB, { agentId: null, teamId: net.team, ratio: 70, hiddenRatio: 80 }),
          ),
          'direct',
        )
      ).id as number;
      expect(await row(id, { direct: 'true' })).toMatchObject({
        direct: true,
        team: { id: net.team },
        agent: null,
        ratio: 70,
        region: { id: net.region },
      });
      expect(await row(id, { direct: 'false' })).toBeUndefined();
      const change = await c.post(`${O}/saveOrUpdate`, { ...outletBody(net.agentB), id });
      expect(change.code).toBe(code('OUTLET_OWNER_CHANGE'));
    });

    it("edits an outlet; an agent's ratio cannot drop below its outlets'", async () => {
      const agent = {
        name: 'Bedit',
        areaCode: '86',
        mobile: '13911112222',
        level: 'B',
        parentId: net.agentA,
        ratio: 40,
        minWithdrawal: 0,
        withdrawalFeeRate: 0,
      };
      const agentId = (await ok(c.post('/user/api/v1/agent/saveOrUpdate', { ...agent, password: 'pass1234' }), 'agent'))
        .id as number;
      const id = (await ok(c.post(`${O}/saveOrUpdate`, outletBody(agentId, { ratio: 35, hiddenRatio: 35 })), 'outlet'))
        .id as number;
      expect(
        (
          await c.post(`${O}/saveOrUpdate`, {
            ...outletBody(agentId, { name: 'Renamed', ratio: 36, hiddenRatio: 40 }),
            id,
          })
        ).code,
      ).toBe(0);
      expect(await row(id)).toMatchObject({ name: 'Renamed', ratio: 36 });
      const lower = await c.post('/user/api/v1/agent/saveOrUpdate', { ...agent, id: agentId, ratio: 20 });
      expect(lower.code).not.toBe(0);
      expect(lower.msg).toMatch(/Renamed.*36%/);
      expect((await c.post('/user/api/v1/agent/saveOrUpdate', { ...agent, id: agentId, ratio: 36 })).code).toBe(0);
    });

    it("keeps an outlet's ratio within its agent's when the agent's ratio changes at the same moment", async () => {
      const agent = {
        name: 'Brace',
        areaCode: '86',
        mobile: '13911113333',
        level: 'B',
        parentId: net.agentA,
        ratio: 40,
        minWithdrawal: 0,
        withdrawalFeeRate: 0,
      };
      const agentId = (await ok(c.post('/user/api/v1/agent/saveOrUpdate', { ...agent, password: 'pass1234' }), 'agent'))
        .id as number;
      const id = (await ok(c.post(`${O}/saveOrUpdate`, outletBody(agentId, { ratio: 10, hiddenRatio: 40 })), 'outlet'))
        .id as number;
      for (let i = 0; i < 10; i++) {
        await Promise.all([
          c.post('/user/api/v1/agent/saveOrUpdate', { ...agent, id: agentId, ratio: i % 2 ? 40 : 20 }),
          c.post(`${O}/saveOrUpdate`, { ...outletBody(agentId, { ratio: i % 2 ? 10 : 30, hiddenRatio: 40 }), id }),
        ]);
        const outletRatio = (await row(id)).ratio as number;
        const agentRatio = (await c.get('/user/api/v1/agent/detail', { id: agentId })).data.ratio as number;
        expect(outletRatio).toBeLessThanOrEqual(agentRatio);
      }
    });
  });

  describe('suspend, resume, delete', () => {
    it('suspends only with an explanation, resumes, and refuses the same move twice', async () => {
      const id = await create();
      expect((await c.put(`${O}/suspend`, { id })).code).toBe(100001);
      expect((await c.put(`${O}/suspend`, { id, reason: '' })).code).toBe(100001);
      expect((await c.put(`${O}/suspend`, { id, reason: 'x'.repeat(33) })).code).toBe(100001);
      expect((await c.put(`${O}/suspend`, { id, reason: 'Renovation' })).code).toBe(0);
      expect(await row(id)).toMatchObject({ status: 'suspended', suspendReason: 'Renovation' });
      expect((await c.put(`${O}/suspend`, { id, reason: 'Again' })).code).toBe(code('OUTLET_STATUS'));
      expect((await c.put(`${O}/resume`, { id })).code).toBe(0);
      expect(await row(id)).toMatchObject({ status: 'inService', suspendReason: '' });
      expect((await c.put(`${O}/resume`, { id })).code).toBe(code('OUTLET_STATUS'));
      expect((await c.put(`${O}/resume`, { id: 9_999_999 })).code).toBe(code('OUTLET_NOT_FOUND'));
    });

    it('deletes only an outlet without devices; a deleted outlet is out of the list and takes nothing', async () => {
      const id = await create();
      const [sn] = await stockIn(c, 1);
      expect((await c.post(`${O}/bindDevice`, { outletId: id, sn })).code).toBe(0);
      const refused = await c.del(`${O}/delete`, { id });
      expect(refused).toMatchObject({
        code: code('OUTLET_HAS_DEVICES'),
        msg: 'The outlet still has 1 bound devices; unbind them first',
      });
      expect((await c.post(`${O}/unbindDevice`, { sn, reason: 'Moved' })).code).toBe(0);
      expect((await c.del(`${O}/delete`, { id })).code).toBe(0);
      expect(await row(id)).toBeUndefined();
      expect(await row(id, { status: 'deleted' })).toMatchObject({ status: 'deleted' });
      expect((await c.post(`${O}/bindDevice`, { outletId: id, sn })).code).toBe(code('OUTLET_NOT_FOUND'));
      expect((await c.del(`${O}/delete`, { id })).code).toBe(code('OUTLET_NOT_FOUND'));
      expect((await c.put(`${O}/suspend`, { id, reason: 'x' })).code).toBe(code('OUTLET_NOT_FOUND'));
    });
  });

  describe('binding devices', () => {
    it('binds a cabinet, shows it on the outlet and the cabinet, refuses what breaks the binding rules', async () => {
      const a = await create();
      const b = await create();
      const [sn] = await stockIn(c, 1);
      expect(await c.post(`${O}/bindDevice`, { outletId: a, sn })).toMatchObject({
        code: 0,
        data: { sn, deviceType: 'cabinet', outletId: a },
      });
      expect((await c.get(`${O}/devices`, { outletId: a })).data).toEqual([
        { sn, deviceType: 'cabinet', online: false, powerBanks: 0, slots: null },
      ]);
      expect(await row(a)).toMatchObject({ devices: 1 });
      const outletName = (await row(a)).name as string;
      expect((await c.get('/device/api/v1/cabinet/queryPage', { sn })).data.list[0]).toMatchObject({
        bound: true,
        outletName,
      });
      expect((await c.get('/device/api/v1/cabinet/detail', { sn })).data).toMatchObject({ bound: true, outletName });
      // Already bound (here or elsewhere): refused, in the caller's language.
      expect(await c.post(`${O}/bindDevice`, { outletId: b, sn })).toMatchObject({
        code: code('DEVICE_ALREADY_BOUND'),
        msg: 'The device is already bound',
      });
      expect((await c.post(`${O}/bindDevice`, { outletId: b, sn }, 'zh_CN')).msg).toBe('设备已绑定');
      // Unbound devices offered to the picker do not include it.
      expect((await c.get(`${O}/unboundDevices`, { keyword: sn })).data).toEqual([]);
      expect(await c.post(`${O}/unbindDevice`, { sn, reason: 'Moved' })).toMatchObject({
        code: 0,
        data: { sn, outletId: null },
      });
      expect(await c.post(`${O}/unbindDevice`, { sn, reason: 'Moved' })).toMatchObject({
        code: code('DEVICE_NOT_BOUND'),
        msg: 'An unbound device cannot be unbound',
      });
      expect((await c.get(`${O}/unboundDevices`, { keyword: sn })).data.map((d: { sn: string }) => d.sn)).toEqual([sn]);
      // Wrong binding type: a cabinet asked for as a cable, or a power bank.
      expect((await c.post(`${O}/bindDevice`, { outletId: a, sn, deviceType: 'cable' })).code).toBe(
        code('DEVICE_WRONG_BINDING_TYPE'),
      );
      await s.current.database.db
        .insert(devPowerBank)
        .values({ powerBankId: 'PBTT0000000000001' })
        .onConflictDoNothing();
      expect(await c.post(`${O}/bindDevice`, { outletId: a, sn: 'PBTT0000000000001' })).toMatchObject({
        code: code('DEVICE_WRONG_BINDING_TYPE'),
        msg: 'Wrong binding type for this device',
      });
      expect((await c.post(`${O}/unbindDevice`, { sn: 'PBTT0000000000001', reason: 'Moved' })).code).toBe(
        code('DEVICE_WRONG_BINDING_TYPE'),
      );
      // Unknown codes.
      expect((await c.post(`${O}/bindDevice`, { outletId: a, sn: 'NOPE000000000001' })).code).toBe(
        code('BINDING_DEVICE_NOT_FOUND'),
      );
      expect((await c.post(`${O}/unbindDevice`, { sn: 'NOPE000000000001', reason: 'Moved' })).code).toBe(
        code('BINDING_DEVICE_NOT_FOUND'),
      );
      expect((await c.post(`${O}/bindDevice`, { outletId: 9_999_999, sn })).code).toBe(code('OUTLET_NOT_FOUND'));
      expect((await c.get(`${O}/devices`, { outletId: 9_999_999 })).code).toBe(code('OUTLET_NOT_FOUND'));
    });

    it('binds a device to at most one outlet when 50 binds arrive together: exactly one wins', async () => {
      const outlets = await Promise.all(Array.from({ length: 5 }, () => create()));
      const [sn] = await stockIn(c, 1);
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => c.post(`${O}/bindDevice`, { outletId: outlets[i % 5], sn })),
      );
      expect(answers.every((a) => a.status < 500)).toBe(true);
      expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
      expect(answers.filter((a) => a.code !== 0).every((a) => a.code === code('DEVICE_ALREADY_BOUND'))).toBe(true);
      const counts = await Promise.all(
        outlets.map(async (id) => (await c.get(`${O}/devices`, { outletId: id })).data.length as number),
      );
      expect(counts.reduce((x, y) => x + y, 0)).toBe(1);
    });

    it('never leaves a device bound to a deleted outlet when binds and the delete arrive together', async () => {
      const id = await create();
      const sns = await stockIn(c, 10);
      const answers = await Promise.all([
        ...sns.map((sn) => c.post(`${O}/bindDevice`, { outletId: id, sn })),
        c.del(`${O}/delete`, { id }),
      ]);
      expect(answers.every((a) => a.status < 500)).toBe(true);
      const deleted = answers.at(-1)!.code === 0;
      const bound = (await c.get(`${O}/devices`, { outletId: id })).data.length as number;
      if (deleted) expect(bound).toBe(0);
      else expect(bound).toBeGreaterThan(0);
    });
  });

  describe('the list, the map and the store page', () => {
    it('filters by name, status, region and sorts by devices; exports to the export centre', async () => {
      const id = await create({ name: 'Sortable one' });
      const sns = await stockIn(c, 2);
      for (const sn of sns) await ok(c.post(`${O}/bindDevice`, { outletId: id, sn }), 'bind');
      const page = await c.get(`${O}/queryPage`, {
        name: 'sortable',
        regionId: net.region,
        orderBy: 'devices',
        order: 'descend',
      });
      expect(page.data).toMatchObject({ total: 1, list: [{ id, devices: 2 }] });
      const top = await c.get(`${O}/queryPage`, { orderBy: 'devices', order: 'descend', pageSize: 1 });
      expect(top.data.list[0].devices).toBeGreaterThanOrEqual(2);
      expect((await c.get(`${O}/queryPage`, { status: 'nope' })).code).toBe(100001);
      expect((await c.get(`${O}/queryPage`, { pageSize: 1000 })).code).toBe(100001);
      expect((await c.post(`${O}/export`, { name: 'sortable' })).code).toBe(0);
    });

    it('answers the map points with their devices; OpenStreetMap tiles until a key is set for the map type', async () => {
      const id = await create({ name: 'On the map', lat: 31.2304, lng: 121.4737 });
      await c.put(`${O}/suspend`, { id, reason: 'Closed today' });
      const all = await c.get(`${O}/mapPoints`);
      expect(all.data.tiles).toBe('osm');
      expect(all.data.mapType).toBe('gaode');
      expect(all.data.points.find((p: { id: number }) => p.id === id)).toMatchObject({
        name: 'On the map',
        status: 'suspended',
        lat: 31.2304,
        lng: 121.4737,
        regionId: net.region,
        devices: 0,
        turnover: 0,
        direct: false,
      });
      expect(
        (await c.get(`${O}/mapPoints`, { status: 'inService' })).data.points.some((p: { id: number }) => p.id === id),
      ).toBe(false);
      expect((await c.get(`${O}/mapPoints`, { regionId: 9_999_999 })).data.points).toEqual([]);
      expect((await c.get(`${O}/mapPoints`, { status: 'deleted' })).code).toBe(100001);
      const basis = (await c.get('/user/api/v1/global/config/findByBasis')).data;
      expect(
        (
          await c.put('/user/api/v1/global/config/', {
            paramType: 'basis',
            values: { ...basis, mapType: 'google', mapKey: 'k-123' },
          })
        ).code,
      ).toBe(0);
      expect((await c.get(`${O}/mapPoints`)).data).toMatchObject({ mapType: 'google', tiles: 'google' });
      expect((await c.put('/user/api/v1/global/config/', { paramType: 'basis', values: basis })).code).toBe(0);
    });

    it("tells the outlet form's map whether addresses can be looked up; without a key the lookup says why, in the caller's language", async () => {
      expect((await c.get(`${O}/mapSettings`)).data).toEqual({ mapType: 'gaode', tiles: 'osm', geocoding: false });
      const noKey = await c.get(`${O}/geocode`, { address: '上海市黄浦区中山东一路18号' });
      expect(noKey.code).toBe(code('OUTLET_GEOCODE_NO_KEY'));
      expect(noKey.msg).toContain('pick the point on the map');
      expect((await c.get(`${O}/geocode`, { address: '上海市黄浦区中山东一路18号' }, 'zh_CN')).msg).toContain(
        '请在地图上点选',
      );
      expect((await c.get(`${O}/geocode`, { address: '上海市黄浦区中山东一路18号' }, 'zh_TW')).msg).toContain(
        '請在地圖上點選',
      );
      // An address is required and at most as long as the outlet's.
      expect((await c.get(`${O}/geocode`, { address: ' ' })).code).toBe(100001);
      expect((await c.get(`${O}/geocode`, { address: 'x'.repeat(101) })).code).toBe(100001);
      expect((await c.get(`${O}/geocode`)).code).toBe(100001);
      const basis = (await c.get('/user/api/v1/global/config/findByBasis')).data;
      expect(
        (
          await c.put('/user/api/v1/global/config/', {
            paramType: 'basis',
            values: { ...basis, mapType: 'tencent', mapKey: 'k-123' },
          })
        ).code,
      ).toBe(0);
      expect((await c.get(`${O}/mapSettings`)).data).toEqual({ mapType: 'tencent', tiles: 'tencent', geocoding: true });
      expect((await c.put('/user/api/v1/global/config/', { paramType: 'basis', values: basis })).code).toBe(0);
    });

    it('applies the store URL template to every outlet, and to outlets made afterwards', async () => {
      const id = await create();
      expect(
        (await c.put('/user/api/v1/store/updateAllStoreUrl', { storeUrl: 'https://u.example.com/store?id={id}' })).code,
      ).toBe(0);
      expect(await row(id)).toMatchObject({ pageUrl: `https://u.example.com/store?id=${id}` });
      const later = await create();
      expect(await row(later)).toMatchObject({ pageUrl: `https://u.example.com/store?id=${later}` });
      expect((await c.put('/user/api/v1/store/updateAllStoreUrl', { storeUrl: 'javascript:alert(1)' })).code).toBe(
        100001,
      );
      expect((await c.put('/user/api/v1/store/updateAllStoreUrl', { storeUrl: '' })).code).toBe(0);
      expect(await row(id)).toMatchObject({ pageUrl: '' });
    });
  });

  describe('permissions', () => {
    it('customer service reads outlets and the map but changes nothing', async () => {
      const codes = outletMenus.filter((m) => m.roles?.includes('customer_service')).map((m) => m.code);
      await accountWithMenus(s.current.database.db, `cs_outlet_${engine}`, 'pass1234', ['dashboard', ...codes]);
      const csToken = await s.current.login(`cs_outlet_${engine}`, 'pass1234');
      const cs = caller(s, () => csToken);
      expect((await cs.get(`${O}/queryPage`)).code).toBe(0);
      expect((await cs.get(`${O}/mapPoints`)).code).toBe(0);
      expect((await cs.post(`${O}/saveOrUpdate`, outletBody(net.agentB))).code).toBe(code('FORBIDDEN'));
      // The form's map and the address lookup go with saving outlets.
      expect((await cs.get(`${O}/mapSettings`)).code).toBe(code('FORBIDDEN'));
      expect((await cs.get(`${O}/geocode`, { address: 'Nanjing Road' })).code).toBe(code('FORBIDDEN'));
      expect((await cs.post(`${O}/bindDevice`, { outletId: 1, sn: 'ABCD000000000001' })).code).toBe(code('FORBIDDEN'));
      expect((await cs.post(`${O}/unbindDevice`, { sn: 'ABCD000000000001', reason: 'Moved' })).code).toBe(
        code('FORBIDDEN'),
      );
      expect((await cs.del(`${O}/delete`, { id: 1 })).code).toBe(code('FORBIDDEN'));
    });

    it('refuses bad input on every outlet call with a code and a message, never a 500', async () => {
      const tries: [string, string, unknown][] = [
        ['POST', `${O}/saveOrUpdate`, { name: 1 }],
        ['POST', `${O}/saveOrUpdate`, 'not json'],
        ['POST', `${O}/bindDevice`, { outletId: 'x', sn: '' }],
        ['POST', `${O}/bindDevice`, { outletId: 1, sn: 'A\u0000B' }],
        ['POST', `${O}/unbindDevice`, {}],
        ['PUT', `${O}/suspend`, { id: -1, reason: 'x' }],
        ['PUT', `${O}/resume`, { id: 1.5 }],
        ['DELETE', `${O}/delete`, {}],
        ['GET', `${O}/devices?outletId=abc`, undefined],
        ['GET', `${O}/mapPoints?regionId=-3`, undefined],
        ['GET', `${O}/geocode?address=`, undefined],
        ['GET', `${O}/queryPage?orderBy=nope`, undefined],
        ['GET', `${O}/unboundDevices?keyword=${'x'.repeat(40)}`, undefined],
        ['GET', `${O}/ownerOptions?keyword=${'x'.repeat(40)}`, undefined],
      ];
      for (const [method, url, body] of tries) {
        const r = await c.send(method as 'GET', url, body);
        expect(r.status, url).toBeLessThan(500);
        expect(r.code, url).not.toBe(0);
        expect(r.msg, url).toBeTruthy();
      }
      // Nothing half-written: no outlet carries a name from the refused saves.
      const [n] = await query<{ n: number }>(
        s.current.database.db,
        sql`select count(*)::int as n from out_outlet where name = '1'`,
      );
      expect(Number(n!.n)).toBe(0);
    });
  });
});
