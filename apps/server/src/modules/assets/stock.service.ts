import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  errorMessage,
  expandIdRange,
  isDeviceId,
  MOVEMENT_MAX,
  type AssetFilter,
  type AssetItem,
  type AssetState,
  type DeviceType,
  type ErrorName,
  type InstallRecordFilter,
  type InstallRecordItem,
  type Lang,
  type MoveFailReason,
  type MovementFilter,
  type MovementItem,
  type MovementKind,
  type MovementReport,
  type StockReason,
} from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import { AppError } from '../../platform/http/app-error.js';
import { checkTimeRange } from '../../platform/http/time-range.js';
import { atomically } from './atomically.js';
import type { ModelService } from './model.service.js';
import { astDevice, astDispatch, astModel, astMovement, astWarehouse } from './tables.js';
import type { WarehouseService } from './warehouse.service.js';
import { nameAuditTarget, nameAuditTargets } from '../../platform/audit/target.js';

/** Who moved devices: the signed-in account (null for the server itself). */
export interface Actor {
  id: number | null;
  name: string;
}

/** A device going into or out of an outlet, as the outlet module names it. */
export interface DeviceInOutlet {
  deviceId: string;
  deviceType: DeviceType;
  /** The model its own module knows (cables and chargers have one; cabinets none: theirs is the asset's). */
  modelId?: number | null;
  outletId: number;
  reason?: string;
}

/** The devices of a movement: a list, or a range already checked by the contract. */
export type DeviceList = { ids?: string[]; startId?: string; endId?: string };

/** A movement's operation-log entry names its devices: the codes as listed, or the range. */
function nameDevices(list: DeviceList): void {
  if (list.ids) nameAuditTargets(list.ids);
  else nameAuditTarget(`${list.startId} – ${list.endId}`);
}

const FAIL_ERRORS: Record<MoveFailReason, ErrorName> = {
  nonStandard: 'DEVICE_CODE_BAD',
  duplicate: 'DEVICE_CODE_DUPLICATE',
  notInStock: 'DEVICE_NOT_IN_STOCK',
  alreadyInStock: 'DEVICE_ALREADY_IN_STOCK',
  alreadyInBusiness: 'DEVICE_IN_BUSINESS',
  agentDevice: 'AGENT_DEVICE',
  pendingAudit: 'PENDING_AUDIT',
  noModel: 'NO_MODEL',
  wrongDeviceType: 'DEVICE_TYPE_WRONG',
  notFound: 'DEVICE_UNKNOWN',
};

type DeviceRow = typeof astDevice.$inferSelect;

/** Collects a movement's failures in the caller's language, in the order the caller named the devices. */
export class Report {
  readonly failures: MovementReport['failures'] = [];
  constructor(
    private readonly lang: Lang,
    readonly total: number,
  ) {}
  fail(id: string, reason: MoveFailReason): void {
    this.failures.push({ id, reason, msg: errorMessage(FAIL_ERRORS[reason], this.lang) });
  }
  done(successes: number, order: string[]): MovementReport {
    const at = new Map(order.map((id, i) => [id, i] as const));
    const failures = [...this.failures].sort((a, b) => (at.get(a.id) ?? 0) - (at.get(b.id) ?? 0));
    return { total: this.total, successes, failures };
  }
}

/**
 * Splits what the caller named into well-formed, distinct IDs (upper-cased) and failures
 * (non-standard for the kind, repeated). `type` null: any kind's rule (take out, dispatch).
 */
export function sortIds(
  list: DeviceList,
  type: DeviceType | null,
  report: Report,
): { wanted: string[]; order: string[] } {
  const raw = list.ids ?? expandIdRange(list.startId!, list.endId!);
  const wanted: string[] = [];
  const seen = new Set<string>();
  const order: string[] = [];
  for (const r of raw) {
    const id = r.trim().toUpperCase();
    order.push(id);
    const ok = type ? isDeviceId(id, type) : isDeviceId(id, 'cabinet') || isDeviceId(id, 'powerBank');
    if (!ok) report.fail(id, 'nonStandard');
    else if (seen.has(id)) report.fail(id, 'duplicate');
    else {
      seen.add(id);
      wanted.push(id);
    }
  }
  return { wanted, order };
}

/** Why a device known to the assets cannot leave (or enter) where it is, before its state is looked at. */
function heldReason(d: DeviceRow): MoveFailReason | null {
  if (d.agentId !== null) return 'agentDevice';
  if (d.pendingApplicationId !== null) return 'pendingAudit';
  return null;
}

/**
 * Device assets and their movements. A device's place (state, warehouse, outlet) changes only
 * here, always together with the movement row that explains it, and only under the row lock of
 * the device (`lock`): two movements naming the same device at once are decided one after the
 * other, and the second sees where the first left it.
 */
export class StockService {
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
  ) {}
  private async namesOf(ids: (number | null)[]): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((v): v is number => v !== null))];
    return wanted.length ? this.outletNames(wanted) : new Map();
  }

  /** The known devices among `ids`, locked until the transaction ends (in ID order, so two batches never deadlock). */
  async lock(tx: Db, ids: string[]): Promise<Map<string, DeviceRow>> {
    if (!ids.length) return new Map();
    const rows = await tx
      .select()
      .from(astDevice)
      .where(inArray(astDevice.deviceId, ids))
      .orderBy(asc(astDevice.deviceId))
      .for('update');
    return new Map(rows.map((r) => [r.deviceId, r]));
  }

  private async record(tx: Db, rows: (typeof astMovement.$inferInsert)[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) await tx.insert(astMovement).values(rows.slice(i, i + 500));
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
      await this.record(
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
        await this.record(
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
      let d = (await this.lock(tx, [id])).get(id);
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
          await this.record(tx, [
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
        d = (await this.lock(tx, [id])).get(id)!;
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
      await this.record(tx, [
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
      const d = (await this.lock(tx, [id])).get(id);
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
      await this.record(tx, [
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
  // Lists

  private movementWhere(f: MovementFilter, kinds?: readonly MovementKind[]): SQL | undefined {
    const { begin, end } = checkTimeRange(f.beginTime, f.endTime);
    const c: SQL[] = [];
    if (kinds) c.push(inArray(astMovement.kind, [...kinds]));
    if (f.kind) c.push(eq(astMovement.kind, f.kind));
    if (f.deviceId) c.push(ilike(astMovement.deviceId, containing(f.deviceId)));
    if (f.reason) c.push(eq(astMovement.reason, f.reason));
    if (f.deviceType) c.push(eq(astMovement.deviceType, f.deviceType));
    if (f.warehouseId)
      c.push(
        sql`(${astMovement.fromWarehouseId} = ${f.warehouseId} or ${astMovement.toWarehouseId} = ${f.warehouseId})`,
      );
    if (begin) c.push(gte(astMovement.createdAt, begin));
    if (end) c.push(lte(astMovement.createdAt, end));
    return c.length ? and(...c) : undefined;
  }

  private static readonly STOCK_KINDS = ['putIn', 'takeOut', 'dispatch'] as const;

  async movementCount(f: MovementFilter): Promise<number> {
    const [r] = await this.db
      .select({ n: count() })
      .from(astMovement)
      .where(this.movementWhere(f, StockService.STOCK_KINDS));
    return Number(r!.n);
  }

  async movementRows(f: MovementFilter, offset: number, limit: number): Promise<MovementItem[]> {
    const from = alias(astWarehouse, 'w_from');
    const to = alias(astWarehouse, 'w_to');
    const rows = await this.db
      .select({ m: astMovement, fromName: from.name, toName: to.name, applicationNo: astDispatch.applicationNo })
      .from(astMovement)
      .leftJoin(from, eq(from.id, astMovement.fromWarehouseId))
      .leftJoin(to, eq(to.id, astMovement.toWarehouseId))
      .leftJoin(astDispatch, eq(astDispatch.id, astMovement.applicationId))
      .where(this.movementWhere(f, StockService.STOCK_KINDS))
      .orderBy(desc(astMovement.createdAt), desc(astMovement.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ m, fromName, toName, applicationNo }) => ({
      id: m.id,
      kind: m.kind as MovementKind,
      deviceId: m.deviceId,
      deviceType: m.deviceType as DeviceType,
      reason: m.reason,
      fromWarehouseName: fromName,
      toWarehouseName: toName,
      outletId: m.outletId,
      applicationNo,
      operatorName: m.operatorName,
      createTime: m.createdAt.toISOString(),
    }));
  }

  private installWhere(f: InstallRecordFilter): SQL | undefined {
    const base = this.movementWhere(
      { beginTime: f.beginTime, endTime: f.endTime, deviceId: f.deviceId, kind: f.kind },
      ['install', 'removal'],
    );
    const c: SQL[] = base ? [base] : [];
    if (f.outletId) c.push(eq(astMovement.outletId, f.outletId));
    if (f.operatorName) c.push(ilike(astMovement.operatorName, containing(f.operatorName)));
    return and(...c);
  }

  async installCount(f: InstallRecordFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(astMovement).where(this.installWhere(f));
    return Number(r!.n);
  }

  async installRows(f: InstallRecordFilter, offset: number, limit: number): Promise<InstallRecordItem[]> {
    const rows = await this.db
      .select()
      .from(astMovement)
      .where(this.installWhere(f))
      .orderBy(desc(astMovement.createdAt), desc(astMovement.id))
      .limit(limit)
      .offset(offset);
    const names = await this.namesOf(rows.map((m) => m.outletId));
    return rows.map((m) => ({
      id: m.id,
      kind: m.kind as InstallRecordItem['kind'],
      deviceId: m.deviceId,
      deviceType: m.deviceType as DeviceType,
      outletId: m.outletId ?? 0,
      outletName: m.outletId === null ? null : (names.get(m.outletId) ?? null),
      reason: m.reason,
      operatorName: m.operatorName,
      createTime: m.createdAt.toISOString(),
    }));
  }

  private assetWhere(f: AssetFilter): SQL | undefined {
    const c: SQL[] = [];
    if (f.deviceId) c.push(ilike(astDevice.deviceId, containing(f.deviceId)));
    if (f.deviceType) c.push(eq(astDevice.deviceType, f.deviceType));
    if (f.state) c.push(eq(astDevice.state, f.state));
    if (f.warehouseId) c.push(eq(astDevice.warehouseId, f.warehouseId));
    if (f.modelId) c.push(eq(astDevice.modelId, f.modelId));
    return c.length ? and(...c) : undefined;
  }

  async assetCount(f: AssetFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(astDevice).where(this.assetWhere(f));
    return Number(r!.n);
  }

  async assetRows(
    f: AssetFilter & { orderBy?: 'deviceId' | 'updateTime'; order?: 'ascend' | 'descend' },
    offset: number,
    limit: number,
  ): Promise<AssetItem[]> {
    const col = f.orderBy === 'deviceId' ? astDevice.deviceId : astDevice.updatedAt;
    const rows = await this.db
      .select({
        d: astDevice,
        productName: astModel.productName,
        model: astModel.model,
        warehouseName: astWarehouse.name,
        applicationNo: astDispatch.applicationNo,
      })
      .from(astDevice)
      .leftJoin(astModel, eq(astModel.id, astDevice.modelId))
      .leftJoin(astWarehouse, eq(astWarehouse.id, astDevice.warehouseId))
      .leftJoin(astDispatch, eq(astDispatch.id, astDevice.pendingApplicationId))
      .where(this.assetWhere(f))
      .orderBy((f.order === 'ascend' ? asc : desc)(col), asc(astDevice.deviceId))
      .limit(limit)
      .offset(offset);
    const names = await this.namesOf(rows.map((r) => r.d.outletId));
    return rows.map(({ d, productName, model, warehouseName, applicationNo }) => ({
      deviceId: d.deviceId,
      deviceType: d.deviceType as DeviceType,
      modelId: d.modelId,
      modelName: productName ? `${productName} ${model}` : null,
      state: d.state as AssetState,
      warehouseId: d.warehouseId,
      warehouseName,
      outletId: d.outletId,
      outletName: d.outletId === null ? null : (names.get(d.outletId) ?? null),
      pendingApplicationNo: applicationNo,
      agentDevice: d.agentId !== null,
      updateTime: d.updatedAt.toISOString(),
    }));
  }
}
