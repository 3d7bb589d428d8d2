import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { MapPointsResult, OutletFilter, OutletItem, OutletQuery, OutletStatus, OutletType } from '@cbo/contract';
import { type Db } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import { tilesOf } from './geocoding.service.js';
import { outOutlet } from './tables.js';

import { type OutletRow, type RefKind } from './outlet.core.js';
import type { OutletLate, OutletNeeds } from './needs.js';
import type { OutletBinding } from './outlet.binding.js';

/** The outlets' list and the map. */
export class OutletReads {
  constructor(
    private readonly db: Db,
    private readonly needs: OutletNeeds,
    private readonly binding: OutletBinding,
    /** Each outlet's turnover (the outlet module's late need from the orders). */
    private readonly turnovers: OutletLate['turnovers'],
  ) {}

  private where(f: OutletFilter): SQL | undefined {
    const c: SQL[] = [f.status ? eq(outOutlet.status, f.status) : ne(outOutlet.status, 'deleted')];
    if (f.name) c.push(or(ilike(outOutlet.name, containing(f.name)), ilike(outOutlet.code, containing(f.name)))!);
    if (f.type) c.push(eq(outOutlet.type, f.type));
    if (f.regionId) c.push(eq(outOutlet.regionId, f.regionId));
    if (f.agentId) c.push(eq(outOutlet.agentId, f.agentId));
    if (f.teamId) c.push(eq(outOutlet.teamId, f.teamId));
    if (f.direct !== undefined) c.push(f.direct ? isNotNull(outOutlet.teamId) : isNull(outOutlet.teamId));
    if (f.simulated !== undefined) c.push(eq(outOutlet.simulated, f.simulated));
    return and(...c);
  }

  async count(f: OutletFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(outOutlet).where(this.where(f));
    return Number(r!.n);
  }

  async rows(
    q: OutletFilter & Pick<OutletQuery, 'orderBy' | 'order'>,
    offset: number,
    limit: number,
  ): Promise<OutletItem[]> {
    const dir = q.order === 'ascend' ? asc : desc;
    const order =
      q.orderBy === 'name'
        ? [dir(outOutlet.name)]
        : q.orderBy === 'code'
          ? [dir(outOutlet.code)]
          : q.orderBy === 'ratio'
            ? [dir(outOutlet.ratio)]
            : [dir(outOutlet.createdAt)];
    if (q.orderBy === 'devices') {
      // Device counts live with the devices: sort the matching ids by them, then read the page.
      const all = await this.db
        .select({ id: outOutlet.id })
        .from(outOutlet)
        .where(this.where(q))
        .orderBy(desc(outOutlet.createdAt))
        .limit(20000);
      const counts = await this.binding.deviceCounts(all.map((r) => r.id));
      const sign = q.order === 'ascend' ? 1 : -1;
      const ids = all
        .map((r) => r.id)
        .sort((a, b) => sign * ((counts.get(a) ?? 0) - (counts.get(b) ?? 0)) || b - a)
        .slice(offset, offset + limit);
      if (!ids.length) return [];
      const rows = await this.db.select().from(outOutlet).where(inArray(outOutlet.id, ids));
      const byId = new Map(rows.map((r) => [r.id, r]));
      return this.items(ids.map((id) => byId.get(id)!));
    }
    const rows = await this.db
      .select()
      .from(outOutlet)
      .where(this.where(q))
      .orderBy(...order, desc(outOutlet.id))
      .limit(limit)
      .offset(offset);
    return this.items(rows);
  }

  private async items(rows: OutletRow[]): Promise<OutletItem[]> {
    const turnover = await this.turnovers(rows.map((r) => r.id));
    const ids = (pick: (r: OutletRow) => number | null) => [
      ...new Set(rows.map(pick).filter((v): v is number => v !== null)),
    ];
    const kinds: [RefKind, (r: OutletRow) => number | null][] = [
      ['agent', (r) => r.agentId],
      ['team', (r) => r.teamId],
      ['region', (r) => r.regionId],
      ['serviceProvider', (r) => r.serviceProviderId],
      ['pusher', (r) => r.pusherId],
    ];
    const names = new Map<RefKind, Map<number, string>>();
    await Promise.all(kinds.map(async ([k, pick]) => names.set(k, await this.needs.network.names(k, ids(pick)))));
    const devices = await this.binding.deviceCounts(rows.map((r) => r.id));
    const ref = (k: RefKind, id: number | null) => (id === null ? null : { id, name: names.get(k)!.get(id) ?? null });
    return rows.map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      type: r.type as OutletType,
      status: r.status as OutletStatus,
      suspendReason: r.suspendReason,
      address: r.address,
      lat: r.lat,
      lng: r.lng,
      region: ref('region', r.regionId),
      agent: ref('agent', r.agentId),
      team: ref('team', r.teamId),
      direct: r.teamId !== null,
      ratio: r.ratio,
      hiddenRatio: r.hiddenRatio,
      costAmount: r.costAmount,
      amortizationRatio: r.amortizationRatio,
      costRecovered: r.costRecovered,
      serviceProvider: ref('serviceProvider', r.serviceProviderId),
      serviceProviderRatio: r.serviceProviderRatio,
      pusher: ref('pusher', r.pusherId),
      areaCode: r.areaCode,
      servicePhone: r.servicePhone,
      serviceHours: r.serviceHours,
      picture: r.picture,
      managerName: r.managerName,
      managerPhone: r.managerPhone,
      remark: r.remark,
      billing: {
        freeMinutes: r.freeMinutes,
        pricePerPeriod: r.pricePerPeriod,
        periodMinutes: r.periodMinutes,
        dailyCap: r.dailyCap,
        totalCap: r.totalCap,
        deposit: r.deposit,
      },
      pageUrl: r.pageUrl,
      devices: devices.get(r.id) ?? 0,
      turnover: turnover.get(r.id) ?? 0,
      simulated: r.simulated,
      createTime: r.createdAt.toISOString(),
    }));
  }

  // ------------------------------------------------------------------ map

  /**
   * The outlets on the map. The tiles are those of the map type set in the basic settings when its
   * key is configured; otherwise OpenStreetMap's (the console says so).
   */
  async mapPoints(q: { regionId?: number; status?: 'inService' | 'suspended' }): Promise<MapPointsResult> {
    const c: SQL[] = [q.status ? eq(outOutlet.status, q.status) : ne(outOutlet.status, 'deleted')];
    if (q.regionId) c.push(eq(outOutlet.regionId, q.regionId));
    const rows = await this.db
      .select({
        id: outOutlet.id,
        name: outOutlet.name,
        status: outOutlet.status,
        lat: outOutlet.lat,
        lng: outOutlet.lng,
        address: outOutlet.address,
        regionId: outOutlet.regionId,
        teamId: outOutlet.teamId,
        simulated: outOutlet.simulated,
      })
      .from(outOutlet)
      .where(and(...c))
      .orderBy(asc(outOutlet.id))
      .limit(20000);
    const devices = await this.binding.deviceCounts(rows.map((r) => r.id));
    const turnover = await this.turnovers(rows.map((r) => r.id));
    const map = await this.needs.settings.map();
    return {
      mapType: map.mapType,
      tiles: tilesOf(map),
      points: rows.map(({ teamId, ...r }) => ({
        ...r,
        status: r.status as OutletStatus,
        direct: teamId !== null,
        devices: devices.get(r.id) ?? 0,
        turnover: turnover.get(r.id) ?? 0,
      })),
    };
  }
}
