import path from 'node:path';
import type { ActionProvider } from '../stats/ports.js';
import { label, PERMS, yesNo, type Lang, type OrderItem, type RefundItem } from '@cbo/contract';
import { defineList } from '../../platform/list-kit.js';
import { periodic } from '../../platform/jobs/periodic.js';
import { defineModule, type Late, type Platform } from '../../platform/module.js';
import { formatInZone } from '../../platform/time-zone.js';
import type { OrderLate, OrderModuleNeeds, OrderNeeds } from './needs.js';
import { OrderArchive } from './order.archive.js';
import { AccessoryOrders } from './accessory-orders.js';
import { OrderEngine } from './order.engine.js';
import { OrderQueries } from './order.queries.js';
import { OrderRefunds } from './order.refunds.js';
import { OrderFacts } from './order.facts.js';
import { OrderOperations } from './order.operations.js';
import { SandboxProvider } from './payments.js';
import { PaymentRouter } from './payment-router.js';
import { merchantCompanies } from './companies.js';
import { PaymentsBook } from './payments-book.js';
import { orderRoutes } from './routes.js';
import { orderMenus } from './menus.js';
import * as tables from './tables.js';

export type { OrderLate, OrderModuleNeeds, OrderNeeds } from './needs.js';
export { SandboxProvider, type PaymentProvider } from './payments.js';
export { PaymentRouter, CHANNEL_COMPANY, type Companies, type CompanyStatement } from './payment-router.js';
export type { BookLine } from './payments-book.js';

const money = (cents: number) => (cents / 100).toFixed(2);
const at = (v: string | null, tz: string) => (v ? formatInZone(v, tz) : '');
const SWEEP_MS = 20_000;
/** The archive job: a first run soon after the start, then every ten minutes. */
const ARCHIVE_FIRST_MS = 60_000;
const ARCHIVE_MS = 10 * 60_000;

/** An order's cells in an export (the live list's and the archive's). */
const orderCells = (r: OrderItem, { lang, timeZone }: { lang: Lang; timeZone: string }) => ({
  deviceType: label('order', 'deviceType', r.deviceType, lang),
  status: label('order', 'orderStatus', r.status, lang),
  paymentKind: r.paymentKind ? label('order', 'paymentKind', r.paymentKind, lang) : '',
  payMode: label('order', 'payMode', r.payMode, lang),
  depositAmount: money(r.depositAmount),
  originalAmount: money(r.originalAmount),
  memberDeduction: money(r.memberDeduction),
  generatedAmount: money(r.generatedAmount),
  paidAmount: money(r.paidAmount),
  source: label('order', 'orderSource', r.source, lang),
  consumptionStatus: label('order', 'consumptionStatus', r.consumptionStatus, lang),
  payChannel: r.payChannel ? label('order', 'payChannel', r.payChannel, lang) : '',
  payConfigName: r.payConfigName ?? '',
  authState: r.authState ? label('order', 'authState', r.authState, lang) : '',
  authAmount: r.authState ? money(r.authAmount) : '',
  refundAmount: money(r.refundAmount),
  refundPendingAmount: money(r.refundPendingAmount),
  startTime: at(r.startTime, timeZone),
  endTime: at(r.endTime, timeZone),
  createTime: at(r.createTime, timeZone),
  simulated: yesNo(r.simulated, lang),
});
const orderWidths = {
  orderNo: 24,
  userMobile: 18,
  deviceSn: 20,
  powerBankId: 20,
  packageName: 16,
  rentOutletName: 20,
  returnDeviceSn: 20,
  returnOutletName: 20,
  startTime: 20,
  endTime: 20,
  createTime: 20,
};

/** A refund record's cells in the export. */
const refundCells = (r: RefundItem, { lang, timeZone }: { lang: Lang; timeZone: string }) => ({
  type: label('order', 'refundType', r.type, lang),
  status: label('order', 'refundStatus', r.status, lang),
  reasonCode: label('order', 'refundReason', r.reasonCode, lang),
  amount: money(r.amount),
  approvals: r.approvals.map((a) => a.by).join(', '),
  createTime: at(r.createTime, timeZone),
  finishTime: at(r.finishTime, timeZone),
});
const refundWidths = {
  refundNo: 24,
  orderNo: 24,
  userMobile: 18,
  reasonCode: 22,
  reason: 24,
  approvals: 24,
  providerReference: 24,
  createTime: 20,
  finishTime: 20,
};

/** The order module's services: the engine (rent, eject, return, staff actions, refunds, payments), the reads and the archive. */
function createOrder({ db, log, config, metrics }: Platform, given: OrderModuleNeeds, late: Late<OrderLate>) {
  // The vouchers are a late need (the voucher module is built after this one: it uses the order's payment company).
  const needs = { ...given, vouchers: { apply: (tx, r) => late.vouchers.apply(tx, r) } } satisfies OrderNeeds &
    typeof given;
  // The built-in payment company is the sandbox: it moves no real money, and says so. Requests on a
  // channel whose real company is enabled in the merchant settings go there (payment-router.ts).
  const sandbox =
    needs.provider ??
    new SandboxProvider({
      latencyMs: config.NODE_ENV === 'test' ? 0 : 150,
      notifyDelayMs: config.NODE_ENV === 'test' ? 10 : 1500,
      // Its statement, a file a day, read by the reconciliation like a real company's bill.
      statementDir: path.join(config.dataDir, 'sandbox-statements'),
    });
  const provider = new PaymentRouter(
    db,
    sandbox,
    needs.companies ?? (needs.merchants ? merchantCompanies(needs.merchants, log) : async () => new Map()),
    config.PAYMENT_SANDBOX === 'on',
  );
  // The outcomes the engine does not own go to their owners, named here: a payout's notification
  // reaches the engine like any other and is the withdrawals' (a late need, read when one comes); a
  // balance refund part's is the balance refunds' (built on the engine below).
  const engine: OrderEngine = new OrderEngine(db, needs, provider, log, metrics, {
    payout: async (out) => {
      await late.payouts.applyOutcome(out);
    },
    balanceRefund: (tx, out): Promise<void> => refunds.balance.outcome(tx, out),
  });
  const archive = new OrderArchive(db);
  const queries = new OrderQueries(db, engine, needs, archive);
  const refunds: OrderRefunds = new OrderRefunds(db, needs, engine, log);
  const accessories = new AccessoryOrders(db, needs, engine, queries, log);
  const sweep = periodic('order sweep', SWEEP_MS, () => engine.sweep(), log);
  const archiving = periodic(
    'order archive job',
    ARCHIVE_MS,
    async () => {
      const n = await archive.run();
      if (n > 0) log.info({ moved: n }, 'orders older than 30 days moved to the archive');
    },
    log,
    { firstMs: ARCHIVE_FIRST_MS },
  );
  /** The dashboard's action list: refunds waiting for review, counted as the refund list counts them. */
  const actions: ActionProvider[] = [
    {
      key: 'pendingRefunds',
      permission: PERMS.refundQuery,
      screen: 'order/refunds',
      query: { status: 'initiated' },
      count: () => refunds.count({ status: 'initiated' }),
    },
  ];
  return {
    actions,
    engine,
    queries,
    /** Refunds with their review: request, approve or reject, send, the records (with deposit refunds). */
    refunds,
    archive,
    /** The read port over the order statistics rollups (kept by rollups.sql's triggers): the statistics module reads them through it. */
    facts: new OrderFacts(db),
    /** Operational data of orders, from the per-cabinet and returns rollups (issue 16). */
    operations: new OrderOperations(db),
    /** Charging-cable packages and Bluetooth charger sessions. */
    accessories,
    provider,
    /** What the books say went through the payment companies (read-only; the reconciliation's). */
    book: new PaymentsBook(db),
    startSweep: () => sweep.start(),
    async stopSweep(): Promise<void> {
      await sweep.stop();
      if (sandbox instanceof SandboxProvider) sandbox.close();
    },
    /** Moves final orders older than 30 days to the archive on a timer (spec 5); stopped on close. */
    startArchive: () => archiving.start(),
    /** A batch running now finishes (it is one transaction either way) before the database closes. */
    stopArchive: () => archiving.stop(),
  };
}
export type OrderServices = ReturnType<typeof createOrder>;

/**
 * The order module: the rental engine, the orders staff see (live and archived) and the archive job.
 */
export const order = defineModule({
  name: 'order',
  tables,
  menus: orderMenus,
  late: { vouchers: true, payouts: true },
  services: createOrder,
  lists: (s) => [
    defineList({
      export: 'orderExport',
      source: s.queries,
      cells: orderCells,
      widths: orderWidths,
      scope: (p, f) => s.queries.scoped(p, f),
    }),
    defineList({
      export: 'orderArchiveExport',
      source: s.archive,
      cells: orderCells,
      widths: orderWidths,
      scope: (p, f) => s.queries.scoped(p, f),
    }),
    defineList({ export: 'refundOrderExport', source: s.refunds, cells: refundCells, widths: refundWidths }),
  ],
  routes: orderRoutes,
  start: async (s) => {
    s.startSweep();
    s.startArchive();
  },
  stop: async (s) => {
    await s.stopSweep();
    await s.stopArchive();
  },
});
