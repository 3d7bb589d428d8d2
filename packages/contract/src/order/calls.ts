import { call } from '../platform/call.js';
import { pageResult } from '../platform/envelope.js';
import { exportStarted } from '../platform/exports.js';
import * as o from './order.js';
import * as app from './app.js';
import { orderPerms } from './permissions.js';

const P = orderPerms;
const m = 'order';

/** Orders, staff actions on them, refunds, and the customers' app calls. */
export const orderCalls = {
  orderQueryPage: call({ method: 'POST', path: '/order/api/v1/order/queryPage', access: { permission: P.orderQuery }, module: m,
    summary: 'Orders filtered by number, status, device, outlet, user and creation time (at most 30 days, never mixing older and newer than 30 days)',
    body: o.orderQuery, data: pageResult(o.orderItem) }),
  orderArchiveQueryPage: call({ method: 'POST', path: '/order/api/v1/order/archive/queryPage', access: { permission: P.orderQuery }, module: m,
    summary: 'Orders older than 30 days, read from the archive (a range of at most 30 days that ends before the last 30 days begin; without one, the 30 days before them)',
    body: o.orderQuery, data: pageResult(o.orderItem) }),
  orderArchiveExport: call({ method: 'POST', path: '/order/api/v1/order/archive/export', access: { permission: P.orderExport }, module: m,
    summary: 'Export archived orders to the export centre', body: o.orderFilter, data: exportStarted }),
  orderDetail: call({ method: 'GET', path: '/order/api/v1/order/detail', access: { permission: P.orderQuery }, module: m,
    summary: 'One order, live or archived, with its billing rule, timeline, shares along the profit chain and refunds', query: o.orderDetailQuery, data: o.orderDetail }),
  orderExport: call({ method: 'POST', path: '/order/api/v1/order/export', access: { permission: P.orderExport }, module: m,
    summary: 'Export the orders to the export centre', body: o.orderFilter, data: exportStarted }),
  orderStatsOverview: call({ method: 'GET', path: '/order/api/v1/stats/overview', access: { permission: P.orderQuery }, module: m,
    summary: 'Statistics: the count, paid and refunded amounts of the orders created in a window (live and archived), read from the hourly rollups', query: o.statsOverviewQuery, data: o.statsOverview }),
  orderStatsTrend: call({ method: 'GET', path: '/order/api/v1/stats/trend', access: { permission: P.orderQuery }, module: m,
    summary: 'Statistics: the orders created in each hour of a window (count, paid, refunded; the edge hours only their part inside it), from the hourly rollups and the edge hours\' orders', query: o.statsOverviewQuery, data: o.statsTrend }),
  orderStatsOutletRanking: call({ method: 'GET', path: '/order/api/v1/stats/outletRanking', access: { permission: P.orderQuery }, module: m,
    summary: 'Statistics: the six outlets whose orders created in a window (whole hours) paid the most', query: o.statsOverviewQuery, data: o.statsRanking }),
  orderStatsAgentRanking: call({ method: 'GET', path: '/order/api/v1/stats/agentRanking', access: { permission: P.orderQuery }, module: m,
    summary: 'Statistics: the five agents whose outlets\' orders created in a window (whole hours) paid the most', query: o.statsOverviewQuery, data: o.statsAgentRanking }),
  orderStatsNow: call({ method: 'GET', path: '/order/api/v1/stats/now', access: { permission: P.orderQuery }, module: m,
    summary: 'Statistics: orders using, refunding and refund failed now, as the orders list counts them', data: o.statsNow }),
  orderEnd: call({ method: 'POST', path: '/order/api/v1/order/endOrder', access: { permission: P.orderEnd }, module: m,
    summary: 'End a using order at a chosen time, with a reason; the fee is recomputed and taken', body: o.orderEndRequest, data: o.orderActionResult }),
  orderSuspend: call({ method: 'POST', path: '/order/api/v1/order/suspendBilling', access: { permission: P.orderSuspend }, module: m,
    summary: 'Stop billing a using order for a number of minutes, with a reason', body: o.orderSuspendRequest, data: o.orderActionResult }),
  orderInit: call({ method: 'POST', path: '/order/api/v1/order/initOrder', access: { permission: P.orderInit }, module: m,
    summary: 'Initialise a stuck order: it closes without a charge and everything held goes back', body: o.orderInitRequest, data: o.orderActionResult }),

  refundOrderRefundAmount: call({ method: 'POST', path: '/order/api/v1/refundOrder/refundAmount', access: { permission: P.refundAmount }, module: m,
    summary: 'Apply for a refund of part or all of what an order paid (above 0, not above what is left, reserved at once); it goes to the payment company once approved, and the shares are reversed pro rata then',
    body: o.refundAmountRequest, data: o.refundItem }),
  refundOrderRechargeOrderInfo: call({ method: 'POST', path: '/order/api/v1/refundOrder/rechargeOrderInfo', access: { permission: P.refundQuery }, module: m,
    summary: 'What a refund of an order may be: paid, refunded, refundable', body: o.rechargeOrderInfoRequest, data: o.rechargeOrderInfo }),
  refundOrderQueryPage: call({ method: 'POST', path: '/order/api/v1/refundOrder/queryPage', access: { permission: P.refundQuery }, module: m,
    summary: 'Refund records: order and prepayment refunds with their approvals, and deposit refunds (audited in the deposit screen)', body: o.refundQuery, data: pageResult(o.refundItem) }),
  refundOrderAudit: call({ method: 'PUT', path: '/order/api/v1/refundOrder/audit', access: { permission: P.refundAudit }, module: m,
    summary: 'Approve or reject an initiated order refund (a rejection needs a reason); above the second-approval threshold a second approver, neither the requester nor the first, sends it',
    body: o.refundAuditRequest, data: o.refundItem }),
  refundOrderDetail: call({ method: 'GET', path: '/order/api/v1/refundOrder/detail', access: { permission: P.refundQuery }, module: m,
    summary: 'One refund record by its number, with its approval history', query: o.refundDetailQuery, data: o.refundDetail }),
  refundOrderExport: call({ method: 'POST', path: '/order/api/v1/refundOrder/export', access: { permission: P.refundExport }, module: m,
    summary: 'Export the refund records to the export centre', body: o.refundFilter, data: exportStarted }),

  appQuote: call({ method: 'GET', path: '/order/api/app/v1/order/quote', access: 'app', module: m,
    summary: "Customer app: what renting from a cabinet costs (its outlet's billing rule, pay modes, power banks ready)", query: app.quoteQuery, data: app.quote }),
  appRent: call({ method: 'POST', path: '/order/api/app/v1/order/rent', access: 'app', module: m,
    summary: 'Customer app: rent a power bank (the order is created, the money held, the eject sent)', body: app.rentRequest, data: app.rentResult }),
  appMyOrders: call({ method: 'GET', path: '/order/api/app/v1/order/mine', access: 'app', module: m,
    summary: "Customer app: the signed-in customer's orders, newest first", query: app.myOrdersQuery, data: pageResult(app.myOrderItem) }),
  appMyOrder: call({ method: 'GET', path: '/order/api/app/v1/order/detail', access: 'app', module: m,
    summary: "Customer app: one of the customer's orders", query: app.myOrderQuery, data: app.myOrderItem }),
  appWallet: call({ method: 'GET', path: '/order/api/app/v1/wallet', access: 'app', module: m,
    summary: "Customer app: the customer's balance and deposit held", data: app.wallet }),
  appRecharge: call({ method: 'POST', path: '/order/api/app/v1/wallet/recharge', access: 'app', module: m,
    summary: "Customer app: top up the balance through the payment provider", body: app.rechargeRequest, data: app.rechargeResult }),

  appCableQuote: call({ method: 'GET', path: '/order/api/app/v1/cable/quote', access: 'app', module: m,
    summary: "Customer app: a charging cable's outlet and the packages it sells, at the price a buy takes", query: app.cableQuoteQuery, data: app.cableQuote }),
  appCableBuy: call({ method: 'POST', path: '/order/api/app/v1/cable/buy', access: 'app', module: m,
    summary: 'Customer app: buy a charging-cable package (paid through the payment provider); answers the unlock code from the cable\'s code ring',
    body: app.cableBuyRequest, data: app.cableBuyResult }),
  appBluetoothQuote: call({ method: 'GET', path: '/order/api/app/v1/bluetooth/quote', access: 'app', module: m,
    summary: "Customer app: a Bluetooth charger's outlet, hourly price, daily cap and prepayment", query: app.bluetoothQuoteQuery, data: app.bluetoothQuote }),
  appBluetoothStart: call({ method: 'POST', path: '/order/api/app/v1/bluetooth/start', access: 'app', module: m,
    summary: 'Customer app: start a Bluetooth charger session (the prepayment is held, billing by the hour starts)', body: app.bluetoothStartRequest, data: app.bluetoothStartResult }),
  appBluetoothStop: call({ method: 'POST', path: '/order/api/app/v1/bluetooth/stop', access: 'app', module: m,
    summary: 'Customer app: stop my Bluetooth charger session (the fee is taken from the prepayment, the rest released)', body: app.bluetoothStopRequest, data: app.myOrderItem }),
} as const;
