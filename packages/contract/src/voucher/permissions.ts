/** Permission codes of the voucher module (vouchers on sale, the customers' purchases). */
export const voucherPerms = {
  voucherQuery: 'order:voucher:query',
  voucherEdit: 'order:voucher:edit',
  voucherOrderQuery: 'order:voucherOrder:query',
  voucherOrderExport: 'order:voucherOrder:export',
  voucherOrderRefund: 'order:voucherOrder:refund',
} as const;
