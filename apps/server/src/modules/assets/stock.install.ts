import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { atomically } from './atomically.js';
import {
  FAIL_ERRORS,
  heldReason,
  lockDevices,
  recordMovements,
  type Actor,
  type DeviceInOutlet,
} from './stock.core.js';
import { astDevice } from './tables.js';

/** A device bound into an outlet or taken out of it: the outlet module's side of the assets. */
export class StockInstalls {
  constructor(private readonly db: Db) {}

  /**
   * Installs a device in an outlet. Called only by the outlet module, in the transaction that binds
   * the device (the binding and its record commit together): the device's own module has already
   * bound it by its conditional update, so among binds arriving together only one gets here.
   * Refused (and with it the binding): an agent's device, one held by a dispatch under audit, one
   * already in business, one the assets know as another kind. From a warehouse or from circulation.
   * A device the assets do not know yet (a cable or charger added on its own screen) enters here,
   * in business, with the model its module gives; a device without a model (a cabinet from batch
   * storage) is installed all the same: the binding is a fact in the outlet, and refusing it would
   * leave a working cabinet unaccounted for (docs/decisions/network-and-outlets.md, "Installing is binding").
   */
  async install(req: DeviceInOutlet, by: Actor): Promise<void> {
    await atomically(this.db, async () => {
      const tx = this.db;
      const id = req.deviceId.trim().toUpperCase();
      const now = new Date();
      let d = (await lockDevices(tx, [id])).get(id);
      if (!d) {
        const [fresh] = await tx
          .insert(astDevice)
          .values({
            deviceId: id,
            deviceType: req.deviceType,
            modelId: req.modelId ?? null,
            state: 'inBusiness',
            outletId: req.outletId,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: astDevice.deviceId });
        if (fresh) {
          await recordMovements(tx, [
            {
              kind: 'install',
              deviceId: id,
              deviceType: req.deviceType,
              reason: req.reason ?? '',
              outletId: req.outletId,
              operatorId: by.id,
              operatorName: by.name,
              createdAt: now,
            },
          ]);
          return;
        }
        // Put in by a movement that committed a moment ago: decide on that row.
        d = (await lockDevices(tx, [id])).get(id)!;
      }
      if (d.deviceType !== req.deviceType) throw new AppError('DEVICE_TYPE_WRONG');
      const held = heldReason(d);
      if (held) throw new AppError(FAIL_ERRORS[held]);
      if (d.state === 'inBusiness') throw new AppError('DEVICE_IN_BUSINESS');
      await tx
        .update(astDevice)
        .set({
          state: 'inBusiness',
          outletId: req.outletId,
          warehouseId: null,
          modelId: d.modelId ?? req.modelId ?? null,
          updatedAt: now,
        })
        .where(eq(astDevice.deviceId, id));
      await recordMovements(tx, [
        {
          kind: 'install',
          deviceId: id,
          deviceType: d.deviceType,
          reason: req.reason ?? '',
          fromWarehouseId: d.warehouseId,
          outletId: req.outletId,
          operatorId: by.id,
          operatorName: by.name,
          createdAt: now,
        },
      ]);
    });
  }

  /**
   * Removes a device from its outlet into circulation. Called only by the outlet module, in the
   * transaction that unbinds the device (a person unbinding it, a repair ticket taking it out of
   * business, the demo network cleared): the unbinding is the proof it stood in `outletId`, so the
   * record is always written. An agent's device is refused (and with it the unbinding). A device
   * bound before installs were recorded (its asset still out of stock or in a warehouse) keeps its
   * place; one the assets did not know enters, out of stock.
   */
  async remove(req: DeviceInOutlet, by: Actor): Promise<void> {
    await atomically(this.db, async () => {
      const tx = this.db;
      const id = req.deviceId.trim().toUpperCase();
      const now = new Date();
      const d = (await lockDevices(tx, [id])).get(id);
      if (!d) {
        await tx
          .insert(astDevice)
          .values({
            deviceId: id,
            deviceType: req.deviceType,
            modelId: req.modelId ?? null,
            state: 'outOfStock',
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing();
      } else {
        if (d.agentId !== null) throw new AppError('AGENT_DEVICE');
        if (d.state === 'inBusiness')
          await tx
            .update(astDevice)
            .set({ state: 'outOfStock', outletId: null, updatedAt: now })
            .where(eq(astDevice.deviceId, id));
      }
      await recordMovements(tx, [
        {
          kind: 'removal',
          deviceId: id,
          deviceType: d?.deviceType ?? req.deviceType,
          reason: req.reason ?? '',
          outletId: req.outletId,
          operatorId: by.id,
          operatorName: by.name,
          createdAt: now,
        },
      ]);
    });
  }
}
