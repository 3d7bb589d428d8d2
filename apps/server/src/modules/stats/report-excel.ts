import ExcelJS from 'exceljs';
import {
  STATS_FINANCE_FIGURES,
  STATS_REPORT_MONEY,
  statsLabels,
  statsReportLabels as L,
  type Lang,
  type StatsReport,
} from '@cbo/contract';
import { formatInZone } from '../../platform/time-zone.js';

const MONEY = '#,##0.00';
const PERCENT = '0.0"%"';
const day = (iso: string, zone: string) => formatInZone(iso, zone).slice(0, 10);

/** The report's scope as a title reads it: "Agent: East Agency", or "Whole business". */
export function scopeTitle(r: StatsReport, lang: Lang): string {
  return r.scope.kind === 'all'
    ? L.wholeBusiness[lang]
    : `${L.scope[r.scope.kind][lang]}: ${r.scope.name ?? r.scope.id}`;
}

/** The period as the viewer reads it, in their zone: "2026-11-16 ~ 2026-11-22". */
export function periodText(from: string, to: string, zone: string): string {
  return `${day(from, zone)} ~ ${day(to, zone)}`;
}

/** The downloaded file's name in the viewer's language: "运营报告_代理商 East_2026-11-16~2026-11-22.xlsx". */
export function reportFileName(r: StatsReport, lang: Lang): string {
  const scope = scopeTitle(r, lang)
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${L.fileName[lang]}_${scope}_${day(r.beginTime, r.timeZone)}~${day(r.endTime, r.timeZone)}.xlsx`;
}

/**
 * The operation report as a workbook: a sheet per section (headline figures against the previous
 * period, the daily trend, the top outlets, the money), each titled with the scope and the period;
 * money in the currency's units with two decimals (the report keeps cents), percentages with one.
 */
export async function reportWorkbook(r: StatsReport, lang: Lang, now = new Date()): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'charging back office';
  book.created = now;
  const title = `${L.title[lang]} · ${scopeTitle(r, lang)}`;
  const sheet = (name: string, widths: number[]) => {
    const ws = book.addWorksheet(name, {
      pageSetup: { paperSize: 9, orientation: 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
    });
    ws.columns = widths.map((width) => ({ width }));
    ws.addRow([title]).font = { bold: true, size: 14 };
    ws.addRow([
      `${L.period[lang]}: ${periodText(r.beginTime, r.endTime, r.timeZone)}`,
      `${L.timeZone[lang]}: ${r.timeZone}`,
      `${L.currency[lang]}: ${r.currency}`,
    ]);
    ws.addRow([
      `${L.previousPeriod[lang]}: ${periodText(r.previous.beginTime, r.previous.endTime, r.timeZone)}`,
      `${L.generated[lang]}: ${formatInZone(now, r.timeZone)}`,
    ]);
    ws.addRow([]);
    return ws;
  };
  const header = (ws: ExcelJS.Worksheet, cells: string[]) => {
    const row = ws.addRow(cells);
    row.font = { bold: true };
    row.eachCell((c) => {
      c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F6F4' } };
      c.border = { bottom: { style: 'thin' } };
    });
  };
  const money = (c: ExcelJS.Cell, cents: number) => {
    c.value = cents / 100;
    c.numFmt = MONEY;
  };

  const head = sheet(L.section.headline[lang], [30, 18, 18, 12]);
  header(head, [L.column.figure[lang], L.column.current[lang], L.column.previous[lang], L.column.change[lang]]);
  for (const h of r.headline) {
    const row = head.addRow([L.figure[h.key][lang], h.current, h.previous, h.change]);
    if (STATS_REPORT_MONEY.includes(h.key)) {
      money(row.getCell(2), h.current);
      money(row.getCell(3), h.previous);
    }
    row.getCell(4).numFmt = PERCENT;
  }

  const daily = sheet(L.section.daily[lang], [16, 12, 16, 16]);
  header(daily, [
    L.column.day[lang],
    L.figure.orderCount[lang],
    L.figure.paidAmount[lang],
    L.figure.refundAmount[lang],
  ]);
  for (const d of r.daily) {
    const row = daily.addRow([day(d.day, r.timeZone), d.orderCount]);
    money(row.getCell(3), d.paidAmount);
    money(row.getCell(4), d.refundAmount);
  }

  const outlets = sheet(L.section.outlets[lang], [8, 36, 12, 16, 10]);
  header(outlets, [
    L.column.rank[lang],
    L.column.outlet[lang],
    L.figure.orderCount[lang],
    L.figure.paidAmount[lang],
    L.column.share[lang],
  ]);
  r.topOutlets.forEach((o, i) => {
    const row = outlets.addRow([i + 1, o.outletName ?? `#${o.outletId}`, o.orderCount]);
    money(row.getCell(4), o.paidAmount);
    row.getCell(5).value = o.share;
    row.getCell(5).numFmt = PERCENT;
  });

  const cash = sheet(L.section.money[lang], [30, 18]);
  header(cash, [L.column.figure[lang], L.column.amount[lang]]);
  if (r.money) {
    for (const f of STATS_FINANCE_FIGURES) money(cash.addRow([statsLabels.figure[f][lang]]).getCell(2), r.money[f]);
  } else {
    cash.addRow([L.moneyUnscoped[lang]]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
