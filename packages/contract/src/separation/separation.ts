import { z } from 'zod';
import { pageQuery, timeRange } from '../platform/envelope.js';
import { dateTime } from '../platform/rules.js';

/**
 * Order separation (spec 2, 3, 4, 5: the order-separation screen, hidden from the menu). A rule
 * diverts the partner shares of matching orders (what the agents, the outlet, the service provider
 * and the pusher were credited when the order was shared) to the platform's separated account. An
 * order matches while the rule runs when its rental cabinet is in the rule's devices, it was created
 * inside the rule's order time, it is shared between the rule's start and end times, and its amount
 * is within start..cap. Each device separates its matching orders numbered countStart..countCap
 * (the first countStart - 1 are left alone), and the rule stops at its total cap when it has one.
 * Every separated amount, and every restore, is a ledger movement. Money in integer cents.
 */

/** Whose shares a rule takes: every partner's, the outlet's only, or the agents' only. */
export const SEPARATION_TYPES = ['allPartners', 'outlet', 'agents'] as const;
export type SeparationType = (typeof SEPARATION_TYPES)[number];
/**
 * running (matching), paused (not matching; resumable), restored (every order it separated given
 * back; it no longer matches), deleted (stopped and hidden from the default list; its history kept).
 */
export const SEPARATION_RULE_STATUSES = ['running', 'paused', 'restored', 'deleted'] as const;
export type SeparationRuleStatus = (typeof SEPARATION_RULE_STATUSES)[number];
/** What staff may set by editStatus (deleting has its own call). */
export const SEPARATION_STATUS_CHANGES = ['running', 'paused', 'restored'] as const;
export const SEPARATION_ORDER_STATUSES = ['separated', 'restored'] as const;
export type SeparationOrderStatus = (typeof SEPARATION_ORDER_STATUSES)[number];
/** spec 5: a rule names at most 20 devices. */
export const SEPARATION_MAX_DEVICES = 20;

const cents = z.number().int({ error: 'rule.moneyCents' });
const whole = z.number().int({ error: 'notInteger' });
const id = z.coerce.number().int({ error: 'rule.wholeFrom1' }).min(1, { error: 'rule.wholeFrom1' });
const deviceSn = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[\w-]+$/, { error: 'rule.separationSn' });
const at = (v: string) => Date.parse(v);

/** POST saveOrUpdate: the rule's terms (an id edits a running or paused rule). */
export const separationRuleFields = z.object({
  name: z.string().trim().min(1).max(32),
  type: z.enum(SEPARATION_TYPES),
  /** The cabinets whose orders it may separate (spec 5: required, at most 20). */
  deviceSns: z.array(deviceSn).min(1, { error: 'rule.separationDevices' }).max(SEPARATION_MAX_DEVICES),
  /** Orders created in this window may be separated (spec 5: order time required). */
  orderBeginTime: dateTime,
  orderEndTime: dateTime,
  /** The order amount it separates, from start to cap inclusive (spec 5: required, start not above cap). */
  startAmount: cents.min(0).max(100_000_000),
  capAmount: cents.min(1).max(100_000_000),
  /** Per device, the matching orders numbered countStart..countCap are separated (spec 5: start not above cap). */
  countStart: whole.min(1).max(1_000_000),
  countCap: whole.min(1).max(1_000_000),
  /** The most the rule separates in all (the shares it diverted, less what was restored); null for no cap. */
  totalCap: cents.min(1).max(10_000_000_000).nullable().optional(),
  /** When the rule is in force: orders shared between these times. */
  startTime: dateTime,
  endTime: dateTime,
});
export const separationRuleSaveRequest = separationRuleFields
  .extend({ id: id.optional() })
  .refine((v) => v.startAmount <= v.capAmount, { error: 'rule.separationAmount', path: ['capAmount'] })
  .refine((v) => v.countStart <= v.countCap, { error: 'rule.separationCount', path: ['countCap'] })
  .refine((v) => at(v.orderBeginTime) <= at(v.orderEndTime), {
    error: 'rule.separationOrderTime',
    path: ['orderEndTime'],
  })
  .refine((v) => at(v.startTime) <= at(v.endTime), { error: 'rule.separationTime', path: ['endTime'] })
  .refine((v) => new Set(v.deviceSns.map((s) => s.toUpperCase())).size === v.deviceSns.length, {
    error: 'rule.separationDuplicate',
    path: ['deviceSns'],
  });
export type SeparationRuleSaveRequest = z.infer<typeof separationRuleSaveRequest>;

export const separationRuleItem = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: z.enum(SEPARATION_TYPES),
  status: z.enum(SEPARATION_RULE_STATUSES),
  deviceSns: z.array(z.string()),
  orderBeginTime: z.string(),
  orderEndTime: z.string(),
  startAmount: cents,
  capAmount: cents,
  countStart: z.number().int(),
  countCap: z.number().int(),
  totalCap: cents.nullable(),
  startTime: z.string(),
  endTime: z.string(),
  /** Orders separated and not restored. */
  separatedCount: z.number().int(),
  /** The total separated amount (spec 3): shares diverted, less what was restored. */
  separatedAmount: cents,
  creator: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type SeparationRuleItem = z.infer<typeof separationRuleItem>;

/** One device of a rule: how many of its orders matched (counted up to countCap) and how many stand separated. */
export const separationDeviceItem = z.object({
  sn: z.string(),
  matched: z.number().int(),
  separated: z.number().int(),
});
export const separationRuleDetail = separationRuleItem.extend({ devices: z.array(separationDeviceItem) });
export type SeparationRuleDetail = z.infer<typeof separationRuleDetail>;

export const SEPARATION_RULE_SORTS = ['createTime', 'separatedAmount'] as const;
export const separationRuleFilter = z.object({
  code: z.string().trim().max(32).optional(),
  name: z.string().trim().max(32).optional(),
  type: z.enum(SEPARATION_TYPES).optional(),
  /** Without a status the list leaves deleted rules out. */
  status: z.enum(SEPARATION_RULE_STATUSES).optional(),
  /** A device the rule names. */
  sn: z.string().trim().max(32).optional(),
});
export type SeparationRuleFilter = z.infer<typeof separationRuleFilter>;
export const separationRuleQuery = pageQuery.extend(separationRuleFilter.shape).extend({
  orderBy: z.enum(SEPARATION_RULE_SORTS).optional(),
  order: z.enum(['ascend', 'descend']).optional(),
});
export type SeparationRuleQuery = z.infer<typeof separationRuleQuery>;

/** POST editStatus: pause, resume, or restore the rule (every order it separated given back). */
export const separationStatusRequest = z.object({ id, status: z.enum(SEPARATION_STATUS_CHANGES) });
export type SeparationStatusRequest = z.infer<typeof separationStatusRequest>;
/** DELETE delete?id=: stops the rule and keeps its history. */
export const separationDeleteQuery = z.object({ id });

/** A share the rule took: the account kind and party, and how much. */
export const separatedShare = z.object({ kind: z.string(), partyId: z.number().int().nullable(), amount: cents });
export type SeparatedShare = z.infer<typeof separatedShare>;

/** GET separationOrder/queryPage: the time filter is the separation time (at most 30 days). */
export const separationOrderFilter = timeRange.extend({
  ruleId: z.coerce.number().int().min(1).optional(),
  ruleCode: z.string().trim().max(32).optional(),
  orderNo: z.string().trim().max(32).optional(),
  sn: z.string().trim().max(32).optional(),
  status: z.enum(SEPARATION_ORDER_STATUSES).optional(),
});
export type SeparationOrderFilter = z.infer<typeof separationOrderFilter>;
export const separationOrderQuery = pageQuery.extend(separationOrderFilter.shape);
export type SeparationOrderQuery = z.infer<typeof separationOrderQuery>;

export const separationOrderItem = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  ruleId: z.number().int(),
  ruleCode: z.string(),
  ruleName: z.string(),
  sn: z.string(),
  /** The order's amount that matched the rule (what was shared). */
  orderAmount: cents,
  /** The shares diverted to the separated account. */
  amount: cents,
  /** What the restore gave back (the separated account's balance of the order then). */
  restoredAmount: cents,
  shares: z.array(separatedShare),
  status: z.enum(SEPARATION_ORDER_STATUSES),
  orderTime: z.string(),
  separateTime: z.string(),
  restoreTime: z.string().nullable(),
  restoredBy: z.string().nullable(),
});
export type SeparationOrderItem = z.infer<typeof separationOrderItem>;

/** POST separationOrder/restore: gives one separated order's shares back, once. */
export const separationRestoreRequest = z.object({ id });
