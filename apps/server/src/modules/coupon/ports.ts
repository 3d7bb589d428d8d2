/**
 * The coupon module's edge: the types other modules name in their needs (type-only imports; lint
 * allows `import type` of a module's ports.ts and nothing else of it). The values behind them are
 * the coupon module's services, handed over by src/wiring/.
 */
import type { CouponServices } from './index.js';

export type { CouponSettle } from './user-coupon.service.js';

/** The coupon module's part in a settle, as the order engine calls it (none while Coupons is closed). */
export type CouponsForOrders = CouponServices['forOrders'];
