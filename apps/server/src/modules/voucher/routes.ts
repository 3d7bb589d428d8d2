import type { FastifyInstance } from 'fastify';
import { pageOf } from '../../platform/db/paging.js';
import { registerCall } from '../../platform/http/routes.js';
import type { VoucherServices } from './index.js';

/** Thin routes: each validates through the contract and calls one service method. */
export function voucherRoutes(app: FastifyInstance, s: VoucherServices): void {
  // The lists are POST calls (spec 7), which the list kit does not answer: paged here; reading changes nothing, so not logged.
  registerCall(app, 'voucherLists', ({ body }) => pageOf(s.vouchers, body), { audit: false });
  registerCall(app, 'voucherOrderQueryPage', ({ body }) => pageOf(s.orders, body), { audit: false });
  registerCall(app, 'voucherDetail', ({ query }) => s.vouchers.detail(query.id));
  registerCall(app, 'voucherAdd', ({ body }) => s.vouchers.add(body));
  registerCall(app, 'voucherUpdate', ({ body }) => s.vouchers.update(body));
  // Reading totals changes nothing: not in the operation log.
  registerCall(app, 'voucherOrderAmount', ({ body }) => s.orders.amount(body), { audit: false });
  registerCall(app, 'voucherOrderRefund', ({ body, principal }) => s.orders.refund(body, principal.userName));

  // Customers' calls: their own purchases (the payment company is asked before the pass is recorded); not staff changes.
  registerCall(app, 'appVouchers', ({ query }) => s.orders.onSaleAt(query.sn));
  registerCall(app, 'appVoucherBuy', ({ body, principal }) => s.orders.buy(principal, body), { audit: false });
  registerCall(app, 'appMyVouchers', ({ query, principal }) => s.orders.mine(principal, query));
}
