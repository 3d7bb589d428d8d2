import type { TFunction } from 'i18next';

/**
 * The kinds of money movement the ledger records (its transactions' `kind`): what a fund flow
 * filters by. The server names them; a kind it adds later shows as its own name until it has words.
 */
export const FLOW_KINDS = ['rent', 'settle', 'deduct', 'release', 'share', 'refund', 'recharge', 'withdrawal', 'demo', 'separate', 'separateRestore', 'receivable', 'netting'] as const;

export function flowKindLabel(t: TFunction, kind: string): string {
  return (FLOW_KINDS as readonly string[]).includes(kind) ? t(`ledger:flowKind.${kind}`) : kind;
}
