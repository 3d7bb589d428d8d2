import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  BindDeviceRequest,
  BindingDeviceType,
  BoundDevice,
  MapPointsResult,
  OutletDeviceItem,
  OutletFilter,
  OutletItem,
  OutletQuery,
  OutletSaveRequest,
  OutletStatus,
  OutletType,
  OwnerOptions,
  OutletsOutsideRange,
} from '@cbo/contract';
import { fieldLabel, hourlyPriceOf } from '@cbo/contract';
import { query, type Db } from '../../platform/db/database.js';
import { currentTx, inRequestTransaction } from '../../platform/db/request-tx.js';
import { containing } from '../../platform/db/paging.js';
import { requirePhone } from '../../platform/sms/phone.js';
import { AppError } from '../../platform/http/app-error.js';
import { tilesOf } from './geocoding.service.js';
import type { Actor, DeviceBinder, DeviceMovement, OutletLate, OutletNeeds } from './needs.js';
import { outDemo, outOutlet } from './tables.js';
import { nameAuditTarget, nameAuditTargets } from '../../platform/audit/target.js';

const yuan = (cents: number) => (cents / 100).toFixed(2);

/** Refuses a billing rule outside the platform's range settings, naming the range it crosses. */
function checkRange(
  b: { pricePerPeriod: number; periodMinutes: number; dailyCap: number; deposit: number },
  r: Awaited<ReturnType<OutletNeeds['settings']['range']>>,
): void {
  const checks = [
    ['hourlyPrice', hourlyPriceOf(b), r.hourlyPrice],
    ['dailyCap', b.dailyCap, r.dailyCap],
    ['deposit', b.deposit, r.deposit],
  ] as const;
  for (const [field, value, range] of checks) {
    if (value < range.min || value > range.max)
      throw new AppError('OUTLET_BILLING_OUT_OF_RANGE', {
        field: fieldLabel(field) ?? field,
        min: yuan(range.min),
        max: yuan(range.max),
      });
  }
}

type OutletRow = typeof outOutlet.$inferSelect;

/** The server itself as the one who binds (the demo network, tests). */
const SERVER: Actor = { id: null, name: '' };
/** The reason of the removals written when the demo network is cleared. */
const DEMO_CLEARED = 'demo:clear';
type RefKind = 'agent' | 'team' | 'region' | 'serviceProvider' | 'pusher';

/** The outlet page address: the template with {id} replaced (every occurrence). */
export const pageUrlOf = (template: string, id: number) => template.replaceAll('{id}', String(id));

/**
 * Outlets: their rules (who owns them, the ratio ceiling of the agent, the billing rule, the
 * status), the devices bound to them (through each device kind's binder) and the map.
 */
export class OutletService {
  constructor(
    private readonly db: Db,
    private readonly needs: OutletNeeds,
    /** Each outlet's turnover (what its orders paid, less refunds): the order module's, a late need. */
    private readonly turnovers: OutletLate['turnovers'],
  ) {}

  /**
   * One transaction that the other modules' services join too (their lookups, the agent's lock,
   * the device's conditional update): a request's transaction when there is one, else a scope of
   * its own, so a lock taken through a need holds until this commits.
   */
  private inTx<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return currentTx() ? this.db.transaction(fn) : inRequestTransaction(this.db, () => this.db.transaction(fn));
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
   * agent, or for a direct-sales outlet its team); null when nothing is withheld.
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
            from out_outlet where id = ${outletId} for update
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

  // ------------------------------------------------------------------ save

  /** Creates or edits an outlet; answers its id. */
  async save(
    reqIn: OutletSaveRequest,
    opts: { by?: number | null; simulated?: boolean } = {},
  ): Promise<{ id: number }> {
    // The manager's phone, canonical (the outlet's app account signs in with it).
    const req =
      reqIn.areaCode && reqIn.managerPhone
        ? {
            ...reqIn,
            ...(({ areaCode, mobile }) => ({ areaCode, managerPhone: mobile }))(
              requirePhone(reqIn.areaCode, reqIn.managerPhone),
            ),
          }
        : reqIn;
    // The outlet's app account signs in with the area code and manager phone (argon2 runs before the transaction).
    if (req.appPassword && (!req.areaCode || !req.managerPhone)) throw new AppError('OUTLET_APP_NEEDS_PHONE');
    const appHash = req.appPassword ? await this.needs.network.hashAppPassword(req.appPassword) : null;
    // The platform's range settings bound what an outlet may set (a rule saved before a range was
    // tightened bills as saved; its next edit must fit: docs/decisions/orders-and-payments.md, "Range settings bound
    // outlets").
    checkRange(req.billing, await this.needs.settings.range());
    nameAuditTarget(req.name);
    return this.inTx(async (tx) => {
      let old: OutletRow | undefined;
      if (req.id) {
        [old] = await tx
          .select()
          .from(outOutlet)
          .where(and(eq(outOutlet.id, req.id), ne(outOutlet.status, 'deleted')))
          .for('update');
        if (!old) throw new AppError('OUTLET_NOT_FOUND');
        if ((old.teamId !== null) !== Boolean(req.teamId)) throw new AppError('OUTLET_OWNER_CHANGE');
      }
      let regionId = req.regionId ?? null;
      if (req.agentId) {
        // The agent's row stays locked until this commits: its ratio cannot drop below ours meanwhile.
        const agent = await this.needs.network.lockAgentForOutlet(req.agentId);
        if (!agent) throw new AppError('OUTLET_AGENT_NOT_FOUND');
        if (req.ratio > agent.ratio)
          throw new AppError('OUTLET_RATIO_ABOVE_AGENT', {
            ratio: req.ratio,
            agent: agent.name,
            agentRatio: agent.ratio,
          });
        regionId ??= agent.regionId;
      } else {
        const team = await this.needs.network.team(req.teamId!);
        if (!team) throw new AppError('OUTLET_TEAM_NOT_FOUND');
        regionId ??= team.regionId;
      }
      const refs = [
        ['region', regionId, 'OUTLET_REGION_NOT_FOUND'],
        ['serviceProvider', req.serviceProviderId, 'OUTLET_PROVIDER_NOT_FOUND'],
        ['pusher', req.pusherId, 'OUTLET_PUSHER_NOT_FOUND'],
      ] as const;
      for (const [kind, refId, error] of refs) {
        if (refId && !(await this.needs.network.exists(kind, refId))) throw new AppError(error);
      }
      const values = {
        name: req.name,
        type: req.type,
        address: req.address,
        lat: req.lat,
        lng: req.lng,
        regionId,
        agentId: req.agentId ?? null,
        teamId: req.teamId ?? null,
        ratio: req.ratio,
        hiddenRatio: req.hiddenRatio,
        costAmount: req.costAmount,
        amortizationRatio: req.amortizationRatio,
        serviceProviderId: req.serviceProviderId ?? null,
        serviceProviderRatio: req.serviceProviderId ? req.serviceProviderRatio : 0,
        pusherId: req.pusherId ?? null,
        areaCode: req.areaCode,
        servicePhone: req.servicePhone,
        serviceHours: req.serviceHours,
        picture: req.picture,
        managerName: req.managerName,
        managerPhone: req.managerPhone,
        remark: req.remark,
        ...req.billing,
        updatedAt: new Date(),
      };
      if (old) {
        await tx.update(outOutlet).set(values).where(eq(outOutlet.id, old.id));
        if (req.areaCode && req.managerPhone)
          await this.needs.network.saveOutletAccount(tx, old.id, req.areaCode, req.managerPhone, appHash);
        return { id: old.id };
      }
      const [{ id }] = (await query<{ id: number }>(
        tx,
        sql`select nextval(pg_get_serial_sequence('out_outlet', 'id'))::int as id`,
      )) as [{ id: number }];
      const template = await this.needs.settings.storeUrl();
      await tx.insert(outOutlet).values({
        ...values,
        id,
        code: `O${String(id).padStart(6, '0')}`,
        pageUrl: template ? pageUrlOf(template, id) : '',
        simulated: opts.simulated ?? false,
        createdBy: opts.by ?? null,
      });
      if (appHash) await this.needs.network.saveOutletAccount(tx, id, req.areaCode, req.managerPhone, appHash);
      return { id };
    });
  }

  /** Saved rules (outlets not deleted) the range settings leave outside, by the bound they cross. */
  async outsideRange(): Promise<OutletsOutsideRange> {
    const r = await this.needs.settings.range();
    const hourly = sql`ceil(${outOutlet.pricePerPeriod} * 60.0 / ${outOutlet.periodMinutes})`;
    const out = (col: SQL | AnyPgColumn, b: { min: number; max: number }) =>
      sql`(${col} < ${b.min} or ${col} > ${b.max})`;
    const [h, d, p] = [
      out(hourly, r.hourlyPrice),
      out(outOutlet.dailyCap, r.dailyCap),
      out(outOutlet.deposit, r.deposit),
    ];
    const live = ne(outOutlet.status, 'deleted');
    const [counts] = await this.db
      .select({
        total: sql<number>`count(*) filter (where ${h} or ${d} or ${p})::int`,
        hourlyPrice: sql<number>`count(*) filter (where ${h})::int`,
        dailyCap: sql<number>`count(*) filter (where ${d})::int`,
        deposit: sql<number>`count(*) filter (where ${p})::int`,
      })
      .from(outOutlet)
      .where(live);
    const sample = await this.db
      .select({ id: outOutlet.id, name: outOutlet.name })
      .from(outOutlet)
      .where(and(live, sql`(${h} or ${d} or ${p})`))
      .orderBy(asc(outOutlet.id))
      .limit(10);
    return {
      total: Number(counts!.total),
      hourlyPrice: Number(counts!.hourlyPrice),
      dailyCap: Number(counts!.dailyCap),
      deposit: Number(counts!.deposit),
      sample,
    };
  }

  // ------------------------------------------------------------------ status

  /** In service → suspended, with the explanation; decided by a conditional update. */
  async suspend(id: number, reason: string): Promise<null> {
    const done = await this.db
      .update(outOutlet)
      .set({ status: 'suspended', suspendReason: reason, updatedAt: new Date() })
      .where(and(eq(outOutlet.id, id), eq(outOutlet.status, 'inService')))
      .returning({ name: outOutlet.name });
    if (!done.length) await this.refuseStatus(id);
    nameAuditTarget(done[0]!.name);
    return null;
  }

  /** Suspended → in service (the explanation is cleared). */
  async resume(id: number): Promise<null> {
    const done = await this.db
      .update(outOutlet)
      .set({ status: 'inService', suspendReason: '', updatedAt: new Date() })
      .where(and(eq(outOutlet.id, id), eq(outOutlet.status, 'suspended')))
      .returning({ name: outOutlet.name });
    if (!done.length) await this.refuseStatus(id);
    nameAuditTarget(done[0]!.name);
    return null;
  }

  private async refuseStatus(id: number): Promise<never> {
    const [row] = await this.db.select({ status: outOutlet.status }).from(outOutlet).where(eq(outOutlet.id, id));
    if (!row || row.status === 'deleted') throw new AppError('OUTLET_NOT_FOUND');
    throw new AppError('OUTLET_STATUS');
  }

  /**
   * Marks an outlet deleted. Refused while a device is bound: the outlet row is locked first, and a
   * bind locks it too (shared), so a bind and a delete arriving together cannot both pass.
   */
  async delete(id: number): Promise<null> {
    await this.inTx(async (tx) => {
      const [row] = await tx
        .select({ id: outOutlet.id, name: outOutlet.name })
        .from(outOutlet)
        .where(and(eq(outOutlet.id, id), ne(outOutlet.status, 'deleted')))
        .for('update');
      if (!row) throw new AppError('OUTLET_NOT_FOUND');
      nameAuditTarget(row.name);
      const bound = (await this.deviceCounts([id])).get(id) ?? 0;
      if (bound) throw new AppError('OUTLET_HAS_DEVICES', { count: bound });
      await tx.update(outOutlet).set({ status: 'deleted', updatedAt: new Date() }).where(eq(outOutlet.id, id));
    });
    return null;
  }

  // ------------------------------------------------------------------ binding

  private binderFor(type: BindingDeviceType | undefined): readonly DeviceBinder[] {
    return type ? this.needs.devices.filter((b) => b.type === type) : this.needs.devices;
  }

  /** Which binder knows this code (undefined: none). */
  private async findDevice(sn: string, type: BindingDeviceType | undefined): Promise<DeviceBinder> {
    for (const b of this.binderFor(type)) if ((await b.outletOf(sn)) !== undefined) return b;
    // Known, but as another kind of device (or one never bound to outlets): a wrong binding type.
    const elsewhere =
      type &&
      (await Promise.all(this.needs.devices.filter((b) => b.type !== type).map((b) => b.outletOf(sn)))).some(
        (o) => o !== undefined,
      );
    if (elsewhere || (await this.needs.isUnbindableDevice(sn))) throw new AppError('DEVICE_WRONG_BINDING_TYPE');
    throw new AppError('BINDING_DEVICE_NOT_FOUND');
  }

  /**
   * Binds a device to an outlet that is not deleted: its installation. The device's own conditional
   * update decides (one winner among binds arriving together), then the assets write the install
   * record and the device's place in the same transaction; their refusal (pending audit, agent
   * device, already in business) undoes the binding.
   */
  async bind(req: BindDeviceRequest, by: Actor = SERVER): Promise<BoundDevice> {
    return this.inTx(async (tx) => {
      // Shared lock: binds to one outlet go side by side, a delete of it waits (and then sees them).
      const [outlet] = await tx
        .select({ id: outOutlet.id, name: outOutlet.name })
        .from(outOutlet)
        .where(and(eq(outOutlet.id, req.outletId), ne(outOutlet.status, 'deleted')))
        .for('share');
      if (!outlet) throw new AppError('OUTLET_NOT_FOUND');
      // The device and where it goes: "SN, outlet".
      nameAuditTargets([req.sn, outlet.name]);
      const binder = await this.findDevice(req.sn, req.deviceType);
      const result = await binder.bind(req.sn, req.outletId);
      if (result === 'alreadyBound') throw new AppError('DEVICE_ALREADY_BOUND');
      if (result === 'notFound') throw new AppError('BINDING_DEVICE_NOT_FOUND');
      await this.needs.movements.install(await this.movement(binder, req.sn, req.outletId, req.reason), by);
      return { sn: req.sn, deviceType: binder.type, outletId: req.outletId };
    });
  }

  /**
   * Unbinds a device: its removal, recorded by the assets in the same transaction. The one path by
   * which a device leaves an outlet, whoever starts it (a person, a repair ticket taking the device
   * out of business, the demo network cleared). An unbound device cannot be unbound.
   */
  async unbind(sn: string, type?: BindingDeviceType, by: Actor = SERVER, reason?: string): Promise<BoundDevice> {
    nameAuditTarget(sn);
    return this.inTx(async () => {
      const binder = await this.findDevice(sn, type);
      const result = await binder.unbind(sn);
      if (result === 'notBound') throw new AppError('DEVICE_NOT_BOUND');
      if (result === 'notFound') throw new AppError('BINDING_DEVICE_NOT_FOUND');
      await this.needs.movements.remove(await this.movement(binder, sn, result.outletId, reason), by);
      return { sn, deviceType: binder.type, outletId: null };
    });
  }

  private async movement(
    binder: DeviceBinder,
    sn: string,
    outletId: number,
    reason: string | undefined,
  ): Promise<DeviceMovement> {
    return {
      deviceId: sn,
      deviceType: binder.type,
      modelId: binder.modelOf ? await binder.modelOf(sn) : null,
      outletId,
      reason: reason ?? '',
    };
  }

  async devicesOf(outletId: number): Promise<OutletDeviceItem[]> {
    const [row] = await this.db.select({ id: outOutlet.id }).from(outOutlet).where(eq(outOutlet.id, outletId));
    if (!row) throw new AppError('OUTLET_NOT_FOUND');
    return (await Promise.all(this.needs.devices.map((b) => b.devicesOf(outletId)))).flat();
  }

  /** The first 20 unbound devices whose code contains the text, of one kind or of every kind. */
  async unboundDevices(text: string | undefined, type?: BindingDeviceType): Promise<OutletDeviceItem[]> {
    return (await Promise.all(this.binderFor(type).map((b) => b.unbound(text, 20)))).flat().slice(0, 20);
  }

  private async deviceCounts(ids: number[]): Promise<Map<number, number>> {
    const total = new Map<number, number>();
    if (!ids.length) return total;
    for (const m of await Promise.all(this.needs.devices.map((b) => b.countByOutlet(ids)))) {
      for (const [id, n] of m) total.set(id, (total.get(id) ?? 0) + n);
    }
    return total;
  }

  // ------------------------------------------------------------------ lists

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
      const counts = await this.deviceCounts(all.map((r) => r.id));
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
    const devices = await this.deviceCounts(rows.map((r) => r.id));
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
    const devices = await this.deviceCounts(rows.map((r) => r.id));
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
      const devices = await this.deviceCounts(rows.map((r) => r.id));
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
      const devices = await this.deviceCounts(rows.map((r) => r.id));
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
      const devices = await this.deviceCounts(rows.map((r) => r.id));
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
          await this.needs.movements.remove(await this.movement(b, d.sn, d.outletId, DEMO_CLEARED), SERVER);
      }
      await tx.delete(outOutlet).where(inArray(outOutlet.id, ids));
      return ids.length;
    });
  }
}
