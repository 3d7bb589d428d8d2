import type { Lang, Translations } from './platform/lang.js';
import { commonLabels, exportLabelsIn, type ExportLabels } from './platform/labels.js';
import { identityActions, identityExports, identityLabels, identityReads, roleNameIn } from './identity/labels.js';
import { systemActions, systemExports, systemFields, systemLabels, systemReads } from './system/labels.js';
import { fleetActions, fleetExports, fleetLabels, fleetReads } from './fleet/labels.js';
import { assetsActions, assetsExports, assetsLabels, assetsReads } from './assets/labels.js';
import { accessoriesActions, accessoriesExports, accessoriesLabels, accessoriesReads } from './accessories/labels.js';
import { networkActions, networkExports, networkLabels, networkReads } from './network/labels.js';
import { outletActions, outletExports, outletFields, outletLabels, outletReads } from './outlet/labels.js';
import { orderActions, orderExports, orderLabels, orderReads } from './order/labels.js';
import { ledgerActions, ledgerExports, ledgerLabels, ledgerReads } from './ledger/labels.js';
import { depositActions, depositExports, depositFields, depositLabels, depositReads } from './deposit/labels.js';
import { payoutActions, payoutExports, payoutLabels, payoutReads } from './payout/labels.js';
import { voucherActions, voucherExports, voucherFieldLabels, voucherLabels, voucherReads } from './voucher/labels.js';
import { statsActionLabels, statsExports, statsLabels, statsReads } from './stats/labels.js';
import { couponActions, couponExports, couponFieldLabels, couponLabels, couponReads } from './coupon/labels.js';
import { separationActions, separationFieldLabels, separationLabels, separationReads } from './separation/labels.js';
import { reconcileActions, reconcileExports, reconcileLabels, reconcileReads } from './reconcile/labels.js';
import { dashboardReads } from './dashboard.js';
import type { CallName } from './api.js';

export {
  tr,
  labelOf,
  labelsIn,
  exportLabelsIn,
  commonLabels,
  type LabelGroup,
  type ExportLabels,
} from './platform/labels.js';

/** Every label both the console and the server show, by domain and kind (platform/labels.ts says why). */
export const labels = {
  common: commonLabels,
  identity: identityLabels,
  system: systemLabels,
  fleet: fleetLabels,
  assets: assetsLabels,
  accessories: accessoriesLabels,
  network: networkLabels,
  outlet: outletLabels,
  order: orderLabels,
  ledger: ledgerLabels,
  deposit: depositLabels,
  voucher: voucherLabels,
  stats: statsLabels,
  payout: payoutLabels,
  coupon: couponLabels,
  separation: separationLabels,
  reconcile: reconcileLabels,
} as const;
export type Labels = typeof labels;
export type LabelDomain = keyof Labels;

/** One label, every part of its address checked: `label('identity', 'manageStatus', 'frozen', lang)`. */
export function label<D extends LabelDomain, G extends keyof Labels[D], K extends keyof Labels[D][G]>(
  domain: D,
  group: G,
  key: K,
  lang: Lang,
): string {
  return (labels[domain][group][key] as Translations)[lang];
}

/** Every export's title and column headers, keyed by the call that starts it. */
export const exportLabels = {
  ...identityExports,
  ...systemExports,
  ...fleetExports,
  ...assetsExports,
  ...accessoriesExports,
  ...networkExports,
  ...outletExports,
  ...orderExports,
  ...ledgerExports,
  ...depositExports,
  ...voucherExports,
  ...statsExports,
  ...payoutExports,
  ...couponExports,
  ...reconcileExports,
} as const;
/** A call that starts an export (its labels are declared). */
export type ExportCall = keyof typeof exportLabels & CallName;

/** The title and headers of the export a call starts, in one language, columns in their order. */
export function exportHeaders<C extends ExportCall>(
  call: C,
  lang: Lang,
): { title: string; columns: { key: ExportColumn<C>; header: string }[] } {
  return exportLabelsIn(exportLabels[call] as ExportLabels<ExportColumn<C>>, lang);
}
/** The column keys of the export a call starts. */
export type ExportColumn<C extends ExportCall> = keyof (typeof exportLabels)[C]['columns'] & string;

/** Yes or No in a language; empty when there is no value. */
export function yesNo(v: boolean | null | undefined, lang: Lang): string {
  return v === null || v === undefined ? '' : labels.common.yesNo[v ? 'yes' : 'no'][lang];
}

/**
 * Names of fields, for messages that name one (validation, range checks). Each domain adds its
 * fields' labels to its labels.ts; a field without one is named by its key.
 */
export const fieldLabels: Readonly<Record<string, Translations>> = {
  ...systemFields,
  ...outletFields,
  ...depositFields,
  ...voucherFieldLabels,
  ...couponFieldLabels,
  ...separationFieldLabels,
};

/**
 * The label of a field by its path ('values.bluetoothHourlyLimit', 'hourlyPrice.min'): the
 * longest labelled tail, preceded by the nearest labelled part above it when there is one
 * ("Hourly price – Minimum", "Operator – Fee rate").
 */
export function fieldLabel(path: string): Translations | undefined {
  const parts = path.split('.').filter((p) => p !== '' && !/^\d+$/.test(p));
  const known = (key: string) => (Object.hasOwn(fieldLabels, key) ? fieldLabels[key] : undefined);
  for (let i = 0; i < parts.length; i++) {
    const tail = known(parts.slice(i).join('.'));
    if (!tail) continue;
    for (let j = i - 1; j >= 0; j--) {
      const head = known(parts[j]!);
      if (head)
        return {
          zh_CN: `${head.zh_CN}·${tail.zh_CN}`,
          zh_TW: `${head.zh_TW}·${tail.zh_TW}`,
          en_US: `${head.en_US} – ${tail.en_US}`,
        };
    }
    return tail;
  }
  return undefined;
}

/** A field's name in a language: its label, else its path as sent. */
export function fieldName(path: string, lang: Lang): string {
  return fieldLabel(path)?.[lang] ?? path;
}

/**
 * What each change is called in the operation log, by its call (every call that is not a GET has
 * one: layout.test.ts): the log stores the call and shows its action in the viewer's language.
 */
export const actionLabels: Readonly<Partial<Record<CallName, Translations>>> = {
  ...identityActions,
  ...systemActions,
  ...fleetActions,
  ...assetsActions,
  ...accessoriesActions,
  ...networkActions,
  ...outletActions,
  ...orderActions,
  ...ledgerActions,
  ...depositActions,
  ...voucherActions,
  ...statsActionLabels,
  ...payoutActions,
  ...couponActions,
  ...separationActions,
  ...reconcileActions,
};

/** A call's action in a language, or null for a call without one (an entry older than the call's label). */
export function actionLabel(call: string | null | undefined, lang: Lang): string | null {
  return call && Object.hasOwn(actionLabels, call) ? actionLabels[call as CallName]![lang] : null;
}

/** The calls whose action contains `text` in any language (a search of the operation log). */
export function callsWithAction(text: string): CallName[] {
  const t = text.trim().toLowerCase();
  return (Object.entries(actionLabels) as [CallName, Translations][])
    .filter(([, l]) => Object.values(l).some((v) => v.toLowerCase().includes(t)))
    .map(([k]) => k);
}

/**
 * What each call is named (the interfaces screen and the menu binding picker): a change by its
 * action above, a call that changes nothing by its domain's reads. Every call has one (layout.test.ts).
 */
export const callNames: Readonly<Partial<Record<CallName, Translations>>> = {
  ...actionLabels,
  ...identityReads,
  ...systemReads,
  ...fleetReads,
  ...assetsReads,
  ...accessoriesReads,
  ...networkReads,
  ...outletReads,
  ...orderReads,
  ...ledgerReads,
  ...depositReads,
  ...payoutReads,
  ...voucherReads,
  ...statsReads,
  ...couponReads,
  ...separationReads,
  ...reconcileReads,
  ...dashboardReads,
};

/** A call's name in a language, or null for a name that is no call of this version (a removed route). */
export function callName(call: string | null | undefined, lang: Lang): string | null {
  return call && Object.hasOwn(callNames, call) ? callNames[call as CallName]![lang] : null;
}

/** The calls whose name contains `text` in any language (a search of the interfaces). */
export function callsNamed(text: string): CallName[] {
  const t = text.trim().toLowerCase();
  return (Object.entries(callNames) as [CallName, Translations][])
    .filter(([, l]) => Object.values(l).some((v) => v.toLowerCase().includes(t)))
    .map(([k]) => k);
}

/**
 * An operation-log entry's target name as people read it: a name stored as the address of a
 * contract label ('system.settingsGroup.basis', 'system.extensionName.coupons') or a seeded role's
 * key in the language; anything else (an order number, a user name, an SN) as stored.
 */
export function auditTargetIn(name: string, lang: Lang): string {
  const [domain, group, key, ...rest] = name.split('.');
  if (rest.length === 0 && domain && group && key && Object.hasOwn(labels, domain)) {
    const groups = labels[domain as LabelDomain] as Record<string, Record<string, Translations>>;
    if (Object.hasOwn(groups, group) && Object.hasOwn(groups[group]!, key)) return groups[group]![key]![lang];
  }
  return roleNameIn(name, lang);
}

/** An account kind in a language (login log, operation log); an unknown one as stored. */
export function accountTypeIn(type: string, lang: Lang): string {
  return Object.hasOwn(commonLabels.accountType, type)
    ? commonLabels.accountType[type as keyof typeof commonLabels.accountType][lang]
    : type;
}

/** A terminal (client type) in a language; an unknown one as stored. */
export function terminalIn(terminal: string, lang: Lang): string {
  return Object.hasOwn(commonLabels.terminal, terminal)
    ? commonLabels.terminal[terminal as keyof typeof commonLabels.terminal][lang]
    : terminal;
}
