import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import {
  label,
  type BluetoothBilling,
  type BluetoothFilter,
  type BluetoothItem,
  type BluetoothLimits,
  type BluetoothQuery,
  type Lang,
  type PackageTier,
} from '@cbo/contract';
import { isUniqueViolation, type Db } from '../../platform/db/database.js';
import { deviceCount, deviceWhere } from './device-filter.js';
import { AppError } from '../../platform/http/app-error.js';
import type { AccessoriesNeeds, Actor } from './needs.js';
import { OutletNames } from './outlet-binding.js';
import { checkModel, checkPackageRange } from './packages.js';
import { accBluetooth } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';
import { yuan } from '../../platform/money.js';

type Row = typeof accBluetooth.$inferSelect;

/** Which of a charger's billing values is above the system's Bluetooth settings, or null. */
export function billingAboveLimit(
  b: BluetoothBilling,
  l: BluetoothLimits,
): { field: keyof BluetoothBilling; max: number } | null {
  if (b.prepayment > l.prepayMax) return { field: 'prepayment', max: l.prepayMax };
  if (b.dailyCap > l.dailyCap) return { field: 'dailyCap', max: l.dailyCap };
  if (b.hourlyPrice > l.hourlyLimit) return { field: 'hourlyPrice', max: l.hourlyLimit };
  return null;
}

/**
 * Bluetooth chargers: model, tiers and billing. A charger's prepayment, daily cap and hourly price
 * stay within the system's Bluetooth settings (prepayment maximum, daily cap, hourly limit), read
 * from the system module each time.
 */
export class BluetoothService {
  constructor(
    private readonly db: Db,
    private readonly needs: AccessoriesNeeds,
    private readonly outletNames: OutletNames,
  ) {}

  async limits(): Promise<BluetoothLimits> {
    const p = await this.needs.settings.values('pay');
    return {
      prepayMax: p.bluetoothPrepayMax,
      prepayDefault: p.bluetoothPrepayDefault,
      dailyCap: p.bluetoothDailyCap,
      hourlyLimit: p.bluetoothHourlyLimit,
    };
  }

  count(f: BluetoothFilter): Promise<number> {
    return deviceCount(this.db, accBluetooth, f);
  }

  async rows(
    q: BluetoothFilter & Pick<BluetoothQuery, 'orderBy' | 'order'>,
    offset: number,
    limit: number,
  ): Promise<BluetoothItem[]> {
    const col =
      q.orderBy === 'id'
        ? accBluetooth.id
        : q.orderBy === 'hourlyPrice'
          ? accBluetooth.hourlyPrice
          : accBluetooth.createdAt;
    const rows = await this.db
      .select()
      .from(accBluetooth)
      .where(deviceWhere(accBluetooth, q))
      .orderBy((q.order === 'ascend' ? asc : desc)(col), asc(accBluetooth.id))
      .limit(limit)
      .offset(offset);
    return this.items(rows);
  }

  private async items(rows: Row[]): Promise<BluetoothItem[]> {
    if (!rows.length) return [];
    const names = await this.needs.models.names([
      ...new Set(rows.map((r) => r.modelId).filter((v): v is number => v !== null)),
    ]);
    const outlets = await this.outletNames.of(rows.map((r) => r.outletId));
    return rows.map((r) => ({
      id: r.id,
      modelId: r.modelId,
      modelName: r.modelId === null ? null : (names.get(r.modelId) ?? null),
      outletId: r.outletId,
      outletName: r.outletId === null ? null : (outlets.get(r.outletId) ?? null),
      packages: r.packages,
      hourlyPrice: r.hourlyPrice,
      dailyCap: r.dailyCap,
      prepayment: r.prepayment,
      createTime: r.createdAt.toISOString(),
      updateTime: r.updatedAt.toISOString(),
    }));
  }

  async get(id: string): Promise<BluetoothItem> {
    const rows = await this.db.select().from(accBluetooth).where(eq(accBluetooth.id, id));
    if (!rows.length) throw new AppError('NOT_FOUND');
    return (await this.items(rows))[0]!;
  }

  private async check(
    input: { modelId: number; packages: PackageTier[] } & BluetoothBilling,
    lang: Lang,
  ): Promise<void> {
    await checkModel(this.needs.models, input.modelId, 'bluetoothCharger');
    await checkPackageRange(this.needs.settings, input.packages);
    const over = billingAboveLimit(input, await this.limits());
    if (over)
      throw new AppError('ACC_BILLING_OUT_OF_LIMIT', {
        field: label('accessories', 'billingTemplate', over.field, lang),
        max: yuan(over.max),
      });
  }

  async add(
    input: { deviceId: string; modelId: number; packages: PackageTier[] } & BluetoothBilling,
    by: Actor,
    lang: Lang,
  ): Promise<BluetoothItem> {
    nameAuditTarget(input.deviceId);
    await this.check(input, lang);
    const { deviceId, ...values } = input;
    const inserted = await this.db
      .insert(accBluetooth)
      .values({ id: deviceId, ...values, createdBy: by.id })
      .onConflictDoNothing()
      .returning({ id: accBluetooth.id })
      .catch((e: unknown) => {
        throw isUniqueViolation(e) ? new AppError('ACC_DEVICE_EXISTS') : e;
      });
    if (!inserted.length) throw new AppError('ACC_DEVICE_EXISTS');
    return this.get(deviceId);
  }

  async update(
    input: { deviceId: string; modelId: number; packages: PackageTier[] } & BluetoothBilling,
    lang: Lang,
  ): Promise<BluetoothItem> {
    nameAuditTarget(input.deviceId);
    await this.check(input, lang);
    const { deviceId: id, ...values } = input;
    const done = await this.db
      .update(accBluetooth)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(accBluetooth.id, id))
      .returning({ id: accBluetooth.id });
    if (!done.length) throw new AppError('NOT_FOUND');
    return this.get(id);
  }

  /** Chargers by id, for the billing batch: whether each exists and is bound. */
  async bindings(ids: readonly string[]): Promise<Map<string, { bound: boolean }>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .select({ id: accBluetooth.id, outletId: accBluetooth.outletId })
      .from(accBluetooth)
      .where(inArray(accBluetooth.id, [...ids]));
    return new Map(rows.map((r) => [r.id, { bound: r.outletId !== null }]));
  }

  /** Sets a bound charger's billing; false when it is not bound (or gone) at the moment of writing. */
  async setBilling(id: string, b: BluetoothBilling): Promise<boolean> {
    const done = await this.db
      .update(accBluetooth)
      .set({ ...b, updatedAt: new Date() })
      .where(and(eq(accBluetooth.id, id), isNotNull(accBluetooth.outletId)))
      .returning({ id: accBluetooth.id });
    return done.length > 0;
  }
}
