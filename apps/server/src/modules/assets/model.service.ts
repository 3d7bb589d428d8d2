import { and, asc, count, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type {
  DeviceType,
  ModelFilter,
  ModelItem,
  ModelOption,
  ModelQuery,
  ModelSave,
  ModelStatus,
} from '@cbo/contract';
import { isUniqueViolation, type Db } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import { AppError } from '../../platform/http/app-error.js';
import { astDevice, astModel } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

/**
 * Device models. Every device has one: a device is only put in stock with a model of its kind in
 * status normal. Other modules (cables, Bluetooth chargers) reach models through `usable` and
 * `options`, handed to them as needs.
 */
export class ModelService {
  constructor(private readonly db: Db) {}

  private where(f: ModelFilter): SQL | undefined {
    const c: SQL[] = [];
    if (f.productName) c.push(ilike(astModel.productName, containing(f.productName)));
    if (f.model) c.push(ilike(astModel.model, containing(f.model)));
    if (f.deviceType) c.push(eq(astModel.deviceType, f.deviceType));
    if (f.status) c.push(eq(astModel.status, f.status));
    return c.length ? and(...c) : undefined;
  }

  async count(f: ModelFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(astModel).where(this.where(f));
    return Number(r!.n);
  }

  async rows(
    q: ModelFilter & Pick<ModelQuery, 'orderBy' | 'order'>,
    offset: number,
    limit: number,
  ): Promise<ModelItem[]> {
    const col =
      q.orderBy === 'productName' ? astModel.productName : q.orderBy === 'model' ? astModel.model : astModel.createdAt;
    const devices =
      sql<number>`(select count(*) from ${astDevice} where ${astDevice.modelId} = ${astModel.id})`.mapWith(Number);
    const rows = await this.db
      .select({ m: astModel, devices })
      .from(astModel)
      .where(this.where(q))
      .orderBy((q.order === 'ascend' ? asc : desc)(col), desc(astModel.id))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => item(r.m, r.devices));
  }

  /**
   * Creates or edits a model. A model code is unique per kind among models not deleted (a unique
   * index decides two saves at once); a deleted model is never edited; a model devices already
   * have keeps its kind.
   */
  async save(req: ModelSave): Promise<{ id: number }> {
    const values = {
      productName: req.productName,
      model: req.model,
      deviceType: req.deviceType,
      slotCount: req.deviceType === 'cabinet' ? (req.slotCount ?? null) : null,
      remark: req.remark ?? '',
    };
    nameAuditTarget(`${req.productName} ${req.model}`);
    try {
      return await this.db.transaction(async (tx) => {
        if (req.id === undefined) {
          const [row] = await tx.insert(astModel).values(values).returning({ id: astModel.id });
          return { id: row!.id };
        }
        const [current] = await tx.select().from(astModel).where(eq(astModel.id, req.id)).for('update');
        if (!current) throw new AppError('NOT_FOUND');
        if (current.status === 'deleted') throw new AppError('MODEL_DELETED');
        if (current.deviceType !== req.deviceType) {
          const [used] = await tx.select({ n: count() }).from(astDevice).where(eq(astDevice.modelId, req.id));
          if (Number(used!.n) > 0) throw new AppError('MODEL_IN_USE');
        }
        await tx
          .update(astModel)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(astModel.id, req.id));
        return { id: req.id };
      });
    } catch (e) {
      throw isUniqueViolation(e) ? new AppError('MODEL_TAKEN') : e;
    }
  }

  /** Sets a model's status; deleted is final (a conditional update, so nothing revives it). */
  async setStatus(id: number, status: ModelStatus): Promise<null> {
    try {
      const done = await this.db
        .update(astModel)
        .set({ status, updatedAt: new Date() })
        .where(and(eq(astModel.id, id), ne(astModel.status, 'deleted')))
        .returning({ productName: astModel.productName, model: astModel.model });
      if (done.length) {
        nameAuditTarget(`${done[0]!.productName} ${done[0]!.model}`);
        return null;
      }
    } catch (e) {
      // Reviving is impossible, so only a paused/hidden model becoming normal again can clash.
      throw isUniqueViolation(e) ? new AppError('MODEL_TAKEN') : e;
    }
    const [current] = await this.db.select({ id: astModel.id }).from(astModel).where(eq(astModel.id, id));
    throw new AppError(current ? 'MODEL_DELETED' : 'NOT_FOUND');
  }

  /** Models in status normal, optionally of one kind, for pickers. */
  async options(deviceType?: DeviceType): Promise<ModelOption[]> {
    const rows = await this.db
      .select()
      .from(astModel)
      .where(and(eq(astModel.status, 'normal'), deviceType ? eq(astModel.deviceType, deviceType) : undefined))
      .orderBy(asc(astModel.productName), asc(astModel.model))
      .limit(500);
    return rows.map((r) => ({
      id: r.id,
      productName: r.productName,
      model: r.model,
      deviceType: r.deviceType as DeviceType,
      slotCount: r.slotCount,
    }));
  }

  /**
   * The model a device of this kind may be given now: it exists (NOT_FOUND), is of the kind
   * (MODEL_TYPE_MISMATCH) and is in status normal (MODEL_UNUSABLE). Read with a share lock, so a
   * status change waits for the transaction that gives the model to devices.
   */
  async usable(id: number, deviceType: DeviceType): Promise<ModelOption> {
    const [m] = await this.db.select().from(astModel).where(eq(astModel.id, id)).for('share');
    if (!m) throw new AppError('NOT_FOUND');
    if (m.deviceType !== deviceType) throw new AppError('MODEL_TYPE_MISMATCH');
    if (m.status !== 'normal') throw new AppError('MODEL_UNUSABLE');
    return {
      id: m.id,
      productName: m.productName,
      model: m.model,
      deviceType: m.deviceType as DeviceType,
      slotCount: m.slotCount,
    };
  }

  /** Names of models by id (for lists of other modules). */
  async names(ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .select({ id: astModel.id, productName: astModel.productName, model: astModel.model })
      .from(astModel)
      .where(sql`${astModel.id} in ${ids}`);
    return new Map(rows.map((r) => [r.id, `${r.productName} ${r.model}`]));
  }
}

function item(r: typeof astModel.$inferSelect, devices: number): ModelItem {
  return {
    id: r.id,
    productName: r.productName,
    model: r.model,
    deviceType: r.deviceType as ModelItem['deviceType'],
    slotCount: r.slotCount,
    status: r.status as ModelStatus,
    remark: r.remark,
    devices,
    createTime: r.createdAt.toISOString(),
    updateTime: r.updatedAt.toISOString(),
  };
}
