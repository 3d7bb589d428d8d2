import { and, asc, count, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  AssetFilter,
  AssetItem,
  AssetState,
  DeviceType,
  InstallRecordFilter,
  InstallRecordItem,
  MovementFilter,
  MovementItem,
  MovementKind,
} from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import { checkTimeRange } from '../../platform/http/time-range.js';
import { astDevice, astDispatch, astModel, astMovement, astWarehouse } from './tables.js';

/** The stock's lists: movements, installs and removals, the device assets. */
export class StockReads {
  constructor(
    private readonly db: Db,
    /** Names of outlets by id (the façade's lookup, which the outlet module hands over). */
    private readonly namesOf: (ids: (number | null)[]) => Promise<Map<number, string>>,
  ) {}

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
      .where(this.movementWhere(f, StockReads.STOCK_KINDS));
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
      .where(this.movementWhere(f, StockReads.STOCK_KINDS))
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
