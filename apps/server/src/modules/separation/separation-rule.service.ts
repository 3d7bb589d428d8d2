import crypto from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type {
  SeparationRuleDetail,
  SeparationRuleFilter,
  SeparationRuleItem,
  SeparationRuleQuery,
  SeparationRuleSaveRequest,
  SeparationRuleStatus,
  SeparationType,
} from '@cbo/contract';
import { isUniqueViolation, type Db, inTransaction } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import { AppError } from '../../platform/http/app-error.js';
import type { SeparationNeeds } from './needs.js';
import type { SeparationOrderService } from './separation-order.service.js';
import { sepOrder, sepRule, sepRuleDevice } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

type RuleRow = typeof sepRule.$inferSelect;

/** A rule's code: SR, the UTC date and six random digits (the unique index decides). */
export const newRuleCode = (): string => {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `SR${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')}`;
};

/**
 * Separation rules: staff create, edit, pause, resume, restore and delete them. Every state change
 * is one conditional update (`where status in (...)`), so two staff acting at once leave one
 * answer; restoring a rule restores its separated orders in the same transaction.
 */
export class SeparationRuleService {
  constructor(
    private readonly db: Db,
    private readonly needs: SeparationNeeds,
    private readonly orders: SeparationOrderService,
  ) {}

  private where(f: SeparationRuleFilter): SQL | undefined {
    const c: SQL[] = [];
    if (f.code) c.push(eq(sepRule.code, f.code));
    if (f.name) c.push(ilike(sepRule.name, containing(f.name)));
    if (f.type) c.push(eq(sepRule.type, f.type));
    // Deleted rules are history: listed only when asked for.
    c.push(f.status ? eq(sepRule.status, f.status) : ne(sepRule.status, 'deleted'));
    if (f.sn)
      c.push(
        sql`exists (select 1 from ${sepRuleDevice} d where d.rule_id = ${sepRule.id} and d.active and d.sn = ${f.sn})`,
      );
    return and(...c);
  }

  async count(f: SeparationRuleFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(sepRule).where(this.where(f));
    return Number(r!.n);
  }

  async rows(q: SeparationRuleQuery, offset: number, limit: number): Promise<SeparationRuleItem[]> {
    const col = q.orderBy === 'separatedAmount' ? sepRule.separatedAmount : sepRule.createdAt;
    const rows = await this.db
      .select()
      .from(sepRule)
      .where(this.where(q))
      .orderBy((q.order === 'ascend' ? asc : desc)(col), desc(sepRule.id))
      .limit(limit)
      .offset(offset);
    return this.items(rows);
  }

  private async items(rows: RuleRow[], db: Db = this.db): Promise<SeparationRuleItem[]> {
    if (!rows.length) return [];
    const devices = await db
      .select({ ruleId: sepRuleDevice.ruleId, sn: sepRuleDevice.sn })
      .from(sepRuleDevice)
      .where(
        and(
          inArray(
            sepRuleDevice.ruleId,
            rows.map((r) => r.id),
          ),
          eq(sepRuleDevice.active, true),
        ),
      )
      .orderBy(asc(sepRuleDevice.id));
    const sns = new Map<number, string[]>();
    for (const d of devices) sns.set(d.ruleId, [...(sns.get(d.ruleId) ?? []), d.sn]);
    return rows.map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      type: r.type as SeparationType,
      status: r.status as SeparationRuleStatus,
      deviceSns: sns.get(r.id) ?? [],
      orderBeginTime: r.orderBeginAt.toISOString(),
      orderEndTime: r.orderEndAt.toISOString(),
      startAmount: r.startAmount,
      capAmount: r.capAmount,
      countStart: r.countStart,
      countCap: r.countCap,
      totalCap: r.totalCap,
      startTime: r.startAt.toISOString(),
      endTime: r.endAt.toISOString(),
      separatedCount: r.separatedCount,
      separatedAmount: r.separatedAmount,
      creator: r.creator,
      createTime: r.createdAt.toISOString(),
      updateTime: r.updatedAt.toISOString(),
    }));
  }

  private async row(id: number, db: Db = this.db): Promise<RuleRow> {
    const [r] = await db.select().from(sepRule).where(eq(sepRule.id, id));
    if (!r) throw new AppError('SEPARATION_RULE_NOT_FOUND');
    return r;
  }

  async item(id: number, db: Db = this.db): Promise<SeparationRuleItem> {
    return (await this.items([await this.row(id, db)], db))[0]!;
  }

  /** One rule with each device's counts: matched (counted toward the cap) and standing separated. */
  async detail(id: number): Promise<SeparationRuleDetail> {
    const item = await this.item(id);
    const counted = await this.db
      .select({ sn: sepRuleDevice.sn, matched: sepRuleDevice.matched })
      .from(sepRuleDevice)
      .where(and(eq(sepRuleDevice.ruleId, id), eq(sepRuleDevice.active, true)))
      .orderBy(asc(sepRuleDevice.id));
    const standing = await this.db
      .select({ sn: sepOrder.sn, n: count() })
      .from(sepOrder)
      .where(and(eq(sepOrder.ruleId, id), eq(sepOrder.status, 'separated')))
      .groupBy(sepOrder.sn);
    const bySn = new Map(standing.map((s) => [s.sn, Number(s.n)]));
    return { ...item, devices: counted.map((d) => ({ sn: d.sn, matched: d.matched, separated: bySn.get(d.sn) ?? 0 })) };
  }

  /** Creates a rule (running) or edits a running or paused one; the devices must be cabinets the fleet knows. */
  async save(req: SeparationRuleSaveRequest, by: string): Promise<SeparationRuleItem> {
    nameAuditTarget(req.name);
    const sns = req.deviceSns;
    // An edit of a rule that is not there says so before anything about its terms.
    if (req.id) await this.row(req.id);
    const known = await this.needs.knownCabinets(sns);
    const unknown = sns.filter((s) => !known.has(s));
    if (unknown.length) throw new AppError('SEPARATION_DEVICE_UNKNOWN', { sns: unknown.join(', ') });
    const terms = {
      name: req.name,
      type: req.type,
      orderBeginAt: new Date(req.orderBeginTime),
      orderEndAt: new Date(req.orderEndTime),
      startAmount: req.startAmount,
      capAmount: req.capAmount,
      countStart: req.countStart,
      countCap: req.countCap,
      totalCap: req.totalCap ?? null,
      startAt: new Date(req.startTime),
      endAt: new Date(req.endTime),
    };
    const [taken] = await this.db
      .select({ id: sepRule.id })
      .from(sepRule)
      .where(
        and(eq(sepRule.name, req.name), ne(sepRule.status, 'deleted'), req.id ? ne(sepRule.id, req.id) : undefined),
      );
    if (taken) throw new AppError('SEPARATION_NAME_TAKEN');
    try {
      return await inTransaction(this.db, async (tx) => {
        let id: number;
        if (req.id) {
          // Only a running or paused rule is edited; restored and deleted rules are history.
          const [row] = await tx
            .update(sepRule)
            .set({ ...terms, updatedAt: new Date() })
            .where(and(eq(sepRule.id, req.id), inArray(sepRule.status, ['running', 'paused'])))
            .returning({ id: sepRule.id });
          if (!row) {
            await this.row(req.id, tx);
            throw new AppError('SEPARATION_RULE_STATE');
          }
          id = row.id;
          await tx
            .update(sepRuleDevice)
            .set({ active: false })
            .where(and(eq(sepRuleDevice.ruleId, id), notInArray(sepRuleDevice.sn, sns)));
        } else {
          const [row] = await tx
            .insert(sepRule)
            .values({ ...terms, code: newRuleCode(), status: 'running', creator: by })
            .returning({ id: sepRule.id });
          id = row!.id;
        }
        // A device put back keeps its count: the count cap holds over the rule's whole life.
        await tx
          .insert(sepRuleDevice)
          .values(sns.map((sn) => ({ ruleId: id, sn })))
          .onConflictDoUpdate({ target: [sepRuleDevice.ruleId, sepRuleDevice.sn], set: { active: true } });
        return this.item(id, tx);
      });
    } catch (err) {
      if (isUniqueViolation(err, 'sep_rule_name_uq')) throw new AppError('SEPARATION_NAME_TAKEN');
      throw err;
    }
  }

  /**
   * Pause (running → paused), resume (paused → running) or restore (running or paused → restored:
   * every order it separated gets its shares back, in this transaction, each once).
   */
  async editStatus(
    req: { id: number; status: 'running' | 'paused' | 'restored' },
    by: string,
  ): Promise<SeparationRuleItem> {
    const from: Record<typeof req.status, SeparationRuleStatus[]> = {
      running: ['paused'],
      paused: ['running'],
      restored: ['running', 'paused'],
    };
    return inTransaction(this.db, async (tx) => {
      // The rule's row first (as every separation and restore takes it), then its orders.
      const [row] = await tx
        .update(sepRule)
        .set({ status: req.status, updatedAt: new Date() })
        .where(and(eq(sepRule.id, req.id), inArray(sepRule.status, from[req.status])))
        .returning();
      if (!row) {
        nameAuditTarget((await this.row(req.id, tx)).name);
        throw new AppError('SEPARATION_RULE_STATE');
      }
      nameAuditTarget(row.name);
      if (req.status === 'restored') await this.orders.restoreRule(tx, row, by);
      return this.item(req.id, tx);
    });
  }

  /** Deletes a rule: it stops separating; its orders, their movements and its counts stay. */
  async remove(id: number): Promise<SeparationRuleItem> {
    const [row] = await this.db
      .update(sepRule)
      .set({ status: 'deleted', updatedAt: new Date() })
      .where(and(eq(sepRule.id, id), ne(sepRule.status, 'deleted')))
      .returning({ name: sepRule.name });
    nameAuditTarget(row?.name);
    if (!row) {
      await this.row(id);
      throw new AppError('SEPARATION_RULE_STATE');
    }
    return this.item(id);
  }
}
