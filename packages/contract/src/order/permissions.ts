/** Permission codes of the order module (orders, staff actions on them, refunds). */
export const orderPerms = {
  orderQuery: 'order:order:query',
  orderExport: 'order:order:export',
  orderEnd: 'order:order:end',
  orderSuspend: 'order:order:suspend',
  orderInit: 'order:order:init',
  refundQuery: 'order:refund:query',
  refundAmount: 'order:refund:refund',
} as const;
