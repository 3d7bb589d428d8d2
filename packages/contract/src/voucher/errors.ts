import { def, type ErrorDef } from '../platform/error-def.js';

/** Errors of the voucher domain (vouchers, voucher orders): codes 1010xx. */
export const voucherErrors = {
  VOUCHER_NOT_FOUND: def(101001, 'No voucher has this id.', '代金券不存在', '代金券不存在', 'Voucher not found'),
  VOUCHER_OFF_SALE: def(
    101002,
    'The voucher is off sale, or does not hold at this outlet.',
    '该代金券已下架',
    '該代金券已下架',
    'This voucher is not on sale',
  ),
  VOUCHER_SOLD_OUT: def(
    101003,
    'Every voucher of the stock is sold.',
    '代金券已售罄',
    '代金券已售罄',
    'This voucher is sold out',
  ),
  VOUCHER_STOCK_BELOW_SOLD: def(
    101004,
    'The stock of a voucher cannot be set below what was sold.',
    '库存不能小于已售数量 {sold}',
    '庫存不能小於已售數量 {sold}',
    'The stock cannot be below the {sold} sold',
  ),
  VOUCHER_SCOPE_NOT_FOUND: def(
    101005,
    'The agent or outlet of the scope does not exist.',
    '适用范围的代理商或网点不存在',
    '適用範圍的代理商或網點不存在',
    "The scope's agent or outlet does not exist",
  ),
  VOUCHER_ORDER_NOT_FOUND: def(
    101006,
    'No voucher order has this number.',
    '代金券订单不存在',
    '代金券訂單不存在',
    'Voucher order not found',
  ),
  VOUCHER_ORDER_NOT_REFUNDABLE: def(
    101007,
    'Only a paid voucher order with uses left (or whose refund failed) can be refunded, once.',
    '该代金券订单不可退款',
    '該代金券訂單不可退款',
    'This voucher order cannot be refunded',
  ),
  VOUCHER_PAYMENT_FAILED: def(
    101008,
    'The payment company refused the purchase; nothing was sold.',
    '支付失败：{reason}',
    '支付失敗：{reason}',
    'Payment failed: {reason}',
  ),
  VOUCHER_NAME_TAKEN: def(
    101009,
    'Another voucher has this name.',
    '代金券名称已存在',
    '代金券名稱已存在',
    'A voucher with this name exists',
  ),
} as const satisfies Record<string, ErrorDef>;
