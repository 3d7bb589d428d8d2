import { z } from 'zod';
import { pageQuery } from '../platform/envelope.js';

/** Suppliers devices are bought from: short name, 4-character factory code, company, status. */
export const SUPPLIER_STATUSES = ['normal', 'paused'] as const;
export type SupplierStatus = (typeof SUPPLIER_STATUSES)[number];
/** Factory code: exactly 4 letters or digits, upper-cased. */
export const FACTORY_CODE_RE = /^[A-Z0-9]{4}$/;

export const supplierFilter = z.object({
  shortName: z.string().trim().max(16).optional(),
  factoryCode: z.string().trim().max(4).optional(),
  status: z.enum(SUPPLIER_STATUSES).optional(),
});
export type SupplierFilter = z.infer<typeof supplierFilter>;
export const supplierQuery = pageQuery.extend(supplierFilter.shape);
export const supplierItem = z.object({
  id: z.number().int(),
  shortName: z.string(),
  factoryCode: z.string(),
  companyName: z.string(),
  status: z.enum(SUPPLIER_STATUSES),
  personInCharge: z.string(),
  area: z.string(),
  createTime: z.string(),
});
export type SupplierItem = z.infer<typeof supplierItem>;
export const supplierSave = z.object({
  id: z.number().int().positive().optional(),
  shortName: z.string().trim().min(1).max(16),
  factoryCode: z.string().trim().toUpperCase().regex(FACTORY_CODE_RE, { error: 'rule.factoryCode' }),
  companyName: z.string().trim().min(1).max(64),
  personInCharge: z.string().trim().max(32).optional(),
  area: z.string().trim().max(32).optional(),
});
export type SupplierSave = z.infer<typeof supplierSave>;
export const supplierStatusRequest = z.object({ id: z.number().int().positive(), status: z.enum(SUPPLIER_STATUSES) });
