import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DeviceType } from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { astDevice } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

/** What the module that owns a device's working row answers when asked to delete it. */
export type DeviceRowRemover = (deviceId: string) => Promise<'deleted' | 'absent'>;

/**
 * Deleting device assets (spec 5: a bound device cannot be deleted directly). The asset row goes
 * only by one conditional statement: in no outlet, held by no dispatch under audit, not an
 * agent's. Its movements stay (they name the device by its code, without a foreign key), so the
 * install records and stock history still read as they did (docs/decisions/fleet-and-gateway.md, "Deleting devices").
 */
export class AssetRemoval {
  constructor(
    private readonly db: Db,
    /** The deletes of the modules that keep the working rows (fleet: cabinets and power banks; accessories: cables and chargers). */
    private readonly removers: () => Record<DeviceType, DeviceRowRemover>,
  ) {}

  /** Deletes the asset row alone (the owning module deletes its own row). 'absent': no asset. */
  async forget(deviceId: string): Promise<{ deviceType: DeviceType } | 'absent'> {
    const id = deviceId.trim().toUpperCase();
    const [gone] = await this.db
      .delete(astDevice)
      .where(
        and(
          eq(astDevice.deviceId, id),
          ne(astDevice.state, 'inBusiness'),
          isNull(astDevice.outletId),
          isNull(astDevice.agentId),
          isNull(astDevice.pendingApplicationId),
        ),
      )
      .returning({ deviceType: astDevice.deviceType });
    if (gone) return { deviceType: gone.deviceType as DeviceType };
    const [row] = await this.db.select().from(astDevice).where(eq(astDevice.deviceId, id));
    if (!row) return 'absent';
    if (row.state === 'inBusiness' || row.outletId !== null) throw new AppError('DEVICE_BOUND_DELETE');
    if (row.agentId !== null) throw new AppError('AGENT_DEVICE');
    throw new AppError('PENDING_AUDIT');
  }

  /**
   * The asset screen's delete: the asset row and the device's working row, in the request's
   * transaction (a refusal by either undoes both).
   */
  async deleteDevice(deviceId: string): Promise<null> {
    const id = deviceId.trim().toUpperCase();
    nameAuditTarget(id);
    const asset = await this.forget(id);
    if (asset === 'absent') throw new AppError('DEVICE_UNKNOWN');
    await this.removers()[asset.deviceType](id);
    return null;
  }
}
