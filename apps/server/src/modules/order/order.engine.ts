import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from '../../platform/ops/metrics.js';
import type { Db } from '../../platform/db/database.js';
import type { OrderNeeds } from './needs.js';
import type { PaymentOutcome, PaymentProvider } from './payments.js';
import { InAppPayments } from './in-app-payments.js';
import { writeEvents, type EngineContext } from './order.core.js';
import { OrderTerms } from './order.rent-terms.js';
import { OrderRenting } from './order.renting.js';
import { OrderSettling } from './order.settling.js';
import { OrderSharing } from './order.sharing.js';
import { OrderPaying } from './order.paying.js';
import { OrderStaff } from './order.staff.js';
import { OrderSweep } from './order.sweep.js';

/*
 * The order engine is one entry (routes, the order module's other files and app.ts call
 * `engine.rent`, `engine.settle`, …) composed of parts, one file per job:
 *   order.core.ts       what the parts share: the order's types and constants, the timeline, the customer's lock
 *   order.rent-terms.ts what a rental would be: the chain, the billing rule, pay modes, the customer
 *   order.renting.ts    the rent, a charge given back, the eject's outcome
 *   order.settling.ts   a return, the settle, the release of what is held, a close
 *   order.sharing.ts    the paid amount shared along the chain, the outlet's cost recovered
 *   order.paying.ts     requests to the payment company and their outcomes, top-ups, the balance
 *   order.staff.ts      staff actions (end, suspend, initialise) and the demo's removals
 *   order.sweep.ts      what no event settled
 * Why a façade over parts rather than separate services: the callers (routes, refunds, accessory
 * orders, queries, other modules' tests) keep one name for the rental's life, and the parts call
 * each other through named getters (`this.settling.close(…)`, EnginePart in order.core.ts), so each
 * cross-job call says which file it goes to. Each method below is a one-line hop to its part.
 */

/**
 * Where the engine hands the payment outcomes that are not its own, named when it is built (never
 * registered afterwards): a payout's goes to the withdrawals (the payout module, a late need of the
 * order module), a balance refund part's to the balance refunds (order.balance-refunds.ts), in the
 * transaction that applies it once.
 */
export interface OutcomeOwners {
  payout(out: PaymentOutcome): Promise<void>;
  balanceRefund(tx: Db, out: PaymentOutcome): Promise<void>;
}

/**
 * The order engine: the life of a rental and the money that moves with it.
 *
 * - Rent: the deposit is charged through the payment company first (its key makes a retried tap
 *   one charge), then one transaction records the order (waiting for the eject), the money held
 *   in the ledger and the eject command under the cabinet's lock; the eject is published after
 *   it commits. The order is "using" only when the cabinet says the power bank left.
 * - An eject that fails, or expires and the inventory says nothing left, closes the order and
 *   gives everything held back.
 * - A power bank arriving in any cabinet ends its order: the fee comes from the billing rule
 *   copied into the order, is taken from what is held, the rest released (less the deposit refund
 *   fee), and what is still due is asked of the payment company (awaiting deduction). Once the
 *   order has its money, the net less the tax is shared along the chain copied into the order.
 * - Deposit-free: the declared amount is frozen by the payment company before anything is
 *   recorded (a pre-authorization); the fee is paid from it and the rest unfrozen at the end, all
 *   of it unfrozen when nothing is owed or the order closes (docs/decisions/orders-and-payments.md, "Deposit-free
 *   rentals carry their authorization").
 * - A refund takes the money back from every share pro rata, and gives it back if it fails.
 *
 * Every state change, its ledger movement and its timeline entry are one transaction; "only once"
 * is decided by the order's row lock or a conditional update, and every movement's key is unique.
 */
export class OrderEngine {
  readonly terms: OrderTerms;
  readonly renting: OrderRenting;
  readonly settling: OrderSettling;
  readonly sharing: OrderSharing;
  readonly paying: OrderPaying;
  readonly staff: OrderStaff;
  readonly sweeper: OrderSweep;
  /** Payments made in the customer's app (rents here; cable packages and Bluetooth prepayments in accessory-orders.ts). */
  readonly inApp: InAppPayments;

  constructor(
    db: Db,
    needs: OrderNeeds,
    readonly provider: PaymentProvider,
    private readonly log: FastifyBaseLogger,
    /** Rental ejects, returns and settles counted by outcome where they happen (GET /metrics). */
    meter: Pick<Metrics, 'business' | 'counted'>,
    owners: OutcomeOwners,
  ) {
    provider.onNotify((n) => this.notified(n).then(() => undefined));
    this.inApp = new InAppPayments(db, this, log);
    const ctx: EngineContext = { db, needs, provider, log, meter, inApp: this.inApp };
    this.terms = new OrderTerms(ctx, this);
    this.renting = new OrderRenting(ctx, this);
    this.settling = new OrderSettling(ctx, this);
    this.sharing = new OrderSharing(ctx, this);
    this.paying = new OrderPaying(ctx, this, owners);
    this.staff = new OrderStaff(ctx, this);
    this.sweeper = new OrderSweep(ctx, this);
  }

  // order.rent-terms.ts
  chainOf(...a: Parameters<OrderTerms['chainOf']>): ReturnType<OrderTerms['chainOf']> {
    return this.terms.chainOf(...a);
  }
  rentTerms(...a: Parameters<OrderTerms['rentTerms']>): ReturnType<OrderTerms['rentTerms']> {
    return this.terms.rentTerms(...a);
  }
  billingOf(...a: Parameters<OrderTerms['billingOf']>): ReturnType<OrderTerms['billingOf']> {
    return this.terms.billingOf(...a);
  }
  payModes(...a: Parameters<OrderTerms['payModes']>): ReturnType<OrderTerms['payModes']> {
    return this.terms.payModes(...a);
  }
  channelOf(...a: Parameters<OrderTerms['channelOf']>): ReturnType<OrderTerms['channelOf']> {
    return this.terms.channelOf(...a);
  }
  rentable(...a: Parameters<OrderTerms['rentable']>): ReturnType<OrderTerms['rentable']> {
    return this.terms.rentable(...a);
  }
  holding(...a: Parameters<OrderTerms['holding']>): ReturnType<OrderTerms['holding']> {
    return this.terms.holding(...a);
  }
  customer(...a: Parameters<OrderTerms['customer']>): ReturnType<OrderTerms['customer']> {
    return this.terms.customer(...a);
  }

  // order.renting.ts
  rent(...a: Parameters<OrderRenting['rent']>): ReturnType<OrderRenting['rent']> {
    return this.renting.rent(...a);
  }
  keySpent(...a: Parameters<OrderRenting['keySpent']>): ReturnType<OrderRenting['keySpent']> {
    return this.renting.keySpent(...a);
  }
  giveBackCharge(...a: Parameters<OrderRenting['giveBackCharge']>): ReturnType<OrderRenting['giveBackCharge']> {
    return this.renting.giveBackCharge(...a);
  }
  ejectOutcome(...a: Parameters<OrderRenting['ejectOutcome']>): ReturnType<OrderRenting['ejectOutcome']> {
    return this.renting.ejectOutcome(...a);
  }

  // order.settling.ts
  returned(...a: Parameters<OrderSettling['returned']>): ReturnType<OrderSettling['returned']> {
    return this.settling.returned(...a);
  }
  settle(...a: Parameters<OrderSettling['settle']>): ReturnType<OrderSettling['settle']> {
    return this.settling.settle(...a);
  }

  // order.sharing.ts
  share(...a: Parameters<OrderSharing['share']>): ReturnType<OrderSharing['share']> {
    return this.sharing.share(...a);
  }

  // order.paying.ts
  balanceOf(...a: Parameters<OrderPaying['balanceOf']>): ReturnType<OrderPaying['balanceOf']> {
    return this.paying.balanceOf(...a);
  }
  later(...a: Parameters<OrderPaying['later']>): ReturnType<OrderPaying['later']> {
    return this.paying.later(...a);
  }
  sendPayment(...a: Parameters<OrderPaying['sendPayment']>): ReturnType<OrderPaying['sendPayment']> {
    return this.paying.sendPayment(...a);
  }
  notified(...a: Parameters<OrderPaying['notified']>): ReturnType<OrderPaying['notified']> {
    return this.paying.notified(...a);
  }
  applyOutcome(...a: Parameters<OrderPaying['applyOutcome']>): ReturnType<OrderPaying['applyOutcome']> {
    return this.paying.applyOutcome(...a);
  }
  refundFailed(...a: Parameters<OrderPaying['refundFailed']>): ReturnType<OrderPaying['refundFailed']> {
    return this.paying.refundFailed(...a);
  }
  refundDone(...a: Parameters<OrderPaying['refundDone']>): ReturnType<OrderPaying['refundDone']> {
    return this.paying.refundDone(...a);
  }
  requestDepositRefund(
    ...a: Parameters<OrderPaying['requestDepositRefund']>
  ): ReturnType<OrderPaying['requestDepositRefund']> {
    return this.paying.requestDepositRefund(...a);
  }
  recharge(...a: Parameters<OrderPaying['recharge']>): ReturnType<OrderPaying['recharge']> {
    return this.paying.recharge(...a);
  }

  // order.staff.ts
  find(...a: Parameters<OrderStaff['find']>): ReturnType<OrderStaff['find']> {
    return this.staff.find(...a);
  }
  end(...a: Parameters<OrderStaff['end']>): ReturnType<OrderStaff['end']> {
    return this.staff.end(...a);
  }
  suspend(...a: Parameters<OrderStaff['suspend']>): ReturnType<OrderStaff['suspend']> {
    return this.staff.suspend(...a);
  }
  init(...a: Parameters<OrderStaff['init']>): ReturnType<OrderStaff['init']> {
    return this.staff.init(...a);
  }
  realOrdersInDemo(...a: Parameters<OrderStaff['realOrdersInDemo']>): ReturnType<OrderStaff['realOrdersInDemo']> {
    return this.staff.realOrdersInDemo(...a);
  }
  clearSimulated(...a: Parameters<OrderStaff['clearSimulated']>): ReturnType<OrderStaff['clearSimulated']> {
    return this.staff.clearSimulated(...a);
  }

  // order.sweep.ts
  sweep(...a: Parameters<OrderSweep['sweep']>): ReturnType<OrderSweep['sweep']> {
    return this.sweeper.sweep(...a);
  }

  // order.core.ts
  events(...a: Parameters<typeof writeEvents>): ReturnType<typeof writeEvents> {
    return writeEvents(...a);
  }
}
