import { z } from 'zod';

/**
 * Field rules of spec 5, written once. Server schemas, console forms and tests import these.
 */

/** Mobile: "in English text 1-20 digits" (spec 5). */
export const mobile = z.string().trim().regex(/^\d{1,20}$/, { error: 'rule.mobile' });
export const areaCode = z.string().trim().regex(/^\+?\d{1,4}$/, { error: 'rule.areaCode' });
/** Admin passwords: 6-18 characters, no special characters (spec 5). */
export const adminPassword = z.string().regex(/^[A-Za-z0-9]{6,18}$/, { error: 'rule.password' });
/** Admin username: 1-18 letters, digits or underscores (spec 5). */
export const adminUserName = z.string().trim().regex(/^[A-Za-z0-9_]{1,18}$/, { error: 'rule.userName' });
export const nickName = z.string().trim().min(1).max(18);
export const email = z.string().trim().max(32).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'rule.email' });
export const idCard = z.string().trim().max(20);
export const note = z.string().trim().max(18);
export const address = z.string().trim().max(64);
/** Verification codes: 6 digits (spec 5, 9). */
export const code6 = z.string().trim().regex(/^\d{6}$/, { error: 'rule.code6' });
/** Percentages are integers 0-100 (spec 5). */
export const percent = z.number().int({ error: 'rule.percent' }).min(0).max(100);

/** A timestamp from the console: ISO 8601 or "YYYY-MM-DD HH:mm:ss" in UTC offset form. */
export const dateTime = z
  .string()
  .trim()
  .max(40)
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: 'rule.dateTime' });

/** Longest span a time-range filter may cover (spec 5: a range over 30 days is rejected). */
export const MAX_RANGE_DAYS = 30;

/** Export limits (spec 5): 20,000 rows per export. */
export const EXPORT_MAX_ROWS = 20000;

/** Avatar upload limit (spec 5): images up to 5 MB. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** Image uploads are decoded whole on the server; only these types can be, so only these are taken. */
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
/** Largest width or height of an uploaded image: bounds the memory a decode may take. */
export const IMAGE_MAX_SIDE = 4096;

/** Cabinet SN: 4 letters and 12 or 13 digits, 16 or 17 characters (spec 5, 9). Upper-cased. */
export const CABINET_SN_RE = /^[A-Z]{4}\d{12,13}$/;
export const cabinetSn = z.string().trim().toUpperCase().regex(CABINET_SN_RE, { error: 'rule.cabinetSn' });
/** Power bank (device) ID: 4 letters and 13 digits (spec 5). Upper-cased. */
export const POWER_BANK_ID_RE = /^[A-Z]{4}\d{13}$/;
export const powerBankId = z.string().trim().toUpperCase().regex(POWER_BANK_ID_RE, { error: 'rule.powerBankId' });
/** Cabinet batch storage: at most 500 at once (spec 5). */
export const BATCH_STORAGE_MAX = 500;
