import { label } from '@cbo/contract';
import { defineList, definePage } from '../../platform/list-kit.js';
import { defineModule, type Platform } from '../../platform/module.js';
import { formatInZone } from '../../platform/time-zone.js';
import { CouponCodeService } from './code.service.js';
import { CouponService } from './coupon.service.js';
import { CouponIssueService } from './issue.service.js';
import { couponMenus } from './menus.js';
import type { CouponModuleNeeds, CouponNeeds } from './needs.js';
import { couponRoutes } from './routes.js';
import * as tables from './tables.js';
import { UserCouponService, type CouponSettle } from './user-coupon.service.js';
import type { Db } from '../../platform/db/database.js';

export type { CouponNeeds, CouponModuleNeeds, CouponScopeSources } from './needs.js';
export type { CouponSettle } from './user-coupon.service.js';

/** The coupon module's services: coupons, platform sends, code batches and redemption, the customers' coupons (and their use at a settle). */
/** A scope's operator names a direct-sales team; provider, the service providers of the former operator scope. */
const partnerOfScope = { agent: 'agent', operator: 'team', provider: 'serviceProvider' } as const;

function createCoupon({ db, limits }: Platform, given: CouponModuleNeeds) {
  const { names, ...rest } = given;
  const needs: CouponNeeds = {
    ...rest,
    scopeNames: async (kind, ids) =>
      !ids.length
        ? new Map()
        : kind === 'outlet'
          ? names.outletNames(ids)
          : names.partnerNames(partnerOfScope[kind], ids),
  };
  const userCoupons = new UserCouponService(db, needs);
  return {
    coupons: new CouponService(db, needs),
    issues: new CouponIssueService(db, needs),
    codes: new CouponCodeService(db, needs, limits),
    userCoupons,
    /**
     * The order engine's need at each settle: the customer's best coupon, none while Coupons is
     * closed (docs/decisions/system-configuration.md, "Extended functions").
     */
    forOrders: {
      apply: async (tx: Db, r: CouponSettle) => ((await needs.open(tx)) ? userCoupons.apply(tx, r) : null),
    },
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
