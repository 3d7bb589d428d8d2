import { defineList } from '../../platform/list-kit.js';
import { defineModule, type Late, type Platform } from '../../platform/module.js';
import { formatInZone } from '../../platform/time-zone.js';
import { registerCall } from '../../platform/http/routes.js';
import { LedgerService } from './ledger.service.js';
import { accountName } from './ledger.reads.js';
import type { LedgerLate, LedgerNeeds } from './needs.js';
import { partyNames } from './party-names.js';
import {
  LEDGER_KINDS,
  labels,
  memoText,
  type AccountKind,
  type FundFlowItem,
  type Lang,
  type LedgerKind,
} from '@cbo/contract';
import * as tables from './tables.js';
import { ledgerMenus } from './menus.js';

export {
  accountCode,
  type Account,
  type EntryInput,
  type PartnerMoney,
  type PayableChange,
  type Posting,
} from './ledger.books.js';
export type { OutletFigures, RangeSum, TimeRangeKey } from './ledger.stats.js';
export type { LedgerService } from './ledger.service.js';

const money = (cents: number) => (cents / 100).toFixed(2);

export type { LedgerNeeds, LedgerLate } from './needs.js';

function createLedger({ db }: Platform, needs: LedgerNeeds, late: Late<LedgerLate>) {
  return { ledger: new LedgerService(db, partyNames(needs), (orderNo, tx) => late.orderOutlet(orderNo, tx)) };
}
export type LedgerServices = ReturnType<typeof createLedger>;

/** An entry's account named in the export's language, with the party's name the source found. */
const flowCells = (r: FundFlowItem, { timeZone, lang }: { timeZone: string; lang: Lang }) => ({
  time: formatInZone(r.time, timeZone),
  kind: (LEDGER_KINDS as readonly string[]).includes(r.kind)
    ? labels.ledger.flowKind[r.kind as LedgerKind][lang]
    : r.kind,
  accountName: accountName(
    r.accountCode.split(':')[0] as AccountKind,
    r.accountCode.includes(':') ? Number(r.accountCode.split(':')[1]) : null,
    lang,
    r.partyName ?? undefined,
  ),
  memo: memoText(r.memo, lang),
  debit: r.debit ? money(r.debit) : '',
  credit: r.credit ? money(r.credit) : '',
});
const flowWidths = {
  time: 20,
  kind: 12,
  orderNo: 22,
  accountCode: 22,
  accountName: 24,
  debit: 12,
  credit: 12,
  memo: 40,
  transactionKey: 40,
};

/**
 * The ledger module: the double-entry books every money movement is posted to (other modules post
 * through its service, in their own transaction), the trial balance and the three fund flows.
 * Its menus are seeded hidden until the console's screens exist (menus.ts).
 */
export const ledger = defineModule({
  name: 'ledger',
  tables,
  menus: ledgerMenus,
  late: { orderOutlet: true },
  services: createLedger,
  lists: (s) => [
    // The account names and memos of an export are written in the language of whoever asked (cells).
    defineList({
      export: 'fundFlowPlatformExport',
      source: s.ledger.flow('platform', null),
      cells: flowCells,
      widths: flowWidths,
    }),
    defineList({
      export: 'fundFlowUserExport',
      source: s.ledger.flow('user', null),
      cells: flowCells,
      widths: flowWidths,
    }),
    defineList({
      export: 'fundFlowAccountExport',
      source: s.ledger.flow('account', null),
      cells: flowCells,
      widths: flowWidths,
    }),
  ],
  routes: (app, s) => {
    registerCall(app, 'ledgerTrialBalance', ({ req }) => s.ledger.trialBalance(req.lang));
    registerCall(app, 'ledgerAccounts', ({ query, req }) => s.ledger.accounts(query, req.lang));
    registerCall(app, 'fundFlowPlatform', ({ body, req }) => s.ledger.flowPage('platform', body, req.lang), {
      audit: false,
    });
    registerCall(app, 'fundFlowUser', ({ body, req }) => s.ledger.flowPage('user', body, req.lang), { audit: false });
    registerCall(app, 'fundFlowAccount', ({ body, req }) => s.ledger.flowPage('account', body, req.lang), {
      audit: false,
    });
  },
});
