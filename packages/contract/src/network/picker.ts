import { z } from 'zod';
import { pageQuery } from '../platform/envelope.js';
import { AGENT_LEVELS } from './shared.js';

/**
 * selectUserByType: accounts of one kind by keyword, paged, for every picker of the console.
 * operator: staff accounts (the direct-sales operators); user: members of the rental apps.
 */
export const PICKER_TYPES = ['agent', 'groundPromoter', 'serviceProvider', 'operator', 'user'] as const;
export type PickerType = (typeof PICKER_TYPES)[number];
export const pickerQuery = pageQuery.extend({
  type: z.enum(PICKER_TYPES),
  /** Agents of one level only. */
  level: z.enum(AGENT_LEVELS).optional(),
  /** Part of the name, nickname or mobile. */
  keyword: z.string().trim().max(32).optional(),
});
export type PickerQuery = z.infer<typeof pickerQuery>;
export const pickerItem = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string().nullable(),
  /** An agent's level. */
  level: z.enum(AGENT_LEVELS).nullable(),
  /** An agent's ratio or a service provider's. */
  ratio: z.number().int().nullable(),
  status: z.number().int(),
});
export type PickerItem = z.infer<typeof pickerItem>;
