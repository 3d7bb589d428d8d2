import type { SmsConfig } from '@cbo/contract';
import type { Regions } from '../network/ports.js';

/**
 * What the identity module needs of modules built after it (it is built first): declared as its
 * late needs and bound in app.ts's bind phase (src/wiring/identity.ts builds them).
 */
export interface IdentityLate {
  /**
   * Which menus are open now (the system module's extended functions): a predicate on the
   * permission code a menu carries, read once per menu request.
   */
  openMenus(): Promise<(perms: string | null) => boolean>;
  /** Whether an account runs direct sales (the network module): it holds the direct-management entry. */
  runsDirectSales: Regions['isOperator'];
  /** The system module's SMS settings: the budgets of texts that cost money, read on every send. */
  smsBudgets(): Promise<SmsConfig>;
}
