import { z } from 'zod';
import { withPhone } from '../platform/phone.js';
import { pageQuery } from '../platform/envelope.js';
import { areaCode, mobile, percent } from '../platform/rules.js';
import { appPassword, id, idParam, named, regionName, sortOrder } from './shared.js';

/**
 * Teams: the direct-sales operators, staff accounts working one region together. A team is the
 * spec's "operator (direct-sales team)": its outlets' orders pay it `ratio` percent of their net,
 * out of the platform's part (docs/decisions/ledger-and-money.md, "The operator's share").
 */

export const TEAM_SORTS = ['name', 'ratio', 'createTime'] as const;
export const teamFilter = z.object({ name: z.string().trim().max(16).optional(), regionId: idParam.optional() });
export type TeamFilter = z.infer<typeof teamFilter>;
export const teamQuery = pageQuery
  .extend(teamFilter.shape)
  .extend({ orderBy: z.enum(TEAM_SORTS).optional(), order: sortOrder });
export type TeamQuery = z.infer<typeof teamQuery>;

/** A team has at most this many members. */
export const TEAM_MAX_MEMBERS = 50;

export const teamItem = z.object({
  id: z.number().int(),
  name: z.string(),
  regionId: z.number().int(),
  regionName: z.string(),
  leaderId: z.number().int(),
  leaderName: z.string(),
  /** The team's share (0-100 %) of its direct outlets' orders, out of the platform's part. */
  ratio: z.number().int(),
  /** Staff accounts of the team (the leader is one of them). */
  members: z.array(named),
  simulated: z.boolean(),
  createTime: z.string(),
});
export type TeamItem = z.infer<typeof teamItem>;

export const teamSaveRequest = withPhone(
  z
    .object({
      id: id.optional(),
      name: regionName,
      regionId: id,
      leaderId: id,
      memberIds: z.array(id).max(TEAM_MAX_MEMBERS).default([]),
      /** The team's share of its direct outlets' orders, a whole percent 0-100, out of the platform's part (0 when absent). */
      ratio: percent.default(0),
      /**
       * The operator's app account (a direct-sales team is the spec's "operator"; docs/decisions/ledger-and-money.md):
       * it signs in to the partner app with this area code and mobile and applies for withdrawals. A
       * password creates the account or changes it; without one an edit keeps it (its mobile follows).
       */
      appAreaCode: areaCode.optional(),
      appMobile: mobile.optional(),
      appPassword: appPassword.optional(),
    })
    .refine((t) => !t.appPassword || (Boolean(t.appAreaCode) && Boolean(t.appMobile)), {
      error: 'rule.mobile',
      path: ['appMobile'],
    }),
  { areaCode: 'appAreaCode', mobile: 'appMobile' },
);
export type TeamSaveRequest = z.infer<typeof teamSaveRequest>;
export type TeamSaveInput = z.input<typeof teamSaveRequest>;

export const teamOption = z.object({ id: z.number().int(), name: z.string(), regionId: z.number().int() });
export type TeamOption = z.infer<typeof teamOption>;

/**
 * GET team/direct: the direct-sales teams the caller runs, for the direct-management screen (spec 2's
 * specially handled entry; docs/decisions/network-and-outlets.md, "The direct-management menu entry"): the teams it
 * leads or
 * belongs to, or every team for a super administrator.
 */
export const DIRECT_ROLES = ['leader', 'member', 'administrator'] as const;
export const directTeam = z.object({
  id: z.number().int(),
  name: z.string(),
  regionName: z.string(),
  leaderName: z.string(),
  /** The team's share (0-100 %) of its direct outlets' orders. */
  ratio: z.number().int(),
  members: z.array(named),
  /** Its direct-sales outlets (not deleted). */
  outlets: z.number().int(),
  /** What the books owe the team (its operator account; negative: what it owes back). */
  owed: z.number().int(),
  /** How the caller stands to it: its leader, a member, or an administrator who sees every team. */
  role: z.enum(DIRECT_ROLES),
});
export type DirectTeam = z.infer<typeof directTeam>;
