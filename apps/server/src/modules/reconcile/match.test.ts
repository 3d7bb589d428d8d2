import { describe, expect, it } from 'vitest';
import { dayIn, matchDay } from './match.js';
import type { BookLine, StatementLine } from './needs.js';
import { ReconcileService } from './reconcile.service.js';

const at = '2026-03-10T08:00:00.000Z';
const company = (l: Partial<StatementLine> & Pick<StatementLine, 'key' | 'amount'>): StatementLine => ({
  op: 'charge',
  reference: `REF-${l.key}`,
  fee: 0,
  at,
  status: 'succeeded',
  ...l,
});
const book = (l: Partial<BookLine> & Pick<BookLine, 'key' | 'amount'>): BookLine => ({
  provider: 'sandbox',
  op: 'charge',
  reference: `REF-${l.key}`,
  at,
  status: 'succeeded',
  ...l,
});
const inDay = (a: string) => dayIn(a, 'UTC') === '2026-03-10';

describe('matching a statement with the books', () => {
  it('gives each line its result: matched, amount differs, books pending, only at the company, only in the books', () => {
    const r = matchDay(
      [
        company({ key: 'a', amount: 1000, fee: 6 }),
        company({ key: 'b', amount: 1001, fee: 6 }),
        company({ key: 'c', amount: 800, fee: 5 }),
        company({ key: 'd', op: 'refund', amount: 300 }),
        company({ key: 'e', amount: 50, status: 'failed' }),
        company({ key: 'f', amount: 70 }),
      ],
      [
        book({ key: 'a', amount: 1000 }),
        book({ key: 'b', amount: 1000 }),
        book({ key: 'c', amount: 800, status: 'pending', reference: null }),
        book({ key: 'g', op: 'payout', amount: 400 }),
        // Failed in the books but the company moved money: only at the company.
        book({ key: 'f', amount: 70, status: 'failed' }),
        // Pending and unknown to the company: nothing moved yet, no line.
        book({ key: 'h', amount: 90, status: 'pending' }),
        // Another day's line nobody took: not this day's difference.
        book({ key: 'i', amount: 10, at: '2026-03-09T23:00:00.000Z' }),
      ],
      inDay,
    );
    expect(r.lines.map((l) => [l.key, l.result, l.providerAmount, l.booksAmount])).toEqual([
      ['a', 'matched', 1000, 1000],
      ['b', 'amountDiffers', 1001, 1000],
      ['c', 'booksPending', 800, 800],
      ['d', 'providerOnly', 300, null],
      ['f', 'providerOnly', 70, null],
      ['g', 'booksOnly', null, 400],
    ]);
    expect(r.fees).toBe(17);
    // In: 1000 + 1001 + 800 + 70, out: 300.
    expect(r.providerNet).toBe(2571);
    // The books' succeeded lines of the result: 1000 + 1000 - 400.
    expect(r.booksNet).toBe(1600);
  });

  it('finds a line by its reference when the company does not give the key back', () => {
    const r = matchDay(
      [company({ key: 'K123', reference: 'T-9', amount: 500 })],
      [book({ key: 'recharge:1:x', reference: 'T-9', amount: 500 })],
      inDay,
    );
    expect(r.lines).toMatchObject([{ result: 'matched', key: 'recharge:1:x', reference: 'T-9' }]);
  });

  it('keeps two company lines of one key apart', () => {
    const r = matchDay(
      [company({ key: 'a', amount: 5 }), company({ key: 'a', amount: 5 })],
      [book({ key: 'a', amount: 5 })],
      inDay,
    );
    expect(r.lines.map((l) => [l.ident, l.result])).toEqual([
      ['charge:a', 'matched'],
      ['charge:a#2', 'providerOnly'],
    ]);
  });

  it('is due once the time of day has passed, for the day before (server local time)', () => {
    expect(ReconcileService.dueDay(new Date(2026, 2, 10, 8, 59), '09:00')).toBeNull();
    expect(ReconcileService.dueDay(new Date(2026, 2, 10, 9, 0), '09:00')).toBe('2026-03-09');
    expect(ReconcileService.dueDay(new Date(2026, 2, 1, 23, 0), '09:00')).toBe('2026-02-28');
  });
});
