import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  expandIdRange,
  MOVEMENT_MAX,
  type MoveFailReason,
  type AssetFilter,
  type AssetItem,
  type DeviceType,
  type InstallRecordFilter,
  type InstallRecordItem,
  type Lang,
  type MovementFilter,
  type MovementItem,
  type MovementReport,
  type StockReason,
} from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { atomically } from './atomically.js';
import type { ModelService } from './model.service.js';
import { astDevice, astModel } from './tables.js';
import type { WarehouseService } from './warehouse.service.js';
import {
  heldReason,
  lockDevices,
  nameDevices,
  recordMovements,
  Report,
  sortIds,
  type Actor,
  type DeviceInOutlet,
  type DeviceList,
  type DeviceRow,
} from './stock.core.js';
import { StockInstalls } from './stock.install.js';
import { StockReads } from './stock.reads.js';

export { Report, sortIds, type Actor, type DeviceInOutlet, type DeviceList } from './stock.core.js';

/*
 * The stock service is one entry (routes, dispatch, the outlet module through its wiring) over parts:
 *   stock.core.ts     what the parts share: the movement's report, ID sorting, the devices' lock and record
 *   stock.service.ts  this façade: put in, take out, cabinets stocked, models given
 *   stock.install.ts  a device bound into an outlet or taken out of it
 *   stock.reads.ts    the lists
 */

/**
 * Device assets and their movements. A device's place (state, warehouse, outlet) changes only
 * here, always together with the movement row that explains it, and only under the row lock of
 * the device (`lock`): two movements naming the same device at once are decided one after the
 * other, and the second sees where the first left it.
 */
export class StockService {
  private readonly installs: StockInstalls;
  private readonly reads: StockReads;

  constructor(
    private readonly db: Db,
    private readonly models: ModelService,
    private readonly warehouses: WarehouseService,
    /** Names of outlets by id (the outlet module's, a late need). */
    private readonly outletNames: (ids: number[]) => Promise<Map<number, string>>,
    /**
     * The fleet's registration of cabinets (a late need): a cabinet put in stock is registered with
     * the fleet in the same transaction, so it can be bound to an outlet without a second stock-in
     * (docs/decisions/assets-and-accessories.md, "One way in").
     */
    private readonly registerCabinets: (sns: string[], by: number | null) => Promise<string[]>,
  ) {
    this.installs = new StockInstalls(db);
    this.reads = new StockReads(db, (ids) => this.namesOf(ids));
  }

  private async namesOf(ids: (number | null)[]): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((v): v is number => v !== null))];
    return wanted.length ? this.outletNames(wanted) : new Map();
  }

  /** The known devices among `ids`, locked until the transaction ends (in ID order, so two batches never deadlock). */
  lock(tx: Db, ids: string[]): Promise<Map<string, DeviceRow>> {
    return lockDevices(tx, ids);
  }

  /**
   * Puts devices in a warehouse. A device the assets do not know yet enters with the model given
   * (none given: "no model"); a known one must be out of stock, of this kind, not an agent's and
   * not under audit, and keeps its model unless one is given. Each device stands alone: the report
   * says why each one that did not move stayed.
   */
  async putIn(
    req: DeviceList & { warehouseId: number; reason: StockReason; deviceType: DeviceType; modelId?: number },
    by: Actor,
    lang: Lang = 'zh_CN',
  ): Promise<MovementReport> {
    return atomically(this.db, async () => {
      const tx = this.db;
      await this.warehouses.usable(req.warehouseId);
      if (req.modelId !== undefined) await this.models.usable(req.modelId, req.deviceType);
      const report = new Report(lang, (req.ids ?? expandIdRange(req.startId!, req.endId!)).length);
      nameDevices(req);
      const { wanted, order } = sortIds(req, req.deviceType, report);
      const known = await this.lock(tx, wanted);
      const moveKnown: string[] = [];
      const fresh: string[] = [];
      for (const id of wanted) {
        const d = known.get(id);
        if (!d) {
          if (req.modelId === undefined) report.fail(id, 'noModel');
          else fresh.push(id);
          continue;
        }
        const why: MoveFailReason | null =
          d.deviceType !== req.deviceType
            ? 'wrongDeviceType'
            : (heldReason(d) ??
              (d.state === 'inStock'
                ? 'alreadyInStock'
                : d.state === 'inBusiness'
                  ? 'alreadyInBusiness'
                  : d.modelId === null && req.modelId === undefined
                    ? 'noModel'
                    : null));
        if (why) report.fail(id, why);
        else moveKnown.push(id);
      }
      const now = new Date();
      let inserted: string[] = [];
      if (fresh.length) {
        const rows = await tx
          .insert(astDevice)
          .values(
            fresh.map((deviceId) => ({
              deviceId,
              deviceType: req.deviceType,
              modelId: req.modelId!,
              state: 'inStock',
              warehouseId: req.warehouseId,
              createdAt: now,
              updatedAt: now,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: astDevice.deviceId });
        inserted = rows.map((r) => r.id);
        // Known to the assets a moment ago by a movement that committed first: it is somewhere now.
        const ok = new Set(inserted);
        for (const id of fresh) if (!ok.has(id)) report.fail(id, 'alreadyInStock');
      }
      if (moveKnown.length) {
        await tx
          .update(astDevice)
          .set({
            state: 'inStock',
            warehouseId: req.warehouseId,
            ...(req.modelId !== undefined ? { modelId: req.modelId } : {}),
            updatedAt: now,
          })
          .where(inArray(astDevice.deviceId, moveKnown));
      }
      const moved = [...inserted, ...moveKnown];
      await recordMovements(
        tx,
        moved.map((deviceId) => ({
          kind: 'putIn',
          deviceId,
          deviceType: req.deviceType,
          reason: req.reason,
          toWarehouseId: req.warehouseId,
          operatorId: by.id,
          operatorName: by.name,
          createdAt: now,
        })),
      );
      const done = report.done(moved.length, order);
      // A cabinet in a warehouse is one the fleet knows: registered here, in this transaction.
      if (req.deviceType === 'cabinet') done.registered = (await this.registerCabinets(moved, by.id)).length;
      return done;
    });
  }

  /**
   * Takes devices out of stock into circulation (from one warehouse when it is named). A device
   * must be in stock, not an agent's and not under audit.
   */
  async takeOut(
    req: DeviceList & { reason: StockReason; warehouseId?: number },
    by: Actor,
    lang: Lang = 'zh_CN',
  ): Promise<MovementReport> {
    return atomically(this.db, async () => {
      const tx = this.db;
      if (req.warehouseId !== undefined) await this.warehouses.usable(req.warehouseId);
      const report = new Report(lang, (req.ids ?? expandIdRange(req.startId!, req.endId!)).length);
      nameDevices(req);
      const { wanted, order } = sortIds(req, null, report);
      const known = await this.lock(tx, wanted);
      const moving: DeviceRow[] = [];
      for (const id of wanted) {
        const d = known.get(id);
        if (!d) {
          report.fail(id, 'notFound');
          continue;
        }
        const why =
          heldReason(d) ??
          (d.state === 'inBusiness'
            ? 'alreadyInBusiness'
            : d.state !== 'inStock' || (req.warehouseId !== undefined && d.warehouseId !== req.warehouseId)
              ? 'notInStock'
              : null);
        if (why) report.fail(id, why);
        else moving.push(d);
      }
      const now = new Date();
      if (moving.length) {
        await tx
          .update(astDevice)
          .set({ state: 'outOfStock', warehouseId: null, updatedAt: now })
          .where(
            inArray(
              astDevice.deviceId,
              moving.map((d) => d.deviceId),
            ),
          );
        await recordMovements(
          tx,
          moving.map((d) => ({
            kind: 'takeOut',
            deviceId: d.deviceId,
            deviceType: d.deviceType,
            reason: req.reason,
            fromWarehouseId: d.warehouseId,
            operatorId: by.id,
            operatorName: by.name,
            createdAt: now,
          })),
        );
      }
      return report.done(moving.length, order);
    });
  }

  /** Installs a device in an outlet (StockInstalls.install says what is refused). */
  install(req: DeviceInOutlet, by: Actor): Promise<void> {
    return this.installs.install(req, by);
  }

  /** Removes a device from its outlet into circulation (StockInstalls.remove). */
  remove(req: DeviceInOutlet, by: Actor): Promise<void> {
    return this.installs.remove(req, by);
  }

  /**
   * Cabinets stocked in by batch storage become device assets out of stock, without a model until
   * they are put in a warehouse with one. Known ones are left as they are.
   */
  async cabinetsStocked(sns: string[]): Promise<void> {
    for (let i = 0; i < sns.length; i += MOVEMENT_MAX) {
      const part = sns.slice(i, i + MOVEMENT_MAX);
      if (part.length)
        await this.db
          .insert(astDevice)
          .values(part.map((deviceId) => ({ deviceId, deviceType: 'cabinet', state: 'outOfStock' })))
          .onConflictDoNothing();
    }
  }

  /**
   * Gives devices without a model this one (of their kind): the simulated cabinets get the model
   * they report. A device that has a model keeps it. Answers how many got it.
   */
  async giveModel(deviceIds: string[], modelId: number): Promise<number> {
    const [model] = await this.db
      .select({ deviceType: astModel.deviceType })
      .from(astModel)
      .where(eq(astModel.id, modelId));
    if (!model) throw new AppError('NOT_FOUND');
    let n = 0;
    for (let i = 0; i < deviceIds.length; i += MOVEMENT_MAX) {
      const rows = await this.db
        .update(astDevice)
        .set({ modelId, updatedAt: new Date() })
        .where(
          and(
            inArray(astDevice.deviceId, deviceIds.slice(i, i + MOVEMENT_MAX)),
            isNull(astDevice.modelId),
            eq(astDevice.deviceType, model.deviceType),
          ),
        )
        .returning({ id: astDevice.deviceId });
      n += rows.length;
    }
    return n;
  }

  // ------------------------------------------------------------------------------------------
  // Lists (stock.reads.ts)

  movementCount(f: MovementFilter): Promise<number> {
    return this.reads.movementCount(f);
  }

  movementRows(f: MovementFilter, offset: number, limit: number): Promise<MovementItem[]> {
    return this.reads.movementRows(f, offset, limit);
  }

  installCount(f: InstallRecordFilter): Promise<number> {
    return this.reads.installCount(f);
  }

  installRows(f: InstallRecordFilter, offset: number, limit: number): Promise<InstallRecordItem[]> {
    return this.reads.installRows(f, offset, limit);
  }

  assetCount(f: AssetFilter): Promise<number> {
    return this.reads.assetCount(f);
  }

  assetRows(...args: Parameters<StockReads['assetRows']>): Promise<AssetItem[]> {
    return this.reads.assetRows(...args);
  }
}
