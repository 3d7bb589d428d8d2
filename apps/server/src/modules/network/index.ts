// Long for a reason: the network module's assembly (seven services over one schema: partners, regions, teams, members, app accounts, customers' sign-in) and its routes' glue, which the module's other files share.
import type { Db } from '../../platform/db/database.js';
import { and, asc, eq, ilike, inArray } from 'drizzle-orm';
import { label, labels, type Lang } from '@cbo/contract';
import { defineList } from '../../platform/list-kit.js';
import { defineModule, type Late, type Platform } from '../../platform/module.js';
import { formatInZone } from '../../platform/time-zone.js';
import { containing } from '../../platform/db/paging.js';
import type { FileReference } from '../../platform/files/uploads.js';
import { AgentService } from './agent.service.js';
import { AppAccounts } from './app-accounts.service.js';
import { MemberService } from './member.service.js';
import { CooperationService } from './cooperation.service.js';
import { CustomerAuth } from './customer-auth.service.js';
import { networkMenus } from './menus.js';
import { agentMoney, memberWallets, operatorMoney } from './money.js';
import type { NetworkLate, NetworkNeeds } from './needs.js';
import { PartnerService } from './partner.service.js';
import { PickerService, ProviderService, PusherService } from './people.service.js';
import { RegionService } from './region.service.js';
import { networkRoutes } from './routes.js';
import * as tables from './tables.js';

export type {
  NetworkNeeds,
  NetworkLate,
  OutletFacts,
  StaffDirectory,
  LoginGuardPort,
  LoginLogPort,
  StatementSource,
} from './needs.js';
export type { AgentCeiling } from './agent.service.js';
export type { NewMember } from './member.service.js';

const { netAgent, netAppAccount, netMember, netCooperation, netProvider, netPusher, netRegion, netTeam } = tables;

const statusWord = (s: number, lang: Lang) => labels.network.netStatus[s === 1 ? 'frozen' : 'normal'][lang];
const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * The network module's services. Other modules use: `agents.ratioCeiling` (an outlet's ratio is
 * at most its agent's, read under the agent's lock), `forOutlets` (the lookups the outlet module
 * declares), `members` (the rental engine), `agentLine` (an agent's chain, for the rental engine and
 * the vouchers) and `removeSimulated` (the demo network). Its late needs (NetworkLate) are the
 * outlet facts it shows and checks, and the books and withdrawals its people's money is read from.
 */
function createNetwork({ db, config, limits }: Platform, needs: NetworkNeeds, late: Late<NetworkLate>) {
  const outlets = () => late.outlets;
  const appAccounts = new AppAccounts(
    db,
    { idleMinutes: config.SESSION_IDLE_MINUTES, maxHours: config.SESSION_MAX_HOURS },
    needs.loginGuard,
    needs.loginLog,
    {
      facts: async (id) => {
        const o = await late.outletRecord(id);
        return o && o.status !== 'deleted' ? { name: o.name, simulated: o.simulated } : null;
      },
    },
  );
  const regions = new RegionService(db, needs.staff, outlets, appAccounts, () => operatorMoney(late));
  const agents = new AgentService(db, appAccounts, outlets, agentMoney(late));
  const pushers = new PusherService(db, appAccounts);
  const providers = new ProviderService(db, appAccounts, outlets);
  const members = new MemberService(db, needs.staff, memberWallets(late));
  const customers = new CustomerAuth(
    db,
    { idleMinutes: config.SESSION_IDLE_MINUTES, maxHours: config.SESSION_MAX_HOURS },
    needs.codes,
    needs.loginLog,
  );
  appAccounts.customers = customers;
  const cooperation = new CooperationService(db, needs.staff, limits);
  const picker = new PickerService(db, needs.staff);
  const partners = new PartnerService(db, outlets, () => (account, period) => late.books.statement(account, period));

  /** What the outlet module asks of the network (its OutletNetwork). */
  const forOutlets = {
    /** The agent locked shared until the caller's transaction ends; null when missing or frozen. */
    async lockAgentForOutlet(
      agentId: number,
    ): Promise<{ id: number; name: string; ratio: number; regionId: number | null } | null> {
      const [a] = await db
        .select({
          id: netAgent.id,
          name: netAgent.name,
          ratio: netAgent.ratio,
          regionId: netAgent.regionId,
          status: netAppAccount.status,
        })
        .from(netAgent)
        .innerJoin(netAppAccount, eq(netAppAccount.id, netAgent.accountId))
        .where(eq(netAgent.id, agentId))
        .for('share', { of: netAgent });
      return a && a.status === 0 ? { id: a.id, name: a.name, ratio: a.ratio, regionId: a.regionId } : null;
    },
    hashAppPassword: async (password: string) => (await appAccounts.hash(password))!,
    /** An outlet's app account, in the outlet save's transaction (a savepoint, so a taken mobile is refused cleanly). */
    async saveOutletAccount(
      tx: Db,
      outletId: number,
      areaCode: string,
      mobile: string,
      passwordHash: string | null,
    ): Promise<void> {
      await AppAccounts.mobileUnique(() =>
        tx.transaction((t) =>
          appAccounts.saveFor(t as unknown as Db, 'outlet', outletId, areaCode, mobile, passwordHash),
        ),
      );
    },
    /** The team locked shared (it is not deleted while an outlet is saved into it). */
    async team(teamId: number): Promise<{ id: number; name: string; regionId: number | null } | null> {
      const [t] = await db
        .select({ id: netTeam.id, name: netTeam.name, regionId: netTeam.regionId })
        .from(netTeam)
        .where(eq(netTeam.id, teamId))
        .for('share');
      return t ?? null;
    },
    async exists(kind: 'region' | 'serviceProvider' | 'pusher', id: number): Promise<boolean> {
      const table = kind === 'region' ? netRegion : kind === 'serviceProvider' ? netProvider : netPusher;
      const [r] = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).for('share');
      return Boolean(r);
    },
    async names(
      kind: 'agent' | 'team' | 'region' | 'serviceProvider' | 'pusher',
      ids: number[],
    ): Promise<Map<number, string>> {
      if (!ids.length) return new Map();
      const table = {
        agent: netAgent,
        team: netTeam,
        region: netRegion,
        serviceProvider: netProvider,
        pusher: netPusher,
      }[kind];
      const rows = await db
        .select({ id: table.id, name: table.name })
        .from(table)
        .where(inArray(table.id, [...new Set(ids)]));
      return new Map(rows.map((r) => [r.id, r.name]));
    },
    /** The first 50 of each kind whose name contains the keyword (frozen agents left out). */
    async options(keyword?: string) {
      const kw = keyword ? containing(keyword) : undefined;
      const [agentRows, teamRows, regionRows, providerRows, pusherRows] = await Promise.all([
        db
          .select({ id: netAgent.id, name: netAgent.name, ratio: netAgent.ratio })
          .from(netAgent)
          .innerJoin(netAppAccount, eq(netAppAccount.id, netAgent.accountId))
          .where(and(eq(netAppAccount.status, 0), kw ? ilike(netAgent.name, kw) : undefined))
          .orderBy(asc(netAgent.name))
          .limit(50),
        db
          .select({ id: netTeam.id, name: netTeam.name })
          .from(netTeam)
          .where(kw ? ilike(netTeam.name, kw) : undefined)
          .orderBy(asc(netTeam.name))
          .limit(50),
        db
          .select({ id: netRegion.id, name: netRegion.name })
          .from(netRegion)
          .where(kw ? ilike(netRegion.name, kw) : undefined)
          .orderBy(asc(netRegion.name))
          .limit(50),
        db
          .select({ id: netProvider.id, name: netProvider.name, ratio: netProvider.ratio })
          .from(netProvider)
          .where(kw ? ilike(netProvider.name, kw) : undefined)
          .orderBy(asc(netProvider.name))
          .limit(50),
        db
          .select({ id: netPusher.id, name: netPusher.name })
          .from(netPusher)
          .where(kw ? ilike(netPusher.name, kw) : undefined)
          .orderBy(asc(netPusher.name))
          .limit(50),
      ]);
      const none = (r: { id: number; name: string }) => ({ ...r, ratio: null });
      return {
        agents: agentRows,
        teams: teamRows.map(none),
        regions: regionRows.map(none),
        serviceProviders: providerRows,
        pushers: pusherRows.map(none),
      };
    },
  };

  /**
   * Removes every simulated record of the network (the demo network), children first. Outlets
   * of the demo must be removed before (the outlet module does it first).
   */
  async function removeSimulated(): Promise<number> {
    return db.transaction(async (tx) => {
      let n = 0;
      const gone = async (q: Promise<unknown[]>) => void (n += (await q).length);
      const accounts: number[] = [];
      const keep = (rows: { accountId: number }[]) => (accounts.push(...rows.map((r) => r.accountId)), rows);
      await gone(tx.delete(netMember).where(eq(netMember.simulated, true)).returning({ id: netMember.id }));
      await gone(
        tx.delete(netCooperation).where(eq(netCooperation.simulated, true)).returning({ id: netCooperation.id }),
      );
      await gone(
        tx
          .delete(netPusher)
          .where(eq(netPusher.simulated, true))
          .returning({ accountId: netPusher.accountId })
          .then(keep),
      );
      await gone(
        tx
          .delete(netProvider)
          .where(eq(netProvider.simulated, true))
          .returning({ accountId: netProvider.accountId })
          .then(keep),
      );
      for (const level of ['C', 'B', 'A']) {
        await gone(
          tx
            .delete(netAgent)
            .where(and(eq(netAgent.simulated, true), eq(netAgent.level, level)))
            .returning({ accountId: netAgent.accountId })
            .then(keep),
        );
      }
      // A team's operator account goes with it (its sessions by the foreign key's cascade).
      const teams = await tx.delete(netTeam).where(eq(netTeam.simulated, true)).returning({ id: netTeam.id });
      n += teams.length;
      if (teams.length)
        await tx.delete(netAppAccount).where(
          and(
            eq(netAppAccount.kind, 'operator'),
            inArray(
              netAppAccount.partyId,
              teams.map((t) => t.id),
            ),
          ),
        );
      await gone(tx.delete(netRegion).where(eq(netRegion.simulated, true)).returning({ id: netRegion.id }));
      if (accounts.length) await tx.delete(netAppAccount).where(inArray(netAppAccount.id, accounts));
      return n;
    });
  }

  /** The ids of the demo network's records (demo:clear checks what real records name them before it removes anything). */
  async function simulatedIds(): Promise<{
    members: number[];
    agents: number[];
    teams: number[];
    providers: number[];
    pushers: number[];
    regions: number[];
  }> {
    const ids = async (
      table:
        typeof netMember | typeof netAgent | typeof netTeam | typeof netProvider | typeof netPusher | typeof netRegion,
    ) => (await db.select({ id: table.id }).from(table).where(eq(table.simulated, true))).map((r) => r.id);
    const [members, agents, teams, providers, pushers, regions] = [
      await ids(netMember),
      await ids(netAgent),
      await ids(netTeam),
      await ids(netProvider),
      await ids(netPusher),
      await ids(netRegion),
    ];
    return { members, agents, teams, providers, pushers, regions };
  }

  return {
    appAccounts,
    /** Customers of the user app: code sign-in, sessions, the member the rental engine needs. */
    customers,
    regions,
    agents,
    pushers,
    providers,
    members,
    cooperation,
    picker,
    /** The partner tree and statements (the ledger answers the statements' figures: the late `books`). */
    partners,
    forOutlets,
    removeSimulated,
    simulatedIds,
    /**
     * An agent's chain above and including it: each level's agent, name, level and the ratio it
     * holds (the rental engine shares an order down it; a voucher's place names its agents).
     */
    agentLine: (agentId: number) => agents.line(agentId),
  };
}

export type NetworkServices = ReturnType<typeof createNetwork>;

/** Columns holding addresses of uploads: agents' avatars, pushers' ID card pictures and avatars. */
const networkFileRefs: FileReference[] = [
  { column: netAgent.avatar },
  { column: netPusher.idCardFront },
  { column: netPusher.idCardBack },
  { column: netPusher.avatar },
];

/** The network module: the people and places the money of every order will flow to. */
export const network = defineModule({
  name: 'network',
  tables,
  menus: networkMenus,
  fileRefs: networkFileRefs,
  late: { outlets: true, outletRecord: true, books: true, withdrawals: true, orderCounts: true },
  services: (platform: Platform, needs: NetworkNeeds, late: Late<NetworkLate>) => createNetwork(platform, needs, late),
  lists: (s) => [
    defineList({
      page: 'regionQueryPage',
      export: 'regionExport',
      source: s.regions,
      cells: (r, { timeZone }) => ({ turnover: money(r.turnover), createTime: formatInZone(r.createTime, timeZone) }),
      widths: { createTime: 20 },
    }),
    defineList({
      page: 'teamQueryPage',
      export: 'teamExport',
      source: {
        count: (f) => s.regions.teamCount(f),
        rows: (f, offset, limit) => s.regions.teamRows(f, offset, limit),
      },
      cells: (r, { timeZone }) => ({
        members: r.members.map((m) => m.name).join(', '),
        createTime: formatInZone(r.createTime, timeZone),
      }),
      widths: { members: 40, createTime: 20 },
    }),
    defineList({
      page: 'agentQueryPage',
      export: 'agentExport',
      source: s.agents,
      cells: (r, { lang, timeZone }) => ({
        mobile: `+${r.areaCode} ${r.mobile}`,
        level: label('network', 'agentLevel', r.level, lang),
        parentName: r.parentName ?? '',
        regionName: r.regionName ?? '',
        status: statusWord(r.status, lang),
        balance: money(r.balance),
        owed: money(r.owed),
        totalRevenue: money(r.totalRevenue),
        minWithdrawal: money(r.minWithdrawal),
        createTime: formatInZone(r.createTime, timeZone),
      }),
      widths: { mobile: 20, createTime: 20 },
    }),
    defineList({
      page: 'pusherQueryPage',
      export: 'pusherExport',
      source: s.pushers,
      cells: (r, { lang, timeZone }) => ({
        mobile: `+${r.areaCode} ${r.mobile}`,
        permission: label('network', 'pusherPermission', r.permission, lang),
        status: statusWord(r.status, lang),
        note: r.note ?? '',
        createTime: formatInZone(r.createTime, timeZone),
      }),
      widths: { mobile: 20, createTime: 20 },
    }),
    defineList({
      page: 'providerQueryPage',
      export: 'providerExport',
      source: s.providers,
      cells: (r, { lang, timeZone }) => ({
        mobile: `+${r.areaCode} ${r.mobile}`,
        status: statusWord(r.status, lang),
        createTime: formatInZone(r.createTime, timeZone),
      }),
      widths: { mobile: 20, createTime: 20 },
    }),
    defineList({
      page: 'memberQueryPage',
      export: 'memberExport',
      source: s.members,
      cells: (r, { lang, timeZone }) => ({
        mobile: `+${r.areaCode} ${r.mobile}`,
        terminal: labels.common.terminal[r.terminal][lang],
        level: label('network', 'memberLevel', r.level, lang),
        balance: money(r.balance),
        deposit: money(r.deposit),
        status: statusWord(r.status, lang),
        freezeReason: r.freezeReason ?? '',
        createTime: formatInZone(r.createTime, timeZone),
      }),
      widths: { mobile: 20, terminal: 20, freezeReason: 30, createTime: 20 },
    }),
    defineList({
      page: 'cooperationQueryPage',
      export: 'cooperationExport',
      source: s.cooperation,
      cells: (r, { lang, timeZone }) => ({
        phone: `+${r.areaCode} ${r.phone}`,
        type: label('network', 'cooperationType', r.type, lang),
        status: label('network', 'cooperationStatus', r.status, lang),
        handlerName: r.handlerName ?? '',
        note: r.note ?? '',
        createTime: formatInZone(r.createTime, timeZone),
      }),
      widths: { number: 20, phone: 20, note: 40, createTime: 20 },
    }),
  ],
  routes: networkRoutes,
});
