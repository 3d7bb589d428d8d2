import type { Ledger } from '../ledger/ports.js';
import type { Customers } from '../network/ports.js';
import type { PayConfig } from '@cbo/contract';
import type { OrderEngineService } from '../order/ports.js';

/**
 * What the deposit module uses of other modules; its wiring file (src/wiring/) builds them. The ledger (every money
 * movement of a deposit), customers (the ignore list's picks), names of the rules' agents and
 * outlets, the pay settings (deposit refund fee percent), and the payment company's refunds,
 * which the order module sends and whose outcomes it hands back (a late need: DepositLate).
 */
export interface DepositPayments {
  /** Records a refund request to the payment company in `tx` and sends it once `tx` has committed. */
  requestRefund: OrderEngineService['requestDepositRefund'];
}

export interface DepositNeeds {
  /** The books (the ledger module's, in its own types). */
  ledger: Pick<Ledger, 'post'>;
  /** The customers (the network module's): a member, and those with these national numbers under any country code (the batch ignore list). */
  customers: Pick<Customers, 'member' | 'byMobiles'>;
  agentName(id: number): Promise<string | null>;
  outletName(id: number): Promise<string | null>;
  /** The pay settings (the system module's configuration). */
  settings: { pay(): Promise<Pick<PayConfig, 'depositRefundFeePercent'>> };
}

/** What the deposit module needs of modules built after it (the order module), bound in app.ts's bind phase. */
export interface DepositLate {
  payments: DepositPayments;
}
