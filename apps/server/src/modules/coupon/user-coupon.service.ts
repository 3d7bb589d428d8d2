import { and, asc, count, desc, eq, gt, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { MyCouponItem, PageResult, UserCouponFilter, UserCouponItem, UserCouponStatus } from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Principal } from '../../platform/http/routes.js';
import type { CouponNeeds } from './needs.js';
import { cpCode, cpUserCoupon } from './tables.js';

type UserCouponRow = typeof cpUserCoupon.$inferSelect;

/** What a rental's settle tells the coupon module. */
export interface CouponSettle {
  userId: number;
  orderNo: string;
  /** The rental's cabinet, outlet and the agents above it (the coupon scopes). */
  sn: string | null;
  outletId: number | null;
  agentIds: number[];
  /** The operator: the direct-sales team owning the outlet (scope operator). */
  teamId: number | null;
  /** The outlet's service provider (scope provider: what "operator" meant before, kept for the coupons given then). */
  providerId: number | null;
  at: Date;
  /** What is still owed after the voucher. */
  owed: number;
  /** What would be owed if `freeMinutes` more of the rental were free (after the voucher too). */
  owedAfter: (freeMinutes: number) => number;
}

/** A copy is expired when it is unused and its validity ended (read, not stored: nothing needs to run for it). */
export function statusOf(r: Pick<UserCouponRow, 'status' | 'validTo'>, now = new Date()): UserCouponStatus {
  return r.status === 'unused' && r.validTo.getTime() <= now.getTime() ? 'expired' : (r.status as UserCouponStatus);
}

/** What a copy takes off a rental: a money coupon its amount, a duration coupon the fee of its hours; never more than is owed. */
export function deductionOf(
  c: Pick<UserCouponRow, 'type' | 'amount' | 'durationHours'>,
  r: Pick<CouponSettle, 'owed' | 'owedAfter'>,
): number {
  const off = c.type === 'money' ? (c.amount ?? 0) : r.owed - r.owedAfter((c.durationHours ?? 0) * 60);
  return Math.max(0, Math.min(r.owed, off));
}

/**
 * The customers' coupons: the console's list, the app's "my coupons", and the use at a rental's
 * settle (the best valid copy, one use by a conditional update, its deduction posted as the
 * platform's marketing expense into order income in the settle's transaction, so the order's
 * shares are of the whole fee: the platform alone pays for its coupons).
 */
export class UserCouponService {
  constructor(
    private readonly db: Db,
    private readonly needs: CouponNeeds,
  ) {}

  private where(f: UserCouponFilter): SQL | undefined {
    const c: SQL[] = [];
    if (f.mobile) c.push(ilike(cpUserCoupon.userMobile, containing(f.mobile)));
    if (f.userId) c.push(eq(cpUserCoupon.userId, f.userId));
    if (f.couponId) c.push(eq(cpUserCoupon.couponId, f.couponId));
    if (f.source) c.push(eq(cpUserCoupon.source, f.source));
    if (f.status) c.push(statusWhere(f.status));
    return c.length ? and(...c) : undefined;
  }

  async count(f: UserCouponFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(cpUserCoupon).where(this.where(f));
    return Number(r!.n);
  }

  async rows(f: UserCouponFilter, offset: number, limit: number): Promise<UserCouponItem[]> {
    const rows = await this.db
      .select({ u: cpUserCoupon, code: cpCode.code })
      .from(cpUserCoupon)
      .leftJoin(cpCode, eq(cpCode.id, cpUserCoupon.codeId))
      .where(this.where(f))
      .orderBy(desc(cpUserCoupon.createdAt), desc(cpUserCoupon.id))
      .limit(limit)
      .offset(offset);
    const now = new Date();
    return rows.map(({ u, code }) => ({
      ...myCouponItem(u, now),
      couponId: u.couponId,
      userId: u.userId,
      userMobile: u.userMobile,
      code,
    }));
  }

  /** The app's "my coupons": usable first (soonest to end first), then the rest, newest first. */
  async mine(
    p: Principal,
    q: { pageNum: number; pageSize: number; status?: UserCouponStatus },
  ): Promise<PageResult<MyCouponItem>> {
    if (p.accountType !== 'user') throw new AppError('ORDER_APP_USERS_ONLY');
    const w = and(eq(cpUserCoupon.userId, p.accountId), q.status ? statusWhere(q.status) : undefined);
    const usable = sql`case when ${cpUserCoupon.status} = 'unused' and ${cpUserCoupon.validTo} > now() then 0 else 1 end`;
    const [rows, [n]] = await Promise.all([
      this.db
        .select()
        .from(cpUserCoupon)
        .where(w)
        .orderBy(
          asc(usable),
          asc(sql`case when ${usable} = 0 then ${cpUserCoupon.validTo} end`),
          desc(cpUserCoupon.createdAt),
          desc(cpUserCoupon.id),
        )
        .limit(q.pageSize)
        .offset((q.pageNum - 1) * q.pageSize),
      this.db.select({ n: count() }).from(cpUserCoupon).where(w),
    ]);
    const now = new Date();
    return { list: rows.map((r) => myCouponItem(r, now)), total: Number(n!.n) };
  }

  /**
   * A rental ends: applies the customer's best valid coupon to what is owed after the voucher.
   * Best: the largest deduction for this rental; among equals the one ending soonest, then the
   * oldest. The copy is used by a conditional update (two settles of one customer at once never
   * use one copy twice); its deduction is the platform's marketing expense, posted here in the
   * settle's transaction with the order number as its key.
   */
  async apply(tx: Db, r: CouponSettle): Promise<{ userCouponId: number; deduction: number } | null> {
    if (r.owed <= 0) return null;
    const holds = or(
      eq(cpUserCoupon.scope, 'platform'),
      r.outletId ? and(eq(cpUserCoupon.scope, 'outlet'), eq(cpUserCoupon.scopeId, r.outletId)) : undefined,
      r.agentIds.length ? and(eq(cpUserCoupon.scope, 'agent'), inArray(cpUserCoupon.scopeId, r.agentIds)) : undefined,
      r.sn ? and(eq(cpUserCoupon.scope, 'device'), eq(cpUserCoupon.scopeSn, r.sn)) : undefined,
      r.teamId ? and(eq(cpUserCoupon.scope, 'operator'), eq(cpUserCoupon.scopeId, r.teamId)) : undefined,
      r.providerId ? and(eq(cpUserCoupon.scope, 'provider'), eq(cpUserCoupon.scopeId, r.providerId)) : undefined,
    );
    const candidates = await tx
      .select()
      .from(cpUserCoupon)
      .where(
        and(
          eq(cpUserCoupon.userId, r.userId),
          eq(cpUserCoupon.status, 'unused'),
          lte(cpUserCoupon.validFrom, r.at),
          gt(cpUserCoupon.validTo, r.at),
          holds,
        ),
      )
      .orderBy(asc(cpUserCoupon.validTo), asc(cpUserCoupon.id))
      .limit(50);
    const ranked = candidates
      .map((c, i) => ({ c, i, off: deductionOf(c, r) }))
      .filter((x) => x.off > 0)
      .sort((a, b) => b.off - a.off || a.i - b.i);
    for (const { c, off } of ranked) {
      const [used] = await tx
        .update(cpUserCoupon)
        .set({ status: 'used', orderNo: r.orderNo, deduction: off, usedAt: r.at })
        .where(and(eq(cpUserCoupon.id, c.id), eq(cpUserCoupon.status, 'unused')))
        .returning({ id: cpUserCoupon.id });
      // Another settle of the customer took this copy a moment ago: the next best.
      if (!used) continue;
      await this.needs.ledger.post(
        {
          idempotencyKey: `coupon-use:${r.orderNo}`,
          kind: 'couponUse',
          orderNo: r.orderNo,
          // The settle hands over its order's outlet: the ledger need not look it up.
          outletId: r.outletId,
          memo: 'couponUsed',
          entries: [
            { account: { kind: 'marketingExpense' }, debit: off },
            { account: { kind: 'orderIncome' }, credit: off },
          ],
        },
        tx,
      );
      return { userCouponId: used.id, deduction: off };
    }
    return null;
  }
}

function statusWhere(s: UserCouponStatus): SQL {
  if (s === 'used') return eq(cpUserCoupon.status, 'used');
  if (s === 'expired') return and(eq(cpUserCoupon.status, 'unused'), lte(cpUserCoupon.validTo, sql`now()`))!;
  return and(eq(cpUserCoupon.status, 'unused'), gt(cpUserCoupon.validTo, sql`now()`))!;
}

export function myCouponItem(
  u: UserCouponRow,
  now: Date,
): MyCouponItem & Omit<UserCouponItem, 'couponId' | 'userId' | 'userMobile' | 'code'> {
  return {
    id: u.id,
    couponName: u.couponName,
    type: u.type as MyCouponItem['type'],
    durationHours: u.durationHours,
    amount: u.amount,
    source: u.source as MyCouponItem['source'],
    status: statusOf(u, now),
    validFrom: u.validFrom.toISOString(),
    validTo: u.validTo.toISOString(),
    orderNo: u.orderNo,
    deduction: u.deduction,
    createTime: u.createdAt.toISOString(),
    usedTime: u.usedAt?.toISOString() ?? null,
  };
}
