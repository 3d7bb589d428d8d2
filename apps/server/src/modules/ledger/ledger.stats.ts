import { sql, type SQL } from 'drizzle-orm';
import type { AccountKind } from '@cbo/contract';
import { query, type Db } from '../../platform/db/database.js';

/*
 * The ledger's read port over its statistics rollups: sums of the entries over ranges of time,
 * answered from the hour and day rollups (stat_ledger_*, kept by the triggers of rollups.sql) and
 * the entries at a range's edges in one statement, and the job that folds the rollups' shards.
 * LedgerService (ledger.service.ts) is the one entry; the statistics module's reader
 * (modules/stats/reader.ts) is its only reader, and builds every figure from these sums
 * (docs/decisions/statistics.md, "One owner for the readers").
 */

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
/**
 * An entry's figures, as the rollup trigger (migration operator_share_sql, before it ledger_outlet_sql) computes them.
 */
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

/** Statistics reads of the ledger: what the rollups and the entries at the edges add up to. */
export class LedgerStats {
  constructor(private readonly db: Db) {}

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
}
