import crypto from 'node:crypto';
import { and, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { ACCOUNT_KINDS, label, memoText, type AccountKind, type FlowScope, type FundFlowFilter, type FundFlowItem, type Lang, type PageResult, type TrialBalance } from '@cbo/contract';
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
  /** What kind of movement (rent, settle, release, refund, share, recharge...): the fund flows filter by it. */
  kind: string;
  orderNo?: string | null;
  /** A memo code of the contract's LEDGER_MEMOS (shown in the reader's language), or text shown as written. */
  memo?: string;
  entries: EntryInput[];
}

/** One line of periodSums: a period's debit and credit totals on an account kind, by movement kind. */
export interface PeriodSum {
  start: Date;
  accountKind: AccountKind;
  kind: string;
  debit: number;
  credit: number;
}

export const accountCode = (a: Account): string => (a.partyId ? `${a.kind}:${a.partyId}` : a.kind);

/** The platform's accounts, the customers' and the parties' of the profit chain: the three fund flows. */
const SCOPE_KINDS: Record<FlowScope, AccountKind[]> = {
  platform: ['providerClearing', 'revenue', 'fees', 'taxes', 'refunds', 'orderIncome', 'marketingExpense', 'separated'],
  user: ['userDeposit', 'userBalance', 'voucherLiability'],
  account: ['agentPayable', 'outletPayable', 'providerPayable', 'pusherPayable', 'payoutHold'],
};

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

  /** Names every account of these rows in `lang`, asking each party kind's names once. */
  private async namer(rows: { kind: string; partyId: number | null }[], lang: Lang): Promise<((kind: string, partyId: number | null) => string) & { party: (kind: string, partyId: number | null) => string | null }> {
    const byKind = new Map<string, Set<number>>();
    for (const r of rows) if (r.partyId) byKind.set(r.kind, (byKind.get(r.kind) ?? new Set()).add(r.partyId));
    const found = new Map<string, Map<number, string>>();
    await Promise.all([...byKind].map(async ([kind, ids]) => found.set(kind, await this.partyNames(kind as AccountKind, [...ids]).catch(() => new Map<number, string>()))));
    const party = (kind: string, partyId: number | null) => (partyId ? (found.get(kind)?.get(partyId) ?? null) : null);
    return Object.assign((kind: string, partyId: number | null) => accountName(kind as AccountKind, partyId, lang, party(kind, partyId) ?? undefined), { party });
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
      if (!Number.isSafeInteger(d) || !Number.isSafeInteger(c) || d < 0 || c < 0 || (d > 0 && c > 0)) throw new AppError('LEDGER_UNBALANCED');
      debit += d;
      credit += c;
    }
    if (debit !== credit) throw new AppError('LEDGER_UNBALANCED');
    if (!p.idempotencyKey || p.idempotencyKey.length > 128) throw new AppError('LEDGER_UNBALANCED');
    const fingerprint = crypto
      .createHash('sha256')
      .update(JSON.stringify(entries.map((e) => [accountCode(e.account), e.debit ?? 0, e.credit ?? 0])))
      .digest('hex');
    const [row] = await tx
      .insert(ledTransaction)
      .values({ key: p.idempotencyKey, kind: p.kind, orderNo: p.orderNo ?? null, memo: (p.memo ?? '').slice(0, 128), fingerprint })
      .onConflictDoNothing({ target: ledTransaction.key })
      .returning({ id: ledTransaction.id });
    if (!row) {
      const [was] = await tx.select({ fingerprint: ledTransaction.fingerprint }).from(ledTransaction).where(eq(ledTransaction.key, p.idempotencyKey));
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
    const txs = await this.db.select({ id: ledTransaction.id }).from(ledTransaction).where(inArray(ledTransaction.orderNo, orderNos));
    const ids = txs.map((t) => t.id);
    for (let i = 0; i < ids.length; i += 1000) {
      const part = ids.slice(i, i + 1000);
      await this.db.delete(ledEntry).where(inArray(ledEntry.transactionId, part));
      await this.db.delete(ledTransaction).where(inArray(ledTransaction.id, part));
    }
    return ids.length;
  }

  /**
   * Debit and credit totals of the entries posted in [begin, end] on these account kinds, per
   * period of `timeZone` (day, Monday week, month: the period's first instant), account kind and
   * movement kind (statistics). The whole UTC hours inside the window are read from the hourly
   * rollup (stat_ledger_hour, kept by led_entry's triggers), the parts of hours at its two edges
   * from the entries themselves, so a figure equals the sum of the entries the fund flows list for
   * the same window (exact in every time zone with a whole-hour offset).
   */
  async periodSums(q: { begin: Date; end: Date; period: 'day' | 'week' | 'month'; timeZone: string; kinds: readonly AccountKind[] }): Promise<PeriodSum[]> {
    if (!q.kinds.length) return [];
    const HOUR = 3_600_000;
    const h0 = new Date(Math.ceil(q.begin.getTime() / HOUR) * HOUR);
    const h1 = new Date(Math.floor(q.end.getTime() / HOUR) * HOUR);
    const start = (col: SQL) => sql`(date_trunc(${q.period}, ${col} at time zone ${q.timeZone}) at time zone ${q.timeZone})`;
    const kinds = sql.join(q.kinds.map((k) => sql`${k}`), sql`, `);
    const raw = (where: SQL) => sql`
      select ${start(sql`e.created_at`)} as start, e.account_kind, t.kind, sum(e.debit) as debit, sum(e.credit) as credit
      from led_entry e join led_transaction t on t.id = e.transaction_id
      where e.account_kind in (${kinds}) and ${where} group by 1, 2, 3`;
    const parts =
      h0 < h1
        ? sql`
          select ${start(sql`hour`)} as start, account_kind, kind, sum(debit) as debit, sum(credit) as credit
          from stat_ledger_hour where hour >= ${h0} and hour < ${h1} and account_kind in (${kinds}) group by 1, 2, 3
          union all ${raw(sql`e.created_at >= ${q.begin} and e.created_at < ${h0}`)}
          union all ${raw(sql`e.created_at >= ${h1} and e.created_at <= ${q.end}`)}`
        : raw(sql`e.created_at >= ${q.begin} and e.created_at <= ${q.end}`);
    const rows = await query<{ start: string | Date; account_kind: string; kind: string; debit: string; credit: string }>(this.db, sql`
      select start, account_kind, kind, sum(debit) as debit, sum(credit) as credit from (${parts}) p group by 1, 2, 3 order by 1, 2, 3`);
    return rows.map((r) => ({ start: new Date(r.start), accountKind: r.account_kind as AccountKind, kind: r.kind, debit: Number(r.debit), credit: Number(r.credit) }));
  }

  /**
   * Folds the shards of the rollup's closed hours (before the previous hour) into shard 0: the
   * shards exist only so that postings of one hour do not queue on one row, and once an hour is
   * over they would only make readers read sixteen rows for one. One statement (a delete and an
   * upsert), so a reader sees the hour before or after, never half; answers the rows folded.
   */
  async compactRollup(before = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000)): Promise<number> {
    const [r] = await query<{ n: number }>(this.db, sql`
      with moved as (
        delete from stat_ledger_hour where hour < ${before} and shard <> 0 returning hour, account_kind, kind, debit, credit
      ), summed as (select hour, account_kind, kind, sum(debit) as debit, sum(credit) as credit, count(*) as n from moved group by 1, 2, 3),
      put as (
        insert into stat_ledger_hour as s (hour, account_kind, kind, shard, debit, credit)
        select hour, account_kind, kind, 0, debit, credit from summed order by 1, 2, 3
        on conflict (hour, account_kind, kind, shard) do update set debit = s.debit + excluded.debit, credit = s.credit + excluded.credit
      )
      select coalesce(sum(n), 0)::int as n from summed`);
    return r!.n;
  }

  /** Removes whole movements whose keys start with a prefix (the demo's opening earnings, when the demo is cleared). */
  async removeKeyPrefix(prefix: string): Promise<number> {
    const txs = await this.db.select({ key: ledTransaction.key }).from(ledTransaction).where(sql`${ledTransaction.key} like ${`${escapeLike(prefix)}%`}`);
    return this.removeKeys(txs.map((t) => t.key));
  }

  /** Removes whole movements by their keys (the demo's withdrawals, when the demo is cleared); each balances by itself. */
  async removeKeys(keys: string[]): Promise<number> {
    let n = 0;
    for (let i = 0; i < keys.length; i += 1000) {
      const txs = await this.db.select({ id: ledTransaction.id }).from(ledTransaction).where(inArray(ledTransaction.key, keys.slice(i, i + 1000)));
      const ids = txs.map((t) => t.id);
      if (!ids.length) continue;
      await this.db.delete(ledEntry).where(inArray(ledEntry.transactionId, ids));
      await this.db.delete(ledTransaction).where(inArray(ledTransaction.id, ids));
      n += ids.length;
    }
    return n;
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

  /** Whether a key was posted. */
  async posted(key: string, tx: Db = this.db): Promise<boolean> {
    const [r] = await tx.select({ id: ledTransaction.id }).from(ledTransaction).where(eq(ledTransaction.key, key));
    return Boolean(r);
  }

  /** An account's balance: debits less credits of its entries (a liability's is negative). */
  async balance(a: Account, tx: Db = this.db): Promise<number> {
    const [r] = await tx
      .select({ d: sql<string>`coalesce(sum(${ledEntry.debit}), 0)`, c: sql<string>`coalesce(sum(${ledEntry.credit}), 0)` })
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
      .where(and(eq(ledEntry.account, accountCode(a)), gte(ledEntry.createdAt, since), sql`${ledEntry.orderNo} is not null`));
    return Number(r!.c);
  }

  /** Balances of one order's accounts of a kind (credit side positive), by account code. */
  async orderCredits(orderNo: string, kinds: AccountKind[], tx: Db = this.db): Promise<Map<string, { kind: AccountKind; partyId: number | null; amount: number }>> {
    const rows = await tx
      .select({ account: ledEntry.account, kind: ledEntry.accountKind, partyId: ledEntry.partyId, c: sql<string>`sum(${ledEntry.credit}) - sum(${ledEntry.debit})` })
      .from(ledEntry)
      .where(and(eq(ledEntry.orderNo, orderNo), inArray(ledEntry.accountKind, kinds)))
      .groupBy(ledEntry.account, ledEntry.accountKind, ledEntry.partyId);
    return new Map(rows.map((r) => [r.account, { kind: r.kind as AccountKind, partyId: r.partyId, amount: Number(r.c) }]));
  }

  /** Debit and credit totals of every account: the books balance when the totals are equal. */
  async trialBalance(lang: Lang): Promise<TrialBalance> {
    const rows = await query<{ account: string; kind: string; party_id: string | null; d: string; c: string }>(
      this.db,
      sql`select account, min(account_kind) as kind, min(party_id) as party_id, sum(debit) as d, sum(credit) as c from led_entry group by account order by account`,
    );
    const party = (r: { party_id: string | null }) => (r.party_id === null ? null : Number(r.party_id));
    const name = await this.namer(rows.map((r) => ({ kind: r.kind, partyId: party(r) })), lang);
    const accounts = rows.map((r) => ({ code: r.account, name: name(r.kind, party(r)), debit: Number(r.d), credit: Number(r.c) }));
    return { accounts, totalDebit: accounts.reduce((s, a) => s + a.debit, 0), totalCredit: accounts.reduce((s, a) => s + a.credit, 0) };
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
    const name = await this.namer(rows.map((r) => ({ kind: r.kind, partyId: party(r) })), lang);
    return {
      list: rows.map((r) => ({ code: r.account, kind: r.kind as AccountKind, name: name(r.kind, party(r)), balance: Number(r.b) })),
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
        const [r] = await this.db.select({ n: count() }).from(ledEntry).innerJoin(ledTransaction, eq(ledTransaction.id, ledEntry.transactionId)).where(this.flowWhere(scope, f));
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
        const name = await this.namer(rows.map((r) => ({ kind: r.e.accountKind, partyId: r.e.partyId })), lang ?? 'zh_CN');
        return rows.map((r) => ({
          id: r.e.id,
          time: r.e.createdAt.toISOString(),
          transactionKey: r.key,
          kind: r.kind,
          orderNo: r.e.orderNo,
          accountCode: r.e.account,
          accountName: name(r.e.accountKind, r.e.partyId),
          partyName: name.party(r.e.accountKind, r.e.partyId),
          debit: r.e.debit,
          credit: r.e.credit,
          memo: lang ? memoText(r.memo, lang) : r.memo,
        }));
      },
    };
  }

  async flowPage(scope: FlowScope, q: FundFlowFilter & { pageNum: number; pageSize: number }, lang: Lang): Promise<PageResult<FundFlowItem>> {
    const src = this.flow(scope, lang);
    const [total, list] = await Promise.all([src.count(q), src.rows(q, (q.pageNum - 1) * q.pageSize, q.pageSize)]);
    return { list, total };
  }
}

/** An account as people read it: its kind in their language, and its party's name (or id) when it has one. */
export function accountName(kind: AccountKind, partyId: number | null, lang: Lang, partyName?: string): string {
  const known = (ACCOUNT_KINDS as readonly string[]).includes(kind);
  const name = known ? label('ledger', 'accountKind', kind, lang) : kind;
  if (!partyId) return name;
  return partyName ? `${name} · ${partyName}` : `${name} #${partyId}`;
}

/** The names of the parties accounts are kept for (agents, outlets...), from the modules that own them; ids without one keep their number. */
export type PartyNames = (kind: AccountKind, ids: number[]) => Promise<Map<number, string>>;
