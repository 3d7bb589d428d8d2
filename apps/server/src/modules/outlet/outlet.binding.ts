import { and, eq, ne } from 'drizzle-orm';
import type { BindDeviceRequest, BindingDeviceType, BoundDevice, OutletDeviceItem } from '@cbo/contract';
import { type Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Actor, DeviceBinder, DeviceMovement, OutletNeeds } from './needs.js';
import { outOutlet } from './tables.js';
import { nameAuditTarget, nameAuditTargets } from '../../platform/audit/target.js';

import { outletTx, SERVER } from './outlet.core.js';

/** The devices bound to outlets, through each device kind's binder, and their install records. */
export class OutletBinding {
  constructor(
    private readonly db: Db,
    private readonly needs: OutletNeeds,
  ) {}

  private binderFor(type: BindingDeviceType | undefined): readonly DeviceBinder[] {
    return type ? this.needs.devices.filter((b) => b.type === type) : this.needs.devices;
  }

  /** Which binder knows this code (undefined: none). */
  private async findDevice(sn: string, type: BindingDeviceType | undefined): Promise<DeviceBinder> {
    for (const b of this.binderFor(type)) if ((await b.outletOf(sn)) !== undefined) return b;
    // Known, but as another kind of device (or one never bound to outlets): a wrong binding type.
    const elsewhere =
      type &&
      (await Promise.all(this.needs.devices.filter((b) => b.type !== type).map((b) => b.outletOf(sn)))).some(
        (o) => o !== undefined,
      );
    if (elsewhere || (await this.needs.isUnbindableDevice(sn))) throw new AppError('DEVICE_WRONG_BINDING_TYPE');
    throw new AppError('BINDING_DEVICE_NOT_FOUND');
  }

  /**
   * Binds a device to an outlet that is not deleted: its installation. The device's own conditional
   * update decides (one winner among binds arriving together), then the assets write the install
   * record and the device's place in the same transaction; their refusal (pending audit, agent
   * device, already in business) undoes the binding.
   */
  async bind(req: BindDeviceRequest, by: Actor = SERVER): Promise<BoundDevice> {
    return outletTx(this.db, async (tx) => {
      // Shared lock: binds to one outlet go side by side, a delete of it waits (and then sees them).
      const [outlet] = await tx
        .select({ id: outOutlet.id, name: outOutlet.name })
        .from(outOutlet)
        .where(and(eq(outOutlet.id, req.outletId), ne(outOutlet.status, 'deleted')))
        .for('share');
      if (!outlet) throw new AppError('OUTLET_NOT_FOUND');
      // The device and where it goes: "SN, outlet".
      nameAuditTargets([req.sn, outlet.name]);
      const binder = await this.findDevice(req.sn, req.deviceType);
      const result = await binder.bind(req.sn, req.outletId);
      if (result === 'alreadyBound') throw new AppError('DEVICE_ALREADY_BOUND');
      if (result === 'notFound') throw new AppError('BINDING_DEVICE_NOT_FOUND');
      await this.needs.movements.install(await this.movement(binder, req.sn, req.outletId, req.reason), by);
      return { sn: req.sn, deviceType: binder.type, outletId: req.outletId };
    });
  }

  /**
   * Unbinds a device: its removal, recorded by the assets in the same transaction. The one path by
   * which a device leaves an outlet, whoever starts it (a person, a repair ticket taking the device
   * out of business, the demo network cleared). An unbound device cannot be unbound.
   */
  async unbind(sn: string, type?: BindingDeviceType, by: Actor = SERVER, reason?: string): Promise<BoundDevice> {
    nameAuditTarget(sn);
    return outletTx(this.db, async () => {
      const binder = await this.findDevice(sn, type);
      const result = await binder.unbind(sn);
      if (result === 'notBound') throw new AppError('DEVICE_NOT_BOUND');
      if (result === 'notFound') throw new AppError('BINDING_DEVICE_NOT_FOUND');
      await this.needs.movements.remove(await this.movement(binder, sn, result.outletId, reason), by);
      return { sn, deviceType: binder.type, outletId: null };
    });
  }

  async movement(
    binder: DeviceBinder,
    sn: string,
    outletId: number,
    reason: string | undefined,
  ): Promise<DeviceMovement> {
    return {
      deviceId: sn,
      deviceType: binder.type,
      modelId: binder.modelOf ? await binder.modelOf(sn) : null,
      outletId,
      reason: reason ?? '',
    };
  }

  async devicesOf(outletId: number): Promise<OutletDeviceItem[]> {
    const [row] = await this.db.select({ id: outOutlet.id }).from(outOutlet).where(eq(outOutlet.id, outletId));
    if (!row) throw new AppError('OUTLET_NOT_FOUND');
    return (await Promise.all(this.needs.devices.map((b) => b.devicesOf(outletId)))).flat();
  }

  /** The first 20 unbound devices whose code contains the text, of one kind or of every kind. */
  async unboundDevices(text: string | undefined, type?: BindingDeviceType): Promise<OutletDeviceItem[]> {
    return (await Promise.all(this.binderFor(type).map((b) => b.unbound(text, 20)))).flat().slice(0, 20);
  }

  async deviceCounts(ids: number[]): Promise<Map<number, number>> {
    const total = new Map<number, number>();
    if (!ids.length) return total;
    for (const m of await Promise.all(this.needs.devices.map((b) => b.countByOutlet(ids)))) {
      for (const [id, n] of m) total.set(id, (total.get(id) ?? 0) + n);
    }
    return total;
  }
}
