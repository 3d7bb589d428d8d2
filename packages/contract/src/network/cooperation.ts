import { z } from 'zod';
import { withPhone } from '../platform/phone.js';
import { pageQuery } from '../platform/envelope.js';
import * as r from '../platform/rules.js';
import { COOPERATION_STATUSES, COOPERATION_TYPES, id, optionalText, sortOrder } from './shared.js';

/** Agency cooperation applications: people who want to become an agent or host a store. */

export const COOPERATION_SORTS = ['createTime'] as const;
export const cooperationFilter = z.object({
  /** Part of the number, the contact or the phone. */
  keyword: z.string().trim().max(32).optional(),
  type: z.enum(COOPERATION_TYPES).optional(),
  status: z.enum(COOPERATION_STATUSES).optional(),
});
export type CooperationFilter = z.infer<typeof cooperationFilter>;
export const cooperationQuery = pageQuery
  .extend(cooperationFilter.shape)
  .extend({ orderBy: z.enum(COOPERATION_SORTS).optional(), order: sortOrder });
export type CooperationQuery = z.infer<typeof cooperationQuery>;

export const cooperationItem = z.object({
  id: z.number().int(),
  number: z.string(),
  type: z.enum(COOPERATION_TYPES),
  contact: z.string(),
  areaCode: z.string(),
  phone: z.string(),
  status: z.enum(COOPERATION_STATUSES),
  handlerId: z.number().int().nullable(),
  handlerName: z.string().nullable(),
  note: z.string().nullable(),
  handleTime: z.string().nullable(),
  simulated: z.boolean(),
  createTime: z.string(),
});
export type CooperationItem = z.infer<typeof cooperationItem>;

/** Staff take an application on (processing) or close it (processed), with a note. */
export const cooperationHandleRequest = z.object({
  id,
  status: z.enum(['processing', 'processed']),
  note: optionalText(z.string().trim().max(64)),
});
export type CooperationHandleRequest = z.infer<typeof cooperationHandleRequest>;

/** What an applicant sends. */
export const cooperationApplyRequest = withPhone(
  z.object({
    type: z.enum(COOPERATION_TYPES),
    contact: z.string().trim().min(1).max(18),
    areaCode: r.areaCode,
    phone: r.mobile,
  }),
  { areaCode: 'areaCode', mobile: 'phone' },
);
export type CooperationApplyRequest = z.infer<typeof cooperationApplyRequest>;
