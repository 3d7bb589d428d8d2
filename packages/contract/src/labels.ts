import type { Lang, Translations } from './platform/lang.js';
import { commonLabels, exportLabelsIn, type ExportLabels } from './platform/labels.js';
import { identityExports, identityLabels } from './identity/labels.js';
import { systemExports, systemLabels } from './system/labels.js';
import { fleetExports, fleetLabels } from './fleet/labels.js';
import { networkExports, networkLabels } from './network/labels.js';
import { outletExports, outletLabels } from './outlet/labels.js';
import type { CallName } from './api.js';

export { tr, labelOf, labelsIn, exportLabelsIn, commonLabels, type LabelGroup, type ExportLabels } from './platform/labels.js';

/** Every label both the console and the server show, by domain and kind (platform/labels.ts says why). */
export const labels = { common: commonLabels, identity: identityLabels, system: systemLabels, fleet: fleetLabels, network: networkLabels, outlet: outletLabels } as const;
export type Labels = typeof labels;
export type LabelDomain = keyof Labels;

/** One label, every part of its address checked: `label('identity', 'manageStatus', 'frozen', lang)`. */
export function label<D extends LabelDomain, G extends keyof Labels[D], K extends keyof Labels[D][G]>(domain: D, group: G, key: K, lang: Lang): string {
  return (labels[domain][group][key] as Translations)[lang];
}

/** Every export's title and column headers, keyed by the call that starts it. */
export const exportLabels = { ...identityExports, ...systemExports, ...fleetExports, ...networkExports, ...outletExports } as const;
/** A call that starts an export (its labels are declared). */
export type ExportCall = keyof typeof exportLabels & CallName;

/** The title and headers of the export a call starts, in one language, columns in their order. */
export function exportHeaders<C extends ExportCall>(call: C, lang: Lang): { title: string; columns: { key: ExportColumn<C>; header: string }[] } {
  return exportLabelsIn(exportLabels[call] as ExportLabels<ExportColumn<C>>, lang);
}
/** The column keys of the export a call starts. */
export type ExportColumn<C extends ExportCall> = keyof (typeof exportLabels)[C]['columns'] & string;

/** Yes or No in a language; empty when there is no value. */
export function yesNo(v: boolean | null | undefined, lang: Lang): string {
  return v === null || v === undefined ? '' : labels.common.yesNo[v ? 'yes' : 'no'][lang];
}
