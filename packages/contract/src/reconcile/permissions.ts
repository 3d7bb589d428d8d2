/** Permission codes of the reconciliation (Financial management → reconciliation). */
export const reconcilePerms = {
  reconcileQuery: 'finance:reconcile:query',
  reconcileRun: 'finance:reconcile:run',
  reconcileExplain: 'finance:reconcile:explain',
  reconcileExport: 'finance:reconcile:export',
} as const;
