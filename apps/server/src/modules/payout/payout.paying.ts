import { and, eq, lt } from 'drizzle-orm';
import {
  errorMessage,
  type Lang,
  type PayoutAuditRequest,
  type PayoutBatchAuditRequest,
  type PayoutBatchAuditResult,
  type PayoutItem,
  type PayoutParty,
} from '@cbo/contract';
import type { FastifyBaseLogger } from 'fastify';
import { inTransaction, type Db } from '../../platform/db/database.js';
import { afterCommit } from '../../platform/db/request-tx.js';
import { AppError } from '../../platform/http/app-error.js';
import { nameAuditTarget, nameAuditTargets } from '../../platform/audit/target.js';
import type { PayoutNeeds, PayoutOutcome } from './needs.js';
import { payWithdrawal } from './tables.js';
import {
  appended,
  failureOf,
  findPayout,
  HOLD,
  PAYABLE,
  QUERY_AFTER_MS,
  RESEND_MS,
  toItem,
  type Row,
} from './payout.core.js';

/** Staff review and the payment company: approve or reject, send, apply its answer, sweep what has none. */
export class PayoutPaying {
  constructor(
    private readonly db: Db,
    private readonly needs: PayoutNeeds,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  /** Approves (the payout goes to the payment company) or rejects (the amount goes back). One conditional update decides. */
  async audit(req: PayoutAuditRequest, by: string): Promise<PayoutItem> {
    nameAuditTarget((await findPayout(this.db, req.id)).applicationNo);
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
  async approveIn(tx: Db, id: number, by: string, note: string | null): Promise<Row | null> {
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

  sendLater(r: Row): void {
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
}
