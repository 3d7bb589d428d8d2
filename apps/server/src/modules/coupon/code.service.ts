import crypto from 'node:crypto';
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  COUPON_CODE_ALPHABET,
  COUPON_CODE_LENGTH,
  type CouponBatchFilter,
  type CouponBatchItem,
  type CouponBatchStatus,
  type CouponCodeFilter,
  type CouponCodeItem,
  type MyCouponItem,
} from '@cbo/contract';
import { inTransaction, type Db } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import { AppError } from '../../platform/http/app-error.js';
import type { RateLimit, RateLimits } from '../../platform/rate-limit/rate-limit.js';
import type { Principal } from '../../platform/http/routes.js';
import type { CouponNeeds } from './needs.js';
import { cpCode, cpCodeBatch, cpCoupon, cpUserCoupon } from './tables.js';
import { myCouponItem } from './user-coupon.service.js';
import { nameAuditTargets } from '../../platform/audit/target.js';
import { timedNo } from '../../platform/numbers.js';

const INSERT_CHUNK = 1000;

/** A code: COUPON_CODE_LENGTH characters drawn with crypto's uniform random from an alphabet without look-alikes (25^12, about 6e16 codes). */
export function newCode(): string {
  let s = '';
  for (let i = 0; i < COUPON_CODE_LENGTH; i++)
    s += COUPON_CODE_ALPHABET[crypto.randomInt(0, COUPON_CODE_ALPHABET.length)];
  return s;
}

const batchNo = () => timedNo('CB');

/** The exchange deadline of a coupon's codes: its own, or the validity end. */
const deadlineOf = sql`coalesce(${cpCoupon.exchangeDeadline}, ${cpCoupon.validTo})`;

/**
 * Code batches and their codes (spec 3 and 4): staff generate a batch of a code coupon (taken from
 * its total by a conditional update), end a batch, list and export the codes; a customer redeems a
 * code once (unused -> redeemed by a conditional update that also requires the batch normal, the
 * coupon active and its exchange deadline ahead), which writes the customer's coupon in the same
 * transaction and completes the batch with its last code.
 */
/**
 * Tries of codes, per customer and per address (every try counts, a right code too): a customer
 * redeems the few codes staff hand out, a guesser needs ~10^12 tries per code of a batch. The
 * simulated customers all come from this process's own address, so only their own limit holds.
 */
export const REDEEM_LIMITS = {
  customer: { scope: 'couponRedeem:customer', max: 10, seconds: 600 },
  address: { scope: 'couponRedeem:address', max: 60, seconds: 600 },
} as const satisfies Record<string, RateLimit>;

export class CouponCodeService {
  constructor(
    private readonly db: Db,
    private readonly needs: CouponNeeds,
    private readonly limits: RateLimits | null = null,
  ) {}

  // ------------------------------------------------------------------ batches

  async createBatch(req: { couponId: number; quantity: number }, by: string): Promise<CouponBatchItem> {
    const id = await inTransaction(this.db, async (tx) => {
      const [c] = await tx.select().from(cpCoupon).where(eq(cpCoupon.id, req.couponId)).for('update');
      if (!c || c.status === 'deleted') throw new AppError('COUPON_NOT_FOUND');
      if (c.source !== 'code') throw new AppError('COUPON_WRONG_SOURCE');
      if (c.status !== 'active' || (c.exchangeDeadline ?? c.validTo).getTime() <= Date.now())
        throw new AppError('COUPON_NOT_ACTIVE');
      const [taken] = await tx
        .update(cpCoupon)
        .set({ allotted: sql`${cpCoupon.allotted} + ${req.quantity}` })
        .where(and(eq(cpCoupon.id, c.id), sql`${cpCoupon.allotted} + ${req.quantity} <= ${cpCoupon.total}`))
        .returning({ id: cpCoupon.id });
      if (!taken) throw new AppError('COUPON_TOTAL_EXCEEDED', { left: c.total - c.allotted });
      const [b] = await tx
        .insert(cpCodeBatch)
        .values({ batchNo: batchNo(), couponId: c.id, quantity: req.quantity, createdBy: by.slice(0, 64) })
        .returning({ id: cpCodeBatch.id });
      let left = req.quantity;
      // A code drawn twice (about one in 1e16 per pair) is skipped by the unique index and drawn again.
      while (left > 0) {
        const n = Math.min(left, INSERT_CHUNK);
        const made = await tx
          .insert(cpCode)
          .values(Array.from({ length: n }, () => ({ code: newCode(), batchId: b!.id, couponId: c.id })))
          .onConflictDoNothing()
          .returning({ id: cpCode.id });
        left -= made.length;
      }
      return b!.id;
    });
    return named(await this.batch(id));
  }

  async endBatch(id: number): Promise<CouponBatchItem> {
    const [row] = await this.db
      .update(cpCodeBatch)
      .set({ status: 'ended', endedAt: new Date() })
      .where(and(eq(cpCodeBatch.id, id), eq(cpCodeBatch.status, 'normal')))
      .returning({ id: cpCodeBatch.id });
    if (!row) {
      named(await this.batch(id));
      throw new AppError('COUPON_BATCH_NOT_NORMAL');
    }
    return named(await this.batch(id));
  }

  async batch(id: number): Promise<CouponBatchItem> {
    const [r] = await this.batchSelect().where(eq(cpCodeBatch.id, id));
    if (!r) throw new AppError('COUPON_BATCH_NOT_FOUND');
    return batchItem(r);
  }

  private batchSelect() {
    return this.db
      .select({
        b: cpCodeBatch,
        name: cpCoupon.name,
        type: cpCoupon.type,
        durationHours: cpCoupon.durationHours,
        amount: cpCoupon.amount,
        deadline: sql<string>`${deadlineOf}`.mapWith((v: string | Date) => new Date(v)),
      })
      .from(cpCodeBatch)
      .innerJoin(cpCoupon, eq(cpCoupon.id, cpCodeBatch.couponId));
  }

  /** Batches; "exchange ended" also covers a normal batch whose coupon's exchange deadline passed. */
  private batchWhere(f: CouponBatchFilter): SQL | undefined {
    const c: SQL[] = [];
    if (f.couponId) c.push(eq(cpCodeBatch.couponId, f.couponId));
    const passed = sql`${deadlineOf} <= now()`;
    if (f.status === 'ended')
      c.push(or(eq(cpCodeBatch.status, 'ended'), and(eq(cpCodeBatch.status, 'normal'), passed))!);
    else if (f.status === 'normal') c.push(and(eq(cpCodeBatch.status, 'normal'), sql`not (${passed})`)!);
    else if (f.status) c.push(eq(cpCodeBatch.status, f.status));
    return c.length ? and(...c) : undefined;
  }

  readonly batches = {
    count: async (f: CouponBatchFilter): Promise<number> => {
      const [r] = await this.db
        .select({ n: count() })
        .from(cpCodeBatch)
        .innerJoin(cpCoupon, eq(cpCoupon.id, cpCodeBatch.couponId))
        .where(this.batchWhere(f));
      return Number(r!.n);
    },
    rows: async (f: CouponBatchFilter, offset: number, limit: number): Promise<CouponBatchItem[]> => {
      const rows = await this.batchSelect()
        .where(this.batchWhere(f))
        .orderBy(desc(cpCodeBatch.createdAt), desc(cpCodeBatch.id))
        .limit(limit)
        .offset(offset);
      return rows.map(batchItem);
    },
  };

  // ------------------------------------------------------------------ the code list

  private codeWhere(f: CouponCodeFilter): SQL | undefined {
    const c: SQL[] = [];
    if (f.batchId) c.push(eq(cpCode.batchId, f.batchId));
    if (f.code) c.push(ilike(cpCode.code, containing(f.code.toUpperCase())));
    if (f.status) c.push(eq(cpCode.status, f.status));
    if (f.mobile) c.push(ilike(cpCode.userMobile, containing(f.mobile)));
    return c.length ? and(...c) : undefined;
  }

  async count(f: CouponCodeFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(cpCode).where(this.codeWhere(f));
    return Number(r!.n);
  }

  async rows(f: CouponCodeFilter, offset: number, limit: number): Promise<CouponCodeItem[]> {
    const rows = await this.db
      .select({ c: cpCode, batchNo: cpCodeBatch.batchNo, couponName: cpCoupon.name })
      .from(cpCode)
      .innerJoin(cpCodeBatch, eq(cpCodeBatch.id, cpCode.batchId))
      .innerJoin(cpCoupon, eq(cpCoupon.id, cpCode.couponId))
      .where(this.codeWhere(f))
      .orderBy(desc(cpCode.batchId), cpCode.id)
      .limit(limit)
      .offset(offset);
    return rows.map(({ c, batchNo, couponName }) => ({
      id: c.id,
      code: c.code,
      batchId: c.batchId,
      batchNo,
      couponName,
      status: c.status as CouponCodeItem['status'],
      userId: c.userId,
      userMobile: c.userMobile,
      redeemTime: c.redeemedAt?.toISOString() ?? null,
      createTime: c.createdAt.toISOString(),
    }));
  }

  // ------------------------------------------------------------------ redemption

  /** A customer redeems a code: exactly one of any number of simultaneous attempts on one code succeeds. */
  async redeem(p: Principal, code: string, from?: { ip: string }): Promise<MyCouponItem> {
    if (p.accountType !== 'user') throw new AppError('ORDER_APP_USERS_ONLY');
    const member = await this.needs.customers.member(p.accountId);
    if (!member || member.status !== 0) throw new AppError('ACCOUNT_FROZEN');
    // Counted before the code is looked at, outside the redemption's transaction: a wrong guess counts.
    const refused = await this.limits?.take([
      { limit: REDEEM_LIMITS.customer, key: String(member.id) },
      ...(from && !member.simulated ? [{ limit: REDEEM_LIMITS.address, key: from.ip }] : []),
    ]);
    if (refused) throw new AppError('RATE_LIMITED', { minutes: Math.ceil(refused.retryAfterSeconds / 60) });
    const mobile = `${member.areaCode}-${member.mobile}`;
    return inTransaction(this.db, async (tx) => {
      const now = new Date();
      const [won] = await tx
        .update(cpCode)
        .set({ status: 'redeemed', userId: member.id, userMobile: mobile, redeemedAt: now })
        .where(
          and(
            eq(cpCode.code, code),
            eq(cpCode.status, 'unused'),
            inArray(
              cpCode.batchId,
              tx
                .select({ id: cpCodeBatch.id })
                .from(cpCodeBatch)
                .where(and(eq(cpCodeBatch.id, cpCode.batchId), eq(cpCodeBatch.status, 'normal'))),
            ),
            inArray(
              cpCode.couponId,
              tx
                .select({ id: cpCoupon.id })
                .from(cpCoupon)
                .where(
                  and(
                    eq(cpCoupon.id, cpCode.couponId),
                    eq(cpCoupon.status, 'active'),
                    sql`${deadlineOf} > ${now.toISOString()}::timestamptz`,
                  ),
                ),
            ),
          ),
        )
        .returning();
      if (!won) {
        const [was] = await tx.select({ status: cpCode.status }).from(cpCode).where(eq(cpCode.code, code));
        throw new AppError(
          !was ? 'COUPON_CODE_INVALID' : was.status === 'redeemed' ? 'COUPON_CODE_USED' : 'COUPON_CODE_ENDED',
        );
      }
      await tx
        .update(cpCodeBatch)
        .set({
          exchanged: sql`${cpCodeBatch.exchanged} + 1`,
          status: sql`case when ${cpCodeBatch.exchanged} + 1 = ${cpCodeBatch.quantity} then 'completed' else ${cpCodeBatch.status} end`,
        })
        .where(eq(cpCodeBatch.id, won.batchId));
      const [c] = await tx.select().from(cpCoupon).where(eq(cpCoupon.id, won.couponId));
      const [uc] = await tx
        .insert(cpUserCoupon)
        .values({
          couponId: c!.id,
          couponName: c!.name,
          userId: member.id,
          userMobile: mobile,
          type: c!.type,
          durationHours: c!.durationHours,
          amount: c!.amount,
          scope: c!.scope,
          scopeId: c!.scopeId,
          scopeSn: c!.scopeSn,
          validFrom: c!.validFrom,
          validTo: c!.validTo,
          source: 'code',
          codeId: won.id,
          simulated: member.simulated,
          createdAt: now,
        })
        .returning();
      return myCouponItem(uc!, now);
    });
  }
}

/** A code batch as an operation-log entry names it: its number and its coupon's name. */
function named(b: CouponBatchItem): CouponBatchItem {
  nameAuditTargets([b.batchNo, b.couponName]);
  return b;
}

function batchItem(r: {
  b: typeof cpCodeBatch.$inferSelect;
  name: string;
  type: string;
  durationHours: number | null;
  amount: number | null;
  deadline: Date;
}): CouponBatchItem {
  const passed = r.deadline.getTime() <= Date.now();
  const status: CouponBatchStatus = r.b.status === 'normal' && passed ? 'ended' : (r.b.status as CouponBatchStatus);
  return {
    id: r.b.id,
    batchNo: r.b.batchNo,
    couponId: r.b.couponId,
    couponName: r.name,
    type: r.type as CouponBatchItem['type'],
    durationHours: r.durationHours,
    amount: r.amount,
    quantity: r.b.quantity,
    exchanged: r.b.exchanged,
    notExchanged: r.b.quantity - r.b.exchanged,
    exchangeDeadline: r.deadline.toISOString(),
    status,
    createdBy: r.b.createdBy,
    createTime: r.b.createdAt.toISOString(),
  };
}
