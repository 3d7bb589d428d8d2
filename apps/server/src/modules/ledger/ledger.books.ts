import crypto from 'node:crypto';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { PARTNER_RECEIVABLE, isPartnerPayable, type AccountKind, type LedgerKind } from '@cbo/contract';
import { jsonRows, query, type Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { ledEntry, ledTransaction } from './tables.js';

/*
 * The books: writing movements (post), the balances money decisions read in the caller's
 * transaction, and the partners' payables (their locks, and keeping them whole). Reads for
 * statistics, statements and lists are in ledger.stats.ts and ledger.reads.ts; the demo's
 * removals in ledger.removals.ts; LedgerService (ledger.service.ts) is the one entry.
 */

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
  /**
   * What kind of movement (the contract's LEDGER_KINDS, each with words in three languages): the fund flows filter by
   * it and show it.
   */
  kind: LedgerKind;
  orderNo?: string | null;
  /**
   * The outlet of the order (the financial data per outlet rolls up by it). Left out, the ledger
   * asks the order module for the outlet of `orderNo` (its late need orderOutlet) in the posting's transaction.
   */
  outletId?: number | null;
  /** A memo code of the contract's LEDGER_MEMOS (shown in the reader's language), or text shown as written. */
  memo?: string;
  entries: EntryInput[];
}

/** The outlet of the rental order a movement names (null: none), read in the posting's transaction. */
export type OrderOutlet = (orderNo: string, tx: Db) => Promise<number | null>;

export const accountCode = (a: Account): string => (a.partyId ? `${a.kind}:${a.partyId}` : a.kind);

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
 * the request's) as one statement, so the state change it explains and its entries commit together
 * or not at all, and a movement is never half written. It refuses a movement whose debits and credits
 * differ, and posting a key again changes nothing: the unique index on the key decides, so two
 * concurrent posts of one key move money once (the second waits for the first and finds it).
 */
export class LedgerBooks {
  constructor(
    private readonly db: Db,
    /** The order module, built after the ledger, tells it the outlet of an order (a late need). */
    private readonly orderOutlet: OrderOutlet,
  ) {}

  /**
   * Posts a movement; answers false when its key was posted before (nothing moved). The movement
   * and its entries are written by one statement, so they are one unit by themselves: no savepoint
   * or transaction of its own is needed, inside the caller's transaction or outside one (it was
   * four round trips inside a caller's transaction: a savepoint, two inserts, its release).
   */
  async post(p: Posting, tx: Db = this.db): Promise<boolean> {
    return (await this.postAll([p], tx))[0]!;
  }

  /**
   * Posts several movements, in their order, by one statement (the settle's fee, release and shares
   * are one round trip, and the rollup rows they add to are written once); answers for each whether
   * it moved money (false: its key was posted before). Each is checked as `post` checks one, and
   * none is written unless every one is balanced. Keys must differ. Meant for the caller's
   * transaction: a key reused for other entries (LEDGER_KEY_REUSED) is found after the statement,
   * so the others it wrote stay only if the caller commits anyway (a throw rolls it back).
   */
  async postAll(postings: readonly Posting[], tx: Db = this.db): Promise<boolean[]> {
    if (!postings.length) return [];
    if (new Set(postings.map((p) => p.idempotencyKey)).size !== postings.length)
      throw new Error('postAll: a key twice in one call');
    const movements: {
      n: number;
      key: string;
      kind: string;
      order_no: string | null;
      outlet_id: number | null;
      memo: string;
      fingerprint: string;
    }[] = [];
    const lines: {
      key: string;
      account: string;
      kind: string;
      party: number | null;
      debit: number;
      credit: number;
      order_no: string | null;
    }[] = [];
    for (const p of postings) {
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
      const orderNo = p.orderNo ?? null;
      movements.push({
        n: movements.length,
        key: p.idempotencyKey,
        kind: p.kind,
        order_no: orderNo,
        outlet_id: null,
        memo: (p.memo ?? '').slice(0, 128),
        fingerprint,
      });
      for (const e of entries)
        lines.push({
          key: p.idempotencyKey,
          account: accountCode(e.account),
          kind: e.account.kind,
          party: e.account.partyId ?? null,
          debit: e.debit ?? 0,
          credit: e.credit ?? 0,
          order_no: orderNo,
        });
    }
    // Checked, then the outlets not given are asked (the order module, in the caller's transaction).
    for (const [i, p] of postings.entries())
      movements[i]!.outlet_id =
        p.outletId !== undefined ? p.outletId : p.orderNo ? await this.orderOutlet(p.orderNo, tx) : null;
    // The entries are written only with a transaction row the same statement wrote: a key posted
    // before writes neither (the unique index decides; a concurrent post of it waits for the first).
    // A movement of nothing (a fee of 0) leaves its key as the mark that it happened.
    const written = await query<{ key: string }>(
      tx,
      sql`with t as (
            insert into ${ledTransaction} (key, kind, order_no, outlet_id, memo, fingerprint)
            select v.key, v.kind, v.order_no, v.outlet_id, v.memo, v.fingerprint
            from json_to_recordset(${jsonRows(movements)}) as v(n int, key text, kind text, order_no text, outlet_id bigint, memo text, fingerprint text)
            order by v.n
            on conflict (key) do nothing
            returning id, key
          ), e as (
            insert into ${ledEntry} (transaction_id, account, account_kind, party_id, debit, credit, order_no)
            select t.id, x.account, x.kind, x.party, x.debit, x.credit, x.order_no
            from json_to_recordset(${jsonRows(lines)}) as x(key text, account text, kind text, party bigint, debit bigint, credit bigint, order_no text)
            join t on t.key = x.key
          )
          select key from t`,
    );
    const moved = new Set(written.map((r) => r.key));
    const before = movements.filter((m) => !moved.has(m.key));
    if (before.length) {
      const was = await tx
        .select({ key: ledTransaction.key, fingerprint: ledTransaction.fingerprint })
        .from(ledTransaction)
        .where(
          inArray(
            ledTransaction.key,
            before.map((m) => m.key),
          ),
        );
      for (const m of before)
        if (was.some((w) => w.key === m.key && w.fingerprint !== m.fingerprint))
          throw new AppError('LEDGER_KEY_REUSED');
    }
    return movements.map((m) => moved.has(m.key));
  }

  /**
   * Locks partner payables for the caller's transaction (sorted, so two callers never wait on each
   * other crosswise): exclusively to take from them (the withdrawals' hold reads its balance after
   * this), shared to add to them. Accounts that are no partner payable are ignored. All of them in
   * one statement, taken in the sorted order of the list (a function scan of a JSON array yields its
   * elements in order, and nothing in the statement sorts or regroups them).
   */
  async lockPayables(tx: Db, accounts: readonly Account[], change: PayableChange): Promise<Account[]> {
    const codes = [...new Set(accounts.filter((a) => isPartnerPayable(a.kind) && a.partyId).map(accountCode))].sort();
    await this.advisoryLocks(tx, LOCK_PAYABLE, codes, change === 'took' ? 'exclusive' : 'shared');
    return codes.map((code) => {
      const [kind, id] = code.split(':');
      return { kind: kind as AccountKind, partyId: Number(id) };
    });
  }

  /** Transaction advisory locks (class, hash of each code) in the order given, in one statement. */
  private async advisoryLocks(tx: Db, lockClass: number, codes: string[], mode: 'exclusive' | 'shared') {
    if (!codes.length) return;
    const fn = mode === 'exclusive' ? sql.raw('pg_advisory_xact_lock') : sql.raw('pg_advisory_xact_lock_shared');
    if (codes.length === 1) await tx.execute(sql`select ${fn}(${lockClass}, hashtext(${codes[0]}))`);
    else
      await tx.execute(
        sql`select ${fn}(${lockClass}, hashtext(c)) from json_array_elements_text(${JSON.stringify(codes)}::json) as c`,
      );
  }

  /** Balances (debits less credits) of several accounts by code, in one statement, as the caller's transaction sees them. */
  private async balances(tx: Db, codes: string[]): Promise<Map<string, number>> {
    if (!codes.length) return new Map();
    const rows = await tx
      .select({ account: ledEntry.account, b: sql<string>`sum(${ledEntry.debit}) - sum(${ledEntry.credit})` })
      .from(ledEntry)
      .where(inArray(ledEntry.account, codes))
      .groupBy(ledEntry.account);
    return new Map(rows.map((r) => [r.account, Number(r.b)]));
  }

  /**
   * A partner's payable (credit side, what it is owed) and receivable (debit side, what it owes), as the caller's
   * transaction sees them.
   */
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
   * The policy "a payable never goes below zero" (docs/decisions/ledger-and-money.md, "What a partner owes"), run in
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
    const locked = (await this.lockPayables(tx, accounts, change)).map((a) => ({
      a,
      code: accountCode(a),
      receivable: { kind: PARTNER_RECEIVABLE[a.kind as keyof typeof PARTNER_RECEIVABLE], partyId: a.partyId },
    }));
    const out = new Map<string, PartnerMoney>();
    // The partners whose books are read and netted below: every locked one, or when adding only those who owe.
    let toNet = locked;
    if (change === 'added') {
      // What each partner owes, in one statement (each was a statement of its own). Nothing owed:
      // adding cannot take a payable below zero, and nothing is to net.
      const owed = await this.balances(
        tx,
        locked.map((l) => accountCode(l.receivable)),
      );
      toNet = locked.filter((l) => (owed.get(accountCode(l.receivable)) ?? 0) > 0);
      await this.advisoryLocks(
        tx,
        LOCK_NETTING,
        toNet.map((l) => l.code),
        'exclusive',
      );
    }
    // Both sides of every partner left, read again under the locks, in one statement.
    const money = await this.balances(
      tx,
      toNet.flatMap((l) => [l.code, accountCode(l.receivable)]),
    );
    for (const { a, code, receivable } of toNet) {
      let m: PartnerMoney = { payable: 0 - (money.get(code) ?? 0), owed: money.get(accountCode(receivable)) ?? 0 };
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
}
