import { z } from 'zod';
import { AGENT_LEVELS, idParam } from './shared.js';

/**
 * The partner network as a tree (agents A → B → C, each with its outlets) and a partner's
 * statement for a period of whole days. docs/decisions/ledger-and-money.md, "The partner tree and the statement".
 */

/** GET agent/tree: a node's children (child agents, then the agent's own outlets); without `parentId` the roots. */
export const agentTreeQuery = z.object({
  /** The agent whose children are asked (one level: the console expands lazily). */
  parentId: idParam.optional(),
  /** Start the tree at this agent: the answer is that one agent's node. */
  rootId: idParam.optional(),
});
export type AgentTreeQuery = z.infer<typeof agentTreeQuery>;

export const PARTNER_NODE_KINDS = ['agent', 'outlet'] as const;
export const agentTreeNode = z.object({
  kind: z.enum(PARTNER_NODE_KINDS),
  id: z.number().int(),
  name: z.string(),
  /** An agent's level (null for an outlet). */
  level: z.enum(AGENT_LEVELS).nullable(),
  /** The ratio the agent or outlet holds (0-100). */
  ratio: z.number(),
  /** An agent frozen, or an outlet not in service. */
  inactive: z.boolean(),
  /** Child agents (0 for an outlet). */
  childAgents: z.number().int(),
  /** The agent's own outlets (0 for an outlet). */
  outlets: z.number().int(),
  /** Devices bound to the agent's own outlets (an outlet: its own). */
  devices: z.number().int(),
  /** Outlets and devices of the whole subtree: the agent's, its children's and grandchildren's. */
  subtreeOutlets: z.number().int(),
  subtreeDevices: z.number().int(),
  /** Whether the node can be expanded (child agents or outlets). */
  hasChildren: z.boolean(),
});
export type AgentTreeNode = z.infer<typeof agentTreeNode>;

/**
 * The partners a statement is kept for: everyone the books owe a share (their payables in the
 * ledger): agents, outlets, service providers, ground pushers and operators (direct-sales teams).
 */
export const STATEMENT_PARTIES = ['agent', 'outlet', 'provider', 'pusher', 'operator'] as const;
export type StatementParty = (typeof STATEMENT_PARTIES)[number];
/** The longest statement: a year and a day (a leap year's whole year). */
export const STATEMENT_MAX_DAYS = 366;
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'rule.date' })
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    { error: 'rule.date' },
  );

/** GET partner/statement: whole days in the caller's time zone (X-Time-Zone), first and last day included. */
export const partnerStatementQuery = z.object({
  partyKind: z.enum(STATEMENT_PARTIES).default('agent'),
  partyId: idParam,
  beginDate: day,
  endDate: day,
});
export type PartnerStatementQuery = z.infer<typeof partnerStatementQuery>;

/** The movements of a partner's balance, by what caused them (cents; positive adds to what it is owed). */
export const statementFigures = z.object({
  /** Orders whose share was credited. */
  orders: z.number().int(),
  /** Shares earned from orders. */
  shares: z.number().int(),
  /** Shares taken back by refunds (negative), and given back by refunds that failed. */
  reversals: z.number().int(),
  /** Withdrawals applied for: the amount held from the balance (negative). */
  withdrawals: z.number().int(),
  /** Withdrawals rejected or failed: the held amount given back. */
  returned: z.number().int(),
  /** What a reversal took beyond the balance (booked as owed) and owed amounts taken from new shares. */
  owed: z.number().int(),
  /** Every other movement (separation rules, the demo's opening earnings...). */
  other: z.number().int(),
});
export type StatementFigures = z.infer<typeof statementFigures>;

export const statementDay = statementFigures.extend({
  /** The day (YYYY-MM-DD in the caller's zone). */
  date: z.string(),
  /** The balance at the end of the day. */
  closing: z.number().int(),
});
export type StatementDay = z.infer<typeof statementDay>;

export const partnerStatement = statementFigures.extend({
  partyKind: z.enum(STATEMENT_PARTIES),
  partyId: z.number().int(),
  partyName: z.string(),
  /** The ledger account the statement reads (`agentPayable:3`): its fund flow lists the same entries. */
  accountCode: z.string(),
  beginDate: z.string(),
  endDate: z.string(),
  timeZone: z.string(),
  /** The period as instants: from beginTime to endTime, both included (the fund flow's filter). */
  beginTime: z.string(),
  endTime: z.string(),
  /** The balance before the first day and after the last: opening + every movement = closing. */
  opening: z.number().int(),
  closing: z.number().int(),
  /** Withdrawals applied in the period (count). */
  withdrawalCount: z.number().int(),
  /** Of the partner's withdrawals paid out in the period: the amount sent and the fees kept (not movements of the balance: the amount left it when held). */
  paidOut: z.number().int(),
  paidFees: z.number().int(),
  /** The days that had movements, in order, each with its closing balance. */
  days: z.array(statementDay),
});
export type PartnerStatement = z.infer<typeof partnerStatement>;
