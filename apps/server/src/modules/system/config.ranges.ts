import { sql } from 'drizzle-orm';
import type { OperationConfig, PayConfig, RangeConfig } from '@cbo/contract';
import { fieldLabel } from '@cbo/contract';
import type { devicePayInput } from '@cbo/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';

import { yuan } from '../../platform/money.js';

/*
 * The range settings as they bound the values: a value outside its range is refused with the
 * range in yuan, and values and ranges are checked under one transaction lock.
 */

type DevicePayValues = z.infer<typeof devicePayInput>;

/**
 * Values are checked against the range settings, and ranges against the stored values, under one
 * transaction lock: a range saved at the same moment as a value can never leave that value outside.
 */
export async function lockRanges(tx: Pick<Db, 'execute'>): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727102)`);
}

function outOfRange(field: string, value: number, range: { min: number; max: number }): void {
  if (value < range.min || value > range.max)
    throw new AppError('CONFIG_OUT_OF_RANGE', {
      field: fieldLabel(field) ?? field,
      min: yuan(range.min),
      max: yuan(range.max),
    });
}

export function checkOperation(v: OperationConfig, r: RangeConfig): void {
  for (const k of ['prepaid', 'firstThreeHours', 'maxTwelveHours'] as const)
    outOfRange(`cablePackage.${k}`, v.cablePackage[k], r.cablePackageAmount);
}

export function checkPay(v: PayConfig, r: RangeConfig): void {
  outOfRange('bluetoothHourlyLimit', v.bluetoothHourlyLimit, r.hourlyPrice);
  outOfRange('bluetoothDailyCap', v.bluetoothDailyCap, r.dailyCap);
}

export function checkDevicePay(v: Pick<DevicePayValues, 'payMode' | 'amount'>, r: RangeConfig): void {
  if (v.payMode === 'deposit') outOfRange('amount', v.amount, r.deposit);
}
