/** Permission codes of the statistics screens (issue 16). The dashboard's own figures use the permissions of the lists they link to. */
export const statsPerms = {
  /** The dashboard's business figures (new customers, active cabinets): a button of the dashboard menu. */
  statsBusiness: 'order:stats:business',
  /** The dashboard's list of things that need action (each item also needs its list's permission): a button of the dashboard menu. */
  statsActions: 'order:stats:actions',
  /** Statistics → Financial data: read the money figures (from the ledger). */
  statsFinance: 'order:stats:finance',
  /** Export the financial data to the export centre. */
  statsFinanceExport: 'order:stats:financeExport',
} as const;
