import { label } from '@cbo/contract';
import { defineList } from '../../platform/list-kit.js';
import { periodic } from '../../platform/jobs/periodic.js';
import { defineModule, type Platform } from '../../platform/module.js';
import { formatInZone } from '../../platform/time-zone.js';
import type { VoucherModuleNeeds, VoucherNeeds } from './needs.js';
import { placeOf } from './place.js';
import { VoucherOrderService } from './voucher-order.service.js';
import { VoucherService } from './voucher.service.js';
import { VoucherBook } from './voucher-book.js';
import { voucherMenus } from './menus.js';
import { voucherRoutes } from './routes.js';
import * as tables from './tables.js';

export type { VoucherNeeds, VoucherModuleNeeds, VoucherPayments, VoucherPlaces, VoucherScopeSources } from './needs.js';
export type { VoucherBookLine } from './voucher-book.js';

const money = (cents: number) => (cents / 100).toFixed(2);
const SWEEP_MS = 60_000;

/** The voucher module's services: vouchers on sale, and the customers' passes (buy, apply, refund, expire). */
function createVoucher({ db, log }: Platform, given: VoucherModuleNeeds) {
  const { places, names, ...rest } = given;
  const needs: VoucherNeeds = {
    ...rest,
    placeOf: placeOf(places),
    scopeNames: async (kind, ids) =>
      kind === 'agent' ? names.agentNames(ids) : ids.length ? names.outletNames(ids) : new Map(),
  };
  const vouchers = new VoucherService(db, needs);
  const orders = new VoucherOrderService(db, needs, vouchers, log);
  const sweep = periodic('voucher sweep', SWEEP_MS, () => orders.sweep(), log);
  return {
    vouchers,
    orders,
    /** What the voucher books say went through the payment company (read-only; the reconciliation's). */
    book: new VoucherBook(db),
    startSweep: () => sweep.start(),
    stopSweep: () => sweep.stop(),
  };
}
export type VoucherServices = ReturnType<typeof createVoucher>;

/** The voucher module: prepaid rental passes and their purchases (spec 7, Vouchers). */
export const voucher = defineModule({
  name: 'voucher',
  tables,
  menus: voucherMenus,
  services: createVoucher,
  lists: (s) => [
    defineList({
      export: 'voucherOrderExport',
      source: s.orders,
      cells: (r, { lang, timeZone }) => ({
        status: label('voucher', 'voucherOrderStatus', r.status, lang),
        price: money(r.price),
        usedValue: money(r.usedValue),
        refundAmount: money(r.refundAmount),
        validUntil: formatInZone(r.validUntil, timeZone),
        createTime: formatInZone(r.createTime, timeZone),
      }),
      widths: { voucherOrderNo: 24, userMobile: 18, payReference: 24, validUntil: 20, createTime: 20 },
    }),
  ],
  routes: voucherRoutes,
  start: async (s) => s.startSweep(),
  stop: async (s) => s.stopSweep(),
});
