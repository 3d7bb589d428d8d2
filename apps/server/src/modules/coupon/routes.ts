import type { FastifyInstance } from 'fastify';
import { COUPON_MOBILES_FILE_MAX_BYTES } from '@cbo/contract';
import { readSingleFile } from '../../platform/files/uploads.js';
import { registerCall } from '../../platform/http/routes.js';
import type { CouponServices } from './index.js';

/** Thin routes: each validates through the contract and calls one service method (the lists are the kit's, in index.ts). */
export function couponRoutes(app: FastifyInstance, s: CouponServices): void {
  registerCall(app, 'couponDetail', ({ query }) => s.coupons.detail(query.id));
  registerCall(app, 'couponSave', ({ body, principal }) => s.coupons.save(body, principal.userName));
  registerCall(app, 'couponStatus', ({ body }) => s.coupons.setStatus(body.id, body.status));
  registerCall(app, 'couponIssue', ({ body }) => s.issues.issue(body));
  // Reading a file changes nothing: not in the operation log.
  registerCall(
    app,
    'couponReadMobiles',
    async ({ req }) => s.issues.readMobiles(await readSingleFile(req, COUPON_MOBILES_FILE_MAX_BYTES)),
    { audit: false },
  );
  registerCall(app, 'couponBatchCreate', ({ body, principal }) => s.codes.createBatch(body, principal.userName));
  registerCall(app, 'couponBatchEnd', ({ body }) => s.codes.endBatch(body.id));

  // Customers' calls: their own coupons; not staff changes.
  registerCall(
    app,
    'appCouponRedeem',
    ({ body, principal, req }) => s.codes.redeem(principal, body.code, { ip: req.ip }),
    { audit: false },
  );
  registerCall(app, 'appMyCoupons', ({ query, principal }) => s.userCoupons.mine(principal, query));
}
