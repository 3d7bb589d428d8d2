import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type {
  AgentLevel,
  PickerItem,
  PickerQuery,
  ProviderFilter,
  ProviderItem,
  ProviderQuery,
  ProviderSaveRequest,
  PusherFilter,
  PusherItem,
  PusherPermission,
  PusherQuery,
  PusherSaveRequest,
  PageResult,
  StatusRequest,
} from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import { AppError } from '../../platform/http/app-error.js';
import { AppAccounts } from './app-accounts.service.js';
import type { OutletFacts, StaffDirectory } from './needs.js';
import { netAgent, netAppAccount, netMember, netProvider, netPusher } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

/** Ground pushers: each attributed to an agent, with an app account. */
export class PusherService {
  constructor(
    private readonly db: Db,
    private readonly accounts: AppAccounts,
  ) {}

  private where(f: PusherFilter): SQL | undefined {
    const c: SQL[] = [];
    if (f.name) c.push(or(ilike(netPusher.name, containing(f.name)), ilike(netAppAccount.mobile, containing(f.name)))!);
    if (f.agentId) c.push(eq(netPusher.agentId, f.agentId));
    if (f.permission) c.push(eq(netPusher.permission, f.permission));
    if (f.status !== undefined) c.push(eq(netAppAccount.status, f.status));
    return c.length ? and(...c) : undefined;
  }

  async count(f: PusherFilter): Promise<number> {
    const [r] = await this.db
      .select({ n: count() })
      .from(netPusher)
      .innerJoin(netAppAccount, eq(netAppAccount.id, netPusher.accountId))
      .where(this.where(f));
    return Number(r!.n);
  }

  async rows(
    q: PusherFilter & Pick<PusherQuery, 'orderBy' | 'order'>,
    offset: number,
    limit: number,
  ): Promise<PusherItem[]> {
    const col = q.orderBy === 'name' ? netPusher.name : netPusher.createdAt;
    const rows = await this.db
      .select({ p: netPusher, acc: netAppAccount, agentName: netAgent.name })
      .from(netPusher)
      .innerJoin(netAppAccount, eq(netAppAccount.id, netPusher.accountId))
      .innerJoin(netAgent, eq(netAgent.id, netPusher.agentId))
      .where(this.where(q))
      .orderBy((q.order === 'ascend' ? asc : desc)(col), desc(netPusher.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ p, acc, agentName }) => ({
      id: p.id,
      name: p.name,
      areaCode: acc.areaCode,
      mobile: acc.mobile,
      agentId: p.agentId,
      agentName,
      permission: p.permission as PusherPermission,
      idCardFront: p.idCardFront,
      idCardBack: p.idCardBack,
      avatar: p.avatar,
      note: p.note,
      status: acc.status === 1 ? 1 : 0,
      freezeReason: acc.freezeReason,
      simulated: p.simulated,
      createTime: p.createdAt.toISOString(),
    }));
  }

  async save(req: PusherSaveRequest, opts: { simulated?: boolean } = {}): Promise<{ id: number }> {
    nameAuditTarget(req.name);
    if (!req.id && !req.password) throw new AppError('PASSWORD_REQUIRED');
    const passwordHash = await this.accounts.hash(req.password);
    return AppAccounts.mobileUnique(() =>
      this.db.transaction(async (tx) => {
        // The agent is locked shared, so it stays while the pusher is attributed to it.
        const [agent] = await tx
          .select({ id: netAgent.id, name: netAgent.name, status: netAppAccount.status })
          .from(netAgent)
          .innerJoin(netAppAccount, eq(netAppAccount.id, netAgent.accountId))
          .where(eq(netAgent.id, req.agentId))
          .for('share', { of: netAgent });
        if (!agent) throw new AppError('REFERENCE_NOT_FOUND');
        const values = {
          name: req.name,
          agentId: req.agentId,
          permission: req.permission,
          idCardFront: req.idCardFront ?? null,
          idCardBack: req.idCardBack ?? null,
          avatar: req.avatar ?? null,
          note: req.note || null,
        };
        if (!req.id) {
          if (agent.status !== 0) throw new AppError('PARENT_FROZEN', { name: agent.name });
          const accountId = await this.accounts.create(tx, 'groundPromoter', req.areaCode, req.mobile, passwordHash!);
          const [row] = await tx
            .insert(netPusher)
            .values({ ...values, accountId, simulated: opts.simulated ?? false })
            .returning({ id: netPusher.id });
          return { id: row!.id };
        }
        const [self] = await tx.select().from(netPusher).where(eq(netPusher.id, req.id)).for('update');
        if (!self) throw new AppError('NOT_FOUND');
        if (agent.status !== 0 && self.agentId !== agent.id) throw new AppError('PARENT_FROZEN', { name: agent.name });
        await this.accounts.update(tx, self.accountId, req.areaCode, req.mobile, passwordHash);
        await tx.update(netPusher).set(values).where(eq(netPusher.id, self.id));
        return { id: self.id };
      }),
    );
  }

  async setStatus(req: StatusRequest): Promise<null> {
    await this.db.transaction(async (tx) => {
      const [p] = await tx
        .select({ accountId: netPusher.accountId, name: netPusher.name })
        .from(netPusher)
        .where(eq(netPusher.id, req.id));
      if (!p) throw new AppError('NOT_FOUND');
      nameAuditTarget(p.name);
      await this.accounts.setStatus(tx, p.accountId, req.status, req.reason);
    });
    return null;
  }

  async lookup(ids: readonly number[]): Promise<Map<number, { name: string; agentId: number }>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .select({ id: netPusher.id, name: netPusher.name, agentId: netPusher.agentId })
      .from(netPusher)
      .where(inArray(netPusher.id, [...ids]));
    return new Map(rows.map((r) => [r.id, { name: r.name, agentId: r.agentId }]));
  }
}

/** Outlet service providers, with an app account; the outlets they serve are counted by the outlet module. */
export class ProviderService {
  constructor(
    private readonly db: Db,
    private readonly accounts: AppAccounts,
    private readonly outlets: () => OutletFacts,
  ) {}

  private where(f: ProviderFilter): SQL | undefined {
    const c: SQL[] = [];
    if (f.name)
      c.push(
        or(
          ilike(netProvider.name, containing(f.name)),
          ilike(netProvider.contact, containing(f.name)),
          ilike(netAppAccount.mobile, containing(f.name)),
        )!,
      );
    if (f.status !== undefined) c.push(eq(netAppAccount.status, f.status));
    return c.length ? and(...c) : undefined;
  }

  async count(f: ProviderFilter): Promise<number> {
    const [r] = await this.db
      .select({ n: count() })
      .from(netProvider)
      .innerJoin(netAppAccount, eq(netAppAccount.id, netProvider.accountId))
      .where(this.where(f));
    return Number(r!.n);
  }

  async rows(
    q: ProviderFilter & Pick<ProviderQuery, 'orderBy' | 'order'>,
    offset: number,
    limit: number,
  ): Promise<ProviderItem[]> {
    const col =
      q.orderBy === 'name' ? netProvider.name : q.orderBy === 'ratio' ? netProvider.ratio : netProvider.createdAt;
    const rows = await this.db
      .select({ p: netProvider, acc: netAppAccount })
      .from(netProvider)
      .innerJoin(netAppAccount, eq(netAppAccount.id, netProvider.accountId))
      .where(this.where(q))
      .orderBy((q.order === 'ascend' ? asc : desc)(col), desc(netProvider.id))
      .limit(limit)
      .offset(offset);
    const served = await this.outlets().outletsByProvider(rows.map((r) => r.p.id));
    return rows.map(({ p, acc }) => ({
      id: p.id,
      name: p.name,
      contact: p.contact,
      areaCode: acc.areaCode,
      mobile: acc.mobile,
      ratio: p.ratio,
      outletCount: served.get(p.id) ?? 0,
      remark: p.remark,
      status: acc.status === 1 ? 1 : 0,
      freezeReason: acc.freezeReason,
      simulated: p.simulated,
      createTime: p.createdAt.toISOString(),
    }));
  }

  async save(req: ProviderSaveRequest, opts: { simulated?: boolean } = {}): Promise<{ id: number }> {
    nameAuditTarget(req.name);
    if (!req.id && !req.password) throw new AppError('PASSWORD_REQUIRED');
    const passwordHash = await this.accounts.hash(req.password);
    return AppAccounts.mobileUnique(() =>
      this.db.transaction(async (tx) => {
        const values = { name: req.name, contact: req.contact, ratio: req.ratio, remark: req.remark || null };
        if (!req.id) {
          const accountId = await this.accounts.create(tx, 'serviceProvider', req.areaCode, req.mobile, passwordHash!);
          const [row] = await tx
            .insert(netProvider)
            .values({ ...values, accountId, simulated: opts.simulated ?? false })
            .returning({ id: netProvider.id });
          return { id: row!.id };
        }
        const [self] = await tx.select().from(netProvider).where(eq(netProvider.id, req.id)).for('update');
        if (!self) throw new AppError('NOT_FOUND');
        await this.accounts.update(tx, self.accountId, req.areaCode, req.mobile, passwordHash);
        await tx.update(netProvider).set(values).where(eq(netProvider.id, self.id));
        return { id: self.id };
      }),
    );
  }

  async setStatus(req: StatusRequest): Promise<null> {
    await this.db.transaction(async (tx) => {
      const [p] = await tx
        .select({ accountId: netProvider.accountId, name: netProvider.name })
        .from(netProvider)
        .where(eq(netProvider.id, req.id));
      if (!p) throw new AppError('NOT_FOUND');
      nameAuditTarget(p.name);
      await this.accounts.setStatus(tx, p.accountId, req.status, req.reason);
    });
    return null;
  }

  /** A provider by id with its ratio, locked shared for the caller's transaction (an outlet names it). */
  async lockProvider(id: number): Promise<{ id: number; name: string; ratio: number }> {
    const [p] = await this.db
      .select({ id: netProvider.id, name: netProvider.name, ratio: netProvider.ratio })
      .from(netProvider)
      .where(eq(netProvider.id, id))
      .for('share');
    if (!p) throw new AppError('REFERENCE_NOT_FOUND');
    return p;
  }

  async lookup(ids: readonly number[]): Promise<Map<number, { name: string; ratio: number }>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .select({ id: netProvider.id, name: netProvider.name, ratio: netProvider.ratio })
      .from(netProvider)
      .where(inArray(netProvider.id, [...ids]));
    return new Map(rows.map((r) => [r.id, { name: r.name, ratio: r.ratio }]));
  }
}

/** selectUserByType: one kind of account by keyword, paged, for every picker of the console. */
export class PickerService {
  constructor(
    private readonly db: Db,
    private readonly staff: StaffDirectory,
  ) {}

  async page(q: PickerQuery): Promise<PageResult<PickerItem>> {
    const offset = (q.pageNum - 1) * q.pageSize;
    const limit = q.pageSize;
    const kw = q.keyword ? containing(q.keyword) : null;
    if (q.type === 'operator') {
      const { list, total } = await this.staff.search(q.keyword, offset, limit);
      return { list: list.map((s) => ({ ...s, level: null, ratio: null })), total };
    }
    if (q.type === 'user') {
      const where = kw ? or(ilike(netMember.nickname, kw), ilike(netMember.mobile, kw)) : undefined;
      const [rows, [n]] = await Promise.all([
        this.db.select().from(netMember).where(where).orderBy(desc(netMember.id)).limit(limit).offset(offset),
        this.db.select({ n: count() }).from(netMember).where(where),
      ]);
      return {
        list: rows.map((m) => ({
          id: m.id,
          name: m.nickname,
          mobile: m.mobile,
          level: null,
          ratio: null,
          status: m.status,
        })),
        total: Number(n!.n),
      };
    }
    const table = q.type === 'agent' ? netAgent : q.type === 'groundPromoter' ? netPusher : netProvider;
    const conds: SQL[] = [];
    if (kw) conds.push(or(ilike(table.name, kw), ilike(netAppAccount.mobile, kw))!);
    if (q.type === 'agent' && q.level) conds.push(eq(netAgent.level, q.level));
    const where = conds.length ? and(...conds) : undefined;
    const base = () =>
      this.db.select({ n: count() }).from(table).innerJoin(netAppAccount, eq(netAppAccount.id, table.accountId));
    const [rows, [n]] = await Promise.all([
      this.db
        .select({
          id: table.id,
          name: table.name,
          mobile: netAppAccount.mobile,
          status: netAppAccount.status,
          level: q.type === 'agent' ? netAgent.level : netAppAccount.kind,
          ratio:
            q.type === 'agent'
              ? netAgent.ratio
              : q.type === 'serviceProvider'
                ? netProvider.ratio
                : netAppAccount.status,
        })
        .from(table)
        .innerJoin(netAppAccount, eq(netAppAccount.id, table.accountId))
        .where(where)
        .orderBy(asc(table.name), asc(table.id))
        .limit(limit)
        .offset(offset),
      base().where(where),
    ]);
    return {
      list: rows.map((r) => ({
        id: r.id,
        name: r.name,
        mobile: r.mobile,
        status: r.status,
        level: q.type === 'agent' ? (r.level as AgentLevel) : null,
        ratio: q.type === 'groundPromoter' ? null : r.ratio,
      })),
      total: Number(n!.n),
    };
  }
}
