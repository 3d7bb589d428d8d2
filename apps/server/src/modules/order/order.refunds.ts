import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database.js';
import type { OrderNeeds } from './needs.js';
import { BalanceRefunds } from './order.balance-refunds.js';
import type { OrderEngine } from './order.engine.js';
import { RefundAsking } from './order.refunds-asking.js';
import { RefundRecords } from './order.refunds-records.js';
import { RefundReview } from './order.refunds-review.js';

export { refundItem, type Staff } from './order.refunds-core.js';

/*
 * The refunds are one entry (routes, the module's lists and the dashboard call `refunds.request`,
 * `refunds.audit`, …) composed of parts, one file per job, as the order engine is (order.engine.ts):
 *   order.refunds-core.ts     what the parts share: who acts, a refund as the calls answer it, RefundPart
 *   order.refunds-asking.ts   a refund asked: of an order (the amount reserved), of a balance
 *   order.refunds-review.ts   the review (rejection, one or two approvals), the shares taken back, the send
 *   order.refunds-records.ts  the records: one with its history, the merged list, the refunds by reason
 *   order.balance-refunds.ts  a balance's refund: held, paid back in parts to its top-up charges
 * Each method below is a one-line hop to its part.
 */

/**
 * Refunds of orders, reviewed (issue 15; spec 4 refund states, spec 5 refund rules).
 *
 * - Request: one conditional update reserves the amount on the order (`paid - refunded >= amount`,
 *   state finished or refund failed, which it moves to "refund in progress"), so however many are
 *   asked at once the refunds never exceed what was paid, and one refund of an order is open at a
 *   time. The refund is "initiated"; nothing moves in the ledger yet. The request's key makes a
 *   repeat answer the same refund.
 * - Review (permission order:refund:audit, apart from asking): the refund's row lock decides. A
 *   rejection (with its reason) releases the reservation. An approval of an amount above the pay
 *   settings' threshold records the first approver and waits for a second one, another account
 *   than the requester and the first approver. The final approval takes the shares back pro rata
 *   (shares Dr / refunds Cr) and records the payment company's request in the same transaction
 *   ("platform approved"); it is sent once that commits ("payment company refunding").
 * - The company's answer (at once, by notification, twice, or found by the sweep's query) is
 *   applied once by the engine: complete (refunds Dr / clearing Cr) or failed with its reason (the
 *   shares get their parts back and the reservation is released).
 */
export class OrderRefunds {
  /** Refunds of customers' balances (type balance): asked here, reviewed by `audit` like order refunds. */
  readonly balance: BalanceRefunds;
  readonly asking: RefundAsking;
  readonly review: RefundReview;
  readonly records: RefundRecords;
  constructor(db: Db, needs: OrderNeeds, engine: OrderEngine, log: FastifyBaseLogger) {
    this.balance = new BalanceRefunds(db, needs, engine);
    this.asking = new RefundAsking(db, needs, engine, log, this.balance);
    this.review = new RefundReview(db, needs, engine, log, this.balance);
    this.records = new RefundRecords(db, needs, engine, log, this.balance);
  }

  // order.refunds-asking.ts
  requestBalance(...a: Parameters<RefundAsking['requestBalance']>): ReturnType<RefundAsking['requestBalance']> {
    return this.asking.requestBalance(...a);
  }
  appRequestBalance(
    ...a: Parameters<RefundAsking['appRequestBalance']>
  ): ReturnType<RefundAsking['appRequestBalance']> {
    return this.asking.appRequestBalance(...a);
  }
  appBalanceRefundable(
    ...a: Parameters<RefundAsking['appBalanceRefundable']>
  ): ReturnType<RefundAsking['appBalanceRefundable']> {
    return this.asking.appBalanceRefundable(...a);
  }
  request(...a: Parameters<RefundAsking['request']>): ReturnType<RefundAsking['request']> {
    return this.asking.request(...a);
  }

  // order.refunds-review.ts
  audit(...a: Parameters<RefundReview['audit']>): ReturnType<RefundReview['audit']> {
    return this.review.audit(...a);
  }
  send(...a: Parameters<RefundReview['send']>): ReturnType<RefundReview['send']> {
    return this.review.send(...a);
  }

  // order.refunds-records.ts
  detail(...a: Parameters<RefundRecords['detail']>): ReturnType<RefundRecords['detail']> {
    return this.records.detail(...a);
  }
  reasonStats(...a: Parameters<RefundRecords['reasonStats']>): ReturnType<RefundRecords['reasonStats']> {
    return this.records.reasonStats(...a);
  }
  count(...a: Parameters<RefundRecords['count']>): ReturnType<RefundRecords['count']> {
    return this.records.count(...a);
  }
  rows(...a: Parameters<RefundRecords['rows']>): ReturnType<RefundRecords['rows']> {
    return this.records.rows(...a);
  }
}
