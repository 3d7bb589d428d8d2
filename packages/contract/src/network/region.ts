import { z } from 'zod';
import { pageQuery } from '../platform/envelope.js';
import { id, regionName, remark, sortOrder, optionalText } from './shared.js';

/** Regions (area management): where teams and agents work. */

export const REGION_SORTS = ['name', 'createTime'] as const;
export const regionFilter = z.object({ name: z.string().trim().max(16).optional() });
export type RegionFilter = z.infer<typeof regionFilter>;
export const regionQuery = pageQuery
  .extend(regionFilter.shape)
  .extend({ orderBy: z.enum(REGION_SORTS).optional(), order: sortOrder });
export type RegionQuery = z.infer<typeof regionQuery>;

export const regionItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The staff account in charge (null: nobody yet). */
  managerId: z.number().int().nullable(),
  managerName: z.string().nullable(),
  teamCount: z.number().int(),
  agentCount: z.number().int(),
  /** Devices bound to outlets of the region's teams and agents. */
  deviceCount: z.number().int(),
  /** Turnover: the sum of its outlets' turnover (their orders' paid less paid back, all time), never a stored number. */
  turnover: z.number().int(),
  remark: z.string().nullable(),
  simulated: z.boolean(),
  createTime: z.string(),
});
export type RegionItem = z.infer<typeof regionItem>;

export const regionSaveRequest = z.object({
  id: id.optional(),
  name: regionName,
  managerId: id.nullable().optional(),
  remark: optionalText(remark),
});
export type RegionSaveRequest = z.infer<typeof regionSaveRequest>;

/** Every region, for pickers. */
export const regionOption = z.object({ id: z.number().int(), name: z.string() });
export type RegionOption = z.infer<typeof regionOption>;
