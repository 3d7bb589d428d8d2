/*
 * Over 400 lines on purpose: regions and their direct-sales teams are one hierarchy. A team's save,
 * delete and lock check its region under the same row locks the region's delete takes, and the
 * operator money reads (standing payables, shares) read both; one service keeps those locks in
 * one place. Splitting teams into a service of their own means a second constructor in the
 * module's wiring (index.ts), which issue 30 part 1 reshapes.
 */
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  DirectTeam,
  RegionFilter,
  RegionItem,
  RegionOption,
  RegionQuery,
  RegionSaveRequest,
  TeamFilter,
  TeamItem,
  TeamOption,
  TeamQuery,
  TeamSaveRequest,
} from '@cbo/contract';
import { isUniqueViolation, type Db } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import { AppError } from '../../platform/http/app-error.js';
import type { OperatorMoney, OutletFacts, StaffDirectory } from './needs.js';
import { AppAccounts } from './app-accounts.service.js';
import { netAgent, netAppAccount, netRegion, netTeam, netTeamMember } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

/** Cents as the refusals write money (as the withdrawals' do): 1234 → "12.34". */
const inUnits = (cents: number) => (cents / 100).toFixed(2);

/**
 * Regions (area management) and the teams of direct-sales operators in them. A region that a team
 * or an agent belongs to cannot be deleted: the delete locks the region, and a team or agent
 * saved into it takes a shared lock on it first, so one never slips in while it is deleted.
 */
export class RegionService {
  constructor(
    private readonly db: Db,
    private readonly staff: StaffDirectory,
    private readonly outlets: () => OutletFacts,
    private readonly appAccounts: AppAccounts,
    private readonly operatorMoney: () => OperatorMoney,
  ) {}

  private where(f: RegionFilter): SQL | undefined {
    return f.name ? ilike(netRegion.name, containing(f.name)) : undefined;
  }

  async count(f: RegionFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(netRegion).where(this.where(f));
    return Number(r!.n);
  }

  async rows(
    q: RegionFilter & Pick<RegionQuery, 'orderBy' | 'order'>,
    offset: number,
    limit: number,
  ): Promise<RegionItem[]> {
    const col = q.orderBy === 'name' ? netRegion.name : netRegion.createdAt;
    const rows = await this.db
      .select({
        r: netRegion,
        teamCount: sql<number>`(select count(*)::int from net_team t where t.region_id = ${netRegion.id})`,
        agentCount: sql<number>`(select count(*)::int from net_agent a where a.region_id = ${netRegion.id})`,
      })
      .from(netRegion)
      .where(this.where(q))
      .orderBy((q.order === 'ascend' ? asc : desc)(col), desc(netRegion.id))
      .limit(limit)
      .offset(offset);
    const ids = rows.map((r) => r.r.id);
    const [names, devices, turnover] = await Promise.all([
      this.staff.names(rows.map((r) => r.r.managerId).filter((x): x is number => x !== null)),
      this.outlets().devicesByRegion(ids),
      this.outlets().turnoverByRegion(ids),
    ]);
    return rows.map(({ r, teamCount, agentCount }) => ({
      id: r.id,
      name: r.name,
      managerId: r.managerId,
      managerName: r.managerId === null ? null : (names.get(r.managerId) ?? null),
      teamCount: Number(teamCount),
      agentCount: Number(agentCount),
      deviceCount: devices.get(r.id) ?? 0,
      turnover: turnover.get(r.id) ?? 0,
      remark: r.remark,
      simulated: r.simulated,
      createTime: r.createdAt.toISOString(),
    }));
  }

  async options(): Promise<RegionOption[]> {
    return this.db
      .select({ id: netRegion.id, name: netRegion.name })
      .from(netRegion)
      .orderBy(asc(netRegion.name))
      .limit(1000);
  }

  async save(req: RegionSaveRequest, opts: { simulated?: boolean } = {}): Promise<{ id: number }> {
    if (req.managerId && !(await this.staff.names([req.managerId])).has(req.managerId))
      throw new AppError('STAFF_NOT_FOUND');
    const values = { name: req.name, managerId: req.managerId ?? null, remark: req.remark || null };
    nameAuditTarget(req.name);
    try {
      return await this.db.transaction(async (tx) => {
        if (!req.id) {
          const [row] = await tx
            .insert(netRegion)
            .values({ ...values, simulated: opts.simulated ?? false })
            .returning({ id: netRegion.id });
          return { id: row!.id };
        }
        const [row] = await tx
          .update(netRegion)
          .set(values)
          .where(eq(netRegion.id, req.id))
          .returning({ id: netRegion.id });
        if (!row) throw new AppError('NOT_FOUND');
        return { id: row.id };
      });
    } catch (e) {
      throw isUniqueViolation(e, 'net_region_name_uq') ? new AppError('NAME_TAKEN', { name: req.name }) : e;
    }
  }

  /** Refused while a team or an agent belongs to the region (they hold shared locks on it while saved). */
  async delete(id: number): Promise<null> {
    await this.db.transaction(async (tx) => {
      const [r] = await tx
        .select({ id: netRegion.id, name: netRegion.name })
        .from(netRegion)
        .where(eq(netRegion.id, id))
        .for('update');
      if (!r) throw new AppError('NOT_FOUND');
      nameAuditTarget(r.name);
      const [t] = await tx.select({ n: count() }).from(netTeam).where(eq(netTeam.regionId, id));
      const [a] = await tx.select({ n: count() }).from(netAgent).where(eq(netAgent.regionId, id));
      if (Number(t!.n) + Number(a!.n) > 0) throw new AppError('REGION_STAFFED');
      await tx.delete(netRegion).where(eq(netRegion.id, id));
    });
    return null;
  }

  // ------------------------------------------------------------------------------- teams

  private teamWhere(f: TeamFilter): SQL | undefined {
    const c: SQL[] = [];
    if (f.name) c.push(ilike(netTeam.name, containing(f.name)));
    if (f.regionId) c.push(eq(netTeam.regionId, f.regionId));
    return c.length ? and(...c) : undefined;
  }

  async teamCount(f: TeamFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(netTeam).where(this.teamWhere(f));
    return Number(r!.n);
  }

  /** `only`: the teams of these ids alone (the direct-management screen's own teams). */
  async teamRows(
    q: TeamFilter & Pick<TeamQuery, 'orderBy' | 'order'>,
    offset: number,
    limit: number,
    only?: readonly number[],
  ): Promise<TeamItem[]> {
    const col = q.orderBy === 'name' ? netTeam.name : q.orderBy === 'ratio' ? netTeam.ratio : netTeam.createdAt;
    const rows = await this.db
      .select({ t: netTeam, regionName: netRegion.name })
      .from(netTeam)
      .innerJoin(netRegion, eq(netRegion.id, netTeam.regionId))
      .where(and(this.teamWhere(q), only ? inArray(netTeam.id, [...only]) : undefined))
      .orderBy((q.order === 'ascend' ? asc : desc)(col), desc(netTeam.id))
      .limit(limit)
      .offset(offset);
    if (!rows.length) return [];
    const members = await this.db
      .select()
      .from(netTeamMember)
      .where(
        inArray(
          netTeamMember.teamId,
          rows.map((r) => r.t.id),
        ),
      );
    const names = await this.staff.names([
      ...new Set([...members.map((m) => m.accountId), ...rows.map((r) => r.t.leaderId)]),
    ]);
    return rows.map(({ t, regionName }) => ({
      id: t.id,
      name: t.name,
      regionId: t.regionId,
      regionName,
      leaderId: t.leaderId,
      leaderName: names.get(t.leaderId) ?? '',
      ratio: t.ratio,
      members: members
        .filter((m) => m.teamId === t.id)
        .map((m) => ({ id: m.accountId, name: names.get(m.accountId) ?? '' }))
        .sort((x, y) => x.id - y.id),
      simulated: t.simulated,
      createTime: t.createdAt.toISOString(),
    }));
  }

  /**
   * The direct-management screen's teams: those the account leads or belongs to, or every team
   * (up to 200, by name) for a super administrator; each with its outlets and what the books owe it.
   * An account of another kind than staff (an app account) runs no team from the console.
   */
  async directTeams(p: { accountId: number; accountType: string; isSuper: boolean }): Promise<DirectTeam[]> {
    if (p.accountType !== 'admin') return [];
    let only: number[] | undefined;
    if (!p.isSuper) {
      const [led, joined] = await Promise.all([
        this.db.select({ id: netTeam.id }).from(netTeam).where(eq(netTeam.leaderId, p.accountId)),
        this.db
          .select({ id: netTeamMember.teamId })
          .from(netTeamMember)
          .where(eq(netTeamMember.accountId, p.accountId)),
      ]);
      only = [...new Set([...led, ...joined].map((r) => r.id))];
      if (!only.length) return [];
    }
    const teams = await this.teamRows({ orderBy: 'name', order: 'ascend' }, 0, 200, only);
    const money = this.operatorMoney();
    return Promise.all(
      teams.map(async (t) => ({
        id: t.id,
        name: t.name,
        regionName: t.regionName,
        leaderName: t.leaderName,
        ratio: t.ratio,
        members: t.members,
        outlets: await this.outlets().outletsOfTeam(this.db, t.id),
        owed: await money.owed(this.db, t.id),
        role:
          t.leaderId === p.accountId
            ? 'leader'
            : t.members.some((m) => m.id === p.accountId)
              ? 'member'
              : 'administrator',
      })),
    );
  }

  async teamOptions(): Promise<TeamOption[]> {
    return this.db
      .select({ id: netTeam.id, name: netTeam.name, regionId: netTeam.regionId })
      .from(netTeam)
      .orderBy(asc(netTeam.name))
      .limit(1000);
  }

  /** The leader is always a member; a staff account already in another team is refused, named. */
  async saveTeam(req: TeamSaveRequest, opts: { simulated?: boolean } = {}): Promise<{ id: number }> {
    nameAuditTarget(req.name);
    const memberIds = [...new Set([req.leaderId, ...req.memberIds])];
    const names = await this.staff.names(memberIds);
    if (memberIds.some((id) => !names.has(id))) throw new AppError('STAFF_NOT_FOUND');
    // The operator's app account: argon2 runs before the transaction opens.
    const appHash = req.appPassword && this.appAccounts ? await this.appAccounts.hash(req.appPassword) : null;
    try {
      return await this.db.transaction(async (tx) => {
        const [region] = await tx
          .select({ id: netRegion.id })
          .from(netRegion)
          .where(eq(netRegion.id, req.regionId))
          .for('share');
        if (!region) throw new AppError('REFERENCE_NOT_FOUND');
        const values = { name: req.name, regionId: req.regionId, leaderId: req.leaderId, ratio: req.ratio };
        let teamId: number;
        if (!req.id) {
          const [row] = await tx
            .insert(netTeam)
            .values({ ...values, simulated: opts.simulated ?? false })
            .returning({ id: netTeam.id });
          teamId = row!.id;
        } else {
          const [row] = await tx
            .update(netTeam)
            .set(values)
            .where(eq(netTeam.id, req.id))
            .returning({ id: netTeam.id });
          if (!row) throw new AppError('NOT_FOUND');
          teamId = row.id;
          await tx.delete(netTeamMember).where(eq(netTeamMember.teamId, teamId));
        }
        // The member row's key is the account: a second team for it fails on the key, named below.
        const taken = await tx
          .insert(netTeamMember)
          .values(memberIds.map((accountId) => ({ accountId, teamId })))
          .onConflictDoNothing()
          .returning({ accountId: netTeamMember.accountId });
        if (taken.length !== memberIds.length) {
          const got = new Set(taken.map((t) => t.accountId));
          const other = memberIds.find((id) => !got.has(id))!;
          const [team] = await tx
            .select({ name: netTeam.name })
            .from(netTeamMember)
            .innerJoin(netTeam, eq(netTeam.id, netTeamMember.teamId))
            .where(eq(netTeamMember.accountId, other));
          throw new AppError('STAFF_IN_TEAM', { name: names.get(other), team: team?.name ?? '' });
        }
        if (this.appAccounts && req.appAreaCode && req.appMobile) {
          const accounts = this.appAccounts;
          await AppAccounts.mobileUnique(() =>
            tx.transaction((t) =>
              accounts.saveFor(t as unknown as Db, 'operator', teamId, req.appAreaCode!, req.appMobile!, appHash),
            ),
          );
        }
        return { id: teamId };
      });
    } catch (e) {
      throw isUniqueViolation(e, 'net_team_name_uq') ? new AppError('NAME_TAKEN', { name: req.name }) : e;
    }
  }

  /**
   * Refused while outlets belong to the team, while a withdrawal of its operator waits for review
   * or payout, or while its operator account is not zero (the money would belong to no team). Its
   * members are free to join another team; its operator's app account goes with it.
   *
   * Decided under the team's row lock (an outlet saved into the team takes it shared) and the
   * operator's withdrawal lock (every application takes it first), so an application arriving
   * meanwhile is decided after this commits, against a team that is gone or an account that is
   * zero. The withdrawals are read before the balance: a rejection or a failed payout gives the
   * held amount back to the account in the same transaction that closes the withdrawal, so one
   * closing between the two reads is seen by the second.
   */
  async deleteTeam(id: number): Promise<null> {
    await this.db.transaction(async (tx) => {
      const [t] = await tx
        .select({ id: netTeam.id, name: netTeam.name })
        .from(netTeam)
        .where(eq(netTeam.id, id))
        .for('update');
      if (!t) throw new AppError('NOT_FOUND');
      nameAuditTarget(t.name);
      if ((await this.outlets().outletsOfTeam(tx, id)) > 0) throw new AppError('TEAM_HAS_OUTLETS');
      const money = this.operatorMoney();
      const open = await money.openWithdrawals(tx, id);
      if (open.count > 0)
        throw new AppError('TEAM_HAS_WITHDRAWAL', { count: open.count, amount: inUnits(open.amount) });
      const owed = await money.owed(tx, id);
      if (owed !== 0) throw new AppError('TEAM_HAS_BALANCE', { balance: inUnits(owed) });
      await tx.delete(netTeam).where(eq(netTeam.id, id));
      // Its operator's partner-app account (sessions by the key's cascade), as demo:clear removes the demo team's.
      await tx.delete(netAppAccount).where(and(eq(netAppAccount.kind, 'operator'), eq(netAppAccount.partyId, id)));
    });
    return null;
  }

  /**
   * A team by id, locked shared for the caller's transaction (the outlet module names a team for
   * a direct-sales outlet; the team cannot be deleted under it meanwhile).
   */
  async lockTeam(id: number): Promise<{ id: number; name: string; regionId: number }> {
    const [t] = await this.db
      .select({ id: netTeam.id, name: netTeam.name, regionId: netTeam.regionId })
      .from(netTeam)
      .where(eq(netTeam.id, id))
      .for('share');
    if (!t) throw new AppError('REFERENCE_NOT_FOUND');
    return t;
  }

  /**
   * A team's name and share, as the order engine copies it into an order's chain at the rent (a
   * later change counts from the next order). Null when the team is gone.
   */
  /** Whether a staff account is an operator: a member or the leader of a direct-sales team. */
  async isOperator(accountId: number): Promise<boolean> {
    const [m] = await this.db
      .select({ id: netTeamMember.accountId })
      .from(netTeamMember)
      .where(eq(netTeamMember.accountId, accountId))
      .limit(1);
    if (m) return true;
    const [l] = await this.db.select({ id: netTeam.id }).from(netTeam).where(eq(netTeam.leaderId, accountId)).limit(1);
    return Boolean(l);
  }

  async teamShare(id: number): Promise<{ name: string; ratio: number } | null> {
    const [t] = await this.db
      .select({ name: netTeam.name, ratio: netTeam.ratio })
      .from(netTeam)
      .where(eq(netTeam.id, id));
    return t ?? null;
  }

  /**
   * Where money for a team's operator may go, decided in the caller's transaction (the order
   * engine's share, a refund's reversal, a separation's restore): each part credited or debited to
   * `operatorPayable:<team>` keeps its team while the team stands, locked KEY SHARE so a delete
   * (which takes the row FOR UPDATE) waits for the caller to commit and then sees its money; a part
   * of a deleted team goes to the platform's `revenue` instead, so nothing is booked to an account
   * no team can withdraw or settle. Parts of other accounts pass unchanged; parts that end on the
   * same account are added up.
   */
  async standingPayables<T extends { kind: string; partyId: number | null; amount: number }>(
    tx: Db,
    parts: T[],
  ): Promise<T[]> {
    const ids = [
      ...new Set(parts.filter((p) => p.kind === 'operatorPayable' && p.partyId !== null).map((p) => p.partyId!)),
    ];
    if (!ids.length) return parts;
    const held = new Set(
      (
        await tx
          .select({ id: netTeam.id })
          .from(netTeam)
          .where(inArray(netTeam.id, ids))
          .orderBy(asc(netTeam.id))
          .for('key share')
      ).map((t) => t.id),
    );
    const out: T[] = [];
    for (const p of parts) {
      const to =
        p.kind === 'operatorPayable' && p.partyId !== null && !held.has(p.partyId)
          ? { ...p, kind: 'revenue', partyId: null }
          : p;
      const same = out.find((o) => o.kind === to.kind && o.partyId === to.partyId);
      if (same) same.amount += to.amount;
      else out.push({ ...to });
    }
    return out;
  }

  async teamNames(ids: readonly number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .select({ id: netTeam.id, name: netTeam.name })
      .from(netTeam)
      .where(inArray(netTeam.id, [...ids]));
    return new Map(rows.map((r) => [r.id, r.name]));
  }
}
