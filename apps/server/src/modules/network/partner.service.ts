import { asc, eq, sql } from 'drizzle-orm';
import {
  STATEMENT_MAX_DAYS,
  type AgentLevel,
  type AgentTreeNode,
  type AgentTreeQuery,
  type PartnerStatement,
  type PartnerStatementQuery,
  type StatementParty,
} from '@cbo/contract';
import { query, type Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { OutletFacts, StatementSource } from './needs.js';
import { netAgent, netAppAccount, netProvider, netPusher, netTeam } from './tables.js';

/** Whose data a caller reads: everything (staff with the permission), or one agent's subtree (the agent app). */
export type PartnerScope = { all: true } | { all: false; agentId: number };

const DAY = 86_400_000;
const dayNo = (d: string) => Date.parse(`${d}T00:00:00Z`) / DAY;

/**
 * The partner network as a tree and a partner's statement (docs/decisions/ledger-and-money.md, "The partner tree
 * and the statement"). The tree is answered one level a call (the console expands lazily), each
 * agent with its own outlets and devices and its whole subtree's; an agent of the app reads only
 * its own subtree, checked on every call by the agent's ancestors (at most two: A → B → C).
 */
export class PartnerService {
  constructor(
    private readonly db: Db,
    private readonly outlets: () => OutletFacts,
    private readonly statements: () => StatementSource | null,
  ) {}

  /** The agent ids of each agent's subtree (itself, its children, their children), one recursive read. */
  private async subtrees(rootIds: readonly number[]): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>(rootIds.map((id) => [id, []]));
    if (!rootIds.length) return out;
    const rows = await query<{ root: string; id: string }>(
      this.db,
      sql`with recursive t(root, id) as (
            select a.id, a.id from net_agent a where a.id in (${sql.join(
              rootIds.map((id) => sql`${id}`),
              sql`, `,
            )})
            union all
            select t.root, c.id from net_agent c join t on c.parent_id = t.id
          ) select root, id from t`,
    );
    for (const r of rows) out.get(Number(r.root))!.push(Number(r.id));
    return out;
  }

  /** Whether `agentId` is `scope`'s agent or below it (its ancestors include it). */
  private async within(scope: PartnerScope, agentId: number | null): Promise<boolean> {
    if (scope.all) return true;
    let at = agentId;
    for (let hops = 0; at !== null && hops < 4; hops++) {
      if (at === scope.agentId) return true;
      const [p] = await this.db.select({ parentId: netAgent.parentId }).from(netAgent).where(eq(netAgent.id, at));
      at = p?.parentId ?? null;
    }
    return false;
  }

  private async agentNodes(where: ReturnType<typeof eq>): Promise<AgentTreeNode[]> {
    const rows = await this.db
      .select({
        id: netAgent.id,
        name: netAgent.name,
        level: netAgent.level,
        ratio: netAgent.ratio,
        status: netAppAccount.status,
        childAgents: sql<number>`(select count(*)::int from net_agent c where c.parent_id = ${netAgent.id})`,
      })
      .from(netAgent)
      .innerJoin(netAppAccount, eq(netAppAccount.id, netAgent.accountId))
      .where(where)
      .orderBy(asc(netAgent.name), asc(netAgent.id));
    const subtrees = await this.subtrees(rows.map((r) => r.id));
    const own = await this.outlets().agentOutlets([...new Set([...subtrees.values()].flat())]);
    return rows.map((r) => {
      const mine = own.get(r.id) ?? { outlets: 0, devices: 0 };
      const all = (subtrees.get(r.id) ?? []).map((id) => own.get(id) ?? { outlets: 0, devices: 0 });
      return {
        kind: 'agent' as const,
        id: r.id,
        name: r.name,
        level: r.level as AgentLevel,
        ratio: r.ratio,
        inactive: r.status !== 0,
        childAgents: Number(r.childAgents),
        outlets: mine.outlets,
        devices: mine.devices,
        subtreeOutlets: all.reduce((s, m) => s + m.outlets, 0),
        subtreeDevices: all.reduce((s, m) => s + m.devices, 0),
        hasChildren: Number(r.childAgents) > 0 || mine.outlets > 0,
      };
    });
  }

  /**
   * One level of the tree: without ids the A agents (the app: the signed-in agent itself); with
   * `rootId` that agent alone; with `parentId` its child agents, then its own outlets.
   */
  async tree(q: AgentTreeQuery, scope: PartnerScope): Promise<AgentTreeNode[]> {
    const id = q.rootId ?? q.parentId;
    if (id === undefined) return this.agentNodes(scope.all ? eq(netAgent.level, 'A') : eq(netAgent.id, scope.agentId));
    const [exists] = await this.db.select({ id: netAgent.id }).from(netAgent).where(eq(netAgent.id, id));
    if (!exists) throw new AppError('PARTNER_NOT_FOUND');
    if (!(await this.within(scope, id))) throw new AppError('PARTNER_OUT_OF_SCOPE');
    if (q.rootId !== undefined) return this.agentNodes(eq(netAgent.id, id));
    const agents = await this.agentNodes(eq(netAgent.parentId, id));
    const outlets = (await this.outlets().outletsOfAgent(id)).map((o): AgentTreeNode => ({
      kind: 'outlet',
      id: o.id,
      name: o.name,
      level: null,
      ratio: o.ratio,
      inactive: !o.inService,
      childAgents: 0,
      outlets: 0,
      devices: o.devices,
      subtreeOutlets: 1,
      subtreeDevices: o.devices,
      hasChildren: false,
    }));
    return [...agents, ...outlets];
  }

  /**
   * A partner's statement: bad input first (the range, then the partner, then the caller's scope),
   * then the books' figures (the ledger's statement of the partner's payable).
   */
  async statement(q: PartnerStatementQuery, timeZone: string, scope: PartnerScope): Promise<PartnerStatement> {
    const days = dayNo(q.endDate) - dayNo(q.beginDate) + 1;
    if (days < 1) throw new AppError('STATEMENT_RANGE_ORDER');
    if (days > STATEMENT_MAX_DAYS) throw new AppError('STATEMENT_RANGE_TOO_LONG', { max: STATEMENT_MAX_DAYS });
    const party = await this.partyOf(q.partyKind, q.partyId);
    if (!party) throw new AppError('PARTNER_NOT_FOUND');
    // A provider or a team answers to no agent: only staff who see every partner read theirs.
    if (!(await this.within(scope, party.agentId))) throw new AppError('PARTNER_OUT_OF_SCOPE');
    const source = this.statements();
    if (!source) throw new AppError('PARTNER_NOT_FOUND');
    const s = await source(
      { kind: PAYABLE_OF_PARTY[q.partyKind], partyId: q.partyId },
      { beginDate: q.beginDate, endDate: q.endDate, timeZone },
    );
    return { ...s, partyKind: q.partyKind, partyId: q.partyId, partyName: party.name };
  }

  /** Who a statement is for: the partner's name and the agent it answers to (null: none). */
  private async partyOf(kind: StatementParty, id: number): Promise<{ name: string; agentId: number | null } | null> {
    switch (kind) {
      case 'agent': {
        const [a] = await this.db.select({ name: netAgent.name }).from(netAgent).where(eq(netAgent.id, id));
        return a ? { name: a.name, agentId: id } : null;
      }
      case 'outlet': {
        const o = await this.outlets().outletOwner(id);
        return o ? { name: o.name, agentId: o.agentId } : null;
      }
      case 'pusher': {
        const [p] = await this.db
          .select({ name: netPusher.name, agentId: netPusher.agentId })
          .from(netPusher)
          .where(eq(netPusher.id, id));
        return p ?? null;
      }
      case 'provider': {
        const [p] = await this.db.select({ name: netProvider.name }).from(netProvider).where(eq(netProvider.id, id));
        return p ? { name: p.name, agentId: null } : null;
      }
      case 'operator': {
        const [t] = await this.db.select({ name: netTeam.name }).from(netTeam).where(eq(netTeam.id, id));
        return t ? { name: t.name, agentId: null } : null;
      }
    }
  }
}

/** The ledger account each kind of partner is owed in. */
const PAYABLE_OF_PARTY = {
  agent: 'agentPayable',
  outlet: 'outletPayable',
  provider: 'providerPayable',
  pusher: 'pusherPayable',
  operator: 'operatorPayable',
} as const satisfies Record<StatementParty, Parameters<StatementSource>[0]['kind']>;
