import { label } from '@cbo/contract';
import { defineList, definePage } from '../../platform/list-kit.js';
import { defineModule, type Platform } from '../../platform/module.js';
import { formatInZone } from '../../platform/time-zone.js';
import { CouponCodeService } from './code.service.js';
import { CouponService } from './coupon.service.js';
import { CouponIssueService } from './issue.service.js';
import { couponMenus } from './menus.js';
import type { CouponNeeds } from './needs.js';
import { couponRoutes } from './routes.js';
import * as tables from './tables.js';
import { UserCouponService } from './user-coupon.service.js';

export type { CouponNeeds } from './needs.js';
export type { CouponSettle } from './user-coupon.service.js';

/** The coupon module's services: coupons, platform sends, code batches and redemption, the customers' coupons (and their use at a settle). */
function createCoupon({ db, limits }: Platform, needs: CouponNeeds) {
  return {
    coupons: new CouponService(db, needs),
    issues: new CouponIssueService(db, needs),
    codes: new CouponCodeService(db, needs, limits),
    userCoupons: new UserCouponService(db, needs),
  };
}
export type CouponServices = ReturnType<typeof createCoupon>;

/** The coupon module (marketing): coupons given away, sends, code batches, the customers' coupons. */
export const coupon = defineModule({
  name: 'coupon',
  tables,
  menus: couponMenus,
  services: createCoupon,
  lists: (s) => [
    definePage({ page: 'couponQueryPage', source: s.coupons }),
    definePage({ page: 'userCouponQueryPage', source: s.userCoupons }),
    definePage({ page: 'couponBatchQueryPage', source: s.codes.batches }),
    defineList({
      page: 'couponCodeQueryPage',
      export: 'couponCodeExport',
      source: s.codes,
      cells: (r, { lang, timeZone }) => ({
        status: label('coupon', 'codeStatus', r.status, lang),
        userMobile: r.userMobile ?? '',
        redeemTime: r.redeemTime ? formatInZone(r.redeemTime, timeZone) : '',
        createTime: formatInZone(r.createTime, timeZone),
      }),
      widths: { code: 18, batchNo: 26, couponName: 24, userMobile: 18, redeemTime: 20, createTime: 20 },
    }),
  ],
  routes: couponRoutes,
});
