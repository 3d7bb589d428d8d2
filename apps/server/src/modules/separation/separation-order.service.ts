import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type {
  AccountKind,
  SeparatedShare,
  SeparationOrderFilter,
  SeparationOrderItem,
  SeparationOrderStatus,
  SeparationType,
} from '@cbo/contract';
import { inTransaction, type Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { checkTimeRange } from '../../platform/http/time-range.js';
import type { SeparationNeeds } from './needs.js';
import { sepOrder, sepRule, sepRuleDevice } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

type RuleRow = typeof sepRule.$inferSelect;
type OrderRow = typeof sepOrder.$inferSelect;
type Share = { kind: AccountKind; partyId: number | null; amount: number };

/** The payable kinds each type of rule takes. */
const TAKES: Record<SeparationType, AccountKind[]> = {
  allPartners: ['agentPayable', 'outletPayable', 'providerPayable', 'pusherPayable', 'operatorPayable'],
  outlet: ['outletPayable'],
  agents: ['agentPayable'],
};

/** Thrown inside a savepoint to undo a device's count when the rule's own update refuses. */
class NotSeparated extends Error {}

/**
 * Orders the rules separated. `shared` runs in the order's share transaction (the order engine's
 * need); `restore` and `restoreRule` give the shares back. Locks are always taken in one order
 * (a device's count, then the rule's row, then its orders), so concurrent separations, restores
 * and rule changes wait for each other instead of deadlocking.
 *
 * The ledger: a separation debits each partner's payable by its share and credits the platform's
 * `separated:<rule id>` account (memo `orderSeparated:<rule code>`, key `separate:<order>`); a
 * restore does the reverse with what that account still holds of the order (a refund in between
 * took its part from there), pro rata to the shares taken (key `separate-restore:<order>`).
 */
export class SeparationOrderService {
  constructor(
    private readonly db: Db,
    private readonly needs: SeparationNeeds,
  ) {}

  /**
   * In the order's share transaction: the first running rule (oldest first) that matches this order
   * and still has room takes its partner shares. Room is decided by two conditional updates: the
   * device's count below the count cap (its new value says whether the order is past the count
   * start), then the rule's total within its total cap. Nothing here reads then writes.
   */
  async shared(
    tx: Db,
    o: { orderNo: string; sn: string; createdAt: Date; amount: number; shares: Share[] },
  ): Promise<Share[]> {
    const now = new Date();
    const rules = await tx
      .select({ rule: sepRule })
      .from(sepRule)
      .innerJoin(
        sepRuleDevice,
        and(eq(sepRuleDevice.ruleId, sepRule.id), eq(sepRuleDevice.sn, o.sn), eq(sepRuleDevice.active, true)),
      )
      .where(
        and(
          eq(sepRule.status, 'running'),
          lte(sepRule.orderBeginAt, o.createdAt),
          gte(sepRule.orderEndAt, o.createdAt),
          lte(sepRule.startAt, now),
          gte(sepRule.endAt, now),
          lte(sepRule.startAmount, o.amount),
          gte(sepRule.capAmount, o.amount),
        ),
      )
      .orderBy(sepRule.id);
    for (const { rule } of rules) {
      const taken = o.shares.filter((s) => TAKES[rule.type as SeparationType].includes(s.kind) && s.amount > 0);
      const amount = taken.reduce((sum, s) => sum + s.amount, 0);
      if (amount <= 0) continue;
      const separated = await tx
        .transaction(async (spRaw) => {
          const sp = spRaw as unknown as Db;
          const [device] = await sp
            .update(sepRuleDevice)
            .set({ matched: sql`${sepRuleDevice.matched} + 1` })
            .where(
              and(
                eq(sepRuleDevice.ruleId, rule.id),
                eq(sepRuleDevice.sn, o.sn),
                eq(sepRuleDevice.active, true),
                sql`${sepRuleDevice.matched} < ${rule.countCap}`,
              ),
            )
            .returning({ matched: sepRuleDevice.matched });
          if (!device) throw new NotSeparated();
          // Orders before the count start are counted and left alone.
          if (device.matched < rule.countStart) return false;
          const [held] = await sp
            .update(sepRule)
            .set({
              separatedCount: sql`${sepRule.separatedCount} + 1`,
              separatedAmount: sql`${sepRule.separatedAmount} + ${amount}`,
            })
            .where(
              and(
                eq(sepRule.id, rule.id),
                eq(sepRule.status, 'running'),
                sql`(${sepRule.totalCap} is null or ${sepRule.separatedAmount} + ${amount} <= ${sepRule.totalCap})`,
              ),
            )
            .returning({ id: sepRule.id, code: sepRule.code });
          if (!held) throw new NotSeparated();
          await sp.insert(sepOrder).values({
            orderNo: o.orderNo,
            ruleId: rule.id,
            ruleCode: held.code,
            sn: o.sn,
            orderAmount: o.amount,
            amount,
            shares: taken,
            status: 'separated',
            orderCreatedAt: o.createdAt,
          });
          await this.needs.ledger.post(
            {
              idempotencyKey: `separate:${o.orderNo}`,
              kind: 'separate',
              orderNo: o.orderNo,
              memo: `orderSeparated:${held.code}`,
              entries: [
                ...taken.map((s) => ({ account: { kind: s.kind, partyId: s.partyId }, debit: s.amount })),
                { account: { kind: 'separated' as const, partyId: rule.id }, credit: amount },
              ],
            },
            sp,
          );
          return true;
        })
        .catch((err: unknown) => {
          if (err instanceof NotSeparated) return null;
          throw err;
        });
      // Counted (before the count start) or separated: this rule had the order; no other rule takes it.
      if (separated !== null) return separated ? taken : [];
    }
    return [];
  }

  /**
   * Forgets the separations of orders that are removed whole with their movements (the demo's
   * simulated orders, when the demo is cleared): their rules stop counting what they held. The
   * rules' rows are locked first, as every separation and restore takes them.
   */
  async forgetOrders(orderNos: string[]): Promise<number> {
    let forgotten = 0;
    for (let i = 0; i < orderNos.length; i += 1000) {
      const part = orderNos.slice(i, i + 1000);
      const ruleIds = [
        ...new Set(
          (await this.db.select({ ruleId: sepOrder.ruleId }).from(sepOrder).where(inArray(sepOrder.orderNo, part))).map(
            (r) => r.ruleId,
          ),
        ),
      ].sort((a, b) => a - b);
      if (!ruleIds.length) continue;
      await this.db
        .select({ id: sepRule.id })
        .from(sepRule)
        .where(inArray(sepRule.id, ruleIds))
        .orderBy(sepRule.id)
        .for('update');
      const gone = await this.db.delete(sepOrder).where(inArray(sepOrder.orderNo, part)).returning();
      forgotten += gone.length;
      const held = new Map<number, { n: number; amount: number }>();
      for (const g of gone.filter((x) => x.status === 'separated')) {
        const h = held.get(g.ruleId) ?? { n: 0, amount: 0 };
        held.set(g.ruleId, { n: h.n + 1, amount: h.amount + g.amount });
      }
      for (const [ruleId, h] of held) {
        await this.db
          .update(sepRule)
          .set({
            separatedCount: sql`${sepRule.separatedCount} - ${h.n}`,
            separatedAmount: sql`${sepRule.separatedAmount} - ${h.amount}`,
          })
          .where(eq(sepRule.id, ruleId));
      }
    }
    return forgotten;
  }

  private async find(id: number, db: Db = this.db): Promise<OrderRow> {
    const [r] = await db.select().from(sepOrder).where(eq(sepOrder.id, id));
    if (!r) throw new AppError('SEPARATION_ORDER_NOT_FOUND');
    return r;
  }

  /** Restores one separated order: its shares go back once (the second of two at once finds it restored). */
  async restore(id: number, by: string): Promise<SeparationOrderItem> {
    const first = await this.find(id);
    nameAuditTarget(first.orderNo);
    return inTransaction(this.db, async (tx) => {
      // The rule's row first, as a separation and a rule's restore take it.
      const [rule] = await tx
        .select({ name: sepRule.name })
        .from(sepRule)
        .where(eq(sepRule.id, first.ruleId))
        .for('update');
      const [row] = await tx
        .update(sepOrder)
        .set({ status: 'restored', restoredAt: new Date(), restoredBy: by })
        .where(and(eq(sepOrder.id, id), eq(sepOrder.status, 'separated')))
        .returning();
      if (!row) throw new AppError('SEPARATION_ORDER_RESTORED');
      const back = await this.giveBack(tx, row);
      await tx
        .update(sepRule)
        .set({
          separatedCount: sql`${sepRule.separatedCount} - 1`,
          separatedAmount: sql`${sepRule.separatedAmount} - ${row.amount}`,
          updatedAt: new Date(),
        })
        .where(eq(sepRule.id, row.ruleId));
      return item({ ...row, restoredAmount: back }, rule?.name);
    });
  }

  /** A rule being restored (its row locked by the caller's update): every order it still holds goes back. */
  async restoreRule(tx: Db, rule: RuleRow, by: string): Promise<void> {
    const rows = await tx
      .update(sepOrder)
      .set({ status: 'restored', restoredAt: new Date(), restoredBy: by })
      .where(and(eq(sepOrder.ruleId, rule.id), eq(sepOrder.status, 'separated')))
      .returning();
    // Every partner of its orders locked at once, in one order and exclusively: each order's restore
    // below may net what a partner owes, and no other movement may hold one partner's lock while
    // this one waits for another's.
    await this.needs.ledger.lockPayables(
      tx,
      rows.flatMap((r) => r.shares as Share[]),
      'took',
    );
    for (const row of rows) await this.giveBack(tx, row);
    if (rows.length) {
      const amount = rows.reduce((s, r) => s + r.amount, 0);
      await tx
        .update(sepRule)
        .set({
          separatedCount: sql`${sepRule.separatedCount} - ${rows.length}`,
          separatedAmount: sql`${sepRule.separatedAmount} - ${amount}`,
        })
        .where(eq(sepRule.id, rule.id));
    }
  }

  /**
   * Posts the reverse movement of one order: what the rule's separated account still holds of it
   * (a refund of the order in between took its part from there), back to the partners pro rata to
   * what was taken; the last cents go to the largest share. Answers the amount given back.
   */
  private async giveBack(tx: Db, row: OrderRow): Promise<number> {
    const held =
      [...(await this.needs.ledger.orderCredits(row.orderNo, ['separated'], tx)).values()].find(
        (c) => c.partyId === row.ruleId,
      )?.amount ?? 0;
    const back = Math.max(0, Math.min(held, row.amount));
    const shares = row.shares as Share[];
    const parts = shares.map((s) => ({ ...s, back: Math.floor((s.amount * back) / row.amount) }));
    const rest = back - parts.reduce((sum, p) => sum + p.back, 0);
    if (rest > 0) parts.reduce((a, b) => (b.amount > a.amount ? b : a)).back += rest;
    // A team deleted since the separation earns nothing: its part goes to the platform.
    const to = await this.needs.standingPayables(
      tx,
      parts.map((p) => ({ kind: p.kind, partyId: p.partyId, amount: p.back })),
    );
    const key = `separate-restore:${row.orderNo}`;
    const posted = await this.needs.ledger.post(
      {
        idempotencyKey: key,
        kind: 'separateRestore',
        orderNo: row.orderNo,
        memo: `separationRestored:${row.ruleCode}`,
        entries: [
          { account: { kind: 'separated', partyId: row.ruleId }, debit: back },
          ...to.map((p) => ({ account: { kind: p.kind, partyId: p.partyId }, credit: p.amount })),
        ],
      },
      tx,
    );
    // The shares given back pay first what their partners owe.
    if (posted) await this.needs.ledger.keepPayablesWhole(tx, to, 'added', key);
    await tx.update(sepOrder).set({ restoredAmount: back }).where(eq(sepOrder.id, row.id));
    return back;
  }

  private where(f: SeparationOrderFilter): SQL | undefined {
    const range = checkTimeRange(f.beginTime, f.endTime);
    const c: SQL[] = [];
    if (range.begin) c.push(gte(sepOrder.createdAt, range.begin));
    if (range.end) c.push(lte(sepOrder.createdAt, range.end));
    if (f.ruleId) c.push(eq(sepOrder.ruleId, f.ruleId));
    if (f.ruleCode) c.push(eq(sepOrder.ruleCode, f.ruleCode));
    if (f.orderNo) c.push(eq(sepOrder.orderNo, f.orderNo));
    if (f.sn) c.push(eq(sepOrder.sn, f.sn));
    if (f.status) c.push(eq(sepOrder.status, f.status));
    return c.length ? and(...c) : undefined;
  }

  async count(f: SeparationOrderFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(sepOrder).where(this.where(f));
    return Number(r!.n);
  }

  async rows(f: SeparationOrderFilter, offset: number, limit: number): Promise<SeparationOrderItem[]> {
    const rows = await this.db
      .select()
      .from(sepOrder)
      .where(this.where(f))
      .orderBy(desc(sepOrder.createdAt), desc(sepOrder.id))
      .limit(limit)
      .offset(offset);
    const names = await this.ruleNames(rows.map((r) => r.ruleId));
    return rows.map((r) => item(r, names.get(r.ruleId)));
  }

  private async ruleNames(ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .select({ id: sepRule.id, name: sepRule.name })
      .from(sepRule)
      .where(inArray(sepRule.id, [...new Set(ids)]));
    return new Map(rows.map((r) => [r.id, r.name]));
  }
}

function item(r: OrderRow, ruleName = ''): SeparationOrderItem {
  return {
    id: r.id,
    orderNo: r.orderNo,
    ruleId: r.ruleId,
    ruleCode: r.ruleCode,
    ruleName,
    sn: r.sn,
    orderAmount: r.orderAmount,
    amount: r.amount,
    restoredAmount: r.restoredAmount,
    shares: r.shares as SeparatedShare[],
    status: r.status as SeparationOrderStatus,
    orderTime: r.orderCreatedAt.toISOString(),
    separateTime: r.createdAt.toISOString(),
    restoreTime: r.restoredAt?.toISOString() ?? null,
    restoredBy: r.restoredBy,
  };
}
