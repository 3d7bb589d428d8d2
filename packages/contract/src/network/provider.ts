import { z } from 'zod';
import { withPhone } from '../platform/phone.js';
import { pageQuery } from '../platform/envelope.js';
import * as r from '../platform/rules.js';
import { appPassword, id, netStatus, netStatusFilter, optionalText, personName, remark, sortOrder } from './shared.js';

/** Outlet service providers: they look after outlets for a share (at most 100 %). */

export const PROVIDER_SORTS = ['name', 'ratio', 'createTime'] as const;
export const providerFilter = z.object({ name: z.string().trim().max(32).optional(), status: netStatusFilter });
export type ProviderFilter = z.infer<typeof providerFilter>;
export const providerQuery = pageQuery
  .extend(providerFilter.shape)
  .extend({ orderBy: z.enum(PROVIDER_SORTS).optional(), order: sortOrder });
export type ProviderQuery = z.infer<typeof providerQuery>;

export const providerItem = z.object({
  id: z.number().int(),
  name: z.string(),
  contact: z.string(),
  areaCode: z.string(),
  mobile: z.string(),
  ratio: z.number().int(),
  /** Outlets that name this provider. */
  outletCount: z.number().int(),
  remark: z.string().nullable(),
  status: netStatus,
  freezeReason: z.string().nullable(),
  simulated: z.boolean(),
  createTime: z.string(),
});
export type ProviderItem = z.infer<typeof providerItem>;

export const providerSaveRequest = withPhone(
  z.object({
    id: id.optional(),
    name: personName,
    contact: personName,
    areaCode: r.areaCode,
    mobile: r.mobile,
    password: appPassword.optional(),
    ratio: r.percent,
    remark: optionalText(remark),
  }),
);
export type ProviderSaveRequest = z.infer<typeof providerSaveRequest>;
