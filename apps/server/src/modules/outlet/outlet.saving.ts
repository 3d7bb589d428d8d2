import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { OutletSaveRequest, OutletsOutsideRange } from '@cbo/contract';
import { fieldLabel, hourlyPriceOf } from '@cbo/contract';
import { query, type Db } from '../../platform/db/database.js';
import { requirePhone } from '../../platform/sms/phone.js';
import { AppError } from '../../platform/http/app-error.js';
import type { OutletNeeds } from './needs.js';
import { outOutlet } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

import { outletTx, pageUrlOf, type OutletRow } from './outlet.core.js';
import { yuan } from '../../platform/money.js';
import type { OutletBinding } from './outlet.binding.js';

/** Refuses a billing rule outside the platform's range settings, naming the range it crosses. */
export function checkRange(
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

/** An outlet saved (its rules checked, its accounts and names kept in step), its status changed, deleted. */
export class OutletSaving {
  constructor(
    private readonly db: Db,
    private readonly needs: OutletNeeds,
    private readonly binding: OutletBinding,
  ) {}

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
    return outletTx(this.db, async (tx) => {
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

  async refuseStatus(id: number): Promise<never> {
    const [row] = await this.db.select({ status: outOutlet.status }).from(outOutlet).where(eq(outOutlet.id, id));
    if (!row || row.status === 'deleted') throw new AppError('OUTLET_NOT_FOUND');
    throw new AppError('OUTLET_STATUS');
  }

  /**
   * Marks an outlet deleted. Refused while a device is bound: the outlet row is locked first, and a
   * bind locks it too (shared), so a bind and a delete arriving together cannot both pass.
   */
  async delete(id: number): Promise<null> {
    await outletTx(this.db, async (tx) => {
      const [row] = await tx
        .select({ id: outOutlet.id, name: outOutlet.name })
        .from(outOutlet)
        .where(and(eq(outOutlet.id, id), ne(outOutlet.status, 'deleted')))
        .for('update');
      if (!row) throw new AppError('OUTLET_NOT_FOUND');
      nameAuditTarget(row.name);
      const bound = (await this.binding.deviceCounts([id])).get(id) ?? 0;
      if (bound) throw new AppError('OUTLET_HAS_DEVICES', { count: bound });
      await tx.update(outOutlet).set({ status: 'deleted', updatedAt: new Date() }).where(eq(outOutlet.id, id));
    });
    return null;
  }
}
