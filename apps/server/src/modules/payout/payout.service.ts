import { and, count, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type {
  Lang,
  PayoutApplyRequest,
  PayoutAuditRequest,
  PayoutBalance,
  PayoutBatchAuditRequest,
  PayoutBatchAuditResult,
  PayoutDetail,
  PayoutFilter,
  PayoutItem,
  PayoutParty,
  PayoutState,
} from '@cbo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import type { Principal } from '../../platform/http/routes.js';
import { checkTimeRange } from '../../platform/http/time-range.js';
import type { PartyFacts, PayoutNeeds, PayoutOutcome } from './needs.js';
import { payWithdrawal } from './tables.js';
import { findPayout, ofParty, OPEN, PayoutParties, toItem, type Step } from './payout.core.js';
import { PayoutApplying } from './payout.applying.js';
import { PayoutPaying } from './payout.paying.js';

export { cycleOf, PAYABLE, SETTING_KIND } from './payout.core.js';

/*
 * The payout service is one entry (routes, index.ts, app.ts's wiring) over parts, one file per job:
 *   payout.core.ts      what the parts share: constants, the row's answer, a party's rules, money and row lock
 *   payout.applying.ts  a party's application (spec 5's rules under the party's row lock)
 *   payout.paying.ts    staff review, the payment company's request, its answer, the sweep
 *   payout.service.ts   this façade, the partner app's balance and list, and the console's reads
 */

/**
 * Withdrawals. "At most" rules are decided under the party's row lock (pay_party, SELECT ... FOR
 * UPDATE): the daily count and the withdrawable balance are read and the amount held while no
 * other application of the party can run. Every change of state is one conditional UPDATE ...
 * WHERE status = the state it leaves, with its ledger movement (keyed by the application) in the
 * same transaction, so a repeated approval, outcome or sweep moves money once.
 */
export class PayoutService {
  private readonly parties: PayoutParties;
  private readonly applying: PayoutApplying;
  private readonly paying: PayoutPaying;

  constructor(
    private readonly db: Db,
    private readonly needs: PayoutNeeds,
    log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.parties = new PayoutParties(db, needs);
    this.paying = new PayoutPaying(db, needs, log);
    this.applying = new PayoutApplying(db, needs, this.parties, this.paying);
  }

  // ------------------------------------------------------------------ the partner app

  async balanceOf(p: Principal, now = new Date()): Promise<PayoutBalance> {
    const party = await this.parties.partyOrRefuse(p);
    const rules = await this.parties.rulesOf(party);
    const { balance, withdrawable, owed } = await this.parties.money(party, rules.settlementDays, now);
    const [h] = await this.db
      .select({ held: sql<string>`coalesce(sum(${payWithdrawal.amount}), 0)` })
      .from(payWithdrawal)
      .where(and(ofParty(party), inArray(payWithdrawal.status, OPEN)));
    return {
      partyKind: party.kind,
      balance,
      owed,
      withdrawable,
      held: Number(h!.held),
      minAmount: rules.min,
      singleCap: rules.singleCap,
      feePercent: rules.fee,
      dailyCount: rules.dailyCount,
      usedToday: await this.parties.appliedToday(party, now),
      settlementDays: rules.settlementDays,
      methods: rules.methods,
    };
  }

  async mine(p: Principal, q: { pageNum: number; pageSize: number; status?: PayoutState }) {
    const party = await this.parties.partyOrRefuse(p);
    const where = and(ofParty(party), q.status ? eq(payWithdrawal.status, q.status) : undefined);
    const [t] = await this.db.select({ n: count() }).from(payWithdrawal).where(where);
    const rows = await this.db
      .select()
      .from(payWithdrawal)
      .where(where)
      .orderBy(desc(payWithdrawal.createdAt), desc(payWithdrawal.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize);
    return { list: rows.map(toItem), total: Number(t!.n) };
  }

  /** The partner app's application (spec 5's rules); the same key answers the first application. */
  apply(p: Principal, req: PayoutApplyRequest): Promise<PayoutItem> {
    return this.applying.apply(p, req);
  }

  /** An application of a party (the app call, the demo's partners). */
  applyFor(party: PartyFacts, req: PayoutApplyRequest, opts: { now?: Date } = {}): Promise<PayoutItem> {
    return this.applying.applyFor(party, req, opts);
  }

  /** A party's open withdrawals under its row lock (see PayoutApplying.openUnderLock). */
  openUnderLock(tx: Db, party: Pick<PartyFacts, 'kind' | 'id'>): Promise<{ count: number; amount: number }> {
    return this.applying.openUnderLock(tx, party);
  }

  // ------------------------------------------------------------------ staff review and the payment company

  audit(req: PayoutAuditRequest, by: string): Promise<PayoutItem> {
    return this.paying.audit(req, by);
  }

  batchAudit(req: PayoutBatchAuditRequest, by: string, lang: Lang): Promise<PayoutBatchAuditResult> {
    return this.paying.batchAudit(req, by, lang);
  }

  send(r: Parameters<PayoutPaying['send']>[0]): Promise<void> {
    return this.paying.send(r);
  }

  applyOutcome(out: PayoutOutcome): Promise<boolean> {
    return this.paying.applyOutcome(out);
  }

  sweep(now = new Date()): Promise<number> {
    return this.paying.sweep(now);
  }

  // ------------------------------------------------------------------ reads

  async detail(id: number): Promise<PayoutDetail> {
    const r = await findPayout(this.db, id);
    const party = await this.needs.party(r.partyKind as PayoutParty, r.partyId);
    const rules = party ? await this.parties.rulesOf(party) : null;
    const m =
      party && rules
        ? await this.parties.money(party, rules.settlementDays, new Date())
        : { balance: 0, withdrawable: 0, owed: 0 };
    return { ...toItem(r), history: r.history as Step[], ...m };
  }

  private where(f: PayoutFilter): SQL | undefined {
    const c: SQL[] = [];
    const { begin, end } = checkTimeRange(f.beginTime, f.endTime);
    if (begin) c.push(gte(payWithdrawal.createdAt, begin));
    if (end) c.push(lte(payWithdrawal.createdAt, end));
    if (f.status) c.push(eq(payWithdrawal.status, f.status));
    if (f.method) c.push(eq(payWithdrawal.method, f.method));
    if (f.partyKind) c.push(eq(payWithdrawal.partyKind, f.partyKind));
    if (f.applicationNo) c.push(ilike(payWithdrawal.applicationNo, containing(f.applicationNo)));
    return c.length ? and(...c) : undefined;
  }

  async count(f: PayoutFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(payWithdrawal).where(this.where(f));
    return Number(r!.n);
  }

  async rows(f: PayoutFilter, offset: number, limit: number): Promise<PayoutItem[]> {
    const rows = await this.db
      .select()
      .from(payWithdrawal)
      .where(this.where(f))
      .orderBy(desc(payWithdrawal.createdAt), desc(payWithdrawal.id))
      .limit(limit)
      .offset(offset);
    return rows.map(toItem);
  }

  async summary() {
    const [s] = await this.db
      .select({
        pendingCount: sql<string>`count(*) filter (where ${payWithdrawal.status} = 'initiated')`,
        pendingAmount: sql<string>`coalesce(sum(${payWithdrawal.amount}) filter (where ${payWithdrawal.status} = 'initiated'), 0)`,
        payingCount: sql<string>`count(*) filter (where ${payWithdrawal.status} in ('approved', 'paying'))`,
        payingAmount: sql<string>`coalesce(sum(${payWithdrawal.amount}) filter (where ${payWithdrawal.status} in ('approved', 'paying')), 0)`,
      })
      .from(payWithdrawal);
    return {
      pendingCount: Number(s!.pendingCount),
      pendingAmount: Number(s!.pendingAmount),
      payingCount: Number(s!.payingCount),
      payingAmount: Number(s!.payingAmount),
    };
  }

  /** Removes the demo's withdrawals and their movements (npm run demo:clear, with the rest of the demo network). */
  async clearSimulated(): Promise<number> {
    const gone = await this.db
      .delete(payWithdrawal)
      .where(eq(payWithdrawal.simulated, true))
      .returning({ no: payWithdrawal.applicationNo });
    await this.needs.ledger.removeKeys(
      gone.flatMap((g) => ['payout-hold', 'payout-reject', 'payout-failed', 'payout-paid'].map((k) => `${k}:${g.no}`)),
    );
    return gone.length;
  }
}
