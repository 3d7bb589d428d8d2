import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { PayoutApplyRequest, PayoutItem } from '@cbo/contract';
import { inTransaction, type Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Principal } from '../../platform/http/routes.js';
import { yuan } from '../../platform/money.js';
import { nameAuditTarget } from '../../platform/audit/target.js';
import type { PartyFacts, PayoutNeeds } from './needs.js';
import { payParty, payWithdrawal } from './tables.js';
import {
  cycleOf,
  HOLD,
  newNo,
  ofParty,
  OPEN,
  PAYABLE,
  settingKindOf,
  toItem,
  UNIT,
  type PayoutParties,
  type Row,
  type Step,
} from './payout.core.js';
import type { PayoutPaying } from './payout.paying.js';

/** A party's application: spec 5's rules decided under the party's row lock, the amount held in the same transaction. */
export class PayoutApplying {
  constructor(
    private readonly db: Db,
    private readonly needs: PayoutNeeds,
    private readonly parties: PayoutParties,
    private readonly paying: PayoutPaying,
  ) {}

  /** The partner app's application (spec 5's rules); the same key answers the first application. */
  async apply(p: Principal, req: PayoutApplyRequest): Promise<PayoutItem> {
    const item = await this.applyFor(await this.parties.partyOrRefuse(p), req);
    nameAuditTarget(item.applicationNo);
    return item;
  }

  /** An application of a party (the app call, the demo's partners). */
  async applyFor(party: PartyFacts, req: PayoutApplyRequest, opts: { now?: Date } = {}): Promise<PayoutItem> {
    const now = opts.now ?? new Date();
    const again = await this.byKey(party, req);
    if (again) return again;
    const rules = await this.parties.rulesOf(party);
    if (!rules.methods.includes(req.method)) throw new AppError('PAYOUT_METHOD_OFF');
    if (req.amount % UNIT !== 0) throw new AppError('PAYOUT_NOT_WHOLE');
    if (req.amount < rules.min) throw new AppError('PAYOUT_BELOW_MIN', { min: yuan(rules.min) });
    if (req.amount > rules.singleCap) throw new AppError('PAYOUT_ABOVE_CAP', { cap: yuan(rules.singleCap) });
    const fee = Math.min(req.amount, Math.round((req.amount * rules.fee) / 100));
    const automatic = rules.autoLimit !== null && req.amount <= rules.autoLimit;
    const sends: Row[] = [];
    const item = await inTransaction(this.db, async (tx) => {
      // The party's row lock: its applications are decided one at a time from here to commit.
      await this.parties.lockParty(tx, party);
      const raced = await this.byKey(party, req, tx);
      if (raced) return raced;
      if ((await this.parties.appliedToday(party, now, tx)) >= rules.dailyCount)
        throw new AppError('PAYOUT_DAILY_COUNT', { count: rules.dailyCount });
      // spec 9's withdrawal cycle, under the same lock: weekly or monthly, one live application per cycle.
      const cycle = cycleOf(rules.withdrawalCycle, now);
      if (cycle) {
        const [c] = await tx
          .select({ n: count() })
          .from(payWithdrawal)
          .where(
            and(
              ofParty(party),
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
      const { withdrawable, owed } = await this.parties.money(party, rules.settlementDays, now, tx);
      if (owed > 0) throw new AppError('PAYOUT_OWED', { owed: yuan(owed) });
      if (req.amount > withdrawable) throw new AppError('PAYOUT_INSUFFICIENT', { available: yuan(withdrawable) });
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
      const paying = await this.paying.approveIn(tx, row!.id, 'system', 'automatic');
      sends.push(paying!);
      return toItem(paying!);
    });
    for (const r of sends) this.paying.sendLater(r);
    return item;
  }

  /**
   * A party's withdrawals waiting for review or payout (initiated, approved, paying), read under
   * the party's row lock in the caller's transaction: an application of the party arriving
   * meanwhile waits for the caller's commit, then is decided against what the caller left. A
   * team's delete asks it of its operator (the network's OperatorMoney, wired in app.ts).
   */
  async openUnderLock(tx: Db, party: Pick<PartyFacts, 'kind' | 'id'>): Promise<{ count: number; amount: number }> {
    await this.parties.lockParty(tx, party);
    const [r] = await tx
      .select({ n: count(), amount: sql<string>`coalesce(sum(${payWithdrawal.amount}), 0)` })
      .from(payWithdrawal)
      .where(and(ofParty(party), inArray(payWithdrawal.status, OPEN)));
    return { count: Number(r!.n), amount: Number(r!.amount) };
  }

  private async byKey(party: PartyFacts, req: PayoutApplyRequest, tx: Db = this.db): Promise<PayoutItem | null> {
    const [r] = await tx
      .select()
      .from(payWithdrawal)
      .where(and(ofParty(party), eq(payWithdrawal.idempotencyKey, req.idempotencyKey)));
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
}
