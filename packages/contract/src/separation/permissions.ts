/** Permission codes of order separation (its rules and the orders they separated). */
export const separationPerms = {
  separationRuleQuery: 'order:separationRule:query',
  separationRuleEdit: 'order:separationRule:edit',
  separationRuleStatus: 'order:separationRule:status',
  separationRuleDelete: 'order:separationRule:delete',
  separationOrderQuery: 'order:separationOrder:query',
  separationOrderRestore: 'order:separationOrder:restore',
} as const;
