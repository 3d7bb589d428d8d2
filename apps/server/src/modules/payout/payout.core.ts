import { and, count, eq, gte, sql, type SQL } from 'drizzle-orm';
import {
  PAYOUT_FAILURE_REASONS,
  type AccountKind,
  type PayoutFailureReason,
  type PayoutItem,
  type PayoutMethod,
  type PayoutParty,
  type PayoutState,
  type WithdrawAccountKind,
  type WithdrawalSetting,
} from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { timedNo } from '../../platform/numbers.js';
import type { Principal } from '../../platform/http/routes.js';
import type { PartyFacts, PayoutAccount, PayoutNeeds } from './needs.js';
import { payParty, payWithdrawal } from './tables.js';

/*
 * What the payout module's parts share (payout.service.ts names the parts): the withdrawal's row
 * and history types, the ledger accounts and limits, the row's answer shape, and PayoutParties,
 * which knows a party's rules, its money and its row lock.
 */

export type Row = typeof payWithdrawal.$inferSelect;
export interface Step {
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
export const settingKindOf = (party: PartyFacts): WithdrawAccountKind => party.settingKind ?? SETTING_KIND[party.kind];
/** The partner app's account kinds that withdraw, and the party each is. */
export const APP_PARTY: Record<string, PayoutParty> = {
  agent: 'agent',
  serviceProvider: 'serviceProvider',
  groundPromoter: 'pusher',
  outlet: 'outlet',
  operator: 'operator',
};
/** One currency unit in cents: an amount is a whole multiple of it (spec 5). */
export const UNIT = 100;
export const DAY = 86_400_000;
/** A payout without an answer is asked about after this long; one the company never heard of is sent again after RESEND_MS. */
export const QUERY_AFTER_MS = 30_000;
export const RESEND_MS = 5 * 60_000;
export const HOLD = { kind: 'payoutHold' } as const satisfies PayoutAccount;
/** A withdrawal on its way: waiting for review, approved, or with the payment company (its amount is held). */
export const OPEN: PayoutState[] = ['initiated', 'approved', 'paying'];

export const newNo = () => timedNo('W');
export const startOfDay = (now: Date) => new Date(Math.floor(now.getTime() / DAY) * DAY);
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
export const failureOf = (f: string | undefined): PayoutFailureReason =>
  (PAYOUT_FAILURE_REASONS as readonly string[]).includes(f ?? '') ? (f as PayoutFailureReason) : 'systemException';

/**
 * Withdrawals. "At most" rules are decided under the party's row lock (pay_party, SELECT ... FOR
 * UPDATE): the daily count and the withdrawable balance are read and the amount held while no
 * other application of the party can run. Every change of state is one conditional UPDATE ...
 * WHERE status = the state it leaves, with its ledger movement (keyed by the application) in the
 * same transaction, so a repeated approval, outcome or sweep moves money once.

/** The party's withdrawals. */
export const ofParty = (party: Pick<PartyFacts, 'kind' | 'id'>): SQL =>
  and(eq(payWithdrawal.partyKind, party.kind), eq(payWithdrawal.partyId, party.id))!;

export async function findPayout(db: Db, id: number): Promise<Row> {
  const [r] = await db.select().from(payWithdrawal).where(eq(payWithdrawal.id, id));
  if (!r) throw new AppError('PAYOUT_NOT_FOUND');
  return r;
}

/** The history with one more step (a jsonb append in the same UPDATE). */
export const appended = (s: Step): SQL => sql`${payWithdrawal.history} || ${JSON.stringify([s])}::jsonb`;

export function toItem(r: Row): PayoutItem {
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
/** A party as the payout rules see it: who it is, its rules, its money, its row lock. */
export class PayoutParties {
  constructor(
    private readonly db: Db,
    private readonly needs: PayoutNeeds,
  ) {}

  async partyOrRefuse(p: Principal): Promise<PartyFacts> {
    const party = APP_PARTY[p.accountType] ? await this.needs.partyOf(p) : null;
    if (!party) throw new AppError('PAYOUT_PARTNERS_ONLY');
    return party;
  }

  /** The rules of a party: the kind's settings, made stricter by an agent's own minimum and fee rate. */
  async rulesOf(party: PartyFacts): Promise<WithdrawalSetting & { min: number; fee: number }> {
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
  async money(
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

  async appliedToday(party: PartyFacts, now: Date, tx: Db = this.db): Promise<number> {
    const [r] = await tx
      .select({ n: count() })
      .from(payWithdrawal)
      .where(and(ofParty(party), gte(payWithdrawal.createdAt, startOfDay(now))));
    return Number(r!.n);
  }

  /** The party's row (made when it never applied), locked until the caller's transaction ends. */
  async lockParty(tx: Db, party: Pick<PartyFacts, 'kind' | 'id'>): Promise<void> {
    await tx.insert(payParty).values({ partyKind: party.kind, partyId: party.id }).onConflictDoNothing();
    await tx
      .select()
      .from(payParty)
      .where(and(eq(payParty.partyKind, party.kind), eq(payParty.partyId, party.id)))
      .for('update');
  }
}
