/** Permission codes of the coupon module (coupons, sends, the customers' coupons, code batches and codes). */
export const couponPerms = {
  couponQuery: 'order:coupon:query',
  couponEdit: 'order:coupon:edit',
  couponIssue: 'order:coupon:issue',
  userCouponQuery: 'order:userCoupon:query',
  couponCodeQuery: 'order:couponCode:query',
  couponBatchEdit: 'order:couponCode:batch',
  couponCodeExport: 'order:couponCode:export',
} as const;
