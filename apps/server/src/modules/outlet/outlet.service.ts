// Long for a reason: the façade over outlet.core/saving/binding/reads plus what other modules ask of outlets (facts, names, turnovers, the demo), which stays here so their wiring names one class.
import { and, asc, count, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  BindDeviceRequest,
  BindingDeviceType,
  BoundDevice,
  MapPointsResult,
  OutletDeviceItem,
  OutletFilter,
  OutletItem,
  OutletSaveRequest,
  OwnerOptions,
  OutletsOutsideRange,
} from '@cbo/contract';
import { query, type Db } from '../../platform/db/database.js';
import type { Actor, OutletLate, OutletNeeds } from './needs.js';
import { outDemo, outOutlet } from './tables.js';

import { DEMO_CLEARED, outletTx, SERVER } from './outlet.core.js';
import { OutletBinding } from './outlet.binding.js';
import { OutletReads } from './outlet.reads.js';
import { OutletSaving } from './outlet.saving.js';

export { pageUrlOf } from './outlet.core.js';

/*
 * The outlet service is one entry (routes, index.ts, other modules through their wiring) over parts:
 *   outlet.core.ts     what the parts share: the row, the server as an actor, the joined transaction
 *   outlet.saving.ts   an outlet saved, its status changed, deleted (its rules checked)
 *   outlet.binding.ts  devices bound and unbound through each kind's binder
 *   outlet.reads.ts    the list and the map
 *   outlet.service.ts  this façade and what other modules ask of outlets (facts, names, the demo)
 */

/**
 * Outlets: their rules (who owns them, the ratio ceiling of the agent, the billing rule, the
 * status), the devices bound to them (through each device kind's binder) and the map.
 */
export class OutletService {
  private readonly binding: OutletBinding;
  private readonly saving: OutletSaving;
  private readonly reads: OutletReads;

  constructor(
    private readonly db: Db,
    private readonly needs: OutletNeeds,
    /** Each outlet's turnover (what its orders paid, less refunds): the order module's, a late need. */
    private readonly turnovers: OutletLate['turnovers'],
  ) {
    this.binding = new OutletBinding(db, needs);
    this.saving = new OutletSaving(db, needs, this.binding);
    this.reads = new OutletReads(db, needs, this.binding, turnovers);
  }

  /**
   * One transaction that the other modules' services join too (their lookups, the agent's lock,
   * the device's conditional update): a request's transaction when there is one, else a scope of
   * its own, so a lock taken through a need holds until this commits.
   */
  private inTx<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return outletTx(this.db, fn);
  }

  /** What the rental engine needs of an outlet: its status, billing rule and who shares its orders. */
  async forOrder(id: number): Promise<{
    id: number;
    name: string;
    status: string;
    simulated: boolean;
    billing: {
      freeMinutes: number;
      pricePerPeriod: number;
      periodMinutes: number;
      dailyCap: number;
      totalCap: number;
      deposit: number;
    };
    ratio: number;
    agentId: number | null;
    teamId: number | null;
    serviceProviderId: number | null;
    serviceProviderRatio: number;
    pusherId: number | null;
  } | null> {
    const [o] = await this.db.select().from(outOutlet).where(eq(outOutlet.id, id));
    if (!o) return null;
    return {
      id: o.id,
      name: o.name,
      status: o.status,
      simulated: o.simulated,
      billing: {
        freeMinutes: o.freeMinutes,
        pricePerPeriod: o.pricePerPeriod,
        periodMinutes: o.periodMinutes,
        dailyCap: o.dailyCap,
        totalCap: o.totalCap,
        deposit: o.deposit,
      },
      ratio: o.ratio,
      agentId: o.agentId,
      teamId: o.teamId,
      serviceProviderId: o.serviceProviderId,
      serviceProviderRatio: o.serviceProviderRatio,
      pusherId: o.pusherId,
    };
  }

  /**
   * Pays back part of the outlet's cost amount from what an order just shared to it (the settle's
   * transaction `tx`): its amortization execution ratio of `earned`, at most what is still owed.
   * One statement under the outlet row's lock decides, so concurrent settles never recover more
   * than the cost. Answers what was withheld and whom it pays back (the outlet's owner now: its
   * agent, or for a direct-sales outlet its team); null when nothing is withheld. The row is locked
   * only when something is to be withheld (a cost not yet paid back, a ratio that withholds at least
   * a cent of `earned`): an outlet without a cost, or paid back, is not a row every settle at it
   * queues on until its commit. The lock re-checks the condition on the row as last committed.
   */
  async recoverCost(
    tx: Db,
    outletId: number,
    earned: number,
  ): Promise<{ amount: number; owner: { kind: 'agent' | 'team'; id: number } } | null> {
    if (!(earned > 0)) return null;
    const [row] = await query<{ take: number; agent_id: string | null; team_id: string | null }>(
      tx,
      sql`with o as (
            select id, least(floor(${earned}::bigint * amortization_ratio / 100), cost_amount - cost_recovered)::int as take
            from out_outlet where id = ${outletId}
              and cost_recovered < cost_amount and floor(${earned}::bigint * amortization_ratio / 100) > 0
            for update
          )
          update out_outlet t set cost_recovered = t.cost_recovered + o.take
          from o where t.id = o.id and o.take > 0
          returning o.take, t.agent_id, t.team_id`,
    );
    if (!row || !(Number(row.take) > 0)) return null;
    const owner =
      row.agent_id !== null
        ? { kind: 'agent' as const, id: Number(row.agent_id) }
        : { kind: 'team' as const, id: Number(row.team_id) };
    return { amount: Number(row.take), owner };
  }

  /** The agent each outlet is under now (statistics join their rollups to agents when read), by outlet id. */
  async agentsOf(ids: readonly number[]): Promise<Map<number, number | null>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .select({ id: outOutlet.id, agentId: outOutlet.agentId })
      .from(outOutlet)
      .where(inArray(outOutlet.id, [...ids]));
    return new Map(rows.map((r) => [r.id, r.agentId]));
  }

  /** Each outlet's current agent and region (statistics: the financial data per agent and region), by outlet id. */
  async placesOf(ids: readonly number[]): Promise<Map<number, { agentId: number | null; regionId: number | null }>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .select({ id: outOutlet.id, agentId: outOutlet.agentId, regionId: outOutlet.regionId })
      .from(outOutlet)
      .where(inArray(outOutlet.id, [...ids]));
    return new Map(rows.map((r) => [r.id, { agentId: r.agentId, regionId: r.regionId }]));
  }
  // ------------------------------------------------------------------ save and status (outlet.saving.ts)

  /** Creates or edits an outlet; answers its id. */
  save(reqIn: OutletSaveRequest, opts: { by?: number | null; simulated?: boolean } = {}): Promise<{ id: number }> {
    return this.saving.save(reqIn, opts);
  }

  /** Saved rules (outlets not deleted) the range settings leave outside, by the bound they cross. */
  outsideRange(): Promise<OutletsOutsideRange> {
    return this.saving.outsideRange();
  }

  suspend(id: number, reason: string): Promise<null> {
    return this.saving.suspend(id, reason);
  }

  resume(id: number): Promise<null> {
    return this.saving.resume(id);
  }

  delete(id: number): Promise<null> {
    return this.saving.delete(id);
  }

  // ------------------------------------------------------------------ binding (outlet.binding.ts)

  bind(req: BindDeviceRequest, by: Actor = SERVER): Promise<BoundDevice> {
    return this.binding.bind(req, by);
  }

  unbind(sn: string, type?: BindingDeviceType, by: Actor = SERVER, reason?: string): Promise<BoundDevice> {
    return this.binding.unbind(sn, type, by, reason);
  }

  devicesOf(outletId: number): Promise<OutletDeviceItem[]> {
    return this.binding.devicesOf(outletId);
  }

  unboundDevices(text: string | undefined, type?: BindingDeviceType): Promise<OutletDeviceItem[]> {
    return this.binding.unboundDevices(text, type);
  }

  // ------------------------------------------------------------------ lists and map (outlet.reads.ts)

  count(f: OutletFilter): Promise<number> {
    return this.reads.count(f);
  }

  rows(...args: Parameters<OutletReads['rows']>): Promise<OutletItem[]> {
    return this.reads.rows(...args);
  }

  mapPoints(q: { regionId?: number; status?: 'inService' | 'suspended' }): Promise<MapPointsResult> {
    return this.reads.mapPoints(q);
  }

  /** Outlet names by id (the cabinet list shows where each cabinet stands). */
  async namesOf(ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .select({ id: outOutlet.id, name: outOutlet.name })
      .from(outOutlet)
      .where(inArray(outOutlet.id, ids));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  ownerOptions(keyword?: string): Promise<OwnerOptions> {
    return this.needs.network.options(keyword);
  }

  // ------------------------------------------------------------------ for other modules

  /** Saves the outlet page template and rewrites every outlet's page address from it, in one transaction. */
  async applyStoreUrl(template: string): Promise<null> {
    await this.inTx(async (tx) => {
      await this.needs.settings.saveStoreUrl(template);
      await tx
        .update(outOutlet)
        .set({ pageUrl: template ? sql`replace(${template}, '{id}', ${outOutlet.id}::text)` : '' });
    });
    return null;
  }

  /**
   * What the network module shows and checks about outlets (its OutletFacts): the ceiling an
   * agent's ratio change must respect, devices per region, outlets per service provider and team.
   */
  readonly facts = {
    /** The outlet of this agent with the highest ratio, read in the caller's transaction. */
    highestRatioOutlet: async (db: Db, agentId: number): Promise<{ name: string; ratio: number } | null> => {
      const [row] = await db
        .select({ name: outOutlet.name, ratio: outOutlet.ratio })
        .from(outOutlet)
        .where(and(eq(outOutlet.agentId, agentId), ne(outOutlet.status, 'deleted')))
        .orderBy(desc(outOutlet.ratio))
        .limit(1);
      return row ?? null;
    },
    devicesByRegion: async (regionIds: readonly number[]): Promise<Map<number, number>> => {
      const out = new Map<number, number>();
      if (!regionIds.length) return out;
      const rows = await this.db
        .select({ id: outOutlet.id, regionId: outOutlet.regionId })
        .from(outOutlet)
        .where(and(inArray(outOutlet.regionId, [...regionIds]), ne(outOutlet.status, 'deleted')));
      const devices = await this.binding.deviceCounts(rows.map((r) => r.id));
      for (const r of rows) out.set(r.regionId!, (out.get(r.regionId!) ?? 0) + (devices.get(r.id) ?? 0));
      return out;
    },
    turnoverByRegion: async (regionIds: readonly number[]): Promise<Map<number, number>> => {
      const out = new Map<number, number>();
      if (!regionIds.length) return out;
      const rows = await this.db
        .select({ id: outOutlet.id, regionId: outOutlet.regionId })
        .from(outOutlet)
        .where(and(inArray(outOutlet.regionId, [...regionIds]), ne(outOutlet.status, 'deleted')));
      // The outlet list's turnover of each outlet (one grouped read for all of them), summed per region.
      const turnover = await this.turnovers(rows.map((r) => r.id));
      for (const r of rows) out.set(r.regionId!, (out.get(r.regionId!) ?? 0) + (turnover.get(r.id) ?? 0));
      return out;
    },
    outletsByProvider: async (providerIds: readonly number[]): Promise<Map<number, number>> => {
      if (!providerIds.length) return new Map();
      const rows = await this.db
        .select({ id: outOutlet.serviceProviderId, n: count() })
        .from(outOutlet)
        .where(and(inArray(outOutlet.serviceProviderId, [...providerIds]), ne(outOutlet.status, 'deleted')))
        .groupBy(outOutlet.serviceProviderId);
      return new Map(rows.map((r) => [r.id!, Number(r.n)]));
    },
    /** Each agent's own outlets (not deleted) and the devices bound to them (the partner tree). */
    agentOutlets: async (agentIds: readonly number[]): Promise<Map<number, { outlets: number; devices: number }>> => {
      const out = new Map<number, { outlets: number; devices: number }>();
      if (!agentIds.length) return out;
      const rows = await this.db
        .select({ id: outOutlet.id, agentId: outOutlet.agentId })
        .from(outOutlet)
        .where(and(inArray(outOutlet.agentId, [...agentIds]), ne(outOutlet.status, 'deleted')));
      const devices = await this.binding.deviceCounts(rows.map((r) => r.id));
      for (const r of rows) {
        const m = out.get(r.agentId!) ?? { outlets: 0, devices: 0 };
        out.set(r.agentId!, { outlets: m.outlets + 1, devices: m.devices + (devices.get(r.id) ?? 0) });
      }
      return out;
    },
    /** An agent's own outlets (not deleted) with their devices, by name (the partner tree's leaves). */
    outletsOfAgent: async (
      agentId: number,
    ): Promise<{ id: number; name: string; ratio: number; inService: boolean; devices: number }[]> => {
      const rows = await this.db
        .select({ id: outOutlet.id, name: outOutlet.name, ratio: outOutlet.ratio, status: outOutlet.status })
        .from(outOutlet)
        .where(and(eq(outOutlet.agentId, agentId), ne(outOutlet.status, 'deleted')))
        .orderBy(asc(outOutlet.name), asc(outOutlet.id));
      const devices = await this.binding.deviceCounts(rows.map((r) => r.id));
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        ratio: Number(r.ratio),
        inService: r.status === 'inService',
        devices: devices.get(r.id) ?? 0,
      }));
    },
    /** An outlet's name and agent (null: a direct outlet), or null when there is none (deleted outlets keep their books: they are found). */
    outletOwner: async (id: number): Promise<{ name: string; agentId: number | null } | null> => {
      const [r] = await this.db
        .select({ name: outOutlet.name, agentId: outOutlet.agentId })
        .from(outOutlet)
        .where(eq(outOutlet.id, id));
      return r ?? null;
    },
    outletsOfTeam: async (db: Db, teamId: number): Promise<number> => {
      const [r] = await db
        .select({ n: count() })
        .from(outOutlet)
        .where(and(eq(outOutlet.teamId, teamId), ne(outOutlet.status, 'deleted')));
      return Number(r!.n);
    },
  };

  /**
   * Claims the making of the demo network: true for the one caller that may make it now (never
   * made, or not cleared). The row is written in the caller's transaction, so a failed making
   * leaves no mark and several processes starting together make it once.
   */
  async claimDemo(): Promise<boolean> {
    const won = await this.db
      .insert(outDemo)
      .values({ key: 'network', state: 'created' })
      .onConflictDoNothing()
      .returning({ key: outDemo.key });
    return won.length > 0;
  }

  /** Records that the demo network was removed (a later start leaves it out). */
  async markDemoCleared(): Promise<void> {
    await this.db
      .insert(outDemo)
      .values({ key: 'network', state: 'cleared' })
      .onConflictDoUpdate({ target: outDemo.key, set: { state: 'cleared', at: new Date() } });
  }

  /** The demo's outlets (simulated). */
  async simulatedIds(): Promise<number[]> {
    return (await this.db.select({ id: outOutlet.id }).from(outOutlet).where(eq(outOutlet.simulated, true))).map(
      (r) => r.id,
    );
  }

  /** Real outlets that name one of the demo's partners or its region (they would name nothing after demo:clear); their names. */
  async realOutletsNaming(demo: {
    agents: number[];
    teams: number[];
    providers: number[];
    pushers: number[];
    regions: number[];
  }): Promise<string[]> {
    const any = (column: AnyPgColumn, ids: number[]) => (ids.length ? [inArray(column, ids)] : []);
    const naming = [
      ...any(outOutlet.agentId, demo.agents),
      ...any(outOutlet.teamId, demo.teams),
      ...any(outOutlet.serviceProviderId, demo.providers),
      ...any(outOutlet.pusherId, demo.pushers),
      ...any(outOutlet.regionId, demo.regions),
    ];
    if (!naming.length) return [];
    return (
      await this.db
        .select({ name: outOutlet.name })
        .from(outOutlet)
        .where(and(eq(outOutlet.simulated, false), or(...naming)))
        .orderBy(outOutlet.id)
        .limit(20)
    ).map((r) => r.name);
  }

  /** Removes every simulated outlet, unbinding its devices first; answers how many. */
  async clearSimulated(): Promise<number> {
    return this.inTx(async (tx) => {
      const ids = (
        await tx.select({ id: outOutlet.id }).from(outOutlet).where(eq(outOutlet.simulated, true)).for('update')
      ).map((r) => r.id);
      if (!ids.length) return 0;
      // Each device leaves by the removal path too: its record is written, its asset leaves business.
      for (const b of this.needs.devices) {
        for (const d of await b.unbindAll(ids))
          await this.needs.movements.remove(await this.binding.movement(b, d.sn, d.outletId, DEMO_CLEARED), SERVER);
      }
      await tx.delete(outOutlet).where(inArray(outOutlet.id, ids));
      return ids.length;
    });
  }
}
