import crypto from 'node:crypto';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auth, engines, useServer } from '../../test/helper.js';
import { http } from '../../test/fleet/fleet-helpers.js';
import { accBluetooth } from './tables.js';

const D = '/device/api/v1';

function multipart(content: Buffer, filename = 'billing.xlsx') {
  const boundary = '----acc' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function exceljsFile(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Billing');
  ws.addRow(['Device ID', 'Hourly price', 'Daily cap', 'Prepayment']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * An xlsx written without exceljs, the way small writers do it: inline strings, no shared
 * strings, no styles, a stored (uncompressed) and a deflated part. exceljs must read it as well.
 */
function handWrittenXlsx(rows: (string | number)[][]): Buffer {
  const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const col = (i: number) => String.fromCharCode(65 + i);
  const sheetRows = rows
    .map(
      (r, ri) =>
        `<row r="${ri + 1}">${r.map((v, ci) => (typeof v === 'number' ? `<c r="${col(ci)}${ri + 1}"><v>${v}</v></c>` : `<c r="${col(ci)}${ri + 1}" t="inlineStr"><is><t>${esc(v)}</t></is></c>`)).join('')}</row>`,
    )
    .join('');
  const files: [string, string][] = [
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ],
    [
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ],
    [
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ],
    [
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ],
    [
      'xl/worksheets/sheet1.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
    ],
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  files.forEach(([name, text], i) => {
    const raw = Buffer.from(text);
    const deflate = i % 2 === 1;
    const data = deflate ? zlib.deflateRawSync(raw) : raw;
    const crc = zlib.crc32(raw);
    const n = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n, data);
    centrals.push(central, n);
    offset += 30 + n.length + data.length;
  });
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

describe.each(engines)('device billing by Excel (%s)', (engine) => {
  const s = useServer(engine);
  let token = '';
  const api = http(s, () => token);
  const upload = async (file: Buffer, lang = 'en_US', filename?: string) => {
    const m = multipart(file, filename);
    return (
      await s.current.inject({
        method: 'POST',
        url: `${D}/billing/import`,
        payload: m.payload,
        headers: { ...auth(token, lang), ...m.headers },
      })
    ).json() as { code: number; msg: string; data: any };
  };
  const bound = 'BLUE0000000000001';
  const bound2 = 'BLUE0000000000002';
  const unbound = 'BLUE0000000000003';
  const bound3 = 'BLUE0000000000004';
  const cable = 'CABL0000000000001';

  beforeAll(async () => {
    token = await s.current.login();
    const bt = (
      await api.post(`${D}/model/saveOrUpdate`, { productName: 'BT', model: 'BT1', deviceType: 'bluetoothCharger' })
    ).data.id;
    const cb = (await api.post(`${D}/model/saveOrUpdate`, { productName: 'Cable', model: 'CB1', deviceType: 'cable' }))
      .data.id;
    for (const id of [bound, bound2, unbound, bound3])
      expect(
        (
          await api.post(`${D}/bluetooth/add`, {
            deviceId: id,
            modelId: bt,
            packages: [],
            hourlyPrice: 100,
            dailyCap: 1000,
            prepayment: 2000,
          })
        ).code,
      ).toBe(0);
    expect(
      (
        await api.post(`${D}/cable/add`, {
          deviceId: cable,
          modelId: cb,
          packages: [{ name: '1 h', hours: 1, amount: 100 }],
        })
      ).code,
    ).toBe(0);
    // Binding to outlets arrives with the outlets; the test binds directly.
    const db = s.current.database.db;
    await db.update(accBluetooth).set({ outletId: 7 }).where(eq(accBluetooth.id, bound));
    await db.update(accBluetooth).set({ outletId: 8 }).where(eq(accBluetooth.id, bound2));
    await db.update(accBluetooth).set({ outletId: 8 }).where(eq(accBluetooth.id, bound3));
  });

  it('the template is an xlsx with the headings in the caller language', async () => {
    const r = await s.current.inject({ method: 'GET', url: `${D}/billing/template`, headers: auth(token, 'zh_CN') });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getRow(1).values).toEqual([undefined, '设备编号', '每小时价格', '每日封顶', '预付金额']);
  });

  it('applies good rows and reports each bad one with why (exceljs-written file)', async () => {
    const file = await exceljsFile([
      [bound, 0.5, 8, 20],
      [unbound, 0.5, 8, 20],
      ['bad id', 1, 1, 1],
      ['BLUE0000000000099', 1, 1, 1],
      [cable, 1, 1, 1],
      [bound, 0.6, 8, 20],
      [bound2, 2, 1, 20],
      [bound3, '0.5', 8, 100],
      [],
      [bound2, 0.123, 8, 20],
    ]);
    const r = await upload(file);
    expect(r.code).toBe(-100);
    expect(r.msg).toBe('Some devices failed: 1 updated, 8 failed');
    expect(r.data).toEqual({
      total: 9,
      successes: 1,
      failures: [
        { row: 3, id: unbound, reason: 'The device is not bound, so its billing cannot be adjusted' },
        { row: 4, id: 'BAD ID', reason: 'Non-standard device code' },
        { row: 5, id: 'BLUE0000000000099', reason: 'Device not found' },
        { row: 6, id: cable, reason: 'Charging cables are billed by package: edit its packages in the cable list' },
        { row: 7, id: bound, reason: 'The device ID appears more than once' },
        { row: 8, id: bound2, reason: 'The hourly price cannot be above the daily cap' },
        { row: 9, id: bound3, reason: "The billing is above the system's Bluetooth limits" },
        { row: 11, id: bound2, reason: 'The device ID appears more than once' },
      ],
    });
    const list = (await api.get(`${D}/bluetooth/queryPage`, { deviceId: 'BLUE00000000000' })).data.list as {
      id: string;
      hourlyPrice: number;
      dailyCap: number;
      prepayment: number;
    }[];
    expect(list.find((d) => d.id === bound)).toMatchObject({ hourlyPrice: 50, dailyCap: 800, prepayment: 2000 });
    expect(list.find((d) => d.id === unbound)).toMatchObject({ hourlyPrice: 100, dailyCap: 1000 });
    expect((await upload(file, 'zh_TW')).data.failures[0].reason).toBe('設備未綁定，無法調整計費');
  });

  it('reads a file written by another writer (inline strings, no styles), named .xls', async () => {
    const r = await upload(
      handWrittenXlsx([
        ['Device ID', 'Hourly', 'Daily', 'Prepay'],
        [bound2, '0.8', 9, 30],
      ]),
      'en_US',
      'billing.xls',
    );
    expect(r).toMatchObject({ code: 0, data: { total: 1, successes: 1, failures: [] } });
    const row = (await api.get(`${D}/bluetooth/queryPage`, { deviceId: bound2 })).data.list[0];
    expect(row).toMatchObject({ hourlyPrice: 80, dailyCap: 900, prepayment: 3000 });
  });

  it('refuses a file over 1 MB, of the wrong type, legacy xls, empty or missing', async () => {
    // Over 1 MB: a real workbook padded with many rows of long text.
    const big = await exceljsFile(
      Array.from({ length: 4000 }, (_, i) => [
        `BLUE${String(i).padStart(13, '0')}`,
        1,
        1,
        crypto.randomBytes(300).toString('base64'),
      ]),
    );
    expect(big.length).toBeGreaterThan(1024 * 1024);
    expect(await upload(big)).toMatchObject({
      code: 103109,
      msg: 'Wrong file type or size: upload an xls or xlsx file of at most 1 MB',
    });
    expect((await upload(Buffer.from('id,hourly\nBLUE0000000000001,1\n'), 'en_US', 'billing.csv')).code).toBe(103109);
    expect((await upload(Buffer.from('PK\x03\x04 not really a zip'))).code).toBe(103109);
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    expect(await upload(ole, 'en_US', 'old.xls')).toMatchObject({ code: 103113 });
    expect(await upload(await exceljsFile([]))).toMatchObject({
      code: 103108,
      msg: 'The device price file is missing or empty',
    });
    expect((await upload(await exceljsFile([]), 'zh_CN')).msg).toBe('设备价格文件不存在或为空');
    expect((await upload(Buffer.alloc(0))).code).toBe(103108);
    const none = await s.current.inject({
      method: 'POST',
      url: `${D}/billing/import`,
      payload: {},
      headers: auth(token),
    });
    expect(none.json()).toMatchObject({ code: 103108 });
  });
});
