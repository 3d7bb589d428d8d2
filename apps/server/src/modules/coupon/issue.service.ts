import ExcelJS from 'exceljs';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  canonicalPhone,
  COUPON_LIMITS,
  isPhone,
  parsePhoneText,
  SIMULATED_CALLING_CODE,
  type CouponIssueReport,
  type CouponIssueRequest,
  type CouponSkipReason,
} from '@cbo/contract';
import { inTransaction, type Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { CouponMember, CouponNeeds } from './needs.js';
import { cpCoupon, cpUserCoupon } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

const DAY_MS = 86_400_000;

/**
 * A mobile as typed into a send, canonical (docs/decisions/customers.md, "One phone, one customer"):
 * national digits alone ("013800000000": any country), or with the calling code
 * ("86-13800000000", "+886 912345678", "+8613800000000"); the demo's own +999 numbers too (a send
 * names customers who exist, so it texts no one).
 */
function readMobile(raw: string): { areaCode: string | null; mobile: string } | null {
  const simulated = /^\+?999[\s-]+(\d{4,20})$/.exec(raw);
  if (simulated) {
    const p = canonicalPhone(SIMULATED_CALLING_CODE, simulated[1]!, { simulated: true });
    return isPhone(p) ? p : null;
  }
  return parsePhoneText(raw);
}

/**
 * The platform send (spec 2, issue coupons): a coupon given to customers by mobile. Under a row
 * lock on the coupon (so sends at the same moment queue), the per-customer daily limit is read,
 * then the coupons taken from the total by a conditional update, then the copies written in one
 * statement; all in one transaction, so a refused send leaves nothing behind.
 */
export class CouponIssueService {
  constructor(
    private readonly db: Db,
    private readonly needs: CouponNeeds,
  ) {}

  async issue(req: CouponIssueRequest, now = new Date()): Promise<CouponIssueReport> {
    const skipped: { mobile: string; reason: CouponSkipReason }[] = [];
    const wanted: { raw: string; areaCode: string | null; mobile: string }[] = [];
    const seen = new Set<string>();
    const entries = req.mobiles.map((m) => m.trim()).filter(Boolean);
    for (const raw of entries) {
      const m = readMobile(raw);
      if (!m) {
        skipped.push({ mobile: raw, reason: 'badFormat' });
        continue;
      }
      const key = `${m.areaCode ?? ''}|${m.mobile}`;
      if (seen.has(key)) {
        skipped.push({ mobile: raw, reason: 'duplicate' });
        continue;
      }
      seen.add(key);
      wanted.push({ raw, areaCode: m.areaCode, mobile: m.mobile });
    }
    const members = wanted.length
      ? await this.needs.customers.byMobiles([...new Set(wanted.map((w) => w.mobile))])
      : [];
    const found: { raw: string; member: CouponMember }[] = [];
    const given = new Set<number>();
    for (const w of wanted) {
      const matches = members.filter(
        (m) => m.mobile === w.mobile && (w.areaCode === null || m.areaCode === w.areaCode),
      );
      // A number without an area code that two customers share is ambiguous: both would get it, so neither does.
      const member = matches.length === 1 ? matches[0]! : null;
      if (!member || given.has(member.id)) {
        skipped.push({ mobile: w.raw, reason: member ? 'duplicate' : 'absent' });
        continue;
      }
      given.add(member.id);
      found.push({ raw: w.raw, member });
    }

    const issued = await inTransaction(this.db, async (tx) => {
      const [c] = await tx.select().from(cpCoupon).where(eq(cpCoupon.id, req.couponId)).for('update');
      if (!c || c.status === 'deleted') throw new AppError('COUPON_NOT_FOUND');
      nameAuditTarget(c.name);
      if (c.source !== 'platform') throw new AppError('COUPON_WRONG_SOURCE');
      if (c.status !== 'active' || c.validTo.getTime() <= now.getTime()) throw new AppError('COUPON_NOT_ACTIVE');
      if (!found.length) return [];
      // spec 5: at most dailyLimit of this coupon per customer in a day (the last 24 hours), this send included.
      const had = await tx
        .select({ userId: cpUserCoupon.userId, n: sql<string>`count(*)` })
        .from(cpUserCoupon)
        .where(
          and(
            eq(cpUserCoupon.couponId, c.id),
            inArray(
              cpUserCoupon.userId,
              found.map((f) => f.member.id),
            ),
            gt(cpUserCoupon.createdAt, new Date(now.getTime() - DAY_MS)),
          ),
        )
        .groupBy(cpUserCoupon.userId);
      const hadBy = new Map(had.map((h) => [Number(h.userId), Number(h.n)]));
      const ok = found.filter((f) => {
        const over = (hadBy.get(f.member.id) ?? 0) + req.perUser > req.dailyLimit;
        if (over) skipped.push({ mobile: f.raw, reason: 'dailyLimit' });
        return !over;
      });
      if (!ok.length) return [];
      const need = ok.length * req.perUser;
      const [taken] = await tx
        .update(cpCoupon)
        .set({ allotted: sql`${cpCoupon.allotted} + ${need}` })
        .where(and(eq(cpCoupon.id, c.id), sql`${cpCoupon.allotted} + ${need} <= ${cpCoupon.total}`))
        .returning({ id: cpCoupon.id });
      if (!taken) throw new AppError('COUPON_TOTAL_EXCEEDED', { left: c.total - c.allotted });
      const people = JSON.stringify(
        ok.map((f) => ({
          user_id: f.member.id,
          user_mobile: `${f.member.areaCode}-${f.member.mobile}`,
          simulated: f.member.simulated,
        })),
      );
      await tx.execute(sql`
        insert into ${cpUserCoupon} (coupon_id, coupon_name, user_id, user_mobile, type, duration_hours, amount, scope, scope_id, scope_sn, valid_from, valid_to, source, simulated, created_at)
        select ${c.id}::bigint, ${c.name}::varchar, p.user_id, p.user_mobile, ${c.type}::varchar, ${c.durationHours}::smallint, ${c.amount}::integer, ${c.scope}::varchar, ${c.scopeId}::bigint, ${c.scopeSn}::varchar, ${c.validFrom.toISOString()}::timestamptz, ${c.validTo.toISOString()}::timestamptz, 'platform', p.simulated, ${now.toISOString()}::timestamptz
        from json_to_recordset(${people}::json) as p(user_id bigint, user_mobile text, simulated boolean)
        cross join generate_series(1, ${req.perUser}::integer)`);
      return ok;
    });
    return {
      total: entries.length,
      successes: issued.length,
      failures: entries.length - issued.length,
      issued: issued.length * req.perUser,
      skipped,
    };
  }

  /** Reads the mobiles of an xlsx file's first sheet, first column (a heading row that is no number is passed over). */
  async readMobiles(bytes: Buffer): Promise<{ mobiles: string[]; rows: number }> {
    if (!bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) throw new AppError('COUPON_MOBILES_FILE');
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw new AppError('COUPON_MOBILES_FILE');
    }
    const ws = wb.worksheets[0];
    if (!ws) throw new AppError('COUPON_MOBILES_FILE');
    const mobiles: string[] = [];
    let rows = 0;
    ws.eachRow({ includeEmpty: false }, (row, n) => {
      const v = row.getCell(1).value;
      const text =
        v === null || v === undefined
          ? ''
          : typeof v === 'object' && 'text' in v
            ? String(v.text)
            : typeof v === 'object' && 'result' in v
              ? String(v.result ?? '')
              : String(v);
      const t = text.trim();
      if (!t || (n === 1 && !/\d/.test(t))) return;
      rows += 1;
      if (mobiles.length < COUPON_LIMITS.mobiles.max) mobiles.push(t);
    });
    if (!rows) throw new AppError('COUPON_MOBILES_FILE');
    return { mobiles, rows };
  }
}
