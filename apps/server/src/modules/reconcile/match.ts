import type { ReconcileResult } from '@cbo/contract';
import type { BookLine, ReconcileOp, StatementLine } from './needs.js';

/** A line of a day's result, before it is stored. */
export interface MatchedLine {
  ident: string;
  result: ReconcileResult;
  op: ReconcileOp;
  key: string;
  reference: string | null;
  providerAmount: number | null;
  booksAmount: number | null;
  fee: number;
  at: string;
}

export interface DayResult {
  lines: MatchedLine[];
  /** In less out by the company's statement (charges and captures in, refunds and payouts out). */
  providerNet: number;
  /** The same by the books, over the succeeded book lines this day's result holds. */
  booksNet: number;
  fees: number;
}

/** Which way money goes for the merchant: in (+1), out (-1), or none moved (a freeze or unfreeze). */
export function direction(op: ReconcileOp): number {
  return op === 'charge' || op === 'capture' ? 1 : op === 'refund' || op === 'payout' ? -1 : 0;
}

/**
 * Matches a company's statement of a day with the books (one company's book lines, read over a
 * window wider than the day so a line booked a moment across midnight still finds its pair):
 * - a company line finds its book line by op and request key, else by the company's reference;
 * - found and succeeded with the same amount: matched; another amount: amountDiffers; found but
 *   still pending in the books (the notification never came): booksPending; not found, or failed
 *   in the books: providerOnly (the company moved money the books say it did not);
 * - a succeeded book line of the day that no company line took: booksOnly (`inDay` says which
 *   book lines are the day's, in the company's time zone).
 * Lines the company lists as failed moved no money and are left out; so are book lines pending
 * or failed that the company does not list. Fees are the company's, summed.
 */
export function matchDay(statement: StatementLine[], books: BookLine[], inDay: (at: string) => boolean): DayResult {
  const byKey = new Map<string, BookLine>();
  const byRef = new Map<string, BookLine>();
  for (const b of books) {
    byKey.set(identOf(b.op, b.key), b);
    if (b.reference) byRef.set(`${b.op}:${b.reference}`, b);
  }
  const used = new Set<BookLine>();
  const lines: MatchedLine[] = [];
  const idents = new Set<string>();
  const unique = (ident: string) => {
    let id = ident;
    for (let n = 2; idents.has(id); n++) id = `${ident}#${n}`;
    idents.add(id);
    return id;
  };
  let providerNet = 0;
  let booksNet = 0;
  let fees = 0;
  for (const s of statement) {
    if (s.status !== 'succeeded') continue;
    fees += s.fee;
    providerNet += direction(s.op) * s.amount;
    const found = byKey.get(identOf(s.op, s.key)) ?? byRef.get(`${s.op}:${s.reference}`);
    const b = found && !used.has(found) ? found : undefined;
    if (b) used.add(b);
    const result: ReconcileResult = !b
      ? 'providerOnly'
      : b.status === 'pending'
        ? 'booksPending'
        : b.status === 'failed'
          ? 'providerOnly'
          : b.amount !== s.amount
            ? 'amountDiffers'
            : 'matched';
    if (b && b.status === 'succeeded') booksNet += direction(b.op) * b.amount;
    lines.push({
      ident: unique(identOf(s.op, b?.key ?? s.key)),
      result,
      op: s.op,
      key: b?.key ?? s.key,
      reference: s.reference || b?.reference || null,
      providerAmount: s.amount,
      booksAmount: b && b.status !== 'failed' ? b.amount : null,
      fee: s.fee,
      at: s.at,
    });
  }
  for (const b of books) {
    if (used.has(b) || b.status !== 'succeeded' || !inDay(b.at)) continue;
    booksNet += direction(b.op) * b.amount;
    lines.push({
      ident: unique(identOf(b.op, b.key)),
      result: 'booksOnly',
      op: b.op,
      key: b.key,
      reference: b.reference,
      providerAmount: null,
      booksAmount: b.amount,
      fee: 0,
      at: b.at,
    });
  }
  return { lines, providerNet, booksNet, fees };
}

/** A line's identity across runs of a day: its op and request key. */
export function identOf(op: string, key: string): string {
  return `${op}:${key}`.slice(0, 120);
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function dayIn(at: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(at),
  );
}
