/** Permission codes of the ledger (trial balance, fund flows). */
export const ledgerPerms = {
  trialBalance: 'order:ledger:trialBalance',
  flowPlatform: 'order:flow:platform',
  flowUser: 'order:flow:user',
  flowAccount: 'order:flow:account',
  flowExport: 'order:flow:export',
} as const;
