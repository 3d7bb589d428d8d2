/**
 * The voucher module's edge: the types other modules name in their needs (type-only imports; lint
 * allows `import type` of a module's ports.ts and nothing else of it). The values behind them are
 * the voucher module's services, handed over by src/wiring/.
 */
import type { VoucherBook } from './voucher-book.js';
import type { VoucherOrderService } from './voucher-order.service.js';

export type { VoucherBookLine } from './voucher-book.js';

/** The customers' passes: buy, apply at a settle, refund, expire (voucher-order.service.ts). */
export type VoucherOrders = VoucherOrderService;

/** The voucher module's part in a settle: the customer's best pass applied to the fee. */
export type VouchersForOrders = Pick<VoucherOrderService, 'apply'>;

/** What the voucher books say went through the payment company (voucher-book.ts, read-only). */
export type VouchersBook = VoucherBook;
