import ExcelJS from 'exceljs';
import { inArray } from 'drizzle-orm';
import {
  ACC_DEVICE_ID_RE,
  ACC_MONEY_MAX,
  BILLING_ROWS_MAX,
  label,
  labelsIn,
  accessoriesLabels,
  type BillingFailure,
  type BillingImportReport,
  type Lang,
} from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { billingAboveLimit, type BluetoothService } from './bluetooth.service.js';
import { accCable } from './tables.js';

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** The template: one sheet, the headings in the caller's language, one example row. */
export async function billingTemplate(lang: Lang): Promise<Buffer> {
  const t = labelsIn(accessoriesLabels.billingTemplate, lang);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(t.title);
  ws.columns = [
    { header: t.id, width: 22 },
    { header: t.hourlyPrice, width: 14 },
    { header: t.dailyCap, width: 14 },
    { header: t.prepayment, width: 14 },
  ];
  ws.getRow(1).font = { bold: true };
  ws.addRow(['ABCD0000000000001', 1, 10, 20]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** An amount in currency units (a number, or text such as "1.50") in cents; null when it is not one above 0 with at most two decimals. */
function toCents(v: ExcelJS.CellValue): number | null {
  let n: number;
  if (typeof v === 'number') n = v;
  else if (typeof v === 'string' && /^\s*\d+(\.\d{1,2})?\s*$/.test(v)) n = Number(v);
  else if (v && typeof v === 'object' && 'result' in v && typeof v.result === 'number') n = v.result;
  else return null;
  const c = Math.round(n * 100);
  if (!Number.isFinite(n) || Math.abs(n * 100 - c) > 1e-6 || c <= 0 || c > ACC_MONEY_MAX) return null;
  return c;
}

function text(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object' && 'richText' in v) return v.richText.map((r) => r.text).join('');
  if (typeof v === 'object' && 'result' in v) return String(v.result ?? '');
  if (typeof v === 'object' && 'text' in v) return String(v.text);
  return String(v);
}

/** Reads the first sheet of an xlsx workbook; a file that is not one is refused as a whole. */
async function readRows(bytes: Buffer): Promise<{ row: number; cells: ExcelJS.CellValue[] }[]> {
  if (bytes.subarray(0, 8).equals(OLE)) throw new AppError('ACC_PRICE_FILE_LEGACY');
  if (!bytes.subarray(0, 4).equals(ZIP)) throw new AppError('ACC_PRICE_FILE_UNREADABLE');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new AppError('ACC_PRICE_FILE_UNREADABLE');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new AppError('ACC_PRICE_FILE_EMPTY');
  const out: { row: number; cells: ExcelJS.CellValue[] }[] = [];
  ws.eachRow({ includeEmpty: false }, (r, n) => {
    if (n === 1) return; // the headings
    const cells = [1, 2, 3, 4].map((c) => r.getCell(c).value);
    if (cells.every((c) => text(c).trim() === '')) return;
    out.push({ row: n, cells });
  });
  return out;
}

/**
 * Device billing by Excel: each row names a Bluetooth charger and its hourly price, daily cap and
 * prepayment in currency units. Rows are checked one by one; a bad row is a failure in the report
 * and the others are applied. Only a bound device's billing can be adjusted.
 */
export async function importBilling(
  db: Db,
  chargers: BluetoothService,
  bytes: Buffer,
  lang: Lang,
): Promise<BillingImportReport> {
  const rows = await readRows(bytes);
  if (!rows.length) throw new AppError('ACC_PRICE_FILE_EMPTY');
  if (rows.length > BILLING_ROWS_MAX) throw new AppError('ACC_PRICE_FILE_TOO_MANY_ROWS', { max: BILLING_ROWS_MAX });
  const ids = rows.map((r) => text(r.cells[0]).trim().toUpperCase());
  const wellFormed = ids.filter((id) => ACC_DEVICE_ID_RE.test(id));
  const bindings = await chargers.bindings(wellFormed);
  const cables = new Set(
    wellFormed.length
      ? (await db.select({ id: accCable.id }).from(accCable).where(inArray(accCable.id, wellFormed))).map((r) => r.id)
      : [],
  );
  const limits = await chargers.limits();
  const failures: BillingImportReport['failures'] = [];
  const fail = (row: number, id: string, why: BillingFailure) =>
    failures.push({ row, id, reason: label('accessories', 'billingFailure', why, lang) });
  const seen = new Set<string>();
  let successes = 0;
  for (const [i, r] of rows.entries()) {
    const id = ids[i]!;
    if (!ACC_DEVICE_ID_RE.test(id)) fail(r.row, id, 'nonStandard');
    else if (seen.has(id)) fail(r.row, id, 'duplicate');
    else if (cables.has(id)) fail(r.row, id, 'cableByPackage');
    else if (!bindings.has(id)) fail(r.row, id, 'notFound');
    else if (!bindings.get(id)!.bound) fail(r.row, id, 'notBound');
    else {
      const [hourlyPrice, dailyCap, prepayment] = [
        toCents(r.cells[1] ?? null),
        toCents(r.cells[2] ?? null),
        toCents(r.cells[3] ?? null),
      ];
      if (hourlyPrice === null || dailyCap === null || prepayment === null) fail(r.row, id, 'badValue');
      else if (hourlyPrice > dailyCap) fail(r.row, id, 'hourlyAboveDaily');
      else if (billingAboveLimit({ hourlyPrice, dailyCap, prepayment }, limits)) fail(r.row, id, 'aboveLimit');
      else if (await chargers.setBilling(id, { hourlyPrice, dailyCap, prepayment })) successes += 1;
      else fail(r.row, id, 'notBound');
    }
    seen.add(id);
  }
  return { total: rows.length, successes, failures };
}
