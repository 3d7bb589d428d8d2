import { and, count, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  couponRuleIssues,
  type CouponFilter,
  type CouponItem,
  type CouponSaveRequest,
  type CouponStatus,
} from '@cbo/contract';
import { isUniqueViolation, type Db } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import { AppError } from '../../platform/http/app-error.js';
import type { CouponNeeds } from './needs.js';
import { cpCoupon, cpUserCoupon } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

export type CouponRow = typeof cpCoupon.$inferSelect;

/** Coupons: staff create, edit, stop, resume and delete them; the list with totals, used and unused. */
export class CouponService {
  constructor(
    private readonly db: Db,
    private readonly needs: CouponNeeds,
  ) {}

  private where(f: CouponFilter): SQL | undefined {
    const c: SQL[] = [ne(cpCoupon.status, 'deleted')];
    if (f.name) c.push(ilike(cpCoupon.name, containing(f.name)));
    if (f.type) c.push(eq(cpCoupon.type, f.type));
    if (f.source) c.push(eq(cpCoupon.source, f.source));
    if (f.status) c.push(eq(cpCoupon.status, f.status));
    return and(...c);
  }

  async count(f: CouponFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(cpCoupon).where(this.where(f));
    return Number(r!.n);
  }

  async rows(f: CouponFilter, offset: number, limit: number): Promise<CouponItem[]> {
    const rows = await this.db
      .select()
      .from(cpCoupon)
      .where(this.where(f))
      .orderBy(desc(cpCoupon.createdAt), desc(cpCoupon.id))
      .limit(limit)
      .offset(offset);
    return this.items(rows);
  }

  async detail(id: number): Promise<CouponItem> {
    return (await this.items([await this.find(id)]))[0]!;
  }

  async find(id: number, db: Db = this.db): Promise<CouponRow> {
    const [row] = await db
      .select()
      .from(cpCoupon)
      .where(and(eq(cpCoupon.id, id), ne(cpCoupon.status, 'deleted')));
    if (!row) throw new AppError('COUPON_NOT_FOUND');
    return row;
  }

  /**
   * Creates or edits a coupon (spec 5 rules checked again here, whoever calls). Once any is given
   * out, its type, value and scope stay as given; the total never goes below what was given out
   * (decided in the update itself).
   */
  async save(req: CouponSaveRequest, by: string): Promise<{ id: number }> {
    nameAuditTarget(req.name);
    const issues = couponRuleIssues(req);
    if (issues.length) throw new AppError('VALIDATION', { detail: issues[0]!.path });
    const scope = await this.checkScope(req);
    const values = {
      name: req.name,
      type: req.type,
      scope: req.scope,
      scopeId: scope.scopeId,
      scopeSn: scope.scopeSn,
      durationHours: req.type === 'duration' ? req.durationHours! : null,
      amount: req.type === 'money' ? req.amount! : null,
      total: req.total,
      validFrom: new Date(req.validFrom),
      validTo: new Date(req.validTo),
      exchangeDeadline: req.exchangeDeadline ? new Date(req.exchangeDeadline) : null,
      source: req.source ?? (req.exchangeDeadline ? 'code' : 'platform'),
    };
    await this.nameFree(req.name, req.id);
    try {
      if (!req.id) {
        const [row] = await this.db
          .insert(cpCoupon)
          .values({ ...values, createdBy: by.slice(0, 64) })
          .returning({ id: cpCoupon.id });
        return { id: row!.id };
      }
      const was = await this.find(req.id);
      if (was.allotted > 0) {
        const same =
          was.type === values.type &&
          was.durationHours === values.durationHours &&
          was.amount === values.amount &&
          was.scope === values.scope &&
          was.scopeId === values.scopeId &&
          was.scopeSn === values.scopeSn &&
          was.source === values.source;
        if (!same) throw new AppError('COUPON_TERMS_LOCKED');
      }
      const [row] = await this.db
        .update(cpCoupon)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(cpCoupon.id, req.id), ne(cpCoupon.status, 'deleted'), sql`${cpCoupon.allotted} <= ${req.total}`))
        .returning({ id: cpCoupon.id });
      if (!row) {
        const now = await this.find(req.id);
        throw new AppError('COUPON_TOTAL_BELOW_ALLOTTED', { allotted: now.allotted });
      }
      return { id: row.id };
    } catch (err) {
      if (isUniqueViolation(err, 'cp_coupon_name_uq')) throw new AppError('COUPON_NAME_TAKEN');
      throw err;
    }
  }

  /** Stop, resume, or delete (only while no customer holds one: decided by the update's condition). */
  async setStatus(id: number, status: CouponStatus): Promise<CouponItem> {
    const held = sql`not exists (select 1 from ${cpUserCoupon} where ${cpUserCoupon.couponId} = ${cpCoupon.id})`;
    const [row] = await this.db
      .update(cpCoupon)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(cpCoupon.id, id), ne(cpCoupon.status, 'deleted'), status === 'deleted' ? held : undefined))
      .returning();
    nameAuditTarget(row?.name);
    if (!row) {
      await this.find(id);
      throw new AppError('COUPON_HELD');
    }
    return (await this.items([row]))[0]!;
  }

  private async nameFree(name: string, id?: number): Promise<void> {
    const [r] = await this.db
      .select({ id: cpCoupon.id })
      .from(cpCoupon)
      .where(and(eq(cpCoupon.name, name), ne(cpCoupon.status, 'deleted'), id ? ne(cpCoupon.id, id) : undefined));
    if (r) throw new AppError('COUPON_NAME_TAKEN');
  }

  private async checkScope(req: CouponSaveRequest): Promise<{ scopeId: number | null; scopeSn: string | null }> {
    if (req.scope === 'platform') return { scopeId: null, scopeSn: null };
    if (req.scope === 'device') {
      if (!(await this.needs.deviceExists(req.scopeSn!))) throw new AppError('COUPON_SCOPE_NOT_FOUND');
      return { scopeId: null, scopeSn: req.scopeSn! };
    }
    const id = req.scopeId!;
    const names = await this.needs.scopeNames(req.scope, [id]);
    if (!names.has(id)) throw new AppError('COUPON_SCOPE_NOT_FOUND');
    return { scopeId: id, scopeSn: null };
  }

  async items(rows: CouponRow[]): Promise<CouponItem[]> {
    if (!rows.length) return [];
    const ids = (kind: string) => rows.flatMap((r) => (r.scope === kind && r.scopeId ? [r.scopeId] : []));
    const [agents, outlets, operators, providers, counts] = await Promise.all([
      this.needs.scopeNames('agent', ids('agent')),
      this.needs.scopeNames('outlet', ids('outlet')),
      this.needs.scopeNames('operator', ids('operator')),
      this.needs.scopeNames('provider', ids('provider')),
      this.db
        .select({
          couponId: cpUserCoupon.couponId,
          received: count(),
          used: sql<string>`count(*) filter (where ${cpUserCoupon.status} = 'used')`,
          // As a customer's copy reads it (user-coupon.service.ts): unused past its own validity end.
          expired: sql<string>`count(*) filter (where ${cpUserCoupon.status} = 'unused' and ${cpUserCoupon.validTo} <= now())`,
        })
        .from(cpUserCoupon)
        .where(
          inArray(
            cpUserCoupon.couponId,
            rows.map((r) => r.id),
          ),
        )
        .groupBy(cpUserCoupon.couponId),
    ]);
    const byId = new Map(
      counts.map((c) => [
        Number(c.couponId),
        { received: Number(c.received), used: Number(c.used), expired: Number(c.expired) },
      ]),
    );
    const names: Record<string, Map<number, string>> = {
      agent: agents,
      outlet: outlets,
      operator: operators,
      provider: providers,
    };
    return rows.map((r) => {
      const n = byId.get(r.id) ?? { received: 0, used: 0, expired: 0 };
      return {
        id: r.id,
        name: r.name,
        type: r.type as CouponItem['type'],
        scope: r.scope as CouponItem['scope'],
        scopeId: r.scopeId,
        scopeSn: r.scopeSn,
        scopeName: r.scope === 'device' ? r.scopeSn : r.scopeId ? (names[r.scope]?.get(r.scopeId) ?? null) : null,
        durationHours: r.durationHours,
        amount: r.amount,
        total: r.total,
        allotted: r.allotted,
        received: n.received,
        used: n.used,
        expired: n.expired,
        unused: n.received - n.used - n.expired,
        validFrom: r.validFrom.toISOString(),
        validTo: r.validTo.toISOString(),
        exchangeDeadline: r.exchangeDeadline?.toISOString() ?? null,
        source: r.source as CouponItem['source'],
        status: r.status as CouponItem['status'],
        createTime: r.createdAt.toISOString(),
      };
    });
  }
}
