import { LEDGER_KINDS, labels, type Lang, type LedgerKind } from '@cbo/contract';

/**
 * A ledger movement's kind in words (the contract's labels: every kind the ledger posts has them in
 * three languages). A kind from before the list (none known) shows as stored.
 */
export function flowKindText(kind: string, lang: Lang): string {
  return (LEDGER_KINDS as readonly string[]).includes(kind) ? labels.ledger.flowKind[kind as LedgerKind][lang] : kind;
}
