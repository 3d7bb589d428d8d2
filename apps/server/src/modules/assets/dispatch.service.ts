import { and, count, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type AuditStatus,
  type DeviceType,
  type DispatchApplyRequest,
  type DispatchAuditRequest,
  type DispatchDetail,
  type DispatchFilter,
  type DispatchItem,
  type Lang,
  type MoveFailReason,
  type StockReason,
} from '@cbo/contract';
import { query, type Db } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import { AppError } from '../../platform/http/app-error.js';
import { checkTimeRange } from '../../platform/http/time-range.js';
import { atomically } from './atomically.js';
import { Report, sortIds, type Actor, type StockService } from './stock.service.js';
import { astDevice, astDispatch, astDispatchDevice, astModel, astMovement, astWarehouse } from './tables.js';
import type { WarehouseService } from './warehouse.service.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

/** How many refused devices the refusal's message names (the rest are counted). */
const NAMED_IN_MESSAGE = 5;

/**
 * Dispatch applications. Applying holds every device named (in stock in the warehouse they
 * leave, not an agent's, not already held) for the application, or refuses the application whole;
 * a held device moves nowhere else ("pending audit"). Approving moves all of them in one
 * transaction or none; rejecting releases them. An application is audited once: the audit is a
 * conditional update on "pending", which also refuses an approval by the applicant (maker-checker).
 */
export class DispatchService {
  constructor(
    private readonly db: Db,
    private readonly stock: StockService,
    private readonly warehouses: WarehouseService,
  ) {}

  async apply(req: DispatchApplyRequest, by: Actor, lang: Lang = 'zh_CN'): Promise<{ id: number }> {
    return atomically(this.db, async () => {
      await this.warehouses.usable(req.fromWarehouseId);
      await this.warehouses.usable(req.toWarehouseId);
      const report = new Report(lang, req.ids.length);
      const { wanted, order } = sortIds({ ids: req.ids }, null, report);
      const known = await this.stock.lock(this.db, wanted);
      for (const id of wanted) {
        const d = known.get(id);
        const why: MoveFailReason | null = !d
          ? 'notFound'
          : d.agentId !== null
            ? 'agentDevice'
            : d.pendingApplicationId !== null
              ? 'pendingAudit'
              : d.state === 'inBusiness'
                ? 'alreadyInBusiness'
                : d.state !== 'inStock' || d.warehouseId !== req.fromWarehouseId
                  ? 'notInStock'
                  : null;
        if (why) report.fail(id, why);
      }
      const refused = report.done(0, order).failures;
      if (refused.length) {
        const named = refused
          .slice(0, NAMED_IN_MESSAGE)
          .map((f) => `${f.id} (${f.msg})`)
          .join(', ');
        throw new AppError('DISPATCH_DEVICES_UNAVAILABLE', {
          failed: refused.length,
          list: refused.length > NAMED_IN_MESSAGE ? `${named} …` : named,
        });
      }
      const [next] = await query<{ id: number }>(
        this.db,
        sql`select nextval(pg_get_serial_sequence('ast_dispatch', 'id'))::int as id`,
      );
      const id = Number(next!.id);
      const now = new Date();
      const no = applicationNo(now, id);
      nameAuditTarget(no);
      await this.db.insert(astDispatch).values({
        id,
        applicationNo: no,
        reason: req.reason,
        remark: req.remark ?? '',
        sponsorId: by.id,
        sponsorName: by.name,
        fromWarehouseId: req.fromWarehouseId,
        toWarehouseId: req.toWarehouseId,
        deviceCount: wanted.length,
        createdAt: now,
      });
      await this.db.insert(astDispatchDevice).values(wanted.map((deviceId) => ({ dispatchId: id, deviceId })));
      await this.db
        .update(astDevice)
        .set({ pendingApplicationId: id, updatedAt: now })
        .where(inArray(astDevice.deviceId, wanted));
      return { id };
    });
  }

  async audit(req: DispatchAuditRequest, by: Actor): Promise<null> {
    return atomically(this.db, async () => {
      const now = new Date();
      // Maker-checker (issue 31): an approval by the applicant is refused in the same conditional update that audits once.
      const notOwn = req.approve && by.id !== null ? [sql`${astDispatch.sponsorId} is distinct from ${by.id}`] : [];
      const [app] = await this.db
        .update(astDispatch)
        .set({
          status: req.approve ? 'approved' : 'rejected',
          auditorId: by.id,
          auditorName: by.name,
          auditReason: req.reason ?? '',
          auditedAt: now,
        })
        .where(and(eq(astDispatch.id, req.id), eq(astDispatch.status, 'pending'), ...notOwn))
        .returning();
      if (!app) {
        const [current] = await this.db
          .select({ status: astDispatch.status, sponsorId: astDispatch.sponsorId })
          .from(astDispatch)
          .where(eq(astDispatch.id, req.id));
        if (!current) throw new AppError('NOT_FOUND');
        throw new AppError(
          current.status === 'pending' && notOwn.length ? 'DISPATCH_OWN_APPLICATION' : 'DISPATCH_AUDITED',
        );
      }
      nameAuditTarget(app.applicationNo);
      if (!req.approve) {
        await this.db
          .update(astDevice)
          .set({ pendingApplicationId: null, updatedAt: now })
          .where(eq(astDevice.pendingApplicationId, app.id));
        return null;
      }
      await this.warehouses.usable(app.toWarehouseId);
      const moved = await this.db
        .update(astDevice)
        .set({ warehouseId: app.toWarehouseId, pendingApplicationId: null, updatedAt: now })
        .where(
          and(
            eq(astDevice.pendingApplicationId, app.id),
            eq(astDevice.state, 'inStock'),
            eq(astDevice.warehouseId, app.fromWarehouseId),
          ),
        )
        .returning({ deviceId: astDevice.deviceId, deviceType: astDevice.deviceType });
      // All or nothing: a device no longer where the application found it undoes the whole audit.
      if (moved.length !== app.deviceCount) throw new AppError('DISPATCH_STALE');
      await this.db.update(astDispatchDevice).set({ moved: true }).where(eq(astDispatchDevice.dispatchId, app.id));
      await this.db.insert(astMovement).values(
        moved.map((d) => ({
          kind: 'dispatch',
          deviceId: d.deviceId,
          deviceType: d.deviceType,
          reason: app.reason,
          fromWarehouseId: app.fromWarehouseId,
          toWarehouseId: app.toWarehouseId,
          applicationId: app.id,
          operatorId: by.id,
          operatorName: by.name,
          createdAt: now,
        })),
      );
      return null;
    });
  }

  private where(f: DispatchFilter): SQL | undefined {
    const { begin, end } = checkTimeRange(f.beginTime, f.endTime);
    const c: SQL[] = [];
    if (f.applicationNo) c.push(ilike(astDispatch.applicationNo, containing(f.applicationNo)));
    if (f.status) c.push(eq(astDispatch.status, f.status));
    if (f.fromWarehouseId) c.push(eq(astDispatch.fromWarehouseId, f.fromWarehouseId));
    if (f.toWarehouseId) c.push(eq(astDispatch.toWarehouseId, f.toWarehouseId));
    if (begin) c.push(gte(astDispatch.createdAt, begin));
    if (end) c.push(lte(astDispatch.createdAt, end));
    return c.length ? and(...c) : undefined;
  }

  async count(f: DispatchFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(astDispatch).where(this.where(f));
    return Number(r!.n);
  }

  rows(f: DispatchFilter, offset: number, limit: number): Promise<DispatchItem[]> {
    return this.select(this.where(f), offset, limit);
  }

  /**
   * One application: its devices (kind and model as the assets know them now, and whether the
   * approval moved each), and its history: applied, approved or rejected, and the devices' moves
   * (their dispatch movements, by the time they were written).
   */
  async detail(id: number): Promise<DispatchDetail> {
    const [item] = await this.select(eq(astDispatch.id, id), 0, 1);
    if (!item) throw new AppError('NOT_FOUND');
    const devices = await this.db
      .select({
        deviceId: astDispatchDevice.deviceId,
        moved: astDispatchDevice.moved,
        deviceType: astDevice.deviceType,
        productName: astModel.productName,
        model: astModel.model,
      })
      .from(astDispatchDevice)
      .leftJoin(astDevice, eq(astDevice.deviceId, astDispatchDevice.deviceId))
      .leftJoin(astModel, eq(astModel.id, astDevice.modelId))
      .where(eq(astDispatchDevice.dispatchId, id))
      .orderBy(astDispatchDevice.deviceId);
    const moves = await this.db
      .select({ at: astMovement.createdAt, by: astMovement.operatorName, n: count() })
      .from(astMovement)
      .where(and(eq(astMovement.applicationId, id), eq(astMovement.kind, 'dispatch')))
      .groupBy(astMovement.createdAt, astMovement.operatorName)
      .orderBy(astMovement.createdAt);
    const [row] = await this.db
      .select({ sponsorName: astDispatch.sponsorName })
      .from(astDispatch)
      .where(eq(astDispatch.id, id));
    const history: DispatchDetail['history'] = [
      { event: 'applied', at: item.createTime, by: row?.sponsorName || null, note: item.remark, kind: null },
    ];
    if (item.status !== 'pending' && item.auditTime)
      history.push({
        event: item.status,
        at: item.auditTime,
        by: item.auditorName,
        note: item.auditReason,
        kind: null,
      });
    for (const m of moves)
      history.push({
        event: 'moved',
        at: m.at.toISOString(),
        by: m.by || null,
        note: String(Number(m.n)),
        kind: 'dispatch',
      });
    return {
      ...item,
      deviceIds: devices.map((d) => d.deviceId),
      devices: devices.map((d) => ({
        deviceId: d.deviceId,
        deviceType: (d.deviceType as DeviceType | null) ?? null,
        modelName: d.productName ? `${d.productName} ${d.model}` : null,
        moved: d.moved,
      })),
      history,
    };
  }

  private async select(cond: SQL | undefined, offset: number, limit: number): Promise<DispatchItem[]> {
    const from = alias(astWarehouse, 'w_from');
    const to = alias(astWarehouse, 'w_to');
    const rows = await this.db
      .select({ a: astDispatch, fromName: from.name, toName: to.name })
      .from(astDispatch)
      .innerJoin(from, eq(from.id, astDispatch.fromWarehouseId))
      .innerJoin(to, eq(to.id, astDispatch.toWarehouseId))
      .where(cond)
      .orderBy(desc(astDispatch.createdAt), desc(astDispatch.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ a, fromName, toName }) => ({
      id: a.id,
      applicationNo: a.applicationNo,
      reason: a.reason as StockReason,
      remark: a.remark,
      sponsorName: a.sponsorName,
      sponsorId: a.sponsorId,
      fromWarehouseId: a.fromWarehouseId,
      fromWarehouseName: fromName,
      toWarehouseId: a.toWarehouseId,
      toWarehouseName: toName,
      deviceCount: a.deviceCount,
      status: a.status as AuditStatus,
      auditorName: a.auditorName,
      auditReason: a.auditReason,
      auditTime: a.auditedAt?.toISOString() ?? null,
      createTime: a.createdAt.toISOString(),
    }));
  }
}

/** DB + the day (UTC) + the application's id: unique, sortable, readable on the phone. */
function applicationNo(at: Date, id: number): string {
  return `DB${at.toISOString().slice(0, 10).replace(/-/g, '')}${String(id).padStart(6, '0')}`;
}
