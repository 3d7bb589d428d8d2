/**
 * The deposit module's edge: the types other modules name in their needs (type-only imports; lint
 * allows `import type` of a module's ports.ts and nothing else of it). The values behind them are
 * the deposit module's services, handed over by src/wiring/.
 */
import type { DepositRuleService } from './deposit-rules.service.js';
import type { DepositService } from './deposit.service.js';

export type { DepositHeld, DepositRefundFilter, DepositRefundRecord } from './deposit.service.js';
export type { DepositFreeRefusal, RentPlace } from './deposit-rules.service.js';

/** Deposits (deposit.service.ts): deposit orders, refunds by staff and their audit. */
export type Deposits = DepositService;

/** The deposit rules (deposit-rules.service.ts): who may rent deposit-free, the ignore list. */
export type DepositRules = DepositRuleService;

/**
 * The deposit module as the order engine uses it: a deposit order per deposit held, recorded and
 * closed in the order's own transactions; who may rent deposit-free; refunds of deposits by staff,
 * whose payment company outcomes the engine hands back.
 */
export type DepositsForOrders = Pick<
  DepositService,
  | 'held'
  | 'freeRented'
  | 'ended'
  | 'released'
  | 'releaseFailed'
  | 'refundOutcome'
  | 'refundRecords'
  | 'refundRecordCount'
> &
  Pick<DepositRuleService, 'depositFreeRefusal'>;
