import { z } from 'zod';
import { withPhone } from '../platform/phone.js';
import { pageQuery } from '../platform/envelope.js';
import * as r from '../platform/rules.js';
import {
  AGENT_LEVELS,
  appPassword,
  id,
  idParam,
  imageUrl,
  minWithdrawal,
  netStatus,
  netStatusFilter,
  optionalText,
  personName,
  remark,
  sortOrder,
} from './shared.js';

/**
 * Agents: levels A, B and C in a tree (A has no parent, B's parent is an A, C's parent is a B).
 * The profit chain cascades: the platform grants an A agent a ratio, each agent grants its
 * children at most what it holds, an outlet gets at most what its agent holds, and every level
 * earns the difference, so the platform and the chain always total 100.
 */

export const AGENT_SORTS = ['name', 'ratio', 'createTime'] as const;
export const agentFilter = z.object({
  /** Part of the name or the mobile. */
  name: z.string().trim().max(32).optional(),
  level: z.enum(AGENT_LEVELS).optional(),
  status: netStatusFilter,
  parentId: idParam.optional(),
  regionId: idParam.optional(),
});
export type AgentFilter = z.infer<typeof agentFilter>;
export const agentQuery = pageQuery
  .extend(agentFilter.shape)
  .extend({ orderBy: z.enum(AGENT_SORTS).optional(), order: sortOrder });
export type AgentQuery = z.infer<typeof agentQuery>;

export const agentItem = z.object({
  id: z.number().int(),
  name: z.string(),
  areaCode: z.string(),
  mobile: z.string(),
  level: z.enum(AGENT_LEVELS),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  /** The distributable profit-share ratio this agent holds (0-100). */
  ratio: z.number().int(),
  regionId: z.number().int().nullable(),
  regionName: z.string().nullable(),
  status: netStatus,
  freezeReason: z.string().nullable(),
  /** What the agent is owed (its payable, from the ledger): 0 while it holds no entries, never a stored number, never below 0. */
  balance: z.number().int(),
  /** What the agent owes the platform (its receivable: a refund took back a share already withdrawn), netted from its next shares. */
  owed: z.number().int(),
  totalRevenue: z.number().int(),
  minWithdrawal: z.number().int(),
  withdrawalFeeRate: z.number().int(),
  idCard: z.string().nullable(),
  avatar: z.string().nullable(),
  remark: z.string().nullable(),
  childCount: z.number().int(),
  simulated: z.boolean(),
  createTime: z.string(),
});
export type AgentItem = z.infer<typeof agentItem>;

/** One level of an agent's chain, from the platform down: what it holds and what it earns. */
export const chainLink = z.object({
  /** null: the platform. */
  agentId: z.number().int().nullable(),
  name: z.string().nullable(),
  level: z.enum(AGENT_LEVELS).nullable(),
  holds: z.number().int(),
  /** What this level keeps: what it holds minus what it grants the next one. */
  earns: z.number().int(),
});
export type ChainLink = z.infer<typeof chainLink>;
export const agentDetail = agentItem.extend({
  /** Platform, then the agents from A down to this one; the last link earns everything it holds. */
  chain: z.array(chainLink),
  /** The highest ratio any child (agent or outlet) holds: this agent's ratio cannot go below it. */
  childFloor: z.number().int(),
});
export type AgentDetail = z.infer<typeof agentDetail>;

export const agentSaveRequest = withPhone(
  z.object({
    id: id.optional(),
    name: personName,
    areaCode: r.areaCode,
    mobile: r.mobile,
    /** Required for a new agent (its app sign-in); left out, an edit keeps the password. */
    password: appPassword.optional(),
    level: z.enum(AGENT_LEVELS),
    parentId: id.nullable().optional(),
    ratio: r.percent,
    regionId: id.nullable().optional(),
    minWithdrawal,
    withdrawalFeeRate: r.percent,
    idCard: optionalText(r.idCard),
    avatar: imageUrl.nullable().optional(),
    remark: optionalText(remark),
  }),
);
export type AgentSaveRequest = z.infer<typeof agentSaveRequest>;
export type AgentSaveInput = z.input<typeof agentSaveRequest>;
