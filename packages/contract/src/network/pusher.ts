import { z } from 'zod';
import { withPhone } from '../platform/phone.js';
import { pageQuery } from '../platform/envelope.js';
import * as r from '../platform/rules.js';
import {
  appPassword,
  id,
  idParam,
  imageUrl,
  netStatus,
  netStatusFilter,
  optionalText,
  personName,
  PUSHER_PERMISSIONS,
  sortOrder,
} from './shared.js';

/** Ground pushers (ground promoters): they sign outlets up for an agent. */

export const PUSHER_SORTS = ['name', 'createTime'] as const;
export const pusherFilter = z.object({
  name: z.string().trim().max(32).optional(),
  agentId: idParam.optional(),
  permission: z.enum(PUSHER_PERMISSIONS).optional(),
  status: netStatusFilter,
});
export type PusherFilter = z.infer<typeof pusherFilter>;
export const pusherQuery = pageQuery
  .extend(pusherFilter.shape)
  .extend({ orderBy: z.enum(PUSHER_SORTS).optional(), order: sortOrder });
export type PusherQuery = z.infer<typeof pusherQuery>;

export const pusherItem = z.object({
  id: z.number().int(),
  name: z.string(),
  areaCode: z.string(),
  mobile: z.string(),
  agentId: z.number().int(),
  agentName: z.string(),
  permission: z.enum(PUSHER_PERMISSIONS),
  idCardFront: z.string().nullable(),
  idCardBack: z.string().nullable(),
  avatar: z.string().nullable(),
  note: z.string().nullable(),
  status: netStatus,
  freezeReason: z.string().nullable(),
  simulated: z.boolean(),
  createTime: z.string(),
});
export type PusherItem = z.infer<typeof pusherItem>;

export const pusherSaveRequest = withPhone(
  z.object({
    id: id.optional(),
    name: personName,
    areaCode: r.areaCode,
    mobile: r.mobile,
    password: appPassword.optional(),
    agentId: id,
    permission: z.enum(PUSHER_PERMISSIONS),
    idCardFront: imageUrl.nullable().optional(),
    idCardBack: imageUrl.nullable().optional(),
    avatar: imageUrl.nullable().optional(),
    note: optionalText(r.note),
  }),
);
export type PusherSaveRequest = z.infer<typeof pusherSaveRequest>;
