import { and, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  ACCOUNT_KINDS,
  PARTNER_RECEIVABLE,
  label,
  memoText,
  type AccountKind,
  type FlowScope,
  type FundFlowFilter,
  type FundFlowItem,
  type Lang,
  type PageResult,
  type TrialBalance,
} from '@cbo/contract';
import { query, type Db } from '../../platform/db/database.js';
import { checkTimeRange } from '../../platform/http/time-range.js';
import { accountCode, type Account } from './ledger.books.js';
import { ledEntry, ledTransaction } from './tables.js';

/*
 * The ledger's reads for people and other modules: a partner's statement, what parties are owed,
 * owe and earned, the trial balance, the accounts and the three fund flows, with account names in
 * the reader's language. Nothing here writes. LedgerService (ledger.service.ts) is the one entry.
 */

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

/** Reads of the books as people and other modules ask them: statements, balances by party, lists. */
export class LedgerReads {
  constructor(
    private readonly db: Db,
    private readonly partyNames: PartyNames,
  ) {}

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
   * What each of these partners owes the platform (its receivable's debit balance), by party id; `payable` names the
   * partner kind.
   */
  async owedBy(payable: AccountKind, partyIds: number[]): Promise<Map<number, number>> {
    const receivable = PARTNER_RECEIVABLE[payable as keyof typeof PARTNER_RECEIVABLE];
    if (!receivable || !partyIds.length) return new Map();
    const owes = await this.owedTo(receivable, partyIds);
    return new Map([...owes].map(([id, c]) => [id, 0 - c]));
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

/**
 * The names of the parties accounts are kept for (agents, outlets...), from the modules that own them; ids without one
 * keep their number.
 */
export type PartyNames = (kind: AccountKind, ids: number[]) => Promise<Map<number, string>>;
