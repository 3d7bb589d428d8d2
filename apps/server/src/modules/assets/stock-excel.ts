import ExcelJS from 'exceljs';
import { MOVEMENT_MAX } from '@cbo/contract';
import { AppError } from '../../platform/http/app-error.js';

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** The OLE2 compound file of a legacy .xls (Excel 97-2003). */
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** A heading such as "Device ID" is not an ID: the first row is skipped unless it looks like one. */
const ID_LIKE = /^[A-Za-z]{4}\d+$/;

/**
 * The device IDs an xlsx lists: the first column of its first sheet, empty cells skipped, a
 * heading row skipped. The type is decided by content, not by name: a legacy .xls is refused with
 * its own message (save as .xlsx), anything else that is not a workbook as the wrong type.
 */
export async function idsFromWorkbook(bytes: Buffer): Promise<string[]> {
  if (bytes.subarray(0, OLE2.length).equals(OLE2)) throw new AppError('STOCK_FILE_XLS');
  if (!bytes.subarray(0, ZIP.length).equals(ZIP)) throw new AppError('STOCK_FILE_TYPE');
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new AppError('STOCK_FILE_TYPE');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new AppError('STOCK_FILE_EMPTY');
  const ids: string[] = [];
  let first = true;
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const text = cellText(row.getCell(1).value).trim();
    const isFirst = first;
    first = false;
    if (!text || (isFirst && !ID_LIKE.test(text))) return;
    ids.push(text.slice(0, 40));
  });
  if (!ids.length) throw new AppError('STOCK_FILE_EMPTY');
  if (ids.length > MOVEMENT_MAX) throw new AppError('STOCK_FILE_TOO_MANY', { max: MOVEMENT_MAX });
  return ids;
}

/** A cell as text, whatever the writer stored: a shared or inline string, rich text, a number, a formula's result. */
function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString();
  if ('richText' in v) return v.richText.map((r) => r.text).join('');
  if ('result' in v) return cellText((v.result ?? '') as ExcelJS.CellValue);
  if ('text' in v) return String(v.text);
  return '';
}
