import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import {
  errorMessage,
  parsePhoneText,
  type DepositRuleItem,
  type DepositRuleQuery,
  type DepositRuleSave,
  type DepositRuleScope,
  type DepositRuleStatus,
  type ErrorName,
  type IgnoreBatchReport,
  type IgnoreItem,
  type IgnoreQuery,
  type IgnoreSkipReason,
  type Lang,
} from '@cbo/contract';
import { isUniqueViolation, type Db, inTransaction } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import { AppError } from '../../platform/http/app-error.js';
import type { DepositService } from './deposit.service.js';
import type { DepositNeeds } from './needs.js';
import { depIgnore, depRule } from './tables.js';
import { nameAuditTarget, nameAuditTargets } from '../../platform/audit/target.js';

type RuleRow = typeof depRule.$inferSelect;
type DepositRuleFilter = Omit<DepositRuleQuery, 'pageNum' | 'pageSize'>;

/** Where a rental happens, for the rules: the outlet and its agents from the nearest up. */
export interface RentPlace {
  outletId: number;
  agentIds: number[];
}
/** Why deposit-free renting is refused (null: allowed). */
export interface DepositFreeRefusal {
  need: number;
  done: number;
  used: number;
  earned: number;
  ruleId: number;
}

/**
 * Deposit rules: who may rent deposit-free. A rule applies to the platform, one agent's outlets
 * or one outlet; the most specific enabled rule wins (the outlet's, then the nearest agent's up
 * the line, then the platform's); without one a customer may go deposit-free as before. Under a
 * rule of N and M, every N finished deposit orders earn M deposit-free rentals (M not above N,
 * spec 5). Customers on the ignore list skip the rules.
 */
export class DepositRuleService {
  constructor(
    private readonly db: Db,
    private readonly needs: DepositNeeds,
    private readonly deposits: DepositService,
  ) {}

  private where(f: DepositRuleFilter): SQL | undefined {
    const c: SQL[] = [];
    if (f.name) c.push(ilike(depRule.name, containing(f.name)));
    if (f.scope) c.push(eq(depRule.scope, f.scope));
    if (f.status) c.push(eq(depRule.status, f.status));
    return c.length ? and(...c) : undefined;
  }
  async count(f: DepositRuleFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(depRule).where(this.where(f));
    return Number(r!.n);
  }
  async rows(f: DepositRuleFilter, offset: number, limit: number): Promise<DepositRuleItem[]> {
    const rows = await this.db
      .select()
      .from(depRule)
      .where(this.where(f))
      .orderBy(desc(depRule.updatedAt), desc(depRule.id))
      .limit(limit)
      .offset(offset);
    return rows.map(ruleItem);
  }

  async detail(id: number, db: Db = this.db): Promise<DepositRuleItem> {
    const [r] = await db.select().from(depRule).where(eq(depRule.id, id));
    if (!r) throw new AppError('DEPOSIT_RULE_NOT_FOUND');
    return ruleItem(r);
  }

  /** Creates (without id) or edits a rule; one rule per scope target (a unique index decides). */
  async save(req: DepositRuleSave, by: string): Promise<DepositRuleItem> {
    const targetId = req.scope === 'agent' ? req.agentId! : req.scope === 'outlet' ? req.outletId! : 0;
    const scopeName =
      req.scope === 'agent'
        ? await this.needs.agentName(targetId)
        : req.scope === 'outlet'
          ? await this.needs.outletName(targetId)
          : null;
    if (req.scope !== 'platform' && !scopeName) throw new AppError('DEPOSIT_RULE_TARGET');
    nameAuditTarget(req.name);
    const values = {
      name: req.name,
      scope: req.scope,
      targetId,
      scopeName,
      depositOrderCount: req.depositOrderCount,
      depositFreeOrderCount: req.depositFreeOrderCount,
      status: req.status,
      updatedAt: new Date(),
    };
    return inTransaction(this.db, async (tx) => {
      const [taken] = await tx
        .select({ id: depRule.id })
        .from(depRule)
        .where(and(eq(depRule.scope, req.scope), eq(depRule.targetId, targetId)));
      if (taken && taken.id !== req.id) throw new AppError('DEPOSIT_RULE_SCOPE_TAKEN');
      let row: RuleRow | undefined;
      try {
        if (req.id) [row] = await tx.update(depRule).set(values).where(eq(depRule.id, req.id)).returning();
        else
          [row] = await tx
            .insert(depRule)
            .values({ ...values, creator: by })
            .returning();
      } catch (err) {
        if (isUniqueViolation(err, 'dep_rule_scope_uq')) throw new AppError('DEPOSIT_RULE_SCOPE_TAKEN');
        throw err;
      }
      if (!row) throw new AppError('DEPOSIT_RULE_NOT_FOUND');
      return ruleItem(row);
    });
  }

  async editStatus(id: number, status: DepositRuleStatus): Promise<DepositRuleItem> {
    const [r] = await this.db
      .update(depRule)
      .set({ status, updatedAt: new Date() })
      .where(eq(depRule.id, id))
      .returning();
    if (!r) throw new AppError('DEPOSIT_RULE_NOT_FOUND');
    nameAuditTarget(r.name);
    return ruleItem(r);
  }

  /**
   * Whether this customer may rent deposit-free here: null when allowed, else the figures of the
   * refusal. Read with the caller's handle (inside the rent's transaction, under its customer lock).
   */
  async depositFreeRefusal(userId: number, place: RentPlace, db: Db = this.db): Promise<DepositFreeRefusal | null> {
    const [ignored] = await db.select({ id: depIgnore.id }).from(depIgnore).where(eq(depIgnore.userId, userId));
    if (ignored) return null;
    const targets: SQL[] = [
      and(eq(depRule.scope, 'outlet'), eq(depRule.targetId, place.outletId))!,
      eq(depRule.scope, 'platform'),
    ];
    if (place.agentIds.length)
      targets.push(and(eq(depRule.scope, 'agent'), inArray(depRule.targetId, place.agentIds))!);
    const rules = await db
      .select()
      .from(depRule)
      .where(and(eq(depRule.status, 'enabled'), or(...targets)));
    const rank = (r: RuleRow) =>
      r.scope === 'outlet' ? 0 : r.scope === 'agent' ? 1 + place.agentIds.indexOf(r.targetId) : 1000;
    const rule = rules.sort((a, b) => rank(a) - rank(b))[0];
    if (!rule) return null;
    const { done, used } = await this.deposits.history(userId, db);
    const earned = Math.floor(done / rule.depositOrderCount) * rule.depositFreeOrderCount;
    if (used < earned) return null;
    // The next threshold: the finished deposit orders that would earn one more deposit-free rental.
    const need =
      rule.depositFreeOrderCount > 0
        ? (Math.floor(used / rule.depositFreeOrderCount) + 1) * rule.depositOrderCount
        : rule.depositOrderCount;
    return { need, done, used, earned, ruleId: rule.id };
  }

  // ------------------------------------------------------------------ the ignore list

  private ignoreWhere(f: Omit<IgnoreQuery, 'pageNum' | 'pageSize'>): SQL | undefined {
    return f.mobile ? ilike(depIgnore.userMobile, containing(f.mobile)) : undefined;
  }
  readonly ignoreList = {
    count: async (f: Omit<IgnoreQuery, 'pageNum' | 'pageSize'>): Promise<number> => {
      const [r] = await this.db.select({ n: count() }).from(depIgnore).where(this.ignoreWhere(f));
      return Number(r!.n);
    },
    rows: async (
      f: Omit<IgnoreQuery, 'pageNum' | 'pageSize'>,
      offset: number,
      limit: number,
    ): Promise<IgnoreItem[]> => {
      const rows = await this.db
        .select()
        .from(depIgnore)
        .where(this.ignoreWhere(f))
        .orderBy(desc(depIgnore.id))
        .limit(limit)
        .offset(offset);
      return rows.map(ignoreItem);
    },
  };

  async ignoreAdd(req: { userId: number; remark?: string }, by: string): Promise<IgnoreItem> {
    const m = await this.needs.customers.member(req.userId);
    if (!m) throw new AppError('DEPOSIT_USER_NOT_FOUND');
    nameAuditTarget(`+${m.areaCode} ${m.mobile}`);
    const [row] = await this.db
      .insert(depIgnore)
      .values({ userId: m.id, userMobile: `${m.areaCode}-${m.mobile}`, remark: req.remark || null, creator: by })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('DEPOSIT_IGNORE_TAKEN');
    return ignoreItem(row);
  }

  /**
   * Exempts customers by phone number (spec 8: the batch upload's partial failure report). Each
   * line is read by the contract's phone rule (parsePhoneText): with a country code it names one
   * customer; without one it is matched under every country code and refused when customers of
   * several countries have it. The insert skips whoever is already exempt (the unique index
   * decides, so two batches at once never add one customer twice).
   */
  async ignoreBatch(req: { phones: string[]; remark?: string }, by: string, lang: Lang): Promise<IgnoreBatchReport> {
    const lines = req.phones.map((p) => p.trim()).filter(Boolean);
    nameAuditTargets(lines);
    const failed: IgnoreBatchReport['failed'] = [];
    const skip = (phone: string, reason: IgnoreSkipReason) =>
      failed.push({ phone, reason, msg: errorMessage(SKIP_ERRORS[reason], lang) });
    const parsed = lines.map((line) => ({ line, phone: parsePhoneText(line) }));
    const members = await this.needs.customers.byMobiles([
      ...new Set(parsed.flatMap((p) => (p.phone ? [p.phone.mobile] : []))),
    ]);
    const chosen = new Map<number, { line: string; areaCode: string; mobile: string }>();
    for (const { line, phone } of parsed) {
      if (!phone) {
        skip(line, 'notPhone');
        continue;
      }
      const matches = members.filter(
        (m) => m.mobile === phone.mobile && (phone.areaCode === null || m.areaCode === phone.areaCode),
      );
      if (!matches.length) skip(line, 'unknown');
      else if (matches.length > 1) skip(line, 'ambiguous');
      else if (chosen.has(matches[0]!.id)) skip(line, 'duplicate');
      else chosen.set(matches[0]!.id, { line, ...matches[0]! });
    }
    const wanted = [...chosen.entries()];
    const added = wanted.length
      ? await this.db
          .insert(depIgnore)
          .values(
            wanted.map(([userId, m]) => ({
              userId,
              userMobile: `${m.areaCode}-${m.mobile}`,
              remark: req.remark || null,
              creator: by,
            })),
          )
          .onConflictDoNothing()
          .returning({ userId: depIgnore.userId })
      : [];
    const addedIds = new Set(added.map((r) => r.userId));
    for (const [userId, m] of wanted) if (!addedIds.has(userId)) skip(m.line, 'alreadyExempt');
    // The report lists skipped lines in the order they were given.
    const order = new Map(lines.map((l, i) => [l, i]));
    failed.sort((a, b) => (order.get(a.phone) ?? 0) - (order.get(b.phone) ?? 0));
    return { total: lines.length, succeeded: addedIds.size, failed };
  }

  async ignoreDel(id: number): Promise<void> {
    const rows = await this.db
      .delete(depIgnore)
      .where(eq(depIgnore.id, id))
      .returning({ userMobile: depIgnore.userMobile });
    if (!rows.length) throw new AppError('DEPOSIT_IGNORE_NOT_FOUND');
    nameAuditTarget(rows[0]!.userMobile);
  }
}

const SKIP_ERRORS: Record<IgnoreSkipReason, ErrorName> = {
  notPhone: 'IGNORE_SKIP_NOT_PHONE',
  unknown: 'IGNORE_SKIP_UNKNOWN',
  alreadyExempt: 'IGNORE_SKIP_TAKEN',
  ambiguous: 'IGNORE_SKIP_AMBIGUOUS',
  duplicate: 'IGNORE_SKIP_DUPLICATE',
};

function ruleItem(r: RuleRow): DepositRuleItem {
  return {
    id: r.id,
    name: r.name,
    scope: r.scope as DepositRuleScope,
    agentId: r.scope === 'agent' ? r.targetId : null,
    outletId: r.scope === 'outlet' ? r.targetId : null,
    scopeName: r.scopeName,
    depositOrderCount: r.depositOrderCount,
    depositFreeOrderCount: r.depositFreeOrderCount,
    status: r.status as DepositRuleStatus,
    creator: r.creator,
    createTime: r.createdAt.toISOString(),
    updateTime: r.updatedAt.toISOString(),
  };
}

function ignoreItem(r: typeof depIgnore.$inferSelect): IgnoreItem {
  return {
    id: r.id,
    userId: r.userId,
    userMobile: r.userMobile,
    remark: r.remark,
    creator: r.creator,
    createTime: r.createdAt.toISOString(),
  };
}
