import { z } from 'zod';

/** Admin passwords: 6-18 letters or digits, no special characters. */
export const adminPassword = z.string().regex(/^[A-Za-z0-9]{6,18}$/, { error: 'rule.password' });
/** Admin user names: 1-18 letters, digits or underscores. */
export const adminUserName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_]{1,18}$/, { error: 'rule.userName' });

/** Avatars: images up to 5 MB. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
