import { label, yesNo } from '@cbo/contract';
import { defineList } from '../../platform/list-kit.js';
import { defineModule, type Platform } from '../../platform/module.js';
import { formatInZone } from '../../platform/time-zone.js';
import type { OrderNeeds } from './needs.js';
import { AccessoryOrders } from './accessory-orders.js';
import { OrderEngine } from './order.engine.js';
import { OrderQueries } from './order.queries.js';
import { SandboxProvider, type PaymentProvider } from './payments.js';
import { orderRoutes } from './routes.js';
import { orderMenus } from './menus.js';
import * as tables from './tables.js';

export type { OrderNeeds } from './needs.js';
export { SandboxProvider, type PaymentProvider } from './payments.js';

const money = (cents: number) => (cents / 100).toFixed(2);
const at = (v: string | null, tz: string) => (v ? formatInZone(v, tz) : '');
const SWEEP_MS = 20_000;

/** The order module's services: the engine (rent, eject, return, staff actions, refunds, payments) and the reads. */
function createOrder({ db, log, config }: Platform, needs: OrderNeeds & { provider?: PaymentProvider }) {
  // The built-in payment company is the sandbox: it moves no real money, and says so.
  const provider = needs.provider ?? new SandboxProvider({ latencyMs: config.NODE_ENV === 'test' ? 0 : 150, notifyDelayMs: config.NODE_ENV === 'test' ? 10 : 1500 });
  const engine = new OrderEngine(db, needs, provider, log);
  const queries = new OrderQueries(db, engine, needs);
  const accessories = new AccessoryOrders(db, needs, engine, queries, log);
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  return {
    engine,
    queries,
    /** Charging-cable packages and Bluetooth charger sessions. */
    accessories,
    provider,
    startSweep(): void {
      timer = setInterval(() => {
        if (running) return;
        running = true;
        engine
          .sweep()
          .catch((err: unknown) => log.warn({ err }, 'order sweep failed'))
          .finally(() => (running = false));
      }, SWEEP_MS);
      timer.unref();
    },
    stopSweep(): void {
      if (timer) clearInterval(timer);
      timer = null;
      if (provider instanceof SandboxProvider) provider.close();
    },
  };
}
export type OrderServices = ReturnType<typeof createOrder>;

/**
 * The order module: the rental engine and the orders staff see. Its menus are seeded hidden until
 * the console's order screens exist (menus.ts).
 */
export const order = defineModule({
  name: 'order',
  tables,
  menus: orderMenus,
  services: createOrder,
  lists: (s) => [
    defineList({
      export: 'orderExport',
      source: s.queries,
      cells: (r, { lang, timeZone }) => ({
        deviceType: label('order', 'deviceType', r.deviceType, lang),
        status: label('order', 'orderStatus', r.status, lang),
        paymentKind: r.paymentKind ? label('order', 'paymentKind', r.paymentKind, lang) : '',
        payMode: label('order', 'payMode', r.payMode, lang),
        depositAmount: money(r.depositAmount),
        originalAmount: money(r.originalAmount),
        paidAmount: money(r.paidAmount),
        refundAmount: money(r.refundAmount),
        startTime: at(r.startTime, timeZone),
        endTime: at(r.endTime, timeZone),
        createTime: at(r.createTime, timeZone),
        simulated: yesNo(r.simulated, lang),
      }),
      widths: { orderNo: 24, userMobile: 18, deviceSn: 20, powerBankId: 20, packageName: 16, rentOutletName: 20, returnDeviceSn: 20, returnOutletName: 20, startTime: 20, endTime: 20, createTime: 20 },
    }),
  ],
  routes: orderRoutes,
  start: async (s) => s.startSweep(),
  stop: async (s) => s.stopSweep(),
});
