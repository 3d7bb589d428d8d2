import { label } from '@cbo/contract';
import { defineList, definePage } from '../../platform/list-kit.js';
import { defineModule, type Platform } from '../../platform/module.js';
import { formatInZone } from '../../platform/time-zone.js';
import { DepositRuleService } from './deposit-rules.service.js';
import { DepositService } from './deposit.service.js';
import { depositMenus } from './menus.js';
import type { DepositNeeds } from './needs.js';
import { depositRoutes } from './routes.js';
import * as tables from './tables.js';

export type { DepositNeeds, DepositPayments } from './needs.js';
export type { RentPlace, DepositFreeRefusal } from './deposit-rules.service.js';

const money = (cents: number) => (cents / 100).toFixed(2);

function createDeposit({ db }: Platform, needs: DepositNeeds) {
  const deposits = new DepositService(db, needs);
  const rules = new DepositRuleService(db, needs, deposits);
  return { deposits, rules };
}
export type DepositServices = ReturnType<typeof createDeposit>;

/**
 * The deposit module: deposit orders (recorded and closed by the rental engine through the order
 * module's `deposits` need), refunds of deposits by staff with their audit, deposit rules (who may
 * rent deposit-free) and the rules' ignore list.
 */
export const deposit = defineModule({
  name: 'deposit',
  tables,
  menus: depositMenus,
  services: createDeposit,
  lists: (s) => [
    defineList({
      export: 'depositExport',
      source: s.deposits,
      cells: (r, { lang, timeZone }) => ({
        state: label('deposit', 'depositState', r.state, lang),
        channel: label('deposit', 'depositChannel', r.channel, lang),
        outletName: r.outletName ?? '',
        amount: money(r.amount),
        feeTaken: money(r.feeTaken),
        refundFee: money(r.refundFee),
        returnedAmount: money(r.returnedAmount),
        createTime: formatInZone(r.createTime, timeZone),
        finishTime: r.finishTime ? formatInZone(r.finishTime, timeZone) : '',
      }),
      widths: {
        depositNo: 24,
        orderNo: 24,
        userMobile: 18,
        outletName: 20,
        payReference: 24,
        createTime: 20,
        finishTime: 20,
      },
    }),
    definePage({ page: 'depositIgnoreList', source: s.rules.ignoreList }),
  ],
  routes: depositRoutes,
});
