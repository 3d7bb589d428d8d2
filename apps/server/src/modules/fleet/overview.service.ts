import { count, sql } from 'drizzle-orm';
import {
  CABINET_CONDITIONS,
  CABINET_CONNECTIONS,
  OVERVIEW_HOURS,
  OVERVIEW_RECENT_EVENTS,
  PERMS,
  type FleetOverview,
} from '@cbo/contract';
import { query, type Db } from '../../platform/db/database.js';
import type { Principal } from '../../platform/http/routes.js';
import type { DeviceLogService } from './device-log.service.js';
import { batchRunningSql, chargedSql, conditionSql, connectionSql, inCabinetSql } from './overview-conditions.js';
import { devCabinet, devFirmwareBatch, devPowerBank } from './tables.js';

const HOUR_MS = 3_600_000;

/** What the overview needs of the identity module: whether an account holds a permission code. */
export interface PermissionCheck {
  holdsPermission(p: Principal, code: string): Promise<boolean>;
}

/** The start of each hourly bucket of the window: the last one is the hour now is in. */
export function hourBuckets(at: Date, hours = OVERVIEW_HOURS): Date[] {
  const current = Math.floor(at.getTime() / HOUR_MS) * HOUR_MS;
  return Array.from({ length: hours }, (_, i) => new Date(current - (hours - 1 - i) * HOUR_MS));
}

/**
 * The fleet at a glance, for the dashboard. Every number is an aggregate over the tables the lists
 * read, with the lists' own conditions (overview-conditions.ts), so each equals the total of the
 * list the dashboard links it to. A part whose list the account may not see is left out (null).
 */
export class OverviewService {
  constructor(
    private readonly db: Db,
    private readonly access: PermissionCheck,
    private readonly deviceLog: DeviceLogService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async overview(p: Principal): Promise<FleetOverview> {
    const [cabinets, powerBanks, commands, firmware, events] = await Promise.all(
      [PERMS.cabinetQuery, PERMS.powerBankQuery, PERMS.commandQuery, PERMS.firmwareQuery, PERMS.deviceLogQuery].map(
        (code) => this.access.holdsPermission(p, code),
      ),
    );
    return this.compute({
      cabinets: !!cabinets,
      powerBanks: !!powerBanks,
      commands: !!commands,
      firmware: !!firmware,
      events: !!events,
    });
  }

  /** The overview with the parts chosen (true: counted; false: null). */
  async compute(
    parts: Record<'cabinets' | 'powerBanks' | 'commands' | 'firmware' | 'events', boolean>,
  ): Promise<FleetOverview> {
    const at = this.now();
    const since = new Date(at.getTime() - OVERVIEW_HOURS * HOUR_MS);
    const buckets = hourBuckets(at);
    const [cabinets, powerBanks, commands, firmware, events] = await Promise.all([
      parts.cabinets ? this.cabinets(at, buckets) : null,
      parts.powerBanks ? this.powerBanks() : null,
      parts.commands ? this.commands(at, since, buckets) : null,
      parts.firmware ? this.firmware() : null,
      parts.events ? this.events(since) : null,
    ]);
    return { at: at.toISOString(), since: since.toISOString(), cabinets, powerBanks, commands, firmware, events };
  }

  private async cabinets(at: Date, buckets: Date[]): Promise<NonNullable<FleetOverview['cabinets']>> {
    const names = [...CABINET_CONNECTIONS, ...CABINET_CONDITIONS];
    const conds = [...CABINET_CONNECTIONS.map(connectionSql), ...CABINET_CONDITIONS.map(conditionSql)];
    const select = Object.fromEntries(names.map((n, i) => [n, sql<number>`count(*) filter (where ${conds[i]!})::int`]));
    const [[row], moves] = await Promise.all([
      this.db.select({ total: count(), ...select }).from(devCabinet),
      // Online and offline lines per hour: the gateway writes one for every change of state.
      query<{ b: number; wentOnline: number; wentOffline: number }>(
        this.db,
        sql`select floor(extract(epoch from created_at - ${buckets[0]!.toISOString()}::timestamptz) / 3600)::int as b,
                   count(*) filter (where kind = 'online')::int as "wentOnline",
                   count(*) filter (where kind = 'offline')::int as "wentOffline"
              from dev_log
             where kind in ('online', 'offline') and created_at >= ${buckets[0]!.toISOString()}::timestamptz and created_at <= ${at.toISOString()}::timestamptz
             group by 1`,
      ),
    ]);
    const r = row as unknown as Record<string, number>;
    const n = (k: string) => Number(r[k] ?? 0);
    // Walking back from now: before an hour's changes, the cabinets online were those online
    // after them, less those that came online in it, plus those that went offline in it.
    const net = new Map(moves.map((m) => [Number(m.b), Number(m.wentOnline) - Number(m.wentOffline)]));
    const total = n('total');
    const onlineTrend: { at: string; online: number }[] = [];
    let online = n('online');
    for (let i = buckets.length - 1; i >= 0; i--) {
      const end = i === buckets.length - 1 ? at : buckets[i + 1]!;
      onlineTrend.unshift({ at: end.toISOString(), online: Math.min(total, Math.max(0, online)) });
      online -= net.get(i) ?? 0;
    }
    return {
      total,
      online: n('online'),
      offline: n('offline'),
      neverConnected: n('neverConnected'),
      full: n('full'),
      empty: n('empty'),
      weakSignal: n('weakSignal'),
      faulty: n('faulty'),
      onlineTrend,
    };
  }

  private async powerBanks(): Promise<NonNullable<FleetOverview['powerBanks']>> {
    const [r] = await this.db
      .select({
        inCabinets: sql<number>`count(*) filter (where ${inCabinetSql})::int`,
        charged: sql<number>`count(*) filter (where ${inCabinetSql} and ${chargedSql(true)})::int`,
      })
      .from(devPowerBank);
    const inCabinets = Number(r!.inCabinets);
    const charged = Number(r!.charged);
    return { inCabinets, charged, chargedPercent: inCabinets ? Math.round((charged * 100) / inCabinets) : null };
  }

  /** Commands created in the window (the command list's time filter is on creation too), by their state now. */
  private async commands(at: Date, since: Date, buckets: Date[]): Promise<NonNullable<FleetOverview['commands']>> {
    const [[totals], hours] = await Promise.all([
      query<{ total: number; failed: number; expired: number }>(
        this.db,
        sql`select count(*)::int as total, count(*) filter (where state = 'failed')::int as failed, count(*) filter (where state = 'expired')::int as expired
              from dev_command where created_at >= ${since.toISOString()}::timestamptz and created_at <= ${at.toISOString()}::timestamptz`,
      ),
      query<{ b: number; succeeded: number; failed: number; expired: number; open: number }>(
        this.db,
        sql`select floor(extract(epoch from created_at - ${buckets[0]!.toISOString()}::timestamptz) / 3600)::int as b,
                   count(*) filter (where state = 'succeeded')::int as succeeded,
                   count(*) filter (where state = 'failed')::int as failed,
                   count(*) filter (where state = 'expired')::int as expired,
                   count(*) filter (where state in ('pending', 'sent', 'acknowledged'))::int as open
              from dev_command
             where created_at >= ${buckets[0]!.toISOString()}::timestamptz and created_at <= ${at.toISOString()}::timestamptz
             group by 1`,
      ),
    ]);
    const byBucket = new Map(hours.map((h) => [Number(h.b), h]));
    return {
      total: Number(totals?.total ?? 0),
      failed: Number(totals?.failed ?? 0),
      expired: Number(totals?.expired ?? 0),
      hourly: buckets.map((start, i) => {
        const h = byBucket.get(i);
        return {
          at: start.toISOString(),
          succeeded: Number(h?.succeeded ?? 0),
          failed: Number(h?.failed ?? 0),
          expired: Number(h?.expired ?? 0),
          open: Number(h?.open ?? 0),
        };
      }),
    };
  }

  private async firmware(): Promise<NonNullable<FleetOverview['firmware']>> {
    const [r] = await this.db.select({ n: count() }).from(devFirmwareBatch).where(batchRunningSql(true));
    return { running: Number(r!.n) };
  }

  /** Device log lines of the window by kind (rows, as the device log counts them) and the latest lines. */
  private async events(since: Date): Promise<NonNullable<FleetOverview['events']>> {
    const [[r], recent] = await Promise.all([
      query<{ online: number; offline: number; refused: number }>(
        this.db,
        sql`select count(*) filter (where kind = 'online')::int as online, count(*) filter (where kind = 'offline')::int as offline,
                   count(*) filter (where kind = 'refused')::int as refused
              from dev_log where created_at >= ${since.toISOString()}::timestamptz`,
      ),
      this.deviceLog.rows({}, 0, OVERVIEW_RECENT_EVENTS),
    ]);
    return {
      online: Number(r?.online ?? 0),
      offline: Number(r?.offline ?? 0),
      refused: Number(r?.refused ?? 0),
      recent,
    };
  }
}
