import type { PackageTier } from '@cbo/contract';
import { AppError } from '../../platform/http/app-error.js';
import type { AccessoriesNeeds } from './needs.js';
import { yuan } from '../../platform/money.js';

/** Every tier's amount lies within the range settings of cable package amounts (the contract checked the rest). */
export async function checkPackageRange(
  settings: AccessoriesNeeds['settings'],
  tiers: readonly PackageTier[],
): Promise<void> {
  if (!tiers.length) return;
  const { cablePackageAmount: r } = await settings.values('range');
  if (tiers.some((t) => t.amount < r.min || t.amount > r.max))
    throw new AppError('ACC_PACKAGE_OUT_OF_RANGE', { min: yuan(r.min), max: yuan(r.max) });
}

/** The model a device is given: it must exist, be usable now and be of the device's kind. */
export async function checkModel(
  models: AccessoriesNeeds['models'],
  id: number,
  kind: 'cable' | 'bluetoothCharger',
): Promise<void> {
  await models.usable(id, kind).catch((e: unknown) => {
    // "No model" rather than a bare "not found": the model is what is missing.
    throw e instanceof AppError && e.errorName === 'NOT_FOUND' ? new AppError('ACC_NO_MODEL') : e;
  });
}
