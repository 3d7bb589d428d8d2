import { call } from '../platform/call.js';
import { idQuery, pageResult } from '../platform/envelope.js';
import { exportStarted } from '../platform/exports.js';
import { z } from 'zod';
import * as v from './voucher.js';
import { voucherPerms } from './permissions.js';

const P = voucherPerms;
const m = 'voucher';

/** Vouchers (spec 7, Vouchers: the paths and their spelling kept) and the customers' app calls. */
export const voucherCalls = {
  voucherLists: call({
    method: 'POST',
    path: '/user/api/v1/sys/voucher/lists',
    access: { permission: P.voucherQuery },
    module: m,
    summary: 'Vouchers (prepaid rental passes) filtered by name, status and scope',
    body: v.voucherQuery,
    data: pageResult(v.voucherItem),
  }),
  voucherDetail: call({
    method: 'GET',
    path: '/user/api/v1/sys/voucher/getVoucherDetial',
    access: { permission: P.voucherQuery },
    module: m,
    summary: 'One voucher',
    query: idQuery,
    data: v.voucherItem,
  }),
  voucherAdd: call({
    method: 'POST',
    path: '/user/api/v1/sys/voucher/add',
    access: { permission: P.voucherEdit },
    module: m,
    summary: 'Create a voucher: name, price, free minutes per rental, uses, validity days, stock, scope, status',
    body: v.voucherAddRequest,
    data: v.voucherItem,
  }),
  voucherUpdate: call({
    method: 'POST',
    path: '/user/api/v1/sys/voucher/update',
    access: { permission: P.voucherEdit },
    module: m,
    summary:
      'Edit a voucher or put it on or off sale (passes already sold keep their terms; the stock never below what was sold)',
    body: v.voucherUpdateRequest,
    data: v.voucherItem,
  }),

  voucherOrderQueryPage: call({
    method: 'POST',
    path: '/order/api/v1/voucherOrder/queryPage',
    access: { permission: P.voucherOrderQuery },
    module: m,
    summary:
      'Voucher orders (purchases) filtered by number, customer, voucher, status and purchase time (at most 30 days)',
    body: v.voucherOrderQuery,
    data: pageResult(v.voucherOrderItem),
  }),
  voucherOrderAmount: call({
    method: 'POST',
    path: '/order/api/v1/voucherOrder/getVoucherOrderAmount',
    access: { permission: P.voucherOrderQuery },
    module: m,
    summary: 'Totals of the voucher orders the filter selects: count, paid, refunded, value used',
    body: v.voucherOrderFilter,
    data: v.voucherOrderAmount,
  }),
  voucherOrderExport: call({
    method: 'POST',
    path: '/order/api/v1/voucherOrder/execle',
    access: { permission: P.voucherOrderExport },
    module: m,
    summary: 'Export the voucher orders to the export centre',
    body: v.voucherOrderFilter,
    data: exportStarted,
  }),
  voucherOrderRefund: call({
    method: 'POST',
    path: '/order/api/v1/voucherOrder/refund',
    access: { permission: P.voucherOrderRefund },
    module: m,
    summary: 'Refund the unused part of a voucher order (price x uses left / uses) through the payment company, once',
    body: v.voucherRefundRequest,
    data: v.voucherOrderItem,
  }),

  appVouchers: call({
    method: 'GET',
    path: '/order/api/app/v1/voucher/list',
    access: 'app',
    module: m,
    summary: "Customer app: the vouchers on sale that hold at a cabinet's outlet",
    query: v.appVouchersQuery,
    data: z.array(v.appVoucherItem),
  }),
  appVoucherBuy: call({
    method: 'POST',
    path: '/order/api/app/v1/voucher/buy',
    access: 'app',
    module: m,
    summary: 'Customer app: buy a voucher (charged through the payment company, one per key)',
    body: v.appVoucherBuyRequest,
    data: v.myVoucherOrderItem,
  }),
  appMyVouchers: call({
    method: 'GET',
    path: '/order/api/app/v1/voucher/mine',
    access: 'app',
    module: m,
    summary: "Customer app: the signed-in customer's voucher orders, newest first",
    query: v.myVoucherOrdersQuery,
    data: pageResult(v.myVoucherOrderItem),
  }),
} as const;
