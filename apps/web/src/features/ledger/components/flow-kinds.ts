import { LEDGER_KINDS, type Lang } from '@cbo/contract';
import { flowKindText } from '@/shared/flow-kind';

/**
 * The kinds of money movement the ledger records (its transactions' `kind`): what a fund flow
 * filters by. The contract lists them with their words in three languages.
 */
export const FLOW_KINDS = LEDGER_KINDS;

export function flowKindLabel(lang: Lang, kind: string): string {
  return flowKindText(kind, lang);
}
