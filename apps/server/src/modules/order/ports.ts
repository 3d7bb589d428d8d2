/**
 * The order module's edge: the types other modules name in their needs (type-only imports; lint
 * allows `import type` of a module's ports.ts and nothing else of it). The values behind them are
 * the order module's services, handed over by src/wiring/.
 */
import type { OrderEngine } from './order.engine.js';
import type { OrderQueries } from './order.queries.js';
import type { PaymentRouter } from './payment-router.js';
import type { PaymentsBook } from './payments-book.js';
import type { OrderFacts } from './order.facts.js';
import type { OrderOperations } from './order.operations.js';

export type { PaymentOp, PaymentOutcome, StatementLine } from './payments.js';
export type { CompanyStatement } from './payment-router.js';
export type { BookLine } from './payments-book.js';

/** The payment company as the order module holds it (payment-router.ts): charges, refunds, payouts, statements. */
export type Payments = PaymentRouter;

/** The payments book (payments-book.ts): what the order module's books hold of every payment request (read-only). */
export type OrderPaymentsBook = PaymentsBook;

/** The rental engine (order.engine.ts): rent, eject, return, staff actions, refunds, payments. */
export type OrderEngineService = OrderEngine;

/** The orders' reads (order.queries.ts): lists, an order's outlet, turnovers, leases, counts. */
export type OrderReads = OrderQueries;

/** The order module's read port over its statistics rollups (order.facts.ts): sums, outlets' names, cabinets rented from. */
export type OrderStatsFacts = OrderFacts;

/** The orders' operational data (order.operations.ts): figures and returns of a window. */
export type OrderOperationsData = OrderOperations;
