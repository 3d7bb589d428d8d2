import { beforeAll, describe, expect, it } from 'vitest';
import { engines, useServer } from '../../test/helper.js';
import { http } from '../../test/fleet/fleet-helpers.js';

const D = '/device/api/v1';

describe.each(engines)('models (%s)', (engine) => {
  const s = useServer(engine);
  let token = '';
  const api = http(s, () => token);
  const put = async (url: string, payload: unknown, lang = 'en_US') =>
    (
      await s.current.inject({
        method: 'PUT',
        url,
        payload: payload as object,
        headers: { authorization: token, clienttype: 'MANAGE_PC', 'accept-language': lang },
      })
    ).json();

  beforeAll(async () => {
    token = await s.current.login();
  });

  it('creates and edits a model; answers { id }', async () => {
    const r = await api.post(`${D}/model/saveOrUpdate`, {
      productName: 'Power bank 5000',
      model: 'PB5000',
      deviceType: 'powerBank',
      remark: 'first',
    });
    expect(r).toMatchObject({ code: 0, data: { id: expect.any(Number) } });
    const e = await api.post(`${D}/model/saveOrUpdate`, {
      id: r.data.id,
      productName: 'Power bank 5k',
      model: 'PB5000',
      deviceType: 'powerBank',
    });
    expect(e).toEqual({ code: 0, msg: expect.any(String), data: { id: r.data.id } });
    const list = await api.get(`${D}/model/queryPage`, { model: 'PB5000' });
    expect(list.data).toMatchObject({
      total: 1,
      list: [
        {
          productName: 'Power bank 5k',
          model: 'PB5000',
          deviceType: 'powerBank',
          status: 'normal',
          devices: 0,
          slotCount: null,
        },
      ],
    });
  });

  it('refuses bad input with the field named, in the caller language', async () => {
    const bad = async (body: unknown, lang = 'en_US') => api.post(`${D}/model/saveOrUpdate`, body, lang);
    expect(await bad({ productName: 'x'.repeat(17), model: 'A1', deviceType: 'cable' })).toMatchObject({
      code: 100001,
      msg: 'Invalid input: productName: must be at most 16 characters',
    });
    expect(await bad({ productName: 'Cable', model: 'A-1', deviceType: 'cable' })).toMatchObject({
      code: 100001,
      msg: 'Invalid input: model: must be 1-16 letters or digits',
    });
    expect(await bad({ productName: 'Cable', model: 'A'.repeat(17), deviceType: 'cable' })).toMatchObject({
      code: 100001,
    });
    expect(await bad({ productName: 'Cabinet', model: 'C24', deviceType: 'cabinet' })).toMatchObject({
      code: 100001,
      msg: 'Invalid input: slotCount: is required for a cabinet model',
    });
    expect(await bad({ productName: 'Cabinet', model: 'C24', deviceType: 'drone' })).toMatchObject({ code: 100001 });
    expect((await bad({ productName: '', model: 'C24', deviceType: 'cable' }, 'zh_CN')).msg).toMatch(/productName/);
    expect(await bad({ id: 999999, productName: 'Cable', model: 'C1', deviceType: 'cable' })).toMatchObject({
      code: 100004,
    });
  });

  it('a model code is unique per device type among models not deleted, also under 50 saves at once', async () => {
    const body = { productName: 'Cabinet 24', model: 'CAB24', deviceType: 'cabinet', slotCount: 24 };
    const all = await Promise.all(Array.from({ length: 50 }, () => api.post(`${D}/model/saveOrUpdate`, body)));
    expect(all.filter((r) => r.code === 0)).toHaveLength(1);
    expect(
      all.filter((r) => r.code !== 0).every((r) => r.code === 100501 && r.msg === 'This model already exists'),
    ).toBe(true);
    // Another kind may use the same code; case does not make it another code.
    expect((await api.post(`${D}/model/saveOrUpdate`, { ...body, model: 'cab24' })).code).toBe(100501);
    expect(
      (await api.post(`${D}/model/saveOrUpdate`, { productName: 'Cable', model: 'CAB24', deviceType: 'cable' })).code,
    ).toBe(0);
    // Deleted frees the code, and is final.
    const id = all.find((r) => r.code === 0)!.data.id;
    expect((await put(`${D}/model/editStatus`, { id, status: 'deleted' })).code).toBe(0);
    expect((await put(`${D}/model/editStatus`, { id, status: 'normal' })).code).toBe(100504);
    expect((await api.post(`${D}/model/saveOrUpdate`, { id, ...body })).code).toBe(100504);
    expect((await api.post(`${D}/model/saveOrUpdate`, body)).code).toBe(0);
  });

  it('options list only normal models of a kind', async () => {
    const a = (
      await api.post(`${D}/model/saveOrUpdate`, {
        productName: 'BT charger',
        model: 'BT1',
        deviceType: 'bluetoothCharger',
      })
    ).data.id;
    const b = (
      await api.post(`${D}/model/saveOrUpdate`, {
        productName: 'BT charger',
        model: 'BT2',
        deviceType: 'bluetoothCharger',
      })
    ).data.id;
    expect((await put(`${D}/model/editStatus`, { id: b, status: 'paused' })).code).toBe(0);
    const opts = await api.get(`${D}/model/options`, { deviceType: 'bluetoothCharger' });
    expect(opts.data.map((o: { id: number }) => o.id)).toEqual([a]);
    expect(await s.current.server.services.assets.models.usable(a, 'bluetoothCharger')).toMatchObject({
      id: a,
      model: 'BT1',
    });
    await expect(s.current.server.services.assets.models.usable(b, 'bluetoothCharger')).rejects.toMatchObject({
      errorName: 'MODEL_UNUSABLE',
    });
    await expect(s.current.server.services.assets.models.usable(a, 'cable')).rejects.toMatchObject({
      errorName: 'MODEL_TYPE_MISMATCH',
    });
  });
});
