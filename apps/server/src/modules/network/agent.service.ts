import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  PARENT_LEVEL,
  type AgentDetail,
  type AgentFilter,
  type AgentItem,
  type AgentLevel,
  type AgentQuery,
  type AgentSaveRequest,
  type ChainLink,
  type StatusRequest,
} from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import { AppError } from '../../platform/http/app-error.js';
import { AppAccounts } from './app-accounts.service.js';
import type { OutletFacts } from './needs.js';
import { netAgent, netAppAccount, netRegion } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

const parent = alias(netAgent, 'parent');
const grand = alias(netAgent, 'grand');

/** What an agent's chain needs to know of it, read under a lock. */
export interface AgentCeiling {
  id: number;
  name: string;
  level: AgentLevel;
  ratio: number;
  status: number;
}

/**
 * Agents and the cascading profit chain. The platform grants an A agent its ratio; an agent
 * grants each child (agent or outlet) at most what it holds; each level earns the difference, so
 * the platform and the chain total 100. The rule is kept under row locks taken ancestors first:
 * a save locks the parent (shared) and then the agent itself (exclusive) before reading what it
 * compares, and an outlet's save locks its agent (shared) through `ratioCeiling`. So a parent
 * lowering its ratio and a child raising its own never both pass on stale reads.
 */
/**
 * What agents are owed (their payables), owe (their receivables) and earned ever (the shares credited
 * to them less what refunds took back) in the ledger, by agent id.
 */
export type AgentMoney = (
  ids: number[],
) => Promise<Map<number, { balance: number; owed: number; totalRevenue: number }>>;

export class AgentService {
  constructor(
    private readonly db: Db,
    private readonly accounts: AppAccounts,
    private readonly outlets: () => OutletFacts,
    /** Agents' money from the books (money.ts). */
    private readonly money: AgentMoney,
  ) {}

  private where(f: AgentFilter): SQL | undefined {
    const c: SQL[] = [];
    if (f.name) c.push(or(ilike(netAgent.name, containing(f.name)), ilike(netAppAccount.mobile, containing(f.name)))!);
    if (f.level) c.push(eq(netAgent.level, f.level));
    if (f.status !== undefined) c.push(eq(netAppAccount.status, f.status));
    if (f.parentId) c.push(eq(netAgent.parentId, f.parentId));
    if (f.regionId) c.push(eq(netAgent.regionId, f.regionId));
    return c.length ? and(...c) : undefined;
  }

  async count(f: AgentFilter): Promise<number> {
    const [r] = await this.db
      .select({ n: count() })
      .from(netAgent)
      .innerJoin(netAppAccount, eq(netAppAccount.id, netAgent.accountId))
      .where(this.where(f));
    return Number(r!.n);
  }

  async rows(
    q: AgentFilter & Pick<AgentQuery, 'orderBy' | 'order'>,
    offset: number,
    limit: number,
  ): Promise<AgentItem[]> {
    const col = q.orderBy === 'name' ? netAgent.name : q.orderBy === 'ratio' ? netAgent.ratio : netAgent.createdAt;
    const rows = await this.select()
      .where(this.where(q))
      .orderBy((q.order === 'ascend' ? asc : desc)(col), desc(netAgent.id))
      .limit(limit)
      .offset(offset);
    return this.withMoney(rows.map(toItem));
  }

  /** Balances are sums of the ledger's entries, never numbers kept on the agent. */
  private async withMoney(items: AgentItem[]): Promise<AgentItem[]> {
    const money = await this.money(items.map((i) => i.id));
    return items.map((i) => {
      const m = money.get(i.id);
      return { ...i, balance: m?.balance ?? 0, owed: m?.owed ?? 0, totalRevenue: m?.totalRevenue ?? 0 };
    });
  }

  private select() {
    return this.db
      .select({
        a: netAgent,
        areaCode: netAppAccount.areaCode,
        mobile: netAppAccount.mobile,
        status: netAppAccount.status,
        freezeReason: netAppAccount.freezeReason,
        parentName: parent.name,
        regionName: netRegion.name,
        childCount: sql<number>`(select count(*)::int from net_agent c where c.parent_id = ${netAgent.id})`,
      })
      .from(netAgent)
      .innerJoin(netAppAccount, eq(netAppAccount.id, netAgent.accountId))
      .leftJoin(parent, eq(parent.id, netAgent.parentId))
      .leftJoin(netRegion, eq(netRegion.id, netAgent.regionId));
  }

  /**
   * The agent and its ancestors, the top first (levels A, B, C: at most two ancestors), in one
   * statement and without its money: what a rental copies into its chain on every rent, so it must
   * not grow with the agent's ledger the way `detail`'s balances do.
   */
  async line(id: number): Promise<{ id: number; name: string; level: AgentLevel; ratio: number }[]> {
    const [r] = await this.db
      .select({
        id: netAgent.id,
        name: netAgent.name,
        level: netAgent.level,
        ratio: netAgent.ratio,
        pId: parent.id,
        pName: parent.name,
        pLevel: parent.level,
        pRatio: parent.ratio,
        gId: grand.id,
        gName: grand.name,
        gLevel: grand.level,
        gRatio: grand.ratio,
      })
      .from(netAgent)
      .leftJoin(parent, eq(parent.id, netAgent.parentId))
      .leftJoin(grand, eq(grand.id, parent.parentId))
      .where(eq(netAgent.id, id));
    if (!r) throw new AppError('NOT_FOUND');
    const line = [{ id: r.id, name: r.name, level: r.level as AgentLevel, ratio: r.ratio }];
    if (r.pId !== null) line.unshift({ id: r.pId, name: r.pName!, level: r.pLevel as AgentLevel, ratio: r.pRatio! });
    if (r.gId !== null) line.unshift({ id: r.gId, name: r.gName!, level: r.gLevel as AgentLevel, ratio: r.gRatio! });
    return line;
  }

  async detail(id: number): Promise<AgentDetail> {
    const [row] = await this.select().where(eq(netAgent.id, id));
    if (!row) throw new AppError('NOT_FOUND');
    const [item] = await this.withMoney([toItem(row)]);
    if (!item) throw new AppError('NOT_FOUND');
    // Up the tree: at most two ancestors.
    const line: { id: number; name: string; level: AgentLevel; ratio: number }[] = [
      { id: item.id, name: item.name, level: item.level, ratio: item.ratio },
    ];
    let up = item.parentId;
    while (up !== null) {
      const [p] = await this.db.select().from(netAgent).where(eq(netAgent.id, up));
      if (!p) break;
      line.unshift({ id: p.id, name: p.name, level: p.level as AgentLevel, ratio: p.ratio });
      up = p.parentId;
    }
    const chain: ChainLink[] = [{ agentId: null, name: null, level: null, holds: 100, earns: 100 - line[0]!.ratio }];
    line.forEach((l, i) =>
      chain.push({
        agentId: l.id,
        name: l.name,
        level: l.level,
        holds: l.ratio,
        earns: l.ratio - (line[i + 1]?.ratio ?? 0),
      }),
    );
    const floor = await this.childFloor(this.db, id);
    return { ...item, chain, childFloor: floor?.ratio ?? 0 };
  }

  /**
   * The ratio an agent holds (the most it may grant an outlet), read under a shared lock on the
   * agent that lasts until the caller's transaction ends: the outlet module calls it before it
   * saves an outlet's ratio, so the agent's ratio cannot be lowered under the outlet meanwhile.
   */
  async ratioCeiling(agentId: number): Promise<AgentCeiling> {
    const c = await this.lockAgent(this.db, agentId, 'share');
    if (!c) throw new AppError('REFERENCE_NOT_FOUND');
    return c;
  }

  private async lockAgent(tx: Db, id: number, mode: 'share' | 'update'): Promise<AgentCeiling | undefined> {
    const [a] = await tx
      .select({
        id: netAgent.id,
        name: netAgent.name,
        level: netAgent.level,
        ratio: netAgent.ratio,
        status: netAppAccount.status,
      })
      .from(netAgent)
      .innerJoin(netAppAccount, eq(netAppAccount.id, netAgent.accountId))
      .where(eq(netAgent.id, id))
      .for(mode, { of: netAgent });
    return a ? { ...a, level: a.level as AgentLevel } : undefined;
  }

  /** The child (agent or outlet) holding the highest ratio: the agent cannot go below it. */
  private async childFloor(tx: Db, agentId: number): Promise<{ name: string; ratio: number } | null> {
    const [child] = await tx
      .select({ name: netAgent.name, ratio: netAgent.ratio })
      .from(netAgent)
      .where(eq(netAgent.parentId, agentId))
      .orderBy(desc(netAgent.ratio), asc(netAgent.id))
      .limit(1);
    const outlet = await this.outlets().highestRatioOutlet(tx, agentId);
    if (child && (!outlet || child.ratio >= outlet.ratio)) return child;
    return outlet;
  }

  async save(req: AgentSaveRequest, opts: { simulated?: boolean } = {}): Promise<{ id: number }> {
    nameAuditTarget(req.name);
    if (!req.id && !req.password) throw new AppError('PASSWORD_REQUIRED');
    const passwordHash = await this.accounts.hash(req.password);
    const parentLevel = PARENT_LEVEL[req.level];
    if (parentLevel === null && req.parentId) throw new AppError('AGENT_PARENT_NONE');
    if (parentLevel !== null && !req.parentId)
      throw new AppError('AGENT_PARENT_LEVEL', { level: req.level, parentLevel });
    return AppAccounts.mobileUnique(() =>
      this.db.transaction(async (tx) => {
        // Ancestors first: the parent (shared), then the agent itself (exclusive).
        let p: AgentCeiling | undefined;
        if (req.parentId) {
          if (req.parentId === req.id) throw new AppError('AGENT_PARENT_LEVEL', { level: req.level, parentLevel });
          p = await this.lockAgent(tx, req.parentId, 'share');
          if (!p || p.level !== parentLevel)
            throw new AppError('AGENT_PARENT_LEVEL', { level: req.level, parentLevel });
        }
        if (req.regionId) {
          const [r] = await tx
            .select({ id: netRegion.id })
            .from(netRegion)
            .where(eq(netRegion.id, req.regionId))
            .for('share');
          if (!r) throw new AppError('REFERENCE_NOT_FOUND');
        }
        const values = {
          name: req.name,
          level: req.level,
          parentId: req.parentId ?? null,
          ratio: req.ratio,
          regionId: req.regionId ?? null,
          minWithdrawal: req.minWithdrawal,
          withdrawalFeeRate: req.withdrawalFeeRate,
          idCard: req.idCard || null,
          avatar: req.avatar ?? null,
          remark: req.remark || null,
        };
        if (!req.id) {
          if (p && p.status !== 0) throw new AppError('PARENT_FROZEN', { name: p.name });
          if (p && req.ratio > p.ratio) throw new AppError('RATIO_ABOVE_PARENT', { parent: p.name, max: p.ratio });
          const accountId = await this.accounts.create(tx, 'agent', req.areaCode, req.mobile, passwordHash!);
          const [row] = await tx
            .insert(netAgent)
            .values({ ...values, accountId, simulated: opts.simulated ?? false })
            .returning({ id: netAgent.id });
          return { id: row!.id };
        }
        const [self] = await tx.select().from(netAgent).where(eq(netAgent.id, req.id)).for('update');
        if (!self) throw new AppError('NOT_FOUND');
        const [children] = await tx.select({ n: count() }).from(netAgent).where(eq(netAgent.parentId, self.id));
        if (self.level !== req.level && Number(children!.n) > 0) throw new AppError('AGENT_HAS_CHILDREN');
        if (p && p.status !== 0 && self.parentId !== p.id) throw new AppError('PARENT_FROZEN', { name: p.name });
        if (p && req.ratio > p.ratio) throw new AppError('RATIO_ABOVE_PARENT', { parent: p.name, max: p.ratio });
        // Every child's chain must still hold: none may hold more than the new ratio.
        const floor = await this.childFloor(tx, self.id);
        if (floor && floor.ratio > req.ratio)
          throw new AppError('RATIO_BELOW_CHILD', { child: floor.name, childRatio: floor.ratio });
        await this.accounts.update(tx, self.accountId, req.areaCode, req.mobile, passwordHash);
        await tx.update(netAgent).set(values).where(eq(netAgent.id, self.id));
        return { id: self.id };
      }),
    );
  }

  async setStatus(req: StatusRequest): Promise<null> {
    await this.db.transaction(async (tx) => {
      const [a] = await tx
        .select({ accountId: netAgent.accountId, name: netAgent.name })
        .from(netAgent)
        .where(eq(netAgent.id, req.id));
      if (!a) throw new AppError('NOT_FOUND');
      nameAuditTarget(a.name);
      await this.accounts.setStatus(tx, a.accountId, req.status, req.reason);
    });
    return null;
  }

  /** Names, levels and ratios of agents by id (for the outlet module's lists). */
  async lookup(ids: readonly number[]): Promise<Map<number, { name: string; level: AgentLevel; ratio: number }>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .select({ id: netAgent.id, name: netAgent.name, level: netAgent.level, ratio: netAgent.ratio })
      .from(netAgent)
      .where(inArray(netAgent.id, [...ids]));
    return new Map(rows.map((r) => [r.id, { name: r.name, level: r.level as AgentLevel, ratio: r.ratio }]));
  }
}

type Row = {
  a: typeof netAgent.$inferSelect;
  areaCode: string;
  mobile: string;
  status: number;
  freezeReason: string | null;
  parentName: string | null;
  regionName: string | null;
  childCount: number;
};

function toItem(r: Row): AgentItem {
  const a = r.a;
  return {
    id: a.id,
    name: a.name,
    areaCode: r.areaCode,
    mobile: r.mobile,
    level: a.level as AgentLevel,
    parentId: a.parentId,
    parentName: r.parentName,
    ratio: a.ratio,
    regionId: a.regionId,
    regionName: r.regionName,
    status: r.status === 1 ? 1 : 0,
    freezeReason: r.freezeReason,
    // Filled from the ledger by withMoney, which every read of an agent passes through.
    balance: 0,
    owed: 0,
    totalRevenue: 0,
    minWithdrawal: Number(a.minWithdrawal),
    withdrawalFeeRate: a.withdrawalFeeRate,
    idCard: a.idCard,
    avatar: a.avatar,
    remark: a.remark,
    childCount: Number(r.childCount),
    simulated: a.simulated,
    createTime: a.createdAt.toISOString(),
  };
}
