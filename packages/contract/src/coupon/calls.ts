import { call } from '../platform/call.js';
import { idQuery, pageResult } from '../platform/envelope.js';
import { exportStarted } from '../platform/exports.js';
import { z } from 'zod';
import * as c from './coupon.js';
import { couponPerms } from './permissions.js';

const P = couponPerms;
const m = 'coupon';

/** Coupons (spec 2: coupon management, issue coupons, coupon code list) and the customers' app calls. */
export const couponCalls = {
  couponQueryPage: call({
    method: 'GET',
    path: '/order/api/v1/coupon/queryPage',
    access: { permission: P.couponQuery },
    module: m,
    summary: 'Coupons (not deleted) with their totals, used and unused, filtered by name, type, source and status',
    query: c.couponQuery,
    data: pageResult(c.couponItem),
  }),
  couponDetail: call({
    method: 'GET',
    path: '/order/api/v1/coupon/detail',
    access: { permission: P.couponQuery },
    module: m,
    summary: 'One coupon',
    query: idQuery,
    data: c.couponItem,
  }),
  couponSave: call({
    method: 'POST',
    path: '/order/api/v1/coupon/saveOrUpdate',
    access: { permission: P.couponEdit },
    module: m,
    summary:
      'Create (no id) or edit a coupon: type duration (1-24 h) or money, scope, total, validity, exchange deadline; answers its id',
    body: c.couponSaveRequest,
    data: z.object({ id: z.number().int() }),
  }),
  couponStatus: call({
    method: 'POST',
    path: '/order/api/v1/coupon/editStatus',
    access: { permission: P.couponEdit },
    module: m,
    summary: 'Stop, resume or delete a coupon (deleting only while no customer holds it)',
    body: c.couponStatusRequest,
    data: c.couponItem,
  }),
  couponIssue: call({
    method: 'POST',
    path: '/order/api/v1/coupon/issue',
    access: { permission: P.couponIssue },
    module: m,
    summary:
      'Send a platform coupon to customers by mobile (1-9999 mobiles, 1-999 each, 1-99 a day each); answers the report of who got it and who was skipped',
    body: c.couponIssueRequest,
    data: c.couponIssueReport,
  }),
  couponReadMobiles: call({
    method: 'POST',
    path: '/order/api/v1/coupon/readMobiles',
    access: { permission: P.couponIssue },
    module: m,
    summary: 'Read the mobiles of an xlsx file (first column, up to 1 MB) for a send',
    data: c.couponMobilesFile,
    multipart: true,
  }),
  userCouponQueryPage: call({
    method: 'GET',
    path: '/order/api/v1/userCoupon/queryPage',
    access: { permission: P.userCouponQuery },
    module: m,
    summary: "The customers' coupons: unused, used (with the rental) or expired",
    query: c.userCouponQuery,
    data: pageResult(c.userCouponItem),
  }),
  couponBatchQueryPage: call({
    method: 'GET',
    path: '/order/api/v1/couponBatch/queryPage',
    access: { permission: P.couponCodeQuery },
    module: m,
    summary: 'Code batches: quantity, exchanged and not, status',
    query: c.couponBatchQuery,
    data: pageResult(c.couponBatchItem),
  }),
  couponBatchCreate: call({
    method: 'POST',
    path: '/order/api/v1/couponBatch/create',
    access: { permission: P.couponBatchEdit },
    module: m,
    summary: 'Generate a batch of unguessable codes of a code coupon (within its total)',
    body: c.couponBatchCreateRequest,
    data: c.couponBatchItem,
  }),
  couponBatchEnd: call({
    method: 'POST',
    path: '/order/api/v1/couponBatch/end',
    access: { permission: P.couponBatchEdit },
    module: m,
    summary: "End a batch's redemption: its unused codes can no longer be redeemed",
    body: c.couponBatchEndRequest,
    data: c.couponBatchItem,
  }),
  couponCodeQueryPage: call({
    method: 'GET',
    path: '/order/api/v1/couponCode/queryPage',
    access: { permission: P.couponCodeQuery },
    module: m,
    summary: 'The coupon code list: each code, its state, who redeemed it and when',
    query: c.couponCodeQuery,
    data: pageResult(c.couponCodeItem),
  }),
  couponCodeExport: call({
    method: 'POST',
    path: '/order/api/v1/couponCode/export',
    access: { permission: P.couponCodeExport },
    module: m,
    summary: 'Export the coupon codes to the export centre',
    body: c.couponCodeFilter,
    data: exportStarted,
  }),

  appCouponRedeem: call({
    method: 'POST',
    path: '/user/api/app/v1/coupon/redeem',
    access: 'app',
    module: m,
    summary: 'Customer app: redeem a coupon code (each code once, whoever asks first)',
    body: c.appCouponRedeemRequest,
    data: c.myCouponItem,
  }),
  appMyCoupons: call({
    method: 'GET',
    path: '/user/api/app/v1/coupon/mine',
    access: 'app',
    module: m,
    summary: "Customer app: the signed-in customer's coupons, usable first",
    query: c.myCouponsQuery,
    data: pageResult(c.myCouponItem),
  }),
} as const;
