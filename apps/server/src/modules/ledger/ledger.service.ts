import crypto from 'node:crypto';
import { and, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  ACCOUNT_KINDS,
  PARTNER_RECEIVABLE,
  isPartnerPayable,
  label,
  memoText,
  type AccountKind,
  type FlowScope,
  type FundFlowFilter,
  type FundFlowItem,
  type Lang,
  type LedgerKind,
  type PageResult,
  type TrialBalance,
} from '@cbo/contract';
import { query, type Db } from '../../platform/db/database.js';
import { escapeLike } from '../../platform/db/paging.js';
import { AppError } from '../../platform/http/app-error.js';
import { checkTimeRange } from '../../platform/http/time-range.js';
import { ledEntry, ledTransaction } from './tables.js';

/** An account: its kind, and the party it is kept for when it is kept per party. */
export interface Account {
  kind: AccountKind;
  partyId?: number | null;
}
/** One side of a movement: an account and an amount on exactly one side. */
export interface EntryInput {
  account: Account;
  debit?: number;
  credit?: number;
}
export interface Posting {
  /** The same key never moves money twice. */
  idempotencyKey: string;
  /** What kind of movement (the contract's LEDGER_KINDS, each with words in three languages): the fund flows filter by it and show it. */
  kind: LedgerKind;
  orderNo?: string | null;
  /**
   * The outlet of the order (the financial data per outlet rolls up by it). Left out, the ledger
   * asks the order module for the outlet of `orderNo` (attachOrderOutlets) in the posting's transaction.
   */
  outletId?: number | null;
  /** A memo code of the contract's LEDGER_MEMOS (shown in the reader's language), or text shown as written. */
  memo?: string;
  entries: EntryInput[];
}

/** One line of rangeSums: a range's debit and credit totals on an account kind, by movement kind. */
export interface RangeSum {
  /** The caller's name of the range. */
  key: string;
  accountKind: AccountKind;
  kind: string;
  debit: number;
  credit: number;
}

/** The financial data's figures of one outlet (0: no outlet) in one range of time (`key`: the caller's name for it). */
export interface OutletFigures {
  key: string;
  outletId: number;
  income: number;
  refunds: number;
  agentShare: number;
  outletShare: number;
  providerShare: number;
  operatorShare: number;
  pusherShare: number;
  platform: number;
  taxes: number;
  fees: number;
}
/** A range of time [begin, end), or [begin, end] when `closed`, named by `key`. */
export interface TimeRangeKey {
  key: string;
  begin: Date;
  end: Date;
  closed?: boolean;
}
/** The outlet of the rental order a movement names (null: none), read in the posting's transaction. */
export type OrderOutlet = (orderNo: string, tx: Db) => Promise<number | null>;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const up = (d: Date, unit: number) => new Date(Math.ceil(d.getTime() / unit) * unit);
const down = (d: Date, unit: number) => new Date(Math.floor(d.getTime() / unit) * unit);

/**
 * Cuts a range into the parts each source answers exactly: whole UTC days (day rollup), whole
 * hours (hour rollup) and the parts of hours at its two ends (the entries).
 */
export function cutRange(r: TimeRangeKey): { raw: TimeRangeKey[]; hours: TimeRangeKey[]; days: TimeRangeKey[] } {
  const out = { raw: [] as TimeRangeKey[], hours: [] as TimeRangeKey[], days: [] as TimeRangeKey[] };
  const h0 = up(r.begin, HOUR_MS);
  const h1 = down(r.end, HOUR_MS);
  if (h0 >= h1) {
    if (r.begin < r.end || (r.closed && r.begin <= r.end)) out.raw.push(r);
    return out;
  }
  if (r.begin < h0) out.raw.push({ key: r.key, begin: r.begin, end: h0 });
  const d0 = up(h0, DAY_MS);
  const d1 = down(h1, DAY_MS);
  if (d0 < d1) {
    if (h0 < d0) out.hours.push({ key: r.key, begin: h0, end: d0 });
    out.days.push({ key: r.key, begin: d0, end: d1 });
    if (d1 < h1) out.hours.push({ key: r.key, begin: d1, end: h1 });
  } else out.hours.push({ key: r.key, begin: h0, end: h1 });
  if (h1 < r.end || r.closed) out.raw.push({ key: r.key, begin: h1, end: r.end, closed: r.closed });
  return out;
}

/**
 * The rows of a rollup table in each of these ranges of its key column `col` (from begin to before
 * end, or at begin when `at`) that also meet `where` (on `s`), each with its range's key as `key`.
 * One range is one scan whose bounds the planner sees (a year is most of a table: one pass over it);
 * several are a LATERAL … OFFSET 0 each, a range scan of the key's index per range. (Joined plainly
 * to a VALUES list, the planner read the whole rollup and tested every row against every range:
 * 0.5 s for 30 days by day in a zone that is not UTC at 100 k orders.)
 */
function inRanges(table: string, col: string, rs: TimeRangeKey[], where: SQL, at = false): SQL {
  const c = sql.raw(`s.${col}`);
  if (rs.length === 1) {
    const r = rs[0]!;
    return sql`(select ${r.key}::text as key, s.* from ${sql.raw(table)} s where ${at ? sql`${c} = ${r.begin}` : sql`${c} >= ${r.begin} and ${c} < ${r.end}`} and ${where})`;
  }
  const values = sql.join(
    rs.map((r) => sql`(${r.key}::text, ${r.begin}::timestamptz, ${r.end}::timestamptz)`),
    sql`, `,
  );
  return sql`(select r.k as key, s.* from (values ${values}) r(k, a, b)
    cross join lateral (select s.* from ${sql.raw(table)} s where ${at ? sql`${c} = r.a` : sql`${c} >= r.a and ${c} < r.b`} and ${where} offset 0) s)`;
}

/** The figure columns of the per-outlet rollups, as OutletFigures names them. */
const FIGURE_COLUMNS = {
  income: 'income',
  refunds: 'refunds',
  agentShare: 'agent_share',
  outletShare: 'outlet_share',
  providerShare: 'provider_share',
  operatorShare: 'operator_share',
  pusherShare: 'pusher_share',
  platform: 'platform',
  taxes: 'taxes',
  fees: 'fees',
} as const;
/** An entry's figures, as the rollup trigger (migration operator_share_sql, before it ledger_outlet_sql) computes them. */
const ENTRY_FIGURES: Record<(typeof FIGURE_COLUMNS)[keyof typeof FIGURE_COLUMNS], SQL> = {
  income: sql`case when e.account_kind = 'orderIncome' then e.credit else 0 end`,
  refunds: sql`case when e.account_kind in ('agentPayable', 'outletPayable', 'providerPayable', 'operatorPayable', 'pusherPayable', 'revenue') and t.kind = 'refund' then e.debit - e.credit else 0 end`,
  agent_share: sql`case when e.account_kind = 'agentPayable' and t.kind in ('share', 'refund') then e.credit - e.debit else 0 end`,
  outlet_share: sql`case when e.account_kind = 'outletPayable' and t.kind in ('share', 'refund') then e.credit - e.debit else 0 end`,
  provider_share: sql`case when e.account_kind = 'providerPayable' and t.kind in ('share', 'refund') then e.credit - e.debit else 0 end`,
  operator_share: sql`case when e.account_kind = 'operatorPayable' and t.kind in ('share', 'refund') then e.credit - e.debit else 0 end`,
  pusher_share: sql`case when e.account_kind = 'pusherPayable' and t.kind in ('share', 'refund') then e.credit - e.debit else 0 end`,
  platform: sql`case when e.account_kind = 'revenue' and t.kind in ('share', 'refund') then e.credit - e.debit else 0 end`,
  taxes: sql`case when e.account_kind = 'taxes' then e.credit - e.debit else 0 end`,
  fees: sql`case when e.account_kind = 'fees' then e.credit - e.debit else 0 end`,
};

export const accountCode = (a: Account): string => (a.partyId ? `${a.kind}:${a.partyId}` : a.kind);

/** The platform's accounts, the customers' and the parties' of the profit chain: the three fund flows. */
const SCOPE_KINDS: Record<FlowScope, AccountKind[]> = {
  platform: ['providerClearing', 'revenue', 'fees', 'taxes', 'refunds', 'orderIncome', 'marketingExpense', 'separated'],
  user: ['userDeposit', 'userBalance', 'voucherLiability', 'balanceRefundHold'],
  account: [
    'agentPayable',
    'outletPayable',
    'providerPayable',
    'pusherPayable',
    'operatorPayable',
    'payoutHold',
    ...Object.values(PARTNER_RECEIVABLE),
  ],
};

/**
 * Transaction lock classes (two-key advisory locks, the second key the account code's hash) of a
 * partner's payable: the main one, exclusive for a movement that takes from the payable (a
 * reversal, a withdrawal's hold), shared for one that only adds to it (a share, a restore, a
 * hold given back); and the netting one, exclusive, which an adding movement takes only when the
 * partner owes something, so two of them never net the same debt twice.
 */
const LOCK_PAYABLE = 727101;
const LOCK_NETTING = 727102;
/** How a movement (or the caller's transaction so far) changed a partner's payables. */
export type PayableChange = 'took' | 'added';
/** What a partner is owed (its payable) and what it owes (its receivable), both at least 0 after keepPayablesWhole. */
export interface PartnerMoney {
  payable: number;
  owed: number;
}

/**
 * The double-entry ledger. `post` writes a movement in the caller's transaction (inside a request,
 * the request's; a `db.transaction` there is a savepoint of it), so the state change it explains
 * and its entries commit together or not at all. It refuses a movement whose debits and credits
 * differ, and posting a key again changes nothing: the unique index on the key decides, so two
 * concurrent posts of one key move money once (the second waits for the first and finds it).
 */
export class LedgerService {
  constructor(
    private readonly db: Db,
    private readonly partyNames: PartyNames = async () => new Map(),
  ) {}

  private orderOutlet: OrderOutlet = async () => null;
  /** The order module, built after the ledger, tells it the outlet of an order (app.ts). */
  attachOrderOutlets(f: OrderOutlet): void {
    this.orderOutlet = f;
  }

  /** Names every account of these rows in `lang`, asking each party kind's names once. */
  private async namer(
    rows: { kind: string; partyId: number | null }[],
    lang: Lang,
  ): Promise<
    ((kind: string, partyId: number | null) => string) & {
      party: (kind: string, partyId: number | null) => string | null;
    }
  > {
    const byKind = new Map<string, Set<number>>();
    for (const r of rows) if (r.partyId) byKind.set(r.kind, (byKind.get(r.kind) ?? new Set()).add(r.partyId));
    const found = new Map<string, Map<number, string>>();
    await Promise.all(
      [...byKind].map(async ([kind, ids]) =>
        found.set(kind, await this.partyNames(kind as AccountKind, [...ids]).catch(() => new Map<number, string>())),
      ),
    );
    const party = (kind: string, partyId: number | null) => (partyId ? (found.get(kind)?.get(partyId) ?? null) : null);
    return Object.assign(
      (kind: string, partyId: number | null) =>
        accountName(kind as AccountKind, partyId, lang, party(kind, partyId) ?? undefined),
      { party },
    );
  }

  /**
   * Posts a movement; answers false when its key was posted before (nothing moved). The movement
   * and its entries are one unit: a savepoint of the caller's transaction, or a transaction of
   * its own when called outside one.
   */
  post(p: Posting, tx: Db = this.db): Promise<boolean> {
    return tx.transaction((t) => this.write(p, t as unknown as Db));
  }

  private async write(p: Posting, tx: Db): Promise<boolean> {
    const entries = p.entries.filter((e) => (e.debit ?? 0) !== 0 || (e.credit ?? 0) !== 0);
    let debit = 0;
    let credit = 0;
    for (const e of entries) {
      const d = e.debit ?? 0;
      const c = e.credit ?? 0;
      if (!Number.isSafeInteger(d) || !Number.isSafeInteger(c) || d < 0 || c < 0 || (d > 0 && c > 0))
        throw new AppError('LEDGER_UNBALANCED');
      debit += d;
      credit += c;
    }
    if (debit !== credit) throw new AppError('LEDGER_UNBALANCED');
    if (!p.idempotencyKey || p.idempotencyKey.length > 128) throw new AppError('LEDGER_UNBALANCED');
    const fingerprint = crypto
      .createHash('sha256')
      .update(JSON.stringify(entries.map((e) => [accountCode(e.account), e.debit ?? 0, e.credit ?? 0])))
      .digest('hex');
    const outletId = p.outletId !== undefined ? p.outletId : p.orderNo ? await this.orderOutlet(p.orderNo, tx) : null;
    const [row] = await tx
      .insert(ledTransaction)
      .values({
        key: p.idempotencyKey,
        kind: p.kind,
        orderNo: p.orderNo ?? null,
        outletId,
        memo: (p.memo ?? '').slice(0, 128),
        fingerprint,
      })
      .onConflictDoNothing({ target: ledTransaction.key })
      .returning({ id: ledTransaction.id });
    if (!row) {
      const [was] = await tx
        .select({ fingerprint: ledTransaction.fingerprint })
        .from(ledTransaction)
        .where(eq(ledTransaction.key, p.idempotencyKey));
      if (was && was.fingerprint !== fingerprint) throw new AppError('LEDGER_KEY_REUSED');
      return false;
    }
    // A movement of nothing (a fee of 0) leaves its key as the mark that it happened.
    if (entries.length) {
      await tx.insert(ledEntry).values(
        entries.map((e) => ({
          transactionId: row.id,
          account: accountCode(e.account),
          accountKind: e.account.kind,
          partyId: e.account.partyId ?? null,
          debit: e.debit ?? 0,
          credit: e.credit ?? 0,
          orderNo: p.orderNo ?? null,
        })),
      );
    }
    return true;
  }

  /**
   * Removes the movements of these orders whole (the demo's simulated orders, when the demo is
   * cleared). Each movement balances by itself, so the books still balance without them.
   */
  async removeOrders(orderNos: string[]): Promise<number> {
    if (!orderNos.length) return 0;
    const txs = await this.db
      .select({ id: ledTransaction.id, key: ledTransaction.key })
      .from(ledTransaction)
      .where(inArray(ledTransaction.orderNo, orderNos));
    const ids = [...txs.map((t) => t.id), ...(await this.causedBy(txs.map((t) => t.key)))];
    for (let i = 0; i < ids.length; i += 1000) {
      const part = ids.slice(i, i + 1000);
      await this.db.delete(ledEntry).where(inArray(ledEntry.transactionId, part));
      await this.db.delete(ledTransaction).where(inArray(ledTransaction.id, part));
    }
    return ids.length;
  }

  /**
   * Debit and credit totals of the entries posted in each range on these account kinds, per account
   * kind and movement kind (statistics: the caller's ranges are the periods of a window in its
   * zone). Each range is cut (cutRange) into whole UTC days, read from the day rollup
   * (stat_ledger_day), whole hours, read from the hour rollup (stat_ledger_hour), and the parts of
   * hours at its ends, read from the entries, so a figure equals the sum of the entries the fund
   * flows list for the same range, in any time zone. A part of an hour is read the short way: when
   * it reaches now and starts at the hour, as the hour's rollup row (no entry of that hour is later
   * than now); when it is the longer part of its hour, as the hour's row less the entries of the
   * shorter rest; so an edge never reads more than half an hour of entries (docs/benchmarks.md:
   * a busy edge hour read whole cost 1.4 s at 1 M orders).
   */
  async rangeSums(ranges: readonly TimeRangeKey[], kinds: readonly AccountKind[]): Promise<RangeSum[]> {
    if (!ranges.length || !kinds.length) return [];
    const kindList = sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    );
    const cut = ranges.map(cutRange);
    const rolled = (table: string, col: string, rs: TimeRangeKey[], on: 'range' | 'start') => sql`
      select s.key, s.account_kind, s.kind, sum(s.debit) as debit, sum(s.credit) as credit
      from ${inRanges(table, col, rs, sql`s.account_kind in (${kindList})`, on === 'start')} s group by 1, 2, 3`;
    const parts: SQL[] = [];
    const days = cut.flatMap((c) => c.days);
    const hours = cut.flatMap((c) => c.hours);
    if (days.length) parts.push(rolled('stat_ledger_day', 'day', days, 'range'));
    if (hours.length) parts.push(rolled('stat_ledger_hour', 'hour', hours, 'range'));
    // The parts of hours: whole hour rows (begin: the hour) and entries with a sign, each a span
    // from `a` to `b` whose ends are in or out as `ai`/`bi` say.
    const wholeHours: TimeRangeKey[] = [];
    const spans: { key: string; a: Date; b: Date; ai: boolean; bi: boolean; sign: 1 | -1 }[] = [];
    const now = Date.now();
    // A range shorter than two hours that crosses an hour is one raw part: cut it at the hour first.
    const pieces = cut
      .flatMap((c) => c.raw)
      .flatMap((r) => {
        const next = new Date(down(r.begin, HOUR_MS).getTime() + HOUR_MS);
        return r.end > next
          ? [
              { ...r, end: next, closed: false },
              { ...r, begin: next },
            ]
          : [r];
      });
    for (const r of pieces) {
      const h = down(r.begin, HOUR_MS);
      const next = new Date(h.getTime() + HOUR_MS);
      const toNext = r.end.getTime() === next.getTime();
      if (r.begin.getTime() === h.getTime() && r.end.getTime() >= now && !toNext)
        wholeHours.push({ key: r.key, begin: h, end: next });
      else if (r.end.getTime() - r.begin.getTime() > HOUR_MS / 2) {
        wholeHours.push({ key: r.key, begin: h, end: next });
        if (h < r.begin) spans.push({ key: r.key, a: h, b: r.begin, ai: true, bi: false, sign: -1 });
        if (!toNext) spans.push({ key: r.key, a: r.end, b: next, ai: !r.closed, bi: false, sign: -1 });
        // [begin, next] holds the entries of the next hour's first instant too.
        else if (r.closed) spans.push({ key: r.key, a: next, b: next, ai: true, bi: true, sign: 1 });
      } else spans.push({ key: r.key, a: r.begin, b: r.end, ai: true, bi: Boolean(r.closed), sign: 1 });
    }
    if (wholeHours.length) parts.push(rolled('stat_ledger_hour', 'hour', wholeHours, 'start'));
    if (spans.length) {
      const list = sql.join(
        spans.map(
          (x) =>
            sql`(${x.key}::text, ${x.a}::timestamptz, ${x.b}::timestamptz, ${x.ai}::boolean, ${x.bi}::boolean, ${x.sign}::int)`,
        ),
        sql`, `,
      );
      // Entries by time (index), each one's movement kind by its id: a plan that never hashes the
      // whole movement table for an edge hour (docs/benchmarks.md: that cost 630 ms at 1 M orders).
      parts.push(sql`
        select r.k as key, e.account_kind, t.kind, sum(r.sign * e.debit) as debit, sum(r.sign * e.credit) as credit
        from (values ${list}) r(k, a, b, ai, bi, sign)
        cross join lateral (
          select e.* from led_entry e
          where e.created_at >= r.a and e.created_at <= r.b and (e.created_at > r.a or r.ai) and (e.created_at < r.b or r.bi) and e.account_kind in (${kindList})
          offset 0
        ) e
        cross join lateral (select t.kind from led_transaction t where t.id = e.transaction_id offset 0) t
        group by 1, 2, 3`);
    }
    const rows = await this.withoutJit((db) =>
      query<{ key: string; account_kind: string; kind: string; debit: string; credit: string }>(
        db,
        sql`
      select key, account_kind, kind, sum(debit) as debit, sum(credit) as credit from (${sql.join(parts, sql` union all `)}) p group by 1, 2, 3 order by 1, 2, 3`,
      ),
    );
    return rows.map((r) => ({
      key: r.key,
      accountKind: r.account_kind as AccountKind,
      kind: r.kind,
      debit: Number(r.debit),
      credit: Number(r.credit),
    }));
  }

  /**
   * Runs statistics reads with PostgreSQL's JIT compiler off: their plans carry branches that never
   * run (the edge hours a window does not need) whose estimated cost makes PostgreSQL compile the
   * statement first, which took 0.3 to 2.3 s against a read of 10 to 150 ms (docs/benchmarks.md).
   */
  private withoutJit<T>(f: (db: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return f(tx as unknown as Db);
    });
  }

  /**
   * The financial data's figures of the entries posted in each range, per outlet of their orders
   * (0: no outlet), only of these outlets when given. Whole UTC days are read from the per-outlet
   * day rollup, whole hours from the hour rollup, the parts of hours at a range's ends from the
   * entries, so a figure equals the sum of the entries the fund flows list (any time zone).
   */
  async outletFigures(ranges: readonly TimeRangeKey[], outletIds?: readonly number[]): Promise<OutletFigures[]> {
    if (!ranges.length || (outletIds && !outletIds.length)) return [];
    const cut = ranges.map(cutRange);
    const values = (rs: TimeRangeKey[]) =>
      sql.join(
        rs.map(
          (r) => sql`(${r.key}::text, ${r.begin}::timestamptz, ${r.end}::timestamptz, ${Boolean(r.closed)}::boolean)`,
        ),
        sql`, `,
      );
    const only = (col: SQL) =>
      outletIds
        ? sql`and ${col} in (${sql.join(
            outletIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql``;
    const sums = sql.join(
      Object.values(FIGURE_COLUMNS).map((c) => sql`sum(${sql.raw(`s.${c}`)}) as ${sql.raw(c)}`),
      sql`, `,
    );
    const parts: SQL[] = [];
    const rolled = (table: string, col: string, rs: TimeRangeKey[], at = false) =>
      sql`select s.key, s.outlet_id, ${sums} from ${inRanges(table, col, rs, sql`true ${only(sql`s.outlet_id`)}`, at)} s group by 1, 2`;
    const days = cut.flatMap((c) => c.days);
    const hours = cut.flatMap((c) => c.hours);
    const raw = cut.flatMap((c) => c.raw);
    if (days.length) parts.push(rolled('stat_ledger_outlet_day', 'day', days));
    if (hours.length) parts.push(rolled('stat_ledger_outlet_hour', 'hour', hours));
    // A range's last part of an hour that reaches now is read from the hour rollup (no entry of
    // that hour is later than now); the others from the entries.
    const now = Date.now();
    const tails = raw.filter((r) => r.begin.getTime() % HOUR_MS === 0 && r.end.getTime() >= now);
    if (tails.length) {
      parts.push(rolled('stat_ledger_outlet_hour', 'hour', tails, true));
    }
    const entries = raw.filter((r) => !tails.includes(r));
    if (entries.length) {
      // Each edge is at most an hour of entries: read them by time (index, both bounds in its
      // condition: with only `created_at < b or (c and created_at = b)` the upper bound was a filter,
      // and at 10 M orders PostgreSQL read the index from the window's start to its end, 36 M
      // entries and 40 s per edge, for a year of one outlet), then their movements by id.
      // In FIGURE_COLUMNS' order, as the rollup parts it is UNIONed with.
      const figures = sql.join(
        Object.values(FIGURE_COLUMNS).map((c) => sql`sum(${ENTRY_FIGURES[c]}) as ${sql.raw(c)}`),
        sql`, `,
      );
      parts.push(sql`
        select r.k as key, coalesce(t.outlet_id, 0) as outlet_id, ${figures}
        from (values ${values(entries)}) r(k, a, b, c)
        cross join lateral (
          select e.* from led_entry e where e.created_at >= r.a and e.created_at <= r.b and (e.created_at < r.b or r.c)
            and e.account_kind in ('orderIncome', 'agentPayable', 'outletPayable', 'providerPayable', 'operatorPayable', 'pusherPayable', 'revenue', 'taxes', 'fees')
            offset 0
        ) e
        cross join lateral (select t.kind, t.outlet_id from led_transaction t where t.id = e.transaction_id offset 0) t
        where true ${only(sql`coalesce(t.outlet_id, 0)`)} group by 1, 2`);
    }
    const total = sql.join(
      Object.values(FIGURE_COLUMNS).map((c) => sql`sum(p.${sql.raw(c)}) as ${sql.raw(c)}`),
      sql`, `,
    );
    const rows = await this.withoutJit((db) =>
      query<Record<string, string>>(
        db,
        sql`select p.key, p.outlet_id, ${total} from (${sql.join(parts, sql` union all `)}) p group by 1, 2`,
      ),
    );
    return rows.map((r) => {
      const f = { key: r.key!, outletId: Number(r.outlet_id) } as OutletFigures;
      for (const [name, col] of Object.entries(FIGURE_COLUMNS))
        (f as unknown as Record<string, number>)[name] = Number(r[col]);
      return f;
    });
  }

  /**
   * Folds the shards of the rollups' closed hours (before the previous hour) and closed days (before
   * the day of that hour) into shard 0: the shards exist only so that postings of one hour or day
   * do not queue on one row, and once it is over they would only make readers read sixteen rows for
   * one. One statement per rollup (a delete and an upsert), so a reader sees an hour or a day before
   * or after its fold, never half; answers the rows folded.
   */
  async compactRollup(before = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000)): Promise<number> {
    let folded = 0;
    for (const [table, col, until] of [
      ['stat_ledger_hour', 'hour', before],
      ['stat_ledger_day', 'day', down(before, DAY_MS)],
    ] as const) {
      const [r] = await query<{ n: number }>(
        this.db,
        sql`
        with moved as (
          delete from ${sql.raw(table)} where ${sql.raw(col)} < ${until} and shard <> 0 returning ${sql.raw(col)} as at, account_kind, kind, debit, credit
        ), summed as (select at, account_kind, kind, sum(debit) as debit, sum(credit) as credit, count(*) as n from moved group by 1, 2, 3),
        put as (
          insert into ${sql.raw(table)} as s (${sql.raw(col)}, account_kind, kind, shard, debit, credit)
          select at, account_kind, kind, 0, debit, credit from summed order by 1, 2, 3
          on conflict (${sql.raw(col)}, account_kind, kind, shard) do update set debit = s.debit + excluded.debit, credit = s.credit + excluded.credit
        )
        select coalesce(sum(n), 0)::int as n from summed`,
      );
      folded += r!.n;
    }
    return folded;
  }

  /** Removes whole movements whose keys start with a prefix (the demo's opening earnings, when the demo is cleared). */
  async removeKeyPrefix(prefix: string): Promise<number> {
    const txs = await this.db
      .select({ key: ledTransaction.key })
      .from(ledTransaction)
      .where(sql`${ledTransaction.key} like ${`${escapeLike(prefix)}%`}`);
    return this.removeKeys(txs.map((t) => t.key));
  }

  /**
   * The movements a partner's debt booking made because of these (`owed:<key>:<account>`,
   * `netted:<key>:<account>`, keepPayablesWhole): removed with them, so a payable does not keep a
   * debt or a netting whose cause is gone; and an outlet's cost recovered from an order's share
   * (`cost:<orderNo>`, caused by `share:<orderNo>`). They name no order, so they are found by key.
   */
  private async causedBy(keys: string[]): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < keys.length; i += 1000) {
      const part = keys.slice(i, i + 1000);
      const rows = await query<{ id: string }>(
        this.db,
        sql`select id from led_transaction where (kind in ('receivable', 'netting') and substring(key from '^(?:owed|netted):(.*):[^:]+:[^:]+$') in (${sql.join(
          part.map((k) => sql`${k}`),
          sql`, `,
        )}))
              or (kind = 'costRecovery' and 'share:' || substring(key from '^cost:(.*)$') in (${sql.join(
                part.map((k) => sql`${k}`),
                sql`, `,
              )}))`,
      );
      ids.push(...rows.map((r) => Number(r.id)));
    }
    return ids;
  }

  /** Removes whole movements by their keys (the demo's withdrawals, when the demo is cleared); each balances by itself. */
  async removeKeys(keys: string[]): Promise<number> {
    let n = 0;
    for (let i = 0; i < keys.length; i += 1000) {
      const txs = await this.db
        .select({ id: ledTransaction.id, key: ledTransaction.key })
        .from(ledTransaction)
        .where(inArray(ledTransaction.key, keys.slice(i, i + 1000)));
      const ids = [...txs.map((t) => t.id), ...(await this.causedBy(txs.map((t) => t.key)))];
      if (!ids.length) continue;
      await this.db.delete(ledEntry).where(inArray(ledEntry.transactionId, ids));
      await this.db.delete(ledTransaction).where(inArray(ledTransaction.id, ids));
      n += ids.length;
    }
    return n;
  }

  /**
   * A partner's statement: the movements of its payable over whole days in a time zone (the days'
   * bounds are PostgreSQL's, so summer time is right), from the first day's 00:00 to the last
   * day's 23:59:59.999 (the fund flow's filter with those two instants lists the same entries).
   * Opening is what the account held before, closing what it held at the end; every movement
   * between falls in one line by its movement kind (share, refund, the withdrawal's hold or its
   * return, owed, other), so opening + lines = closing to the cent. One statement reads the
   * opening, the lines, the days and the period's totals (one snapshot); a second one the fees
   * of the partner's withdrawals paid in the period, found by their keys (payout-hold:<no> →
   * payout-paid:<no>), which are not movements of the balance (the amount left it when held).
   */
  async statement(
    account: Account,
    p: { beginDate: string; endDate: string; timeZone: string },
  ): Promise<StatementBooks> {
    const code = accountCode(account);
    const tz = p.timeZone;
    const [bounds] = await query<{ b: string; e: string }>(
      this.db,
      sql`select (extract(epoch from (${p.beginDate}::date::timestamp at time zone ${tz}::text)) * 1000)::bigint::text as b,
                 (extract(epoch from ((${p.endDate}::date + 1)::timestamp at time zone ${tz}::text)) * 1000)::bigint::text as e`,
    );
    const begin = new Date(Number(bounds!.b));
    const end = new Date(Number(bounds!.e) - 1);
    const rows = await query<{ day: string | null; cat: string; amount: string; orders: string; holds: string }>(
      this.db,
      sql`with x as (
            select e.debit, e.credit, e.order_no, t.kind,
              case when e.created_at < ${begin}::timestamptz then '' else to_char(e.created_at at time zone ${tz}::text, 'YYYY-MM-DD') end as day,
              case when e.created_at < ${begin}::timestamptz then 'opening'
                   when t.kind = 'share' then 'shares'
                   when t.kind = 'refund' then 'reversals'
                   when t.kind = 'withdrawal' and e.debit > 0 then 'withdrawals'
                   when t.kind = 'withdrawal' then 'returned'
                   when t.kind in ('receivable', 'netting') then 'owed'
                   else 'other' end as cat
            from led_entry e join led_transaction t on t.id = e.transaction_id
            where e.account = ${code} and e.created_at <= ${end}::timestamptz
          )
          select day, cat, sum(credit - debit) as amount,
            count(distinct order_no) filter (where kind = 'share' and credit > 0) as orders,
            count(*) filter (where kind = 'withdrawal' and debit > 0) as holds
          from x group by grouping sets ((day, cat), (cat))`,
    );
    const [paid] = await query<{ paid: string; fees: string }>(
      this.db,
      sql`select coalesce(sum(pe.credit) filter (where pe.account_kind = 'providerClearing'), 0) as paid,
                 coalesce(sum(pe.credit) filter (where pe.account_kind = 'fees'), 0) as fees
          from led_entry he
          join led_transaction h on h.id = he.transaction_id and h.key like 'payout-hold:%'
          join led_transaction pt on pt.key = 'payout-paid:' || substr(h.key, 13)
          join led_entry pe on pe.transaction_id = pt.id
          where he.account = ${code} and pt.created_at >= ${begin}::timestamptz and pt.created_at <= ${end}::timestamptz`,
    );
    const zero = (): StatementLine => ({
      orders: 0,
      shares: 0,
      reversals: 0,
      withdrawals: 0,
      returned: 0,
      owed: 0,
      other: 0,
    });
    const add = (l: StatementLine, r: { cat: string; amount: string; orders: string }) => {
      if (r.cat === 'opening') return;
      (l as unknown as Record<string, number>)[r.cat] =
        ((l as unknown as Record<string, number>)[r.cat] ?? 0) + Number(r.amount);
      if (r.cat === 'shares') l.orders += Number(r.orders);
    };
    const total = zero();
    let opening = 0;
    let withdrawalCount = 0;
    const byDay = new Map<string, StatementLine>();
    for (const r of rows) {
      if (r.day === null) {
        if (r.cat === 'opening') opening = Number(r.amount);
        else add(total, r);
        if (r.cat === 'withdrawals') withdrawalCount = Number(r.holds);
      } else if (r.day !== '') {
        const l = byDay.get(r.day) ?? zero();
        add(l, r);
        byDay.set(r.day, l);
      }
    }
    let running = opening;
    const days = [...byDay.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, l]) => {
        running += l.shares + l.reversals + l.withdrawals + l.returned + l.owed + l.other;
        return { date, ...l, closing: running };
      });
    const closing =
      opening + total.shares + total.reversals + total.withdrawals + total.returned + total.owed + total.other;
    return {
      accountCode: code,
      beginDate: p.beginDate,
      endDate: p.endDate,
      timeZone: tz,
      beginTime: begin.toISOString(),
      endTime: end.toISOString(),
      opening,
      closing,
      ...total,
      withdrawalCount,
      paidOut: Number(paid?.paid ?? 0),
      paidFees: Number(paid?.fees ?? 0),
      days,
    };
  }

  /** Balances of one kind's accounts of these parties (credit side positive: what is owed to them). */
  async owedTo(kind: AccountKind, partyIds: number[]): Promise<Map<number, number>> {
    if (!partyIds.length) return new Map();
    const rows = await this.db
      .select({ partyId: ledEntry.partyId, c: sql<string>`sum(${ledEntry.credit}) - sum(${ledEntry.debit})` })
      .from(ledEntry)
      .where(and(eq(ledEntry.accountKind, kind), inArray(ledEntry.partyId, partyIds)))
      .groupBy(ledEntry.partyId);
    return new Map(rows.map((r) => [r.partyId!, Number(r.c)]));
  }

  /**
   * What the parties' accounts of one kind earned from orders, ever: the shares credited to them less
   * what refunds took back of them (entries of movements of kind share and refund), by party id, in
   * one grouped read. The financial data's share figures (ENTRY_FIGURES) count the same entries, and
   * the fund flow lists them.
   */
  async sharesEarned(kind: AccountKind, partyIds: number[]): Promise<Map<number, number>> {
    if (!partyIds.length) return new Map();
    const rows = await this.db
      .select({ partyId: ledEntry.partyId, c: sql<string>`sum(${ledEntry.credit}) - sum(${ledEntry.debit})` })
      .from(ledEntry)
      .innerJoin(ledTransaction, eq(ledTransaction.id, ledEntry.transactionId))
      .where(
        and(
          inArray(
            ledEntry.account,
            partyIds.map((id) => accountCode({ kind, partyId: id })),
          ),
          inArray(ledTransaction.kind, ['share', 'refund']),
        ),
      )
      .groupBy(ledEntry.partyId);
    return new Map(rows.map((r) => [r.partyId!, Number(r.c)]));
  }

  /**
   * Locks partner payables for the caller's transaction (sorted, so two callers never wait on each
   * other crosswise): exclusively to take from them (the withdrawals' hold reads its balance after
   * this), shared to add to them. Accounts that are no partner payable are ignored.
   */
  async lockPayables(tx: Db, accounts: readonly Account[], change: PayableChange): Promise<Account[]> {
    const codes = [...new Set(accounts.filter((a) => isPartnerPayable(a.kind) && a.partyId).map(accountCode))].sort();
    const fn = change === 'took' ? sql.raw('pg_advisory_xact_lock') : sql.raw('pg_advisory_xact_lock_shared');
    for (const code of codes) await tx.execute(sql`select ${fn}(${LOCK_PAYABLE}, hashtext(${code}))`);
    return codes.map((code) => {
      const [kind, id] = code.split(':');
      return { kind: kind as AccountKind, partyId: Number(id) };
    });
  }

  /** A partner's payable (credit side, what it is owed) and receivable (debit side, what it owes), as the caller's transaction sees them. */
  async partnerMoney(a: Account, tx: Db = this.db): Promise<PartnerMoney> {
    const receivable = PARTNER_RECEIVABLE[a.kind as keyof typeof PARTNER_RECEIVABLE];
    if (!receivable || !a.partyId) return { payable: 0 - (await this.balance(a, tx)), owed: 0 };
    const rows = await tx
      .select({ account: ledEntry.account, b: sql<string>`sum(${ledEntry.debit}) - sum(${ledEntry.credit})` })
      .from(ledEntry)
      .where(inArray(ledEntry.account, [accountCode(a), accountCode({ kind: receivable, partyId: a.partyId })]))
      .groupBy(ledEntry.account);
    const of = (code: string) => Number(rows.find((r) => r.account === code)?.b ?? 0);
    return { payable: 0 - of(accountCode(a)), owed: of(accountCode({ kind: receivable, partyId: a.partyId })) };
  }

  /**
   * The policy "a payable never goes below zero" (docs/decisions.md, "What a partner owes"), run in
   * the caller's transaction after it moved money on partner payables, `cause` being that
   * movement's key. A payable left below zero (a reversal took more than it held: the share was
   * withdrawn) is brought to zero and the rest booked as owed by the partner (`partnerOwes`: its
   * receivable Dr / payable Cr); a payable above zero while the partner owes pays the debt first
   * (`owedNetted`: payable Dr / receivable Cr, at most what either holds). Neither names an order,
   * so the order's shares, its refunds' pro rata and the financial data stay as the share and the
   * reversal posted them. Under the payables' locks (`change`: whether the caller took from them
   * or only added): a taker reads the balances exclusively, after every other writer committed; an
   * adder, shared with the other adders, reads the receivable, and only when something is owed
   * takes the netting lock and reads both again. Answers the partners' money afterwards.
   */
  async keepPayablesWhole(
    tx: Db,
    accounts: readonly Account[],
    change: PayableChange,
    cause: string,
  ): Promise<Map<string, PartnerMoney>> {
    const locked = await this.lockPayables(tx, accounts, change);
    const out = new Map<string, PartnerMoney>();
    for (const a of locked) {
      const code = accountCode(a);
      const receivable = { kind: PARTNER_RECEIVABLE[a.kind as keyof typeof PARTNER_RECEIVABLE], partyId: a.partyId };
      if (change === 'added') {
        const owed = await this.balance(receivable, tx);
        // Nothing owed: adding cannot take a payable below zero, and nothing is to net.
        if (owed <= 0) continue;
        await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NETTING}, hashtext(${code}))`);
      }
      let m = await this.partnerMoney(a, tx);
      const key = (what: string) => {
        const k = `${what}:${cause}:${code}`;
        return k.length <= 128 ? k : `${what}:${crypto.createHash('sha256').update(k).digest('hex')}`;
      };
      if (m.payable < 0) {
        const short = -m.payable;
        await this.post(
          {
            idempotencyKey: key('owed'),
            kind: 'receivable',
            memo: 'partnerOwes',
            entries: [
              { account: receivable, debit: short },
              { account: a, credit: short },
            ],
          },
          tx,
        );
        m = { payable: 0, owed: m.owed + short };
      } else if (m.payable > 0 && m.owed > 0) {
        const n = Math.min(m.payable, m.owed);
        await this.post(
          {
            idempotencyKey: key('netted'),
            kind: 'netting',
            memo: 'owedNetted',
            entries: [
              { account: a, debit: n },
              { account: receivable, credit: n },
            ],
          },
          tx,
        );
        m = { payable: m.payable - n, owed: m.owed - n };
      }
      out.set(code, m);
    }
    return out;
  }

  /** What each of these partners owes the platform (its receivable's debit balance), by party id; `payable` names the partner kind. */
  async owedBy(payable: AccountKind, partyIds: number[]): Promise<Map<number, number>> {
    const receivable = PARTNER_RECEIVABLE[payable as keyof typeof PARTNER_RECEIVABLE];
    if (!receivable || !partyIds.length) return new Map();
    const owes = await this.owedTo(receivable, partyIds);
    return new Map([...owes].map(([id, c]) => [id, 0 - c]));
  }

  /** Whether a key was posted. */
  async posted(key: string, tx: Db = this.db): Promise<boolean> {
    const [r] = await tx.select({ id: ledTransaction.id }).from(ledTransaction).where(eq(ledTransaction.key, key));
    return Boolean(r);
  }

  /** An account's balance: debits less credits of its entries (a liability's is negative). */
  async balance(a: Account, tx: Db = this.db): Promise<number> {
    const [r] = await tx
      .select({
        d: sql<string>`coalesce(sum(${ledEntry.debit}), 0)`,
        c: sql<string>`coalesce(sum(${ledEntry.credit}), 0)`,
      })
      .from(ledEntry)
      .where(eq(ledEntry.account, accountCode(a)));
    return Number(r!.d) - Number(r!.c);
  }

  /**
   * What an account earned from orders since a moment: credits less debits of its entries that
   * name an order (shares and their reversals), posted at or after `since`. The withdrawals'
   * settlement cycle (T+N) keeps this part of a balance back.
   */
  async earnedSince(a: Account, since: Date, tx: Db = this.db): Promise<number> {
    const [r] = await tx
      .select({ c: sql<string>`coalesce(sum(${ledEntry.credit}) - sum(${ledEntry.debit}), 0)` })
      .from(ledEntry)
      .where(
        and(eq(ledEntry.account, accountCode(a)), gte(ledEntry.createdAt, since), sql`${ledEntry.orderNo} is not null`),
      );
    return Number(r!.c);
  }

  /** Balances of one order's accounts of a kind (credit side positive), by account code. */
  async orderCredits(
    orderNo: string,
    kinds: AccountKind[],
    tx: Db = this.db,
  ): Promise<Map<string, { kind: AccountKind; partyId: number | null; amount: number }>> {
    const rows = await tx
      .select({
        account: ledEntry.account,
        kind: ledEntry.accountKind,
        partyId: ledEntry.partyId,
        c: sql<string>`sum(${ledEntry.credit}) - sum(${ledEntry.debit})`,
      })
      .from(ledEntry)
      .where(and(eq(ledEntry.orderNo, orderNo), inArray(ledEntry.accountKind, kinds)))
      .groupBy(ledEntry.account, ledEntry.accountKind, ledEntry.partyId);
    return new Map(
      rows.map((r) => [r.account, { kind: r.kind as AccountKind, partyId: r.partyId, amount: Number(r.c) }]),
    );
  }

  /** Debit and credit totals of every account: the books balance when the totals are equal. */
  async trialBalance(lang: Lang): Promise<TrialBalance> {
    const rows = await query<{ account: string; kind: string; party_id: string | null; d: string; c: string }>(
      this.db,
      sql`select account, min(account_kind) as kind, min(party_id) as party_id, sum(debit) as d, sum(credit) as c from led_entry group by account order by account`,
    );
    const party = (r: { party_id: string | null }) => (r.party_id === null ? null : Number(r.party_id));
    const name = await this.namer(
      rows.map((r) => ({ kind: r.kind, partyId: party(r) })),
      lang,
    );
    const accounts = rows.map((r) => ({
      code: r.account,
      name: name(r.kind, party(r)),
      debit: Number(r.d),
      credit: Number(r.c),
    }));
    return {
      accounts,
      totalDebit: accounts.reduce((s, a) => s + a.debit, 0),
      totalCredit: accounts.reduce((s, a) => s + a.credit, 0),
    };
  }

  /** Accounts with their balances (debit less credit). */
  async accounts(q: { pageNum: number; pageSize: number; kind?: AccountKind }, lang: Lang) {
    const where = q.kind ? sql`where account_kind = ${q.kind}` : sql``;
    const rows = await query<{ account: string; kind: string; party_id: string | null; b: string }>(
      this.db,
      sql`select account, min(account_kind) as kind, min(party_id) as party_id, sum(debit) - sum(credit) as b from led_entry ${where} group by account order by account limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`,
    );
    const [t] = await query<{ n: string }>(this.db, sql`select count(distinct account) as n from led_entry ${where}`);
    const party = (r: { party_id: string | null }) => (r.party_id === null ? null : Number(r.party_id));
    const name = await this.namer(
      rows.map((r) => ({ kind: r.kind, partyId: party(r) })),
      lang,
    );
    return {
      list: rows.map((r) => ({
        code: r.account,
        kind: r.kind as AccountKind,
        name: name(r.kind, party(r)),
        balance: Number(r.b),
      })),
      total: Number(t!.n),
    };
  }

  private flowWhere(scope: FlowScope, f: FundFlowFilter): SQL | undefined {
    const range = checkTimeRange(f.beginTime, f.endTime);
    const c: SQL[] = [inArray(ledEntry.accountKind, SCOPE_KINDS[scope])];
    if (range.begin) c.push(gte(ledEntry.createdAt, range.begin));
    if (range.end) c.push(lte(ledEntry.createdAt, range.end));
    if (f.orderNo) c.push(eq(ledEntry.orderNo, f.orderNo));
    if (f.accountCode) c.push(or(eq(ledEntry.account, f.accountCode), eq(ledEntry.accountKind, f.accountCode))!);
    if (f.userId) c.push(eq(ledEntry.partyId, f.userId));
    if (f.kind) c.push(eq(ledTransaction.kind, f.kind));
    return and(...c);
  }

  /**
   * One fund flow (the platform's, the customers' or the chain's accounts), newest first, its
   * account names and memos in `lang`; `null` keeps the memo as stored (an export's cells word it).
   */
  flow(scope: FlowScope, lang: Lang | null) {
    return {
      count: async (f: FundFlowFilter): Promise<number> => {
        const [r] = await this.db
          .select({ n: count() })
          .from(ledEntry)
          .innerJoin(ledTransaction, eq(ledTransaction.id, ledEntry.transactionId))
          .where(this.flowWhere(scope, f));
        return Number(r!.n);
      },
      rows: async (f: FundFlowFilter, offset: number, limit: number): Promise<FundFlowItem[]> => {
        const rows = await this.db
          .select({ e: ledEntry, key: ledTransaction.key, kind: ledTransaction.kind, memo: ledTransaction.memo })
          .from(ledEntry)
          .innerJoin(ledTransaction, eq(ledTransaction.id, ledEntry.transactionId))
          .where(this.flowWhere(scope, f))
          .orderBy(desc(ledEntry.createdAt), desc(ledEntry.id))
          .limit(limit)
          .offset(offset);
        const name = await this.namer(
          rows.map((r) => ({ kind: r.e.accountKind, partyId: r.e.partyId })),
          lang ?? 'zh_CN',
        );
        return rows.map((r) => ({
          id: r.e.id,
          time: r.e.createdAt.toISOString(),
          transactionKey: r.key,
          kind: r.kind,
          orderNo: r.e.orderNo,
          accountCode: r.e.account,
          accountName: name(r.e.accountKind, r.e.partyId),
          partyName: name.party(r.e.accountKind, r.e.partyId),
          userId: USER_KINDS.has(r.e.accountKind) ? r.e.partyId : null,
          debit: r.e.debit,
          credit: r.e.credit,
          memo: lang ? memoText(r.memo, lang) : r.memo,
        }));
      },
    };
  }

  async flowPage(
    scope: FlowScope,
    q: FundFlowFilter & { pageNum: number; pageSize: number },
    lang: Lang,
  ): Promise<PageResult<FundFlowItem>> {
    const src = this.flow(scope, lang);
    const [total, list] = await Promise.all([src.count(q), src.rows(q, (q.pageNum - 1) * q.pageSize, q.pageSize)]);
    return { list, total };
  }
}

/** The accounts kept for a customer (their party is the member). */
const USER_KINDS: ReadonlySet<string> = new Set<AccountKind>(['userBalance', 'userDeposit']);

/** An account as people read it: its kind in their language, and its party's name (or id) when it has one. */
export function accountName(kind: AccountKind, partyId: number | null, lang: Lang, partyName?: string): string {
  const known = (ACCOUNT_KINDS as readonly string[]).includes(kind);
  const name = known ? label('ledger', 'accountKind', kind, lang) : kind;
  if (!partyId) return name;
  return partyName ? `${name} · ${partyName}` : `${name} #${partyId}`;
}

/** A statement's movements by cause (cents, positive adds to what the partner is owed; orders: a count). */
export interface StatementLine {
  orders: number;
  shares: number;
  reversals: number;
  withdrawals: number;
  returned: number;
  owed: number;
  other: number;
}
/** A partner's statement as the books answer it (the network adds who the partner is). */
export interface StatementBooks extends StatementLine {
  accountCode: string;
  beginDate: string;
  endDate: string;
  timeZone: string;
  beginTime: string;
  endTime: string;
  opening: number;
  closing: number;
  withdrawalCount: number;
  paidOut: number;
  paidFees: number;
  days: (StatementLine & { date: string; closing: number })[];
}

/** The names of the parties accounts are kept for (agents, outlets...), from the modules that own them; ids without one keep their number. */
export type PartyNames = (kind: AccountKind, ids: number[]) => Promise<Map<number, string>>;
