import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auth, engines, useServer } from '../../test/helper.js';
import { http } from '../../test/fleet/fleet-helpers.js';
import { newSn } from '../../test/fleet/test-cabinet.js';
import { devCommand, devPowerBank } from './tables.js';
import { astDevice, astMovement } from '../assets/tables.js';
import { accCableCode } from '../accessories/tables.js';

const D = '/device/api/v1';
const tiers = [{ name: '1 hour', hours: 1, amount: 100 }];
const BOUND = {
  en_US: 'The device is bound to an outlet; unbind it before deleting it',
  zh_CN: '设备已绑定网点，请先解绑再删除',
  zh_TW: '設備已綁定網點，請先解綁再刪除',
};

/**
 * Deleting devices (issue 25; spec 5: a bound device cannot be deleted directly): cabinets, power
 * banks, cables, Bluetooth chargers and device assets. Each delete is one conditional statement;
 * history that names the device (commands, movements, issued codes) stays.
 */
describe.each(engines)('deleting devices (%s)', (engine) => {
  const s = useServer(engine);
  let token = '';
  const api = http(s, () => token);
  const del = async (url: string, query: Record<string, string>, lang = 'en_US') =>
    (
      await s.current.inject({
        method: 'DELETE',
        url: `${url}?${new URLSearchParams(query).toString()}`,
        headers: auth(token, lang),
      })
    ).json() as { code: number; msg: string; data: unknown };
  const db = () => s.current.database.db;
  const services = () => s.current.server.services;
  const OUTLET = 424242; // any id: the binding column holds it (outlets are not needed to prove the rule)
  let serial = 0;
  const nextId = (p: string) => `${p}${String(Date.now() % 1e9).padStart(9, '0')}${String(++serial).padStart(4, '0')}`;
  const stocked = async () => {
    const sn = newSn();
    expect((await api.post(`${D}/cabinet/batchStorage`, { sns: [sn] })).code).toBe(0);
    return sn;
  };
  const cabinetCount = async (sn: string) => (await api.get(`${D}/cabinet/queryPage`, { sn })).data.total as number;
  const assetOf = async (id: string) => (await db().select().from(astDevice).where(eq(astDevice.deviceId, id)))[0];
  let cableModel = 0;
  let btModel = 0;

  beforeAll(async () => {
    token = await s.current.login();
    cableModel = (
      await api.post(`${D}/model/saveOrUpdate`, { productName: 'Cable', model: 'CB9', deviceType: 'cable' })
    ).data.id;
    btModel = (
      await api.post(`${D}/model/saveOrUpdate`, { productName: 'BT', model: 'BT9', deviceType: 'bluetoothCharger' })
    ).data.id;
  });

  it('a bound cabinet is refused in three languages; unbound, it goes with its asset and its commands and movements stay', async () => {
    const sn = await stocked();
    expect(await assetOf(sn)).toMatchObject({ deviceType: 'cabinet', state: 'outOfStock' });
    await db()
      .insert(devCommand)
      .values({ id: `del-${sn}`, sn, type: 'query', data: {}, state: 'done', expiresAt: new Date() });
    await db().insert(astMovement).values({ kind: 'removal', deviceId: sn, deviceType: 'cabinet', reason: 'test' });
    expect(await services().fleet.outletBinding.bind(sn, OUTLET)).toBe('bound');

    for (const lang of ['en_US', 'zh_CN', 'zh_TW'] as const) {
      expect(await del(`${D}/cabinet/delete`, { sn }, lang)).toMatchObject({ code: 100311, msg: BOUND[lang] });
    }
    expect(await cabinetCount(sn)).toBe(1);
    expect(await assetOf(sn)).toBeDefined();

    await services().fleet.outletBinding.unbind(sn);
    expect(await del(`${D}/cabinet/delete`, { sn: sn.toLowerCase() })).toMatchObject({ code: 0, data: null });
    expect(await cabinetCount(sn)).toBe(0);
    expect(await assetOf(sn)).toBeUndefined();
    expect(await db().select().from(devCommand).where(eq(devCommand.sn, sn))).toHaveLength(1);
    expect(await db().select().from(astMovement).where(eq(astMovement.deviceId, sn))).toHaveLength(1);
    // Gone: asked again, it is not found; bad input is named, never a 500.
    expect(await del(`${D}/cabinet/delete`, { sn })).toMatchObject({ code: 100303, msg: 'Device not found' });
    expect(await del(`${D}/cabinet/delete`, { sn: 'abc' })).toMatchObject({ code: 100001 });
    expect((await del(`${D}/cabinet/delete`, {})).code).toBe(100001);
    // Stocked in again after deletion: a new life under the same SN.
    expect((await api.post(`${D}/cabinet/batchStorage`, { sns: [sn] })).code).toBe(0);
  });

  it('a bind and a delete arriving together: exactly one wins', async () => {
    for (let i = 0; i < 4; i++) {
      const sn = await stocked();
      const [bound, deleted] = await Promise.all([
        services().fleet.outletBinding.bind(sn, OUTLET),
        del(`${D}/cabinet/delete`, { sn }),
      ]);
      if (bound === 'bound') {
        expect(deleted.code).toBe(100311);
        expect(await cabinetCount(sn)).toBe(1);
      } else {
        expect(bound).toBe('notFound');
        expect(deleted.code).toBe(0);
        expect(await cabinetCount(sn)).toBe(0);
      }
    }
  });

  it('50 identical deletes at once: one deletes, the others find nothing; 25 binds beside 25 deletes leave one outcome', async () => {
    const sn = await stocked();
    const answers = await Promise.all(Array.from({ length: 50 }, () => del(`${D}/cabinet/delete`, { sn })));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 100303)).toHaveLength(49);
    expect(await cabinetCount(sn)).toBe(0);

    const other = await stocked();
    const mixed = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 ? services().fleet.outletBinding.bind(other, OUTLET) : del(`${D}/cabinet/delete`, { sn: other }),
      ),
    );
    const deletes = mixed.filter((_, i) => i % 2 === 0) as { code: number }[];
    const binds = mixed.filter((_, i) => i % 2 === 1) as string[];
    if (await cabinetCount(other)) {
      // Bound first: every delete refused as bound, none deleted.
      expect(deletes.every((d) => d.code === 100311)).toBe(true);
      expect(binds).toContain('bound');
    } else {
      // Deleted first: exactly one delete won, and no bind found the cabinet after it.
      expect(deletes.filter((d) => d.code === 0)).toHaveLength(1);
      expect(binds.every((b) => b === 'notFound')).toBe(true);
    }
  });

  it('a power bank in a cabinet is refused (naming the cabinet); out of every cabinet it is deleted', async () => {
    const sn = await stocked();
    const id = nextId('PBDL');
    await db().insert(devPowerBank).values({ powerBankId: id, sn, slot: 1, battery: 90 });
    expect(await del(`${D}/powerBank/delete`, { powerBankId: id })).toMatchObject({
      code: 100312,
      msg: `The power bank is in cabinet ${sn}; take it out before deleting it`,
    });
    expect((await del(`${D}/powerBank/delete`, { powerBankId: id }, 'zh_CN')).msg).toBe(
      `充电宝在机柜 ${sn} 中，请先取出再删除`,
    );
    // Deleting its cabinet leaves it out of any cabinet, deletable.
    expect((await del(`${D}/cabinet/delete`, { sn })).code).toBe(0);
    expect((await db().select().from(devPowerBank).where(eq(devPowerBank.powerBankId, id)))[0]).toMatchObject({
      sn: null,
      slot: null,
    });
    expect(await del(`${D}/powerBank/delete`, { powerBankId: id })).toMatchObject({ code: 0 });
    expect((await api.get(`${D}/powerBank/queryPage`, { powerBankId: id })).data.total).toBe(0);
    expect((await del(`${D}/powerBank/delete`, { powerBankId: id })).code).toBe(100303);
    expect((await del(`${D}/powerBank/delete`, { powerBankId: 'x1' })).code).toBe(100001);
  });

  it('a bound cable or charger is refused; unbound, it is deleted and its issued codes stay', async () => {
    const cable = nextId('CABL');
    expect((await api.post(`${D}/cable/add`, { deviceId: cable, modelId: cableModel, packages: tiers })).code).toBe(0);
    expect((await api.post(`${D}/cable/issueCode`, { deviceId: cable, hours: 1 })).code).toBe(0);
    expect(await services().accessories.cableBinding.bind(cable, OUTLET)).toBe('bound');
    expect(await del(`${D}/cable/delete`, { deviceId: cable }, 'zh_TW')).toMatchObject({
      code: 100311,
      msg: BOUND.zh_TW,
    });
    await services().accessories.cableBinding.unbind(cable);
    expect(await del(`${D}/cable/delete`, { deviceId: cable })).toMatchObject({ code: 0 });
    expect((await api.get(`${D}/cable/queryPage`, { deviceId: cable })).data.total).toBe(0);
    expect(await db().select().from(accCableCode).where(eq(accCableCode.cableId, cable))).toHaveLength(1);
    expect((await del(`${D}/cable/delete`, { deviceId: cable })).code).toBe(100303);

    const charger = nextId('BLUE');
    const added = await api.post(`${D}/bluetooth/add`, {
      deviceId: charger,
      modelId: btModel,
      packages: tiers,
      hourlyPrice: 100,
      dailyCap: 1000,
      prepayment: 2000,
    });
    expect(added.code).toBe(0);
    expect(await services().accessories.chargerBinding.bind(charger, OUTLET)).toBe('bound');
    expect((await del(`${D}/bluetooth/delete`, { deviceId: charger })).code).toBe(100311);
    await services().accessories.chargerBinding.unbind(charger);
    expect((await del(`${D}/bluetooth/delete`, { deviceId: charger })).code).toBe(0);
    expect((await api.get(`${D}/bluetooth/queryPage`, { deviceId: charger })).data.total).toBe(0);
  });

  it('a device asset in business is refused; otherwise the asset and the device row go together, or neither', async () => {
    const by = { id: null, name: 'test' };
    // In business (installed): refused, nothing deleted.
    const installed = await stocked();
    await services().fleet.outletBinding.bind(installed, OUTLET);
    await services().assets.stock.install({ deviceId: installed, deviceType: 'cabinet', outletId: OUTLET }, by);
    expect(await del(`${D}/asset/delete`, { deviceId: installed })).toMatchObject({ code: 100311, msg: BOUND.en_US });
    expect(await assetOf(installed)).toMatchObject({ state: 'inBusiness' });

    // The asset is out of stock but the cabinet is bound (bound before installs were recorded): the
    // cabinet's refusal undoes the asset's delete.
    const boundOnly = await stocked();
    await services().fleet.outletBinding.bind(boundOnly, OUTLET);
    expect((await del(`${D}/asset/delete`, { deviceId: boundOnly })).code).toBe(100311);
    expect(await assetOf(boundOnly)).toBeDefined();
    expect(await cabinetCount(boundOnly)).toBe(1);

    // Unbound: both rows go.
    const free = await stocked();
    expect(await del(`${D}/asset/delete`, { deviceId: free })).toMatchObject({ code: 0 });
    expect(await assetOf(free)).toBeUndefined();
    expect(await cabinetCount(free)).toBe(0);
    expect((await api.get(`${D}/asset/queryPage`, { deviceId: free })).data.total).toBe(0);
    expect((await del(`${D}/asset/delete`, { deviceId: free })).code).toBe(100519);
    expect((await del(`${D}/asset/delete`, { deviceId: '' })).code).toBe(100001);
  });
});
