import { label, PERMS } from '@cbo/contract';
import type { ActionProvider } from '../stats/ports.js';
import { defineList, definePage } from '../../platform/list-kit.js';
import { defineModule, type Late, type Platform } from '../../platform/module.js';
import { formatInZone } from '../../platform/time-zone.js';
import { DepositRuleService } from './deposit-rules.service.js';
import { DepositService } from './deposit.service.js';
import { depositMenus } from './menus.js';
import type { DepositLate, DepositNeeds } from './needs.js';
import { depositRoutes } from './routes.js';
import * as tables from './tables.js';

export type { DepositLate, DepositNeeds, DepositPayments } from './needs.js';
export type { RentPlace, DepositFreeRefusal } from './deposit-rules.service.js';

const money = (cents: number) => (cents / 100).toFixed(2);

function createDeposit({ db }: Platform, needs: DepositNeeds, late: Late<DepositLate>) {
  const deposits = new DepositService(db, needs, { requestRefund: (tx, r) => late.payments.requestRefund(tx, r) });
  const rules = new DepositRuleService(db, needs, deposits);
  /** The dashboard's action list: deposit refunds waiting for their audit, counted as the deposit list counts them. */
  const actions: ActionProvider[] = [
    {
      key: 'pendingDepositRefunds',
      permission: PERMS.depositQuery,
      screen: 'deposit/deposits',
      query: { state: 'pendingAudit' },
      count: () => deposits.count({ state: 'pendingAudit' }),
    },
  ];
  return { deposits, rules, actions };
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
  late: { payments: true },
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
