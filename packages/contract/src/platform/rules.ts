import { z } from 'zod';

/**
 * Field rules every domain shares, written once. Server schemas, console forms and tests import
 * these; a domain's own rules sit in its folder (identity/rules.ts, fleet/rules.ts) and all of
 * them are exported together as `rules`.
 */

/** Mobile: 1-20 digits, no separators. */
export const mobile = z
  .string()
  .trim()
  .regex(/^\d{1,20}$/, { error: 'rule.mobile' });
export const areaCode = z
  .string()
  .trim()
  .regex(/^\+?\d{1,4}$/, { error: 'rule.areaCode' });
export const nickName = z.string().trim().min(1).max(18);
export const email = z
  .string()
  .trim()
  .max(32)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'rule.email' });
export const idCard = z.string().trim().max(20);
export const note = z.string().trim().max(18);
export const address = z.string().trim().max(64);
/** Verification codes: 6 digits. */
export const code6 = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: 'rule.code6' });
/** Percentages are integers 0-100. */
export const percent = z.number().int({ error: 'rule.percent' }).min(0).max(100);

/** A timestamp from the console: ISO 8601 or "YYYY-MM-DD HH:mm:ss" in UTC offset form. */
export const dateTime = z
  .string()
  .trim()
  .max(40)
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: 'rule.dateTime' });

/** Longest span a time-range filter may cover: a range over 30 days is refused. */
export const MAX_RANGE_DAYS = 30;

/** One export holds at most 20,000 rows. */
export const EXPORT_MAX_ROWS = 20000;

/** Image uploads are decoded whole on the server; only these types can be, so only these are taken. */
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
/** Largest width or height of an uploaded image: bounds the memory a decode may take. */
export const IMAGE_MAX_SIDE = 4096;
