/** Permission codes of the statistics screens (issue 16). The dashboard's own figures use the permissions of the lists they link to. */
import { statsOperationsPerms } from './operations.js';

export const statsPerms = {
  ...statsOperationsPerms,
  /** The dashboard's business figures (new customers, active cabinets): a button of the dashboard menu. */
  statsBusiness: 'order:stats:business',
  /** The dashboard's list of things that need action (each item also needs its list's permission): a button of the dashboard menu. */
  statsActions: 'order:stats:actions',
  /** Statistics → Financial data: read the money figures (from the ledger). */
  statsFinance: 'order:stats:finance',
  /** Export the financial data to the export centre. */
  statsFinanceExport: 'order:stats:financeExport',
  /** Statistics → Operation report: read a period's report of the business, a region, an agent or an outlet. */
  statsReport: 'order:stats:report',
  /** Download the operation report as an xlsx workbook. */
  statsReportExport: 'order:stats:reportExport',
} as const;
