import { z } from 'zod';
import { pageQuery } from '../platform/envelope.js';
import { id, idParam, named, regionName, sortOrder } from './shared.js';

/** Teams: the direct-sales operators, staff accounts working one region together. */

export const TEAM_SORTS = ['name', 'createTime'] as const;
export const teamFilter = z.object({ name: z.string().trim().max(16).optional(), regionId: idParam.optional() });
export type TeamFilter = z.infer<typeof teamFilter>;
export const teamQuery = pageQuery.extend(teamFilter.shape).extend({ orderBy: z.enum(TEAM_SORTS).optional(), order: sortOrder });
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
  /** Staff accounts of the team (the leader is one of them). */
  members: z.array(named),
  simulated: z.boolean(),
  createTime: z.string(),
});
export type TeamItem = z.infer<typeof teamItem>;

export const teamSaveRequest = z.object({
  id: id.optional(),
  name: regionName,
  regionId: id,
  leaderId: id,
  memberIds: z.array(id).max(TEAM_MAX_MEMBERS).default([]),
});
export type TeamSaveRequest = z.infer<typeof teamSaveRequest>;
export type TeamSaveInput = z.input<typeof teamSaveRequest>;

export const teamOption = z.object({ id: z.number().int(), name: z.string(), regionId: z.number().int() });
export type TeamOption = z.infer<typeof teamOption>;
