import { z } from 'zod';
import { timeRange } from '../platform/envelope.js';

/**
 * The statistics domain (issue 16): the dashboard's business figures and its list of things that
 * need action, and the financial data read from the ledger. The order figures' schemas (overview,
 * trend, rankings, now) are in order/order.ts and their calls in order/calls.ts (paths under
 * /order/api/v1/stats/), the dashboard's one call in dashboard.ts; the statistics module answers them all.
 */

const count = z.number().int().min(0);

/**
 * GET stats/actions: what needs someone's action now, one item per contribution the account may
 * see (each counted by the module that owns the rows, with the permission of the list it links to).
 * `screen` is the list's view url (the console finds its path in the account's menu), `query` the
 * filter that list starts with, so the count is the total the list shows.
 */
export const statsActionItem = z.object({
  key: z.string(),
  /** What it is, in the caller's language. */
  title: z.string(),
  count,
  screen: z.string(),
  query: z.record(z.string(), z.string()),
});
export type StatsActionItem = z.infer<typeof statsActionItem>;
export const statsActions = z.object({ list: z.array(statsActionItem) });
export type StatsActions = z.infer<typeof statsActions>;

/**
 * GET stats/business: figures of a window beside the order figures. `newUsers` is the customers
 * who registered in it (the member list's total for that creation window; null without the member
 * list's permission); `activeCabinets` the cabinets a power bank was rented from by an order created
 * in it (live and archived orders alike).
 */
export const statsBusinessQuery = timeRange;
export type StatsBusinessQuery = z.infer<typeof statsBusinessQuery>;
export const statsBusiness = z.object({
  beginTime: z.string(),
  endTime: z.string(),
  newUsers: count.nullable(),
  activeCabinets: count,
});
export type StatsBusiness = z.infer<typeof statsBusiness>;

/** How the financial data cuts its window: days, weeks starting Monday, calendar months, in the viewer's time zone. */
export const STATS_PERIODS = ['day', 'week', 'month'] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

/**
 * GET stats/finance: the money moved in a window (by the time each ledger entry was posted), cut
 * into periods of `timeZone` (an IANA zone; the server's own when absent). Window at most 366 days.
 */
export const statsFinanceQuery = timeRange.extend({
  period: z.enum(STATS_PERIODS).default('day'),
  timeZone: z.string().trim().min(1).max(64).optional(),
  /**
   * The scope: the money of one region's, one agent's or one outlet's orders (at most one of the
   * three; more → STATS_SCOPE). An order belongs to its outlet, an outlet to its current agent and
   * region (docs/decisions/statistics.md). Absent: the whole business.
   */
  regionId: z.coerce.number().int().min(1).optional(),
  agentId: z.coerce.number().int().min(1).optional(),
  outletId: z.coerce.number().int().min(1).optional(),
  /** Also answer the window's figures per outlet, agent or region of the scope (`breakdown`). */
  by: z.enum(['outlet', 'agent', 'region']).optional(),
});
export type StatsFinanceQuery = z.infer<typeof statsFinanceQuery>;

/**
 * One period's money, in cents, each a sum of ledger entries (the fund flows show them):
 * income: credits to order income (rental fees taken: from deposits, balances and the payment company);
 * refunds: order refunds granted less those the payment company refused (the shares they reversed);
 * net: income less refunds;
 * shares: what each account kind of the profit chain earned (share postings less refund reversals):
 * agents, outlets, service providers, operators (direct-sales teams, `operatorPayable`) and pushers;
 * platform: the platform's own revenue, likewise; taxes: tax withheld; fees: deposit refund fees.
 */
export const statsFinanceRow = z.object({
  /** The period's first instant (ISO); `total` has the window's start. */
  start: z.string(),
  income: z.number().int(),
  refunds: z.number().int(),
  net: z.number().int(),
  agentShare: z.number().int(),
  outletShare: z.number().int(),
  providerShare: z.number().int(),
  operatorShare: z.number().int(),
  pusherShare: z.number().int(),
  platform: z.number().int(),
  taxes: z.number().int(),
  fees: z.number().int(),
});
export type StatsFinanceRow = z.infer<typeof statsFinanceRow>;
/** What financial data may be scoped to and broken down by. */
export const STATS_FINANCE_SCOPES = ['region', 'agent', 'outlet'] as const;
export type StatsFinanceScope = (typeof STATS_FINANCE_SCOPES)[number];
/** One outlet's, agent's or region's figures of the window (id 0: none). */
export const statsFinanceBreakdownRow = statsFinanceRow.omit({ start: true }).extend({
  id: z.number().int().min(0),
  name: z.string(),
});
export type StatsFinanceBreakdownRow = z.infer<typeof statsFinanceBreakdownRow>;
export const statsFinance = z.object({
  beginTime: z.string(),
  endTime: z.string(),
  timeZone: z.string(),
  period: z.enum(STATS_PERIODS),
  /** Every period of the window, oldest first, periods without movement at 0. */
  list: z.array(statsFinanceRow),
  total: statsFinanceRow,
  /** The scope the figures are of (null: the whole business), with its name. */
  scope: z.object({ kind: z.enum(STATS_FINANCE_SCOPES), id: z.number().int(), name: z.string() }).nullable(),
  /**
   * With `by`: the window's figures per outlet, agent or region of the scope, busiest income
   * first; money not tied to an outlet (and outlets without agent or region) is the row of id 0.
   * The rows add up to `total`.
   */
  breakdown: z.array(statsFinanceBreakdownRow).nullable(),
});
export type StatsFinance = z.infer<typeof statsFinance>;

/** The figures of a financial row, in the order the screen and the export show them. */
export const STATS_FINANCE_FIGURES = [
  'income',
  'refunds',
  'net',
  'agentShare',
  'outletShare',
  'providerShare',
  'operatorShare',
  'pusherShare',
  'platform',
  'taxes',
  'fees',
] as const;
export type StatsFinanceFigure = (typeof STATS_FINANCE_FIGURES)[number];
