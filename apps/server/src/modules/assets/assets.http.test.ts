import { beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { sql } from 'drizzle-orm';
import { auth, engines, useServer } from '../../test/helper.js';
import { multipart, png } from '../../test/images.js';
import { http } from '../../test/fleet/fleet-helpers.js';
import { accountWithMenus } from '../../test/accounts.js';
import { assetsMenus } from './menus.js';
import { query } from '../../platform/db/database.js';

const D = '/device/api/v1';
const pb = (n: number) => `HTPB${String(n).padStart(13, '0')}`;

/** An xlsx written by exceljs: a heading, then one ID per row. */
async function exceljsBook(rows: string[], heading = 'Device ID'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Devices');
  ws.addRow([heading]);
  for (const r of rows) ws.addRow([r]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * An xlsx written the way other writers (SheetJS, LibreOffice's minimal export) lay it out: inline
 * strings instead of a shared-string table, no styles part, another sheet name, no heading.
 */
async function otherWriterBook(rows: string[]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
  );
  zip.file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  zip.file(
    'xl/workbook.xml',
    `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  zip.file(
    'xl/_rels/workbook.xml.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  );
  const cells = rows
    .map((r, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is><t>${r}</t></is></c></row>`)
    .join('');
  zip.file(
    'xl/worksheets/sheet1.xml',
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${cells}</sheetData></worksheet>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

describe.each(engines)('assets calls (%s)', (engine) => {
  const s = useServer(engine);
  let token = '';
  const api = http(s, () => token);
  const put = async (url: string, payload: unknown, lang = 'en_US', as = token) =>
    (await s.current.inject({ method: 'PUT', url, payload: payload as object, headers: auth(as, lang) })).json();
  let auditorToken = '';
  /** An operations account (not the admin that applies in these tests) that audits dispatch applications. */
  const dispatchAuditor = async () => {
    if (!auditorToken) {
      await accountWithMenus(
        s.current.database.db,
        `dispaudit${engine}`,
        'pass1234',
        assetsMenus.filter((m) => m.roles?.includes('operations')).map((m) => m.code),
      );
      auditorToken = await s.current.login(`dispaudit${engine}`, 'pass1234');
    }
    return auditorToken;
  };
  const upload = async (
    url: string,
    q: Record<string, string | number>,
    file: Buffer,
    filename = 'devices.xlsx',
    lang = 'en_US',
  ) => {
    const { payload, headers } = multipart(file, { filename, type: 'application/octet-stream' });
    const qs = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
    return (
      await s.current.inject({
        method: 'POST',
        url: `${url}?${qs}`,
        payload,
        headers: { ...auth(token, lang), ...headers },
      })
    ).json();
  };
  let model = 0;
  let n = 0;
  const newWarehouse = async (name = `HW ${engine} ${++n}`) =>
    (await api.post(`${D}/warehouse/saveOrUpdate`, { name, type: 'storage' })).data.id as number;
  const loadOf = async (id: number) =>
    ((await api.get(`${D}/warehouse/queryPage`, { pageSize: 100 })).data.list as { id: number; load: number }[]).find(
      (w) => w.id === id,
    )!.load;

  beforeAll(async () => {
    token = await s.current.login();
    model = (
      await api.post(`${D}/model/saveOrUpdate`, { productName: 'Power bank', model: 'HPB1', deviceType: 'powerBank' })
    ).data.id;
  });

  it('suppliers: the exact call, a 4-character factory code, unique', async () => {
    const r = await api.post(`${D}/supplier/saveOrUpdate`, {
      shortName: 'Acme',
      factoryCode: 'ac01',
      companyName: 'Acme Devices Ltd',
    });
    expect(r).toMatchObject({ code: 0, data: { id: expect.any(Number) } });
    expect((await api.get(`${D}/supplier/queryPage`, { factoryCode: 'AC01' })).data.list[0]).toMatchObject({
      factoryCode: 'AC01',
      status: 'normal',
      shortName: 'Acme',
    });
    expect(
      await api.post(`${D}/supplier/saveOrUpdate`, { shortName: 'Other', factoryCode: 'AC01', companyName: 'Other' }),
    ).toMatchObject({ code: 100506, msg: 'This factory code is already used' });
    expect(
      await api.post(`${D}/supplier/saveOrUpdate`, { shortName: 'Other', factoryCode: 'AC0', companyName: 'Other' }),
    ).toMatchObject({ code: 100001, msg: 'Invalid input: factoryCode: must be exactly 4 letters or digits' });
    expect(
      (
        await api.post(
          `${D}/supplier/saveOrUpdate`,
          { shortName: 'x'.repeat(17), factoryCode: 'AC09', companyName: 'Other' },
          'zh_CN',
        )
      ).msg,
    ).toMatch(/shortName/);
    expect((await put(`${D}/supplier/editStatus`, { id: r.data.id, status: 'paused' })).code).toBe(0);
    expect((await put(`${D}/supplier/editStatus`, { id: r.data.id, status: 'gone' })).code).toBe(100001);
  });

  it('warehouses: the exact call, name at most 30 and unique, the load in queryPage', async () => {
    const r = await api.post(`${D}/warehouse/saveOrUpdate`, {
      name: `Main ${engine}`,
      type: 'business',
      manager: 'Li',
      address: '1 Road',
    });
    expect(r).toMatchObject({ code: 0, data: { id: expect.any(Number) } });
    const page = await api.get(`${D}/warehouse/queryPage`, { name: `Main ${engine}` });
    expect(page.data).toMatchObject({
      total: 1,
      list: [
        {
          id: r.data.id,
          name: `Main ${engine}`,
          type: 'business',
          manager: 'Li',
          address: '1 Road',
          load: 0,
          status: 'normal',
        },
      ],
    });
    expect((await api.post(`${D}/warehouse/saveOrUpdate`, { name: `main ${engine}`, type: 'storage' })).code).toBe(
      100507,
    );
    expect((await api.post(`${D}/warehouse/saveOrUpdate`, { name: 'x'.repeat(31), type: 'storage' })).msg).toBe(
      'Invalid input: name: must be at most 30 characters',
    );
    expect((await api.post(`${D}/warehouse/saveOrUpdate`, { name: 'Y', type: 'shop' })).code).toBe(100001);
  });

  it('putIn by range answers the report; bad ranges are refused whole, in the caller language', async () => {
    const w = await newWarehouse();
    const r = await api.post(`${D}/stock/putIn`, {
      warehouseId: w,
      reason: 'purchase',
      deviceType: 'powerBank',
      modelId: model,
      startId: pb(1),
      endId: pb(20),
    });
    expect(r).toMatchObject({ code: 0, data: { total: 20, successes: 20, failures: [] } });
    expect(await loadOf(w)).toBe(20);
    const partial = await api.post(`${D}/stock/putIn`, {
      warehouseId: w,
      reason: 'purchase',
      deviceType: 'powerBank',
      modelId: model,
      ids: [pb(20), pb(21)],
    });
    expect(partial).toEqual({
      code: -100,
      msg: 'Some devices failed: 1 succeeded, 1 failed',
      data: {
        total: 2,
        successes: 1,
        failures: [{ id: pb(20), reason: 'alreadyInStock', msg: 'The device is already in stock' }],
      },
    });
    const bad = (body: object, lang = 'en_US') =>
      api.post(
        `${D}/stock/putIn`,
        { warehouseId: w, reason: 'purchase', deviceType: 'powerBank', modelId: model, ...body },
        lang,
      );
    expect((await bad({ startId: pb(30), endId: pb(29) })).msg).toBe('Invalid input: endId: cannot be below the start');
    expect((await bad({ startId: pb(1), endId: `HTPB${'9'.repeat(12)}` })).msg).toBe(
      'Invalid input: endId: must have the same length as the start',
    );
    expect((await bad({ startId: pb(1), endId: `ZZZZ${pb(2).slice(4)}` })).msg).toBe(
      'Invalid input: endId: must have the same letters as the start',
    );
    expect((await bad({ startId: pb(1000), endId: pb(1500) })).msg).toBe(
      'Invalid input: endId: a movement takes at most 500 devices',
    );
    expect((await bad({ startId: pb(1000), endId: pb(1500) }, 'zh_CN')).msg).toBe(
      '参数错误：endId: 单次最多 500 台设备',
    );
    expect((await bad({ ids: [pb(40)], startId: pb(1), endId: pb(2) })).code).toBe(100001);
    expect((await bad({})).msg).toBe('Invalid input: ids: give either a list of device IDs or a start and an end');
    expect((await bad({ ids: [pb(40)], reason: 'lost' })).code).toBe(100001);
    expect((await bad({ ids: [pb(40)], warehouseId: 999999 })).code).toBe(100004);
    expect(await loadOf(w)).toBe(21); // nothing half-written by the refusals
  });

  it('takeOut and the movement list', async () => {
    const w = await newWarehouse();
    await api.post(`${D}/stock/putIn`, {
      warehouseId: w,
      reason: 'purchase',
      deviceType: 'powerBank',
      modelId: model,
      startId: pb(50),
      endId: pb(52),
    });
    const out = await api.post(`${D}/stock/takeOut`, { reason: 'scrapped', ids: [pb(50), pb(59)] });
    expect(out).toMatchObject({
      code: -100,
      data: { total: 2, successes: 1, failures: [{ id: pb(59), reason: 'notFound', msg: 'Device not found' }] },
    });
    const list = await api.get(`${D}/stock/queryPage`, { deviceId: pb(50) });
    expect(list.data.list.map((m: { kind: string; reason: string }) => [m.kind, m.reason])).toEqual([
      ['takeOut', 'scrapped'],
      ['putIn', 'purchase'],
    ]);
    expect((await api.get(`${D}/asset/queryPage`, { deviceId: pb(50) })).data.list[0]).toMatchObject({
      state: 'outOfStock',
      warehouseId: null,
      modelName: 'Power bank HPB1',
    });
  });

  it('putIn by Excel: exceljs and another writer; refuses a file over 500 KB, a wrong type, legacy xls, an empty one', async () => {
    const w = await newWarehouse();
    const q = { warehouseId: w, reason: 'purchase', deviceType: 'powerBank', modelId: model };
    const a = await upload(`${D}/stock/putInExcel`, q, await exceljsBook([pb(70), pb(71), 'bad-id']));
    expect(a).toMatchObject({
      code: -100,
      data: { total: 3, successes: 2, failures: [{ id: 'BAD-ID', reason: 'nonStandard' }] },
    });
    const b = await upload(`${D}/stock/putInExcel`, q, await otherWriterBook([pb(72), pb(73)]), 'sheetjs.xlsx');
    expect(b).toMatchObject({ code: 0, data: { total: 2, successes: 2, failures: [] } });
    expect(await loadOf(w)).toBe(4);
    // Over 500 KB: a real workbook, its cells random so it does not compress.
    const big = await exceljsBook(Array.from({ length: 9000 }, () => crypto.randomBytes(48).toString('hex')));
    expect(big.length).toBeGreaterThan(500 * 1024);
    expect(await upload(`${D}/stock/putInExcel`, q, big)).toMatchObject({ code: 100052 });
    expect(await upload(`${D}/stock/putInExcel`, q, png(), 'devices.xlsx')).toMatchObject({
      code: 100525,
      msg: 'Wrong file type: upload an xlsx workbook',
    });
    expect(await upload(`${D}/stock/putInExcel`, q, Buffer.from('HTPB0000000000080\n'), 'devices.csv')).toMatchObject({
      code: 100525,
    });
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(2048)]);
    expect(await upload(`${D}/stock/putInExcel`, q, ole, 'old.xls', 'zh_CN')).toMatchObject({
      code: 100524,
      msg: '不支持 .xls 格式，请另存为 .xlsx 后上传',
    });
    expect(await upload(`${D}/stock/putInExcel`, q, await exceljsBook([]))).toMatchObject({
      code: 100526,
      msg: 'The file lists no device ID',
    });
    expect(await upload(`${D}/stock/putInExcel`, q, Buffer.alloc(0))).toMatchObject({ code: 100051 });
    expect(await upload(`${D}/stock/putInExcel`, { ...q, reason: 'lost' }, await exceljsBook([pb(74)]))).toMatchObject({
      code: 100001,
    });
    expect(await loadOf(w)).toBe(4);
  });

  it('a device in 50 movements at once moves once: 50 identical put-ins, then put-ins into two warehouses', async () => {
    const w1 = await newWarehouse();
    const w2 = await newWarehouse();
    const body = {
      warehouseId: w1,
      reason: 'purchase',
      deviceType: 'powerBank',
      modelId: model,
      startId: pb(100),
      endId: pb(109),
    };
    const all = await Promise.all(Array.from({ length: 50 }, () => api.post(`${D}/stock/putIn`, body)));
    expect(all.map((r) => r.data.successes).reduce((x, y) => x + y, 0)).toBe(10);
    expect(
      all.every(
        (r) =>
          r.code === 0 ||
          (r.code === -100 && r.data.failures.every((f: { reason: string }) => f.reason === 'alreadyInStock')),
      ),
    ).toBe(true);
    const [moves] = await query<{ n: number }>(
      s.current.database.db,
      sql`select count(*)::int as n from ast_movement where device_id like 'HTPB00000000001%' and kind = 'putIn' and device_id between ${pb(100)} and ${pb(109)}`,
    );
    expect(moves!.n).toBe(10);
    // Out, then in again into two warehouses at once: each device ends in exactly one.
    await api.post(`${D}/stock/takeOut`, { reason: 'other', startId: pb(100), endId: pb(109) });
    const race = await Promise.all(
      Array.from({ length: 50 }, (_, i) => api.post(`${D}/stock/putIn`, { ...body, warehouseId: i % 2 ? w1 : w2 })),
    );
    expect(race.map((r) => r.data.successes).reduce((x, y) => x + y, 0)).toBe(10);
    expect((await loadOf(w1)) + (await loadOf(w2))).toBe(10);
  });

  it('dispatch: the exact calls; concurrent applications hold a device once; concurrent audits apply once', async () => {
    const from = await newWarehouse();
    const to = await newWarehouse();
    await api.post(`${D}/stock/putIn`, {
      warehouseId: from,
      reason: 'purchase',
      deviceType: 'powerBank',
      modelId: model,
      startId: pb(200),
      endId: pb(219),
    });
    const ids = Array.from({ length: 5 }, (_, i) => pb(200 + i));
    const apps = await Promise.all(
      Array.from({ length: 50 }, () =>
        api.post(`${D}/dispatch/apply`, { fromWarehouseId: from, toWarehouseId: to, reason: 'replenishment', ids }),
      ),
    );
    const won = apps.filter((r) => r.code === 0);
    expect(won).toHaveLength(1);
    expect(apps.filter((r) => r.code !== 0).every((r) => r.code === 100521)).toBe(true);
    const id = won[0]!.data.id;
    expect(won[0]!.data).toEqual({ id });
    expect((await api.get(`${D}/asset/queryPage`, { deviceId: pb(200) })).data.list[0].pendingApplicationNo).toMatch(
      /^DB\d{8}\d{6}$/,
    );
    // Audited by another account than the applicant (maker-checker: the applicant never approves its own).
    const auditor = await dispatchAuditor();
    const audits = await Promise.all(
      Array.from({ length: 50 }, (_, i) => put(`${D}/dispatch/audit`, { id, approve: i % 2 === 0 }, 'en_US', auditor)),
    );
    expect(audits.filter((r) => r.code === 0)).toHaveLength(1);
    expect(audits.filter((r) => r.code !== 0).every((r) => r.code === 100522)).toBe(true);
    const status = (await api.get(`${D}/dispatch/detail`, { id })).data.status;
    expect([await loadOf(from), await loadOf(to)]).toEqual(status === 'approved' ? [15, 5] : [20, 0]);
    expect(
      (await api.post(`${D}/dispatch/apply`, { fromWarehouseId: from, toWarehouseId: from, reason: 'other', ids })).msg,
    ).toBe('Invalid input: toWarehouseId: must differ from the warehouse the devices leave');
    expect((await put(`${D}/dispatch/audit`, { id: 999999, approve: true })).code).toBe(100004);
    expect((await put(`${D}/dispatch/audit`, { id, approve: 'yes' })).code).toBe(100001);
  });

  it('dispatch maker-checker: the applicant may not approve its own application (a clear code, in its language); of 50 approvals at once, half by the applicant, one moves the devices once', async () => {
    const from = await newWarehouse();
    const to = await newWarehouse();
    await api.post(`${D}/stock/putIn`, {
      warehouseId: from,
      reason: 'purchase',
      deviceType: 'powerBank',
      modelId: model,
      startId: pb(300),
      endId: pb(303),
    });
    const id = (
      await api.post(`${D}/dispatch/apply`, {
        fromWarehouseId: from,
        toWarehouseId: to,
        reason: 'replenishment',
        ids: [pb(300), pb(301)],
      })
    ).data.id as number;
    const own = await put(`${D}/dispatch/audit`, { id, approve: true }, 'zh_CN');
    expect(own).toMatchObject({ code: 100529, msg: '不能审核自己提交的调拨申请，请由其他审核人审核' });
    expect((await put(`${D}/dispatch/audit`, { id, approve: true }, 'en_US')).msg).toBe(
      'You cannot audit a dispatch you applied for; another reviewer must audit it',
    );
    // Refused whole: still pending, nothing moved.
    expect((await api.get(`${D}/dispatch/detail`, { id })).data).toMatchObject({
      status: 'pending',
      auditorName: null,
      sponsorId: expect.any(Number),
    });
    expect([await loadOf(from), await loadOf(to)]).toEqual([4, 0]);
    const auditor = await dispatchAuditor();
    const audits = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        put(`${D}/dispatch/audit`, { id, approve: true }, 'en_US', i % 2 ? auditor : token),
      ),
    );
    expect(audits.filter((r) => r.code === 0)).toHaveLength(1);
    // The applicant's are refused as its own (or, once decided, as audited); the auditor's others as audited.
    expect(audits.filter((_, i) => i % 2 === 0).every((r) => r.code === 100529 || r.code === 100522)).toBe(true);
    expect(audits.filter((r, i) => i % 2 === 1 && r.code !== 0).every((r) => r.code === 100522)).toBe(true);
    expect((await api.get(`${D}/dispatch/detail`, { id })).data).toMatchObject({
      status: 'approved',
      auditorName: `dispaudit${engine}`,
    });
    expect([await loadOf(from), await loadOf(to)]).toEqual([2, 2]);
    const moves = await query<{ n: number }>(
      s.current.database.db,
      sql`select count(*)::int as n from ast_movement where application_id = ${id}`,
    );
    expect(Number(moves[0]!.n)).toBe(2);
    // The applicant may still withdraw (reject) an application of its own: nothing moves.
    const id2 = (
      await api.post(`${D}/dispatch/apply`, {
        fromWarehouseId: from,
        toWarehouseId: to,
        reason: 'replenishment',
        ids: [pb(302)],
      })
    ).data.id as number;
    expect((await put(`${D}/dispatch/audit`, { id: id2, approve: false, reason: 'not needed' })).code).toBe(0);
    expect([await loadOf(from), await loadOf(to)]).toEqual([2, 2]);
  });

  it('takeOut by Excel answers the report the same way', async () => {
    const w = await newWarehouse();
    await api.post(`${D}/stock/putIn`, {
      warehouseId: w,
      reason: 'purchase',
      deviceType: 'powerBank',
      modelId: model,
      ids: [pb(90), pb(91)],
    });
    const r = await upload(
      `${D}/stock/takeOutExcel`,
      { reason: 'damaged', warehouseId: w },
      await otherWriterBook([pb(90), pb(91), pb(92)]),
    );
    expect(r).toMatchObject({
      code: -100,
      data: { total: 3, successes: 2, failures: [{ id: pb(92), reason: 'notFound' }] },
    });
    expect(await loadOf(w)).toBe(0);
  });

  it('every list exports to the export centre (or says there is nothing to export), by the operations role', async () => {
    // An account holding exactly what the operations role is seeded with (three queued exports at most per account).
    const codes = assetsMenus.filter((m) => m.roles?.includes('operations')).map((m) => m.code);
    const kinds = ['model', 'supplier', 'warehouse', 'stock', 'asset', 'dispatch', 'installRecord'];
    for (const [i, kind] of kinds.entries()) {
      await accountWithMenus(s.current.database.db, `ops${engine}${i}`, 'pass1234', codes);
      const ops = await s.current.login(`ops${engine}${i}`, 'pass1234');
      const r = (
        await s.current.inject({ method: 'POST', url: `${D}/${kind}/export`, payload: {}, headers: auth(ops) })
      ).json();
      expect([0, 100071], `${kind}: ${r.msg}`).toContain(r.code);
    }
  });

  it('list filters: a range over 30 days is refused; install records start empty', async () => {
    expect(
      (await api.get(`${D}/stock/queryPage`, { beginTime: '2020-01-01T00:00:00Z', endTime: '2020-03-01T00:00:00Z' }))
        .code,
    ).not.toBe(0);
    expect((await api.get(`${D}/installRecord/queryPage`, {})).data).toEqual({ list: [], total: 0 });
  });
});
