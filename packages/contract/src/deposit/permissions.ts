/** Permission codes of the deposit domain (deposit orders and their refunds, deposit rules, the ignore list). */
export const depositPerms = {
  depositQuery: 'order:deposit:query',
  depositExport: 'order:deposit:export',
  depositRefund: 'order:deposit:refund',
  depositAudit: 'order:deposit:audit',
  depositRuleQuery: 'order:depositRule:query',
  depositRuleEdit: 'order:depositRule:edit',
  depositRuleStatus: 'order:depositRule:status',
  depositIgnoreQuery: 'order:depositIgnore:query',
  depositIgnoreEdit: 'order:depositIgnore:edit',
} as const;
