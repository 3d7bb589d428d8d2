import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error.js';
import { registerCall } from '../../platform/http/routes.js';
import { pageOf } from '../../platform/db/paging.js';
import type { OrderServices } from './index.js';

/** Thin routes: each validates through the contract and calls one service method. */
export function orderRoutes(app: FastifyInstance, s: OrderServices): void {
  const staff = (p: { userName: string }) => p.userName;
  // Reading lists changes nothing: not in the operation log.
  // An operator sees orders only as far back as the operator order visibility days
  // (docs/decisions/orders-and-payments.md).
  registerCall(
    app,
    'orderQueryPage',
    async ({ body, principal }) => s.queries.page(await s.queries.scoped(principal, body)),
    { audit: false },
  );
  registerCall(
    app,
    'orderArchiveQueryPage',
    async ({ body, principal }) => s.archive.page(await s.queries.scoped(principal, body)),
    { audit: false },
  );
  registerCall(app, 'orderDetail', ({ query, principal }) => s.queries.detail(query.orderNo, principal));
  registerCall(app, 'orderEnd', ({ body, principal }) => s.engine.end(body, staff(principal)));
  registerCall(app, 'orderSuspend', ({ body, principal }) => s.engine.suspend(body, staff(principal)));
  registerCall(app, 'orderInit', ({ body, principal }) => s.engine.init(body, staff(principal)));
  const account = (p: { accountId: number; userName: string }) => ({ id: p.accountId, name: p.userName });
  registerCall(app, 'refundOrderRefundAmount', ({ body, principal }) => s.refunds.request(body, account(principal)));
  registerCall(app, 'refundOrderAudit', ({ body, principal }) => s.refunds.audit(body, account(principal)));
  registerCall(app, 'refundOrderRefundBalance', ({ body, principal }) =>
    s.refunds.requestBalance(body, account(principal)),
  );
  registerCall(app, 'refundOrderBalanceInfo', ({ query }) => s.refunds.balance.info(query.userId), { audit: false });
  registerCall(
    app,
    'refundOrderRechargeOrderInfo',
    ({ body, principal }) => s.queries.refundInfo(body.orderNo, principal),
    { audit: false },
  );
  // A POST page call: the kit answers GET pages only, so the route hands the body to the same source the export reads.
  registerCall(app, 'refundOrderQueryPage', ({ body }) => pageOf(s.refunds, body), { audit: false });
  registerCall(app, 'refundOrderReasonStats', ({ query }) => s.refunds.reasonStats(query), { audit: false });
  registerCall(app, 'refundOrderDetail', ({ query }) => s.refunds.detail(query.refundNo), { audit: false });

  // Customers' calls: their own transactions (a payment company is asked before the order is recorded); not staff changes.
  registerCall(app, 'appQuote', ({ query, principal }) => s.queries.quote(principal, query.sn));
  registerCall(app, 'appRent', ({ body, principal }) => s.engine.rent(principal, body), { audit: false });
  registerCall(app, 'appMyOrders', ({ query, principal }) => s.queries.myOrders(principal, query));
  registerCall(app, 'appMyOrder', ({ query, principal }) => s.queries.myOrder(principal, query.orderNo));
  registerCall(app, 'appWallet', ({ principal }) => s.queries.wallet(principal));
  registerCall(app, 'appCableQuote', ({ query, principal }) => s.accessories.cableQuote(principal, query.deviceId));
  registerCall(app, 'appCableBuy', ({ body, principal }) => s.accessories.buyCable(principal, body), { audit: false });
  registerCall(app, 'appBluetoothQuote', ({ query, principal }) =>
    s.accessories.bluetoothQuote(principal, query.deviceId),
  );
  registerCall(app, 'appBluetoothStart', ({ body, principal }) => s.accessories.startBluetooth(principal, body), {
    audit: false,
  });
  registerCall(app, 'appBluetoothStop', ({ body, principal }) => s.accessories.stopBluetooth(principal, body.orderNo), {
    audit: false,
  });
  registerCall(app, 'appBalanceRefundable', ({ principal }) => s.refunds.appBalanceRefundable(principal));
  registerCall(app, 'appBalanceRefund', ({ body, principal }) => s.refunds.appRequestBalance(principal, body));
  registerCall(app, 'appRecharge', ({ body, principal }) => s.engine.recharge(principal, body), { audit: false });

  registerCall(
    app,
    'paymentNotify',
    async ({ body }) => {
      if (body.provider !== s.provider.name) throw new AppError('PAYMENT_PROVIDER_UNKNOWN');
      return { accepted: await s.engine.notified({ payload: body.payload, signature: body.signature }) };
    },
    { audit: false },
  );
  // The real payment companies' notifications (issue 28): their own formats, at the URLs registered
  // with them (<notify base>/pay/notify/wechatpay, …/alipay). The body is read as the company sent
  // it (a signature covers the exact bytes), verified before anything in it is read, applied once.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post<{ Params: { provider: string } }>(
      '/pay/notify/:provider',
      { schema: { hide: true } },
      async (req, reply) => {
        const provider = req.params.provider;
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k.toLowerCase()] = v;
        let accepted = false;
        try {
          accepted = await s.engine.notified({
            payload: typeof req.body === 'string' ? req.body : '',
            signature: '',
            headers,
            provider,
          });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          req.log.warn({ provider, code: err.code }, 'a payment notification was refused');
        }
        const answer = await s.provider.replyTo(provider, accepted);
        return reply.code(answer.status).type(answer.contentType).send(answer.body);
      },
    );
  });
  // The companies that take new money now (the merchant settings'); none enabled: the sandbox.
  registerCall(app, 'ledgerPaymentProvider', async () => {
    const live = await s.provider.enabled();
    return {
      name: live.length ? live.join(', ') : s.provider.name,
      sandbox: live.length === 0,
      currency: s.provider.currency,
    };
  });
}
