import { z } from 'zod';
import { pageQuery } from '../platform/envelope.js';

/** Warehouses: business (devices about to be installed), storage, circulation. */
export const WAREHOUSE_TYPES = ['business', 'storage', 'circulation'] as const;
export type WarehouseType = (typeof WAREHOUSE_TYPES)[number];
export const WAREHOUSE_STATUSES = ['normal', 'paused'] as const;
export type WarehouseStatus = (typeof WAREHOUSE_STATUSES)[number];

export const WAREHOUSE_SORTS = ['name', 'load', 'createTime'] as const;
export const warehouseFilter = z.object({
  name: z.string().trim().max(30).optional(),
  type: z.enum(WAREHOUSE_TYPES).optional(),
  status: z.enum(WAREHOUSE_STATUSES).optional(),
  area: z.string().trim().max(32).optional(),
  /** The region (area management) the warehouse stands in. */
  regionId: z.coerce.number().int().positive().optional(),
});
export type WarehouseFilter = z.infer<typeof warehouseFilter>;
export const warehouseQuery = pageQuery
  .extend(warehouseFilter.shape)
  .extend({ orderBy: z.enum(WAREHOUSE_SORTS).optional(), order: z.enum(['ascend', 'descend']).optional() });
export type WarehouseQuery = z.infer<typeof warehouseQuery>;
export const warehouseItem = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(WAREHOUSE_TYPES),
  /** The free-text area of a warehouse saved before areas were picked from the regions (kept readable). */
  area: z.string(),
  /** The region picked for it (area management), as outlets pick theirs; null: none (or a deleted region). */
  regionId: z.number().int().nullable(),
  regionName: z.string().nullable(),
  manager: z.string(),
  address: z.string(),
  /** Devices in stock in this warehouse now (counted from the assets, never stored). */
  load: z.number().int(),
  status: z.enum(WAREHOUSE_STATUSES),
  createTime: z.string(),
});
export type WarehouseItem = z.infer<typeof warehouseItem>;
export const warehouseSave = z.object({
  id: z.number().int().positive().optional(),
  name: z.string().trim().min(1).max(30),
  type: z.enum(WAREHOUSE_TYPES),
  area: z.string().trim().max(32).optional(),
  /** The region it stands in, picked from area management; null clears it. */
  regionId: z.number().int().positive().nullable().optional(),
  manager: z.string().trim().max(32).optional(),
  address: z.string().trim().max(64).optional(),
});
export type WarehouseSave = z.infer<typeof warehouseSave>;
export const warehouseStatusRequest = z.object({ id: z.number().int().positive(), status: z.enum(WAREHOUSE_STATUSES) });
export const warehouseOption = z.object({ id: z.number().int(), name: z.string(), type: z.enum(WAREHOUSE_TYPES) });
