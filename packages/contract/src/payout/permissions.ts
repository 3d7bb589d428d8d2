/** Permission codes of the withdrawal domain (Financial management → withdrawal management). */
export const payoutPerms = {
  payoutQuery: 'finance:withdrawal:query',
  payoutAudit: 'finance:withdrawal:audit',
  payoutExport: 'finance:withdrawal:export',
} as const;
