import { label, PERMS } from '@cbo/contract';
import type { ActionProvider } from '../stats/ports.js';
import { defineList } from '../../platform/list-kit.js';
import { periodic } from '../../platform/jobs/periodic.js';
import { defineModule, type Platform } from '../../platform/module.js';
import { formatInZone } from '../../platform/time-zone.js';
import { payoutMenus } from './menus.js';
import type { PayoutModuleNeeds, PayoutNeeds } from './needs.js';
import { payoutParties } from './parties.js';
import { PayoutService } from './payout.service.js';
import { PayoutBook } from './payout-book.js';
import { PayeeConfirmation } from './payee-confirmation.js';
import { payoutRoutes } from './routes.js';
import * as tables from './tables.js';

export type { PayoutNeeds, PayoutModuleNeeds, PayoutPartners, PartyFacts, PayoutOutcome } from './needs.js';
export { PAYABLE, SETTING_KIND } from './payout.service.js';
export type { PayoutBookLine } from './payout-book.js';

const money = (cents: number) => (cents / 100).toFixed(2);
const SWEEP_MS = 15_000;

function createPayout({ db, log }: Platform, given: PayoutModuleNeeds) {
  const { partners, ...rest } = given;
  const needs: PayoutNeeds = { ...rest, ...payoutParties(partners) };
  const payouts = new PayoutService(db, needs, log);
  const sweep = periodic('payout sweep', SWEEP_MS, () => payouts.sweep(), log);
  /** The dashboard's action list: withdrawals waiting for review, counted as the withdrawal list counts them. */
  const actions: ActionProvider[] = [
    {
      key: 'pendingWithdrawals',
      permission: PERMS.payoutQuery,
      screen: 'payout/withdrawals',
      query: { status: 'initiated' },
      count: () => payouts.count({ status: 'initiated' }),
    },
  ];
  return {
    actions,
    payouts,
    /** What the withdrawal books say was paid out (read-only; the reconciliation's). */
    book: new PayoutBook(db),
    /** The payee's confirmation of a WeChat payout, for the partner app (payee-confirmation.ts). */
    confirmations: new PayeeConfirmation(db, needs),
    /** Payouts without an answer are asked about on a timer (stopped on close). */
    startSweep: () => sweep.start(),
    stopSweep: () => sweep.stop(),
  };
}
export type PayoutServices = ReturnType<typeof createPayout>;

/**
 * The withdrawal module: applications from the partner app (the amount held in the books), staff
 * review (or none, at or under the automatic-mode limit), the payout through the payment company
 * and its sweep (spec 2, 3, 4, 5, 9).
 */
export const payout = defineModule({
  name: 'payout',
  tables,
  menus: payoutMenus,
  services: createPayout,
  lists: (s) => [
    defineList({
      page: 'payoutQueryPage',
      export: 'payoutExport',
      source: s.payouts,
      cells: (r, { lang, timeZone }) => ({
        status: label('payout', 'payoutState', r.status, lang),
        partyKind: label('payout', 'payoutParty', r.partyKind, lang),
        method: label('payout', 'payoutMethod', r.method, lang),
        amount: money(r.amount),
        fee: money(r.fee),
        actualAmount: money(r.actualAmount),
        failureReason: r.failureReason ? label('payout', 'failureReason', r.failureReason, lang) : '',
        rejectReason: r.rejectReason ?? '',
        reviewer: r.reviewer ?? '',
        reviewTime: r.reviewTime ? formatInZone(r.reviewTime, timeZone) : '',
        providerReference: r.providerReference ?? '',
        createTime: formatInZone(r.createTime, timeZone),
        finishTime: r.finishTime ? formatInZone(r.finishTime, timeZone) : '',
      }),
      widths: {
        applicationNo: 24,
        partyName: 20,
        payeeAccount: 22,
        providerReference: 24,
        failureReason: 24,
        reviewTime: 20,
        createTime: 20,
        finishTime: 20,
      },
    }),
  ],
  routes: payoutRoutes,
  start: async (s) => s.startSweep(),
  stop: async (s) => s.stopSweep(),
});
