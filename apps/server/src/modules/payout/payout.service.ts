import crypto from 'node:crypto';
import { and, count, desc, eq, gte, ilike, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import {
  errorMessage,
  PAYOUT_FAILURE_REASONS,
  type Lang,
  type PayoutBatchAuditRequest,
  type PayoutBatchAuditResult,
  type AccountKind,
  type PayoutApplyRequest,
  type PayoutAuditRequest,
  type PayoutBalance,
  type PayoutDetail,
  type PayoutFailureReason,
  type PayoutFilter,
  type PayoutItem,
  type PayoutMethod,
  type PayoutParty,
  type PayoutState,
  type WithdrawAccountKind,
  type WithdrawalSetting,
} from '@cbo/contract';
import type { FastifyBaseLogger } from 'fastify';
import { inTransaction, type Db } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import { afterCommit } from '../../platform/db/request-tx.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Principal } from '../../platform/http/routes.js';
import { checkTimeRange } from '../../platform/http/time-range.js';
import type { PartyFacts, PayoutAccount, PayoutNeeds, PayoutOutcome } from './needs.js';
import { payParty, payWithdrawal } from './tables.js';
import { nameAuditTarget, nameAuditTargets } from '../../platform/audit/target.js';

type Row = typeof payWithdrawal.$inferSelect;
interface Step {
  status: PayoutState;
  time: string;
  actor: string;
  note: string | null;
}

/** Each party's payable account in the ledger. */
export const PAYABLE: Record<PayoutParty, AccountKind> = {
  agent: 'agentPayable',
  serviceProvider: 'providerPayable',
  pusher: 'pusherPayable',
  outlet: 'outletPayable',
  operator: 'operatorPayable',
};
/**
 * The pay settings' account kind whose withdrawal rules apply to each party (docs/decisions/payouts-withdrawals.md,
 * "Withdrawals"): agents and service providers have their own; a ground pusher works for the
 * operator and follows the operator's rules. An outlet follows the agent-outlet or direct-outlet
 * rules by whom it belongs to (its PartyFacts.settingKind; agentOutlet when not said); an operator
 * (a direct-sales team) the operator's.
 */
export const SETTING_KIND: Record<PayoutParty, WithdrawAccountKind> = {
  agent: 'agent',
  serviceProvider: 'serviceProvider',
  pusher: 'operator',
  outlet: 'agentOutlet',
  operator: 'operator',
};
const settingKindOf = (party: PartyFacts): WithdrawAccountKind => party.settingKind ?? SETTING_KIND[party.kind];
/** The partner app's account kinds that withdraw, and the party each is. */
const APP_PARTY: Record<string, PayoutParty> = {
  agent: 'agent',
  serviceProvider: 'serviceProvider',
  groundPromoter: 'pusher',
  outlet: 'outlet',
  operator: 'operator',
};
/** One currency unit in cents: an amount is a whole multiple of it (spec 5). */
const UNIT = 100;
const DAY = 86_400_000;
/** A payout without an answer is asked about after this long; one the company never heard of is sent again after RESEND_MS. */
const QUERY_AFTER_MS = 30_000;
const RESEND_MS = 5 * 60_000;
const HOLD = { kind: 'payoutHold' } as const satisfies PayoutAccount;
/** A withdrawal on its way: waiting for review, approved, or with the payment company (its amount is held). */
const OPEN: PayoutState[] = ['initiated', 'approved', 'paying'];

const money = (cents: number) => (cents / 100).toFixed(2);
const newNo = () => {
  const d = new Date();
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `W${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}${crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')}`;
};
const startOfDay = (now: Date) => new Date(Math.floor(now.getTime() / DAY) * DAY);
/**
 * The withdrawal cycle an application falls in (spec 9, docs/decisions/payouts-withdrawals.md "Withdrawal cycles"):
 * daily is the daily count alone; weekly is Monday to Sunday and monthly the calendar month (UTC,
 * like the daily count), each allowing one application that is not rejected or failed.
 */
export function cycleOf(cycle: 'daily' | 'weekly' | 'monthly', now: Date): { start: Date; next: Date } | null {
  if (cycle === 'daily') return null;
  const day = startOfDay(now);
  if (cycle === 'weekly') {
    const start = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY);
    return { start, next: new Date(start.getTime() + 7 * DAY) };
  }
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { start, next: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)) };
}
const failureOf = (f: string | undefined): PayoutFailureReason =>
  (PAYOUT_FAILURE_REASONS as readonly string[]).includes(f ?? '') ? (f as PayoutFailureReason) : 'systemException';

/**
 * Withdrawals. "At most" rules are decided under the party's row lock (pay_party, SELECT ... FOR
 * UPDATE): the daily count and the withdrawable balance are read and the amount held while no
 * other application of the party can run. Every change of state is one conditional UPDATE ...
 * WHERE status = the state it leaves, with its ledger movement (keyed by the application) in the
 * same transaction, so a repeated approval, outcome or sweep moves money once.
 */
export class PayoutService {
  constructor(
    private readonly db: Db,
    private readonly needs: PayoutNeeds,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  // ------------------------------------------------------------------ the partner app

  private async partyOrRefuse(p: Principal): Promise<PartyFacts> {
    const party = APP_PARTY[p.accountType] ? await this.needs.partyOf(p) : null;
    if (!party) throw new AppError('PAYOUT_PARTNERS_ONLY');
    return party;
  }

  /** The rules of a party: the kind's settings, made stricter by an agent's own minimum and fee rate. */
  private async rulesOf(party: PartyFacts): Promise<WithdrawalSetting & { min: number; fee: number }> {
    const setting = (await this.needs.settings.withdrawal())[settingKindOf(party)];
    // The demo's partners earn from orders minutes old: their earnings count as settled, so the demo shows applications at once.
    const settlementDays = party.simulated ? 0 : setting.settlementDays;
    return {
      ...setting,
      settlementDays,
      min: Math.max(setting.minAmount, party.minWithdrawal),
      fee: Math.max(setting.feePercent, party.feePercent),
    };
  }

  /**
   * What the party may withdraw now: what it is owed less its earnings of the last settlement days
   * (T+N); nothing while it owes the platform (docs/decisions/ledger-and-money.md, "What a partner owes"). A payable
   * below zero (only one written before that policy) reads as 0 owed to it and as much more owed by it.
   */
  private async money(
    party: PartyFacts,
    settlementDays: number,
    now: Date,
    tx: Db = this.db,
  ): Promise<{ balance: number; withdrawable: number; owed: number }> {
    const account = { kind: PAYABLE[party.kind], partyId: party.id };
    const m = await this.needs.ledger.partnerMoney(account, tx);
    const balance = Math.max(0, m.payable);
    const owed = m.owed + Math.max(0, -m.payable);
    const recent =
      settlementDays > 0
        ? await this.needs.ledger.earnedSince(account, new Date(now.getTime() - settlementDays * DAY), tx)
        : 0;
    return { balance, owed, withdrawable: owed > 0 ? 0 : Math.max(0, balance - Math.max(0, recent)) };
  }

  async balanceOf(p: Principal, now = new Date()): Promise<PayoutBalance> {
    const party = await this.partyOrRefuse(p);
    const rules = await this.rulesOf(party);
    const { balance, withdrawable, owed } = await this.money(party, rules.settlementDays, now);
    const [h] = await this.db
      .select({ held: sql<string>`coalesce(sum(${payWithdrawal.amount}), 0)` })
      .from(payWithdrawal)
      .where(and(this.ofParty(party), inArray(payWithdrawal.status, OPEN)));
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
      usedToday: await this.appliedToday(party, now),
      settlementDays: rules.settlementDays,
      methods: rules.methods,
    };
  }

  async mine(p: Principal, q: { pageNum: number; pageSize: number; status?: PayoutState }) {
    const party = await this.partyOrRefuse(p);
    const where = and(this.ofParty(party), q.status ? eq(payWithdrawal.status, q.status) : undefined);
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

  private ofParty(party: Pick<PartyFacts, 'kind' | 'id'>): SQL {
    return and(eq(payWithdrawal.partyKind, party.kind), eq(payWithdrawal.partyId, party.id))!;
  }

  private async appliedToday(party: PartyFacts, now: Date, tx: Db = this.db): Promise<number> {
    const [r] = await tx
      .select({ n: count() })
      .from(payWithdrawal)
      .where(and(this.ofParty(party), gte(payWithdrawal.createdAt, startOfDay(now))));
    return Number(r!.n);
  }

  /** The partner app's application (spec 5's rules); the same key answers the first application. */
  async apply(p: Principal, req: PayoutApplyRequest): Promise<PayoutItem> {
    const item = await this.applyFor(await this.partyOrRefuse(p), req);
    nameAuditTarget(item.applicationNo);
    return item;
  }

  /** An application of a party (the app call, the demo's partners). */
  async applyFor(party: PartyFacts, req: PayoutApplyRequest, opts: { now?: Date } = {}): Promise<PayoutItem> {
    const now = opts.now ?? new Date();
    const again = await this.byKey(party, req);
    if (again) return again;
    const rules = await this.rulesOf(party);
    if (!rules.methods.includes(req.method)) throw new AppError('PAYOUT_METHOD_OFF');
    if (req.amount % UNIT !== 0) throw new AppError('PAYOUT_NOT_WHOLE');
    if (req.amount < rules.min) throw new AppError('PAYOUT_BELOW_MIN', { min: money(rules.min) });
    if (req.amount > rules.singleCap) throw new AppError('PAYOUT_ABOVE_CAP', { cap: money(rules.singleCap) });
    const fee = Math.min(req.amount, Math.round((req.amount * rules.fee) / 100));
    const automatic = rules.autoLimit !== null && req.amount <= rules.autoLimit;
    const sends: Row[] = [];
    const item = await inTransaction(this.db, async (tx) => {
      // The party's row lock: its applications are decided one at a time from here to commit.
      await this.lockParty(tx, party);
      const raced = await this.byKey(party, req, tx);
      if (raced) return raced;
      if ((await this.appliedToday(party, now, tx)) >= rules.dailyCount)
        throw new AppError('PAYOUT_DAILY_COUNT', { count: rules.dailyCount });
      // spec 9's withdrawal cycle, under the same lock: weekly or monthly, one live application per cycle.
      const cycle = cycleOf(rules.withdrawalCycle, now);
      if (cycle) {
        const [c] = await tx
          .select({ n: count() })
          .from(payWithdrawal)
          .where(
            and(
              this.ofParty(party),
              gte(payWithdrawal.createdAt, cycle.start),
              sql`${payWithdrawal.status} not in ('rejected', 'failed')`,
            ),
          );
        if (Number(c!.n) > 0)
          throw new AppError(rules.withdrawalCycle === 'weekly' ? 'PAYOUT_CYCLE_WEEK' : 'PAYOUT_CYCLE_MONTH', {
            next: cycle.next.toISOString().slice(0, 10),
          });
      }
      // The payable's own lock, exclusively: a refund taking a share back at this moment either
      // committed before this reads the balance, or waits and then finds the hold (and books what
      // the payable no longer holds as owed by the partner).
      await this.needs.ledger.lockPayables(tx, [{ kind: PAYABLE[party.kind], partyId: party.id }], 'took');
      const { withdrawable, owed } = await this.money(party, rules.settlementDays, now, tx);
      if (owed > 0) throw new AppError('PAYOUT_OWED', { owed: money(owed) });
      if (req.amount > withdrawable) throw new AppError('PAYOUT_INSUFFICIENT', { available: money(withdrawable) });
      const step: Step = { status: 'initiated', time: now.toISOString(), actor: party.name, note: null };
      const [row] = await tx
        .insert(payWithdrawal)
        .values({
          applicationNo: newNo(),
          partyKind: party.kind,
          partyId: party.id,
          partyName: party.name.slice(0, 64),
          settingKind: settingKindOf(party),
          idempotencyKey: req.idempotencyKey,
          method: req.method,
          payeeAccount: req.payeeAccount,
          payeeName: req.payeeName,
          amount: req.amount,
          fee,
          status: 'initiated',
          automatic,
          history: [step],
          simulated: party.simulated,
          createdAt: now,
        })
        .returning();
      await this.needs.ledger.post(
        {
          idempotencyKey: `payout-hold:${row!.applicationNo}`,
          kind: 'withdrawal',
          memo: 'payoutHeld',
          entries: [
            { account: { kind: PAYABLE[party.kind], partyId: party.id }, debit: req.amount },
            { account: HOLD, credit: req.amount },
          ],
        },
        tx,
      );
      await tx
        .update(payParty)
        .set({ applied: sql`${payParty.applied} + 1`, lastAppliedAt: now })
        .where(and(eq(payParty.partyKind, party.kind), eq(payParty.partyId, party.id)));
      // spec 9: at or under the automatic-mode limit, no review: straight to the payment company.
      if (!automatic) return toItem(row!);
      const paying = await this.approveIn(tx, row!.id, 'system', 'automatic');
      sends.push(paying!);
      return toItem(paying!);
    });
    for (const r of sends) this.sendLater(r);
    return item;
  }

  /** The party's row (made when it never applied), locked until the caller's transaction ends. */
  private async lockParty(tx: Db, party: Pick<PartyFacts, 'kind' | 'id'>): Promise<void> {
    await tx.insert(payParty).values({ partyKind: party.kind, partyId: party.id }).onConflictDoNothing();
    await tx
      .select()
      .from(payParty)
      .where(and(eq(payParty.partyKind, party.kind), eq(payParty.partyId, party.id)))
      .for('update');
  }

  /**
   * A party's withdrawals waiting for review or payout (initiated, approved, paying), read under
   * the party's row lock in the caller's transaction: an application of the party arriving
   * meanwhile waits for the caller's commit, then is decided against what the caller left. A
   * team's delete asks it of its operator (the network's OperatorMoney, wired in app.ts).
   */
  async openUnderLock(tx: Db, party: Pick<PartyFacts, 'kind' | 'id'>): Promise<{ count: number; amount: number }> {
    await this.lockParty(tx, party);
    const [r] = await tx
      .select({ n: count(), amount: sql<string>`coalesce(sum(${payWithdrawal.amount}), 0)` })
      .from(payWithdrawal)
      .where(and(this.ofParty(party), inArray(payWithdrawal.status, OPEN)));
    return { count: Number(r!.n), amount: Number(r!.amount) };
  }

  private async byKey(party: PartyFacts, req: PayoutApplyRequest, tx: Db = this.db): Promise<PayoutItem | null> {
    const [r] = await tx
      .select()
      .from(payWithdrawal)
      .where(and(this.ofParty(party), eq(payWithdrawal.idempotencyKey, req.idempotencyKey)));
    if (!r) return null;
    if (
      r.amount !== req.amount ||
      r.method !== req.method ||
      r.payeeAccount !== req.payeeAccount ||
      r.payeeName !== req.payeeName
    )
      throw new AppError('PAYOUT_KEY_REUSED');
    return toItem(r);
  }

  // ------------------------------------------------------------------ staff review

  /** Approves (the payout goes to the payment company) or rejects (the amount goes back). One conditional update decides. */
  async audit(req: PayoutAuditRequest, by: string): Promise<PayoutItem> {
    nameAuditTarget((await this.find(req.id)).applicationNo);
    const sends: Row[] = [];
    const item = await inTransaction(this.db, async (tx) => {
      if (req.approve) {
        const r = await this.approveIn(tx, req.id, by, null);
        if (!r) throw new AppError('PAYOUT_NOT_PENDING');
        sends.push(r);
        return toItem(r);
      }
      const now = new Date();
      const [r] = await tx
        .update(payWithdrawal)
        .set({
          status: 'rejected',
          rejectReason: req.reason ?? null,
          reviewer: by,
          reviewedAt: now,
          finishedAt: now,
          history: appended({ status: 'rejected', time: now.toISOString(), actor: by, note: req.reason ?? null }),
        })
        .where(and(eq(payWithdrawal.id, req.id), eq(payWithdrawal.status, 'initiated')))
        .returning();
      if (!r) throw new AppError('PAYOUT_NOT_PENDING');
      await this.release(tx, r, 'payout-reject');
      return toItem(r);
    });
    for (const r of sends) this.sendLater(r);
    return item;
  }

  /**
   * The same decision for several withdrawals (the review queue's batch): each is decided alone by
   * `audit`, its conditional update and ledger movement in a savepoint of its own, so one already
   * decided (or gone) is reported with its error, in the caller's language, and never moves money
   * twice, while the others are decided. Ids repeated in the request are decided once.
   */
  async batchAudit(req: PayoutBatchAuditRequest, by: string, lang: Lang): Promise<PayoutBatchAuditResult> {
    const results: PayoutBatchAuditResult['results'] = [];
    for (const id of [...new Set(req.ids)]) {
      try {
        const item = await this.audit({ id, approve: req.approve, reason: req.reason }, by);
        results.push({ id, ok: true, applicationNo: item.applicationNo, code: 0, msg: '' });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const [r] = await this.db
          .select({ no: payWithdrawal.applicationNo })
          .from(payWithdrawal)
          .where(eq(payWithdrawal.id, id));
        results.push({
          id,
          ok: false,
          applicationNo: r?.no ?? null,
          code: err.code,
          msg: errorMessage(err.errorName, lang, err.params),
        });
      }
    }
    nameAuditTargets(results.map((r) => r.applicationNo));
    const decided = results.filter((r) => r.ok).length;
    return { results, decided, refused: results.length - decided };
  }

  /**
   * initiated → approved → paying in one transaction: the payout's row (its key) is written before
   * the payment company is asked, so an answer lost on the way is found by the sweep's query.
   */
  private async approveIn(tx: Db, id: number, by: string, note: string | null): Promise<Row | null> {
    const now = new Date();
    const auto = by === 'system';
    const [a] = await tx
      .update(payWithdrawal)
      .set({
        status: 'approved',
        reviewer: auto ? null : by,
        reviewedAt: now,
        history: appended({ status: 'approved', time: now.toISOString(), actor: by, note }),
      })
      .where(and(eq(payWithdrawal.id, id), eq(payWithdrawal.status, 'initiated')))
      .returning();
    if (!a) return null;
    const [p] = await tx
      .update(payWithdrawal)
      .set({
        status: 'paying',
        payoutKey: `payout:${a.applicationNo}`,
        payingAt: now,
        history: appended({ status: 'paying', time: now.toISOString(), actor: 'system', note: null }),
      })
      .where(and(eq(payWithdrawal.id, id), eq(payWithdrawal.status, 'approved')))
      .returning();
    return p ?? null;
  }

  /** The held amount back to the party's payable account (a rejection or a failed payout). */
  private async release(tx: Db, r: Row, keyPrefix: string): Promise<void> {
    const key = `${keyPrefix}:${r.applicationNo}`;
    const payable = { kind: PAYABLE[r.partyKind as PayoutParty], partyId: r.partyId };
    const posted = await this.needs.ledger.post(
      {
        idempotencyKey: key,
        kind: 'withdrawal',
        memo: 'payoutReleased',
        entries: [
          { account: HOLD, debit: r.amount },
          { account: payable, credit: r.amount },
        ],
      },
      tx,
    );
    // A refund approved while the withdrawal was held may have left the partner owing: what comes back pays that first.
    if (posted) await this.needs.ledger.keepPayablesWhole(tx, [payable], 'added', key);
  }

  // ------------------------------------------------------------------ the payment company

  private sendLater(r: Row): void {
    afterCommit(() => void this.send(r));
  }

  /** Asks the payment company to pay (the key makes a second ask the same payout) and applies its answer. */
  async send(r: Pick<Row, 'payoutKey' | 'amount' | 'fee' | 'method' | 'payeeAccount' | 'payeeName'>): Promise<void> {
    try {
      const out = await this.needs.payments.payout({
        key: r.payoutKey!,
        amount: r.amount - r.fee,
        // The method is the channel: its company pays when enabled in the merchant settings, else the sandbox.
        payee: r.payeeAccount,
        channel: r.method,
        payeeName: r.payeeName,
      });
      await this.applyOutcome(out);
    } catch (err) {
      this.log.warn({ err, key: r.payoutKey }, 'payout request failed; it will be queried');
    }
  }

  /** A final answer to a payout, applied once: the row leaves `paying` by a conditional update. */
  async applyOutcome(out: PayoutOutcome): Promise<boolean> {
    if (out.status === 'pending') return false;
    return inTransaction(this.db, async (tx) => {
      const now = new Date();
      const ok = out.status === 'succeeded';
      const failure = ok ? null : failureOf(out.failure);
      const [r] = await tx
        .update(payWithdrawal)
        .set({
          status: ok ? 'success' : 'failed',
          failureReason: failure,
          providerReference: out.reference.slice(0, 64),
          finishedAt: now,
          history: appended({
            status: ok ? 'success' : 'failed',
            time: now.toISOString(),
            actor: 'payment company',
            note: ok ? out.reference : failure,
          }),
        })
        .where(and(eq(payWithdrawal.payoutKey, out.key), eq(payWithdrawal.status, 'paying')))
        .returning();
      if (!r) return false;
      if (!ok) {
        await this.release(tx, r, 'payout-failed');
        return true;
      }
      await this.needs.ledger.post(
        {
          idempotencyKey: `payout-paid:${r.applicationNo}`,
          kind: 'withdrawal',
          memo: 'payoutPaid',
          entries: [
            { account: HOLD, debit: r.amount },
            { account: { kind: 'providerClearing' }, credit: r.amount - r.fee },
            { account: { kind: 'fees' }, credit: r.fee },
          ],
        },
        tx,
      );
      return true;
    });
  }

  /** Payouts without an answer: asked about; one the company never heard of is asked again with its key. */
  async sweep(now = new Date()): Promise<number> {
    const paying = await this.db
      .select()
      .from(payWithdrawal)
      .where(
        and(eq(payWithdrawal.status, 'paying'), lt(payWithdrawal.payingAt, new Date(now.getTime() - QUERY_AFTER_MS))),
      )
      .orderBy(payWithdrawal.payingAt)
      .limit(50);
    let settled = 0;
    for (const r of paying) {
      const out = await this.needs.payments.query(r.payoutKey!, 'payout').catch(() => null);
      if (out) {
        if (await this.applyOutcome(out)) settled++;
      } else if (now.getTime() - r.payingAt!.getTime() > RESEND_MS) {
        await this.send(r);
      }
    }
    return settled;
  }

  // ------------------------------------------------------------------ reads

  private async find(id: number, db: Db = this.db): Promise<Row> {
    const [r] = await db.select().from(payWithdrawal).where(eq(payWithdrawal.id, id));
    if (!r) throw new AppError('PAYOUT_NOT_FOUND');
    return r;
  }

  async detail(id: number): Promise<PayoutDetail> {
    const r = await this.find(id);
    const party = await this.needs.party(r.partyKind as PayoutParty, r.partyId);
    const rules = party ? await this.rulesOf(party) : null;
    const m =
      party && rules
        ? await this.money(party, rules.settlementDays, new Date())
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

/** The history with one more step (a jsonb append in the same UPDATE). */
const appended = (s: Step): SQL => sql`${payWithdrawal.history} || ${JSON.stringify([s])}::jsonb`;

function toItem(r: Row): PayoutItem {
  return {
    id: r.id,
    applicationNo: r.applicationNo,
    partyKind: r.partyKind as PayoutParty,
    partyId: r.partyId,
    partyName: r.partyName,
    method: r.method as PayoutMethod,
    payeeAccount: r.payeeAccount,
    payeeName: r.payeeName,
    amount: r.amount,
    fee: r.fee,
    actualAmount: r.amount - r.fee,
    status: r.status as PayoutState,
    failureReason: (r.failureReason as PayoutFailureReason | null) ?? null,
    rejectReason: r.rejectReason,
    reviewer: r.reviewer,
    reviewTime: r.reviewedAt?.toISOString() ?? null,
    automatic: r.automatic,
    providerReference: r.providerReference,
    createTime: r.createdAt.toISOString(),
    finishTime: r.finishedAt?.toISOString() ?? null,
  };
}
