import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { inTransaction, type Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { PaymentOutcome, PaymentProvider } from './payments.js';
import { ordOrder, ordPayment } from './tables.js';

/** How long a customer has to pay in the app before the rent's payment is given up (then a late payment is given back). */
export const PAY_IN_APP_MS = 30 * 60_000;
/** How long a rent's payment made in the app waits for its order before it is given back. */
export const PAID_WITHOUT_ORDER_MS = 5 * 60_000;

type PaymentRow = typeof ordPayment.$inferSelect;

/** What this file asks of the engine: giving a charge or an authorization back under the customer's lock. */
export interface GiveBack {
  readonly provider: PaymentProvider;
  /** Whether the charge under this key was given back already. */
  keySpent(chargeKey: string): Promise<boolean>;
  giveBackCharge(c: {
    userId: number;
    rentKey: string | null;
    chargeKey: string;
    amount: number;
    reference: string;
    orderNo: string;
    op?: 'refund' | 'unfreeze';
  }): Promise<unknown>;
}

/**
 * Rents, cable packages and Bluetooth prepayments paid in the customer's app (issue 28; the accessory
 * orders' keys are cable:… and bluetooth:…, the rest is the rent's, as told here). A real payment company cannot be charged by the
 * server alone: the rent's first call answers what the app pays with (WeChat Pay prepay fields,
 * Alipay's order string) and records the payment as `ord_payment` purpose `rent` (its order number
 * reserved); the customer pays; the app calls rent again with the same idempotency key, the company
 * answers that the key is paid, and the order is made as for any rent (it marks the row taken). The
 * notification may come before or after that second call, or never: the row is only a record of
 * the money, the order's own transaction books it. What never became an order is settled here:
 * a payment still unpaid after PAY_IN_APP_MS is given up (`failed`, `abandoned`; a payment that
 * arrives later still moves it to succeeded), and one paid without an order after
 * PAID_WITHOUT_ORDER_MS is given back through the engine's give-back (its key spent, decided under
 * the customer's lock where the rent decides too, so a late retry finds the order or the key spent).
 */
export class InAppPayments {
  constructor(
    private readonly db: Db,
    private readonly engine: GiveBack,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The rent's payment made in the app under this key, if its first call answered one. */
  async find(key: string): Promise<PaymentRow | null> {
    const [row] = await this.db
      .select()
      .from(ordPayment)
      .where(and(eq(ordPayment.key, key), eq(ordPayment.purpose, 'rent')));
    return row ?? null;
  }

  /**
   * Records a rent's payment the customer makes in the app, once under its key: identical first calls
   * at once all answer the row the first of them wrote (its order number), whatever number each drew.
   */
  async awaiting(p: {
    key: string;
    op: 'charge' | 'freeze';
    userId: number;
    orderNo: string;
    amount: number;
  }): Promise<PaymentRow> {
    const [made] = await this.db
      .insert(ordPayment)
      .values({ key: p.key, op: p.op, purpose: 'rent', userId: p.userId, orderNo: p.orderNo, amount: p.amount })
      .onConflictDoNothing()
      .returning();
    return made ?? (await this.find(p.key))!;
  }

  /**
   * The first call's answer when the channel's company is paid in the app (a rent, a cable package, a
   * Bluetooth prepayment): the payment recorded once under its key, the order number the first call
   * reserved and what the app pays with. Without the caller's idempotency key the call is refused
   * (ORDER_KEY_REQUIRED): the app could not repeat it, so a payment made anyway is given back by the sweep.
   */
  async ask(p: {
    key: string;
    op: 'charge' | 'freeze';
    userId: number;
    orderNo: string;
    amount: number;
    channel: string | null | undefined;
    out: PaymentOutcome;
    keyGiven: boolean;
  }): Promise<{ orderNo: string; payment: { channel: string; params: Record<string, string> } }> {
    const recorded = await this.awaiting(p);
    if (!p.keyGiven) throw new AppError('ORDER_KEY_REQUIRED');
    return {
      orderNo: recorded.orderNo ?? p.orderNo,
      payment: { channel: p.channel ?? '', params: p.out.payParams ?? {} },
    };
  }

  /**
   * A second call that could not open its order (the cabinet went offline, the charger is busy, the
   * cable's codes wait): the payment made in the app under this key goes back now, not at the sweep.
   */
  async refused(key: string): Promise<void> {
    const paid = await this.find(key);
    if (paid && paid.status !== 'failed') await this.giveBackIfPaid(paid);
  }

  /** The order took the payment (in the order's transaction): the row says so with the company's number. */
  async taken(tx: Db, key: string, out: { reference: string; amount: number }): Promise<void> {
    await tx
      .update(ordPayment)
      .set({ status: 'succeeded', reference: out.reference, charged: out.amount, failure: null, settledAt: new Date() })
      .where(and(eq(ordPayment.key, key), eq(ordPayment.purpose, 'rent')));
  }

  /**
   * A final outcome of a rent's payment (notification or query), in the transaction that applies it:
   * the row moves from pending, or from given up when the customer paid late; nothing is booked (the
   * order's transaction books it, or the sweep gives it back). Answers whether the row changed.
   */
  async outcome(tx: Db, out: PaymentOutcome): Promise<boolean> {
    const moved = await tx
      .update(ordPayment)
      .set({
        status: out.status,
        reference: out.reference,
        failure: out.failure ?? null,
        settledAt: new Date(),
        charged: out.status === 'succeeded' ? out.amount : null,
      })
      .where(
        and(
          eq(ordPayment.key, out.key),
          eq(ordPayment.purpose, 'rent'),
          sql`(${ordPayment.status} = 'pending' or (${ordPayment.status} = 'failed' and ${ordPayment.failure} = 'abandoned' and ${out.status} = 'succeeded'))`,
        ),
      )
      .returning({ key: ordPayment.key });
    return moved.length > 0;
  }

  /** Whether a payment row is a rent's payment made in the app (the engine's sweep leaves those to this file). */
  static owns(row: { purpose: string }): boolean {
    return row.purpose === 'rent';
  }

  /** Gives a rent's payment back now if the company says it was paid (a retry that could not rent). */
  async giveBackIfPaid(row: PaymentRow): Promise<void> {
    if (await this.engine.keySpent(row.key)) return;
    const out = await this.engine.provider.query(row.key, row.op as 'charge' | 'freeze').catch(() => null);
    if (out && out.status !== 'pending') await inTransaction(this.db, (tx) => this.outcome(tx, out));
    const [now] = await this.db.select().from(ordPayment).where(eq(ordPayment.key, row.key));
    if (now?.status === 'succeeded') await this.giveBack(now);
  }

  /** The sweep's part: payments unpaid too long are given up, payments without an order given back. */
  async sweep(now: Date): Promise<void> {
    const waiting = await this.db
      .select()
      .from(ordPayment)
      .where(
        and(
          eq(ordPayment.purpose, 'rent'),
          eq(ordPayment.status, 'pending'),
          lt(ordPayment.createdAt, new Date(now.getTime() - 30_000)),
        ),
      )
      .orderBy(ordPayment.createdAt)
      .limit(50);
    for (const p of waiting) {
      const out = await this.engine.provider.query(p.key, p.op as 'charge' | 'freeze').catch(() => null);
      if (out && out.status !== 'pending') {
        await inTransaction(this.db, (tx) => this.outcome(tx, out));
      } else if (now.getTime() - p.createdAt.getTime() > PAY_IN_APP_MS) {
        await this.db
          .update(ordPayment)
          .set({ status: 'failed', failure: 'abandoned', settledAt: now })
          .where(and(eq(ordPayment.key, p.key), eq(ordPayment.status, 'pending')));
      }
    }
    // Paid, and no order took it: given back. Orders are archived after 30 days; two days back is plenty.
    const orphans = await this.db
      .select()
      .from(ordPayment)
      .where(
        and(
          eq(ordPayment.purpose, 'rent'),
          eq(ordPayment.status, 'succeeded'),
          lt(ordPayment.createdAt, new Date(now.getTime() - PAID_WITHOUT_ORDER_MS)),
          gt(ordPayment.createdAt, new Date(now.getTime() - 2 * 86_400_000)),
          sql`not exists (select 1 from ${ordOrder} o where o.order_no = ${ordPayment.orderNo})`,
          sql`not exists (select 1 from ord_payment u where u.key = ${ordPayment.key} || ':undo')`,
        ),
      )
      .limit(50);
    for (const p of orphans) await this.giveBack(p);
  }

  private async giveBack(p: PaymentRow): Promise<void> {
    // The key is rent:<customer>:<the app's idempotency key>; the order would carry that key.
    const rentKey = p.key.split(':').slice(2).join(':') || null;
    try {
      await this.engine.giveBackCharge({
        userId: p.userId ?? 0,
        rentKey,
        chargeKey: p.key,
        amount: p.charged ?? p.amount,
        reference: p.reference ?? '',
        orderNo: p.orderNo ?? '',
        op: p.op === 'freeze' ? 'unfreeze' : 'refund',
      });
      this.log.warn({ key: p.key, orderNo: p.orderNo }, 'a rent paid in the app made no order; the money goes back');
    } catch (err) {
      this.log.error({ err, key: p.key }, 'a rent paid in the app without an order was not given back');
    }
  }
}
