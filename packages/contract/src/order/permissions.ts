/** Permission codes of the order module (orders, staff actions on them, refunds). */
export const orderPerms = {
  orderQuery: 'order:order:query',
  orderExport: 'order:order:export',
  orderEnd: 'order:order:end',
  orderSuspend: 'order:order:suspend',
  orderInit: 'order:order:init',
  refundQuery: 'order:refund:query',
  refundAmount: 'order:refund:refund',
  /** Approve or reject refunds: distinct from asking for one. */
  refundAudit: 'order:refund:audit',
  refundExport: 'order:refund:export',
} as const;
