import { z } from 'zod';

/** A cable's or Bluetooth charger's ID: 4 letters and 13 digits, upper-cased. */
export const ACC_DEVICE_ID_RE = /^[A-Z]{4}\d{13}$/;
export const accDeviceId = z.string().trim().toUpperCase().regex(ACC_DEVICE_ID_RE, { error: 'rule.accDeviceId' });

/** Money in the smallest currency unit: 0 to 9,999,999.99 in currency units. */
export const ACC_MONEY_MAX = 999_999_999;
export const accMoney = z
  .number()
  .int({ error: 'rule.accMoney' })
  .min(0, { error: 'rule.accMoney' })
  .max(ACC_MONEY_MAX, { error: 'rule.accMoney' });
/** An amount that may not be zero (package amounts, prices, caps). */
export const accMoneyPositive = accMoney.min(1, { error: 'rule.accMoneyNotZero' });

/** A device has at most 10 package tiers. */
export const PACKAGE_MAX = 10;
/** A tier lasts 1 to 24 hours. */
export const PACKAGE_HOURS_MAX = 24;

/** One package tier: its name (up to 16), how long it unlocks, what it costs. */
export const packageTier = z.object({
  name: z.string().trim().min(1).max(16),
  hours: z.number().int().min(1, { error: 'rule.packageHours' }).max(PACKAGE_HOURS_MAX, { error: 'rule.packageHours' }),
  amount: accMoneyPositive,
});
export type PackageTier = z.infer<typeof packageTier>;

/**
 * The rules of a device's tiers, as a `rule.*` key and the index of the offending tier, or null:
 * each duration once; a tier of three hours or less cannot cost more than the 12-hour tier (the
 * 12-hour maximum), when there is one.
 */
export function packageProblem(
  tiers: readonly PackageTier[],
): { index: number; field: 'hours' | 'amount'; key: string } | null {
  const seen = new Set<number>();
  for (const [i, t] of tiers.entries()) {
    if (seen.has(t.hours)) return { index: i, field: 'hours', key: 'rule.packageHoursTwice' };
    seen.add(t.hours);
  }
  const twelve = tiers.find((t) => t.hours === 12);
  if (twelve) {
    const i = tiers.findIndex((t) => t.hours <= 3 && t.amount > twelve.amount);
    if (i >= 0) return { index: i, field: 'amount', key: 'rule.packageFirstThree' };
  }
  return null;
}

/** Tiers, checked together: 1 to 10 of them, each duration once, the first three hours not above the 12-hour maximum. */
export const packageTiers = z
  .array(packageTier)
  .min(1)
  .max(PACKAGE_MAX)
  .superRefine((tiers, ctx) => {
    const p = packageProblem(tiers);
    if (p) ctx.addIssue({ code: 'custom', path: [p.index, p.field], message: p.key });
  });

/** Offline unlock codes: 8 digits; a device accepts the next DRIFT_WINDOW positions of its ring. */
export const OFFLINE_CODE_DIGITS = 8;
export const OFFLINE_CODE_RE = /^\d{8}$/;
export const DRIFT_WINDOW = 8;
/** The ring's length: positions wrap after this many codes (a device can hold the table). */
export const RING_SIZE = 1000;
/** At most this many codes per cable in CODE_RATE_WINDOW_SECONDS (issued and reissued together). */
export const CODE_RATE_MAX = 5;
export const CODE_RATE_WINDOW_SECONDS = 600;

/** Excel uploads of device billing: xls or xlsx, up to 1 MB, at most this many rows. */
export const BILLING_FILE_MAX_BYTES = 1024 * 1024;
export const BILLING_ROWS_MAX = 2000;
