import crypto from 'node:crypto';
import type { FleetLate } from './needs.js';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  batchStorageRequest,
  describeError,
  errorMessage,
  expandSnRange,
  CABINET_SN_RE,
  type BatchStorageReport,
  type BatchStorageRequest,
  type CabinetDetail,
  type CabinetFilter,
  type CabinetItem,
  type CabinetQuery,
  type CabinetSecret,
  type Lang,
  type OnlineReason,
  type PowerBankFilter,
  type PowerBankItem,
  type SlotItem,
  type StockFailReason,
} from '@cbo/contract';
import { anyOf, jsonRows, query, type Db } from '../../platform/db/database.js';
import { GroupCommit } from '../../platform/db/group-commit.js';
import { AppError } from '../../platform/http/app-error.js';
import { escapeLike } from '../../platform/db/paging.js';
import type { DeviceLogService } from './device-log.service.js';
import { devCabinet, devSlot } from './tables.js';
import type { FleetLive } from './fleet-live.js';
import { conditionSql, connectionSql } from './overview-conditions.js';
import { nameAuditTarget, nameAuditTargets } from '../../platform/audit/target.js';

import {
  cabinetRowFromSql,
  DEFAULT_HEARTBEAT_SEC,
  deriveSecret,
  iso,
  MISSED_HEARTBEATS,
  toItem,
  toSlotItem,
  type CabinetRow,
} from './cabinet.rows.js';
import { PowerBankReads } from './power-bank.reads.js';

export {
  cabinetRowFromSql,
  DEFAULT_HEARTBEAT_SEC,
  deriveSecret,
  loadFleetKey,
  MISSED_HEARTBEATS,
  toItem,
  toSlotItem,
  type CabinetRow,
} from './cabinet.rows.js';

/** Cabinets: stock-in, the list and detail, power-bank reads, going offline, and settings a command's reply reports. */
export class CabinetService {
  private readonly powerBanks: PowerBankReads;
  constructor(
    private readonly db: Db,
    private readonly key: string,
    private readonly deviceLog: DeviceLogService,
    private readonly live: FleetLive,
    /** The fleet's late needs: outlet names, and each power bank's leases from the orders (the stored lease_count and lease_minutes were never written and are not read). */
    private readonly late: Pick<FleetLate, 'outletNames' | 'leases'>,
  ) {
    this.powerBanks = new PowerBankReads(db, (ids) => this.late.leases(ids));
  }

  secretOf(sn: string): string {
    return deriveSecret(this.key, sn);
  }

  /** True when the password is this cabinet's secret (constant time). */
  checkSecret(sn: string, password: string): boolean {
    const want = Buffer.from(this.secretOf(sn));
    const got = Buffer.from(password);
    return want.length === got.length && crypto.timingSafeEqual(want, got);
  }

  // ------------------------------------------------------------------------------------------
  // Stock-in (cabinet batch storage)

  /**
   * Stocks in cabinets by list or range (at most 500). A bad range or list refuses the whole
   * request; within a list each SN stands alone and the report says which failed and why.
   */
  async stockIn(
    input: BatchStorageRequest,
    opts: { lang?: Lang; by?: number | null } = {},
  ): Promise<BatchStorageReport> {
    const lang = opts.lang ?? 'zh_CN';
    const parsed = batchStorageRequest.safeParse(input);
    if (!parsed.success) throw new AppError('VALIDATION', { detail: describeError(parsed.error, lang) });
    const v = parsed.data;
    if (v.sns) nameAuditTargets(v.sns);
    else nameAuditTarget(`${v.start} – ${v.end}`);
    const raw = v.sns ?? expandSnRange(v.start!, v.end!);
    const failed: BatchStorageReport['failed'] = [];
    const fail = (sn: string, reason: StockFailReason) => {
      const name =
        reason === 'nonStandard'
          ? 'DEVICE_CODE_NONSTANDARD'
          : reason === 'alreadyInStock'
            ? 'DEVICE_IN_STOCK'
            : 'DEVICE_DUPLICATE';
      failed.push({ sn, reason, msg: errorMessage(name, lang) });
    };
    const wanted: string[] = [];
    const seen = new Set<string>();
    for (const r of raw) {
      const sn = r.trim().toUpperCase();
      if (!CABINET_SN_RE.test(sn)) fail(r, 'nonStandard');
      else if (seen.has(sn)) fail(sn, 'duplicate');
      else {
        seen.add(sn);
        wanted.push(sn);
      }
    }
    let inserted: string[] = [];
    if (wanted.length) {
      const rows = await this.db
        .insert(devCabinet)
        .values(wanted.map((sn) => ({ sn, stockedInBy: opts.by ?? null })))
        .onConflictDoNothing()
        .returning({ sn: devCabinet.sn });
      inserted = rows.map((r) => r.sn);
      const ok = new Set(inserted);
      for (const sn of wanted) if (!ok.has(sn)) fail(sn, 'alreadyInStock');
    }
    // Keep the caller's order in the report.
    const order = new Map(raw.map((r, i) => [r.trim().toUpperCase(), i]));
    failed.sort((a, b) => (order.get(a.sn.trim().toUpperCase()) ?? 0) - (order.get(b.sn.trim().toUpperCase()) ?? 0));
    if (inserted.length) {
      const items = await this.itemsBySn(inserted);
      for (const cabinet of items) void this.live.cabinet('stockIn', cabinet);
    }
    return {
      total: raw.length,
      succeeded: inserted.length,
      succeededSns: wanted.filter((sn) => inserted.includes(sn)),
      failed,
    };
  }

  /**
   * Registers cabinets the fleet does not know yet (the assets' put-in of cabinets, in its
   * transaction): the same row a batch storage writes. Known ones are left as they are. Answers
   * the SNs registered now.
   */
  async register(sns: string[], by: number | null): Promise<string[]> {
    if (!sns.length) return [];
    const rows = await this.db
      .insert(devCabinet)
      .values(sns.map((sn) => ({ sn, stockedInBy: by })))
      .onConflictDoNothing()
      .returning({ sn: devCabinet.sn });
    const inserted = rows.map((r) => r.sn);
    if (inserted.length)
      for (const cabinet of await this.itemsBySn(inserted)) void this.live.cabinet('stockIn', cabinet);
    return inserted;
  }

  // ------------------------------------------------------------------------------------------
  // Reads

  private where(f: CabinetFilter): SQL | undefined {
    const c: SQL[] = [];
    if (f.sn) c.push(ilike(devCabinet.sn, `%${escapeLike(f.sn)}%`));
    if (f.online !== undefined) c.push(eq(devCabinet.online, f.online));
    if (f.bound !== undefined) c.push(f.bound ? isNotNull(devCabinet.outletId) : isNull(devCabinet.outletId));
    if (f.firmware) c.push(ilike(devCabinet.firmwareMain, `%${escapeLike(f.firmware)}%`));
    if (f.netMode) c.push(eq(devCabinet.netMode, f.netMode));
    if (f.iccid) c.push(ilike(devCabinet.iccid, `%${escapeLike(f.iccid)}%`));
    if (f.connection) c.push(connectionSql(f.connection));
    if (f.condition) c.push(conditionSql(f.condition));
    return c.length ? and(...c) : undefined;
  }

  async count(f: CabinetFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(devCabinet).where(this.where(f));
    return Number(r!.n);
  }

  async rows(
    q: CabinetFilter & Partial<Pick<CabinetQuery, 'orderBy' | 'order'>>,
    offset: number,
    limit: number,
  ): Promise<CabinetItem[]> {
    const col = q.orderBy ? devCabinet[q.orderBy] : devCabinet.stockedInAt;
    const dir = q.orderBy ? (q.order === 'ascend' ? asc : desc) : desc;
    const rows = await this.db
      .select()
      .from(devCabinet)
      .where(this.where(q))
      .orderBy(sql`${dir(col)} nulls last`, asc(devCabinet.sn))
      .limit(limit)
      .offset(offset);
    return this.withOutletNames(rows.map(toItem), rows);
  }

  private async withOutletNames<T extends CabinetItem>(items: T[], rows: CabinetRow[]): Promise<T[]> {
    const ids = [...new Set(rows.map((r) => r.outletId).filter((v): v is number => v !== null))];
    if (!ids.length) return items;
    const names = await this.late.outletNames(ids);
    return items.map((it, i) => ({
      ...it,
      outletName: rows[i]!.outletId === null ? null : (names.get(rows[i]!.outletId!) ?? null),
    }));
  }

  async get(sn: string): Promise<CabinetRow | undefined> {
    const [row] = await this.db.select().from(devCabinet).where(eq(devCabinet.sn, sn));
    return row;
  }

  async item(sn: string): Promise<CabinetItem | null> {
    const row = await this.get(sn);
    return row ? toItem(row) : null;
  }

  private async itemsBySn(sns: string[]): Promise<CabinetItem[]> {
    if (!sns.length) return [];
    return (await this.db.select().from(devCabinet).where(inArray(devCabinet.sn, sns))).map(toItem);
  }

  async slots(sn: string): Promise<SlotItem[]> {
    const rows = await this.db.select().from(devSlot).where(eq(devSlot.sn, sn)).orderBy(asc(devSlot.slot));
    return rows.map(toSlotItem);
  }

  async detail(sn: string): Promise<CabinetDetail> {
    const row = await this.get(sn);
    if (!row) throw new AppError('DEVICE_NOT_FOUND');
    const [item] = await this.withOutletNames([toItem(row)], [row]);
    return { ...item!, uptimeSec: row.uptimeSec, slotList: await this.slots(sn), inventoryAt: iso(row.inventoryAt) };
  }

  async secret(sn: string): Promise<CabinetSecret> {
    if (!(await this.get(sn))) throw new AppError('DEVICE_NOT_FOUND');
    return { sn, clientId: `cab-${sn}`, username: sn, secret: this.secretOf(sn) };
  }
  // ------------------------------------------------------------------------------------------
  // Power banks (power-bank.reads.ts)

  powerBankCount(f: PowerBankFilter): Promise<number> {
    return this.powerBanks.powerBankCount(f);
  }

  powerBankRows(...args: Parameters<PowerBankReads['powerBankRows']>): Promise<PowerBankItem[]> {
    return this.powerBanks.powerBankRows(...args);
  }

  // ------------------------------------------------------------------------------------------
  // What cabinets report that is rare enough to write alone (registrations and heartbeats are
  // batched in cabinet-reports.ts; slots and power banks are written by slot-state.ts)

  async goOffline(sn: string, reason: OnlineReason, address: string | null = null): Promise<void> {
    const rows = await this.db
      .update(devCabinet)
      .set({ online: false, onlineReason: reason, onlineChangedAt: new Date() })
      .where(and(eq(devCabinet.sn, sn), eq(devCabinet.online, true)))
      .returning();
    if (!rows.length) return;
    await this.deviceLog.record({ sn, kind: 'offline', reason, address });
    void this.live.cabinet('offline', toItem(rows[0]!));
  }

  /** Cabinets silent for three heartbeat intervals go offline (any process may run this). */
  async sweepOffline(): Promise<number> {
    const now = new Date();
    const rows = await this.db
      .update(devCabinet)
      .set({ online: false, onlineReason: 'heartbeatTimeout', onlineChangedAt: now })
      .where(
        and(
          eq(devCabinet.online, true),
          lt(
            devCabinet.lastSeenAt,
            sql`${now}::timestamptz - make_interval(secs => ${MISSED_HEARTBEATS} * coalesce(${devCabinet.heartbeatSec}, ${DEFAULT_HEARTBEAT_SEC}))`,
          ),
        ),
      )
      .returning();
    await Promise.all(
      rows.map((r) =>
        this.deviceLog.record({
          sn: r.sn,
          kind: 'offline',
          reason: 'heartbeatTimeout',
          detail: `last message ${r.lastSeenAt?.toISOString() ?? '-'}`,
        }),
      ),
    );
    for (const r of rows) void this.live.cabinet('offline', toItem(r));
    return rows.length;
  }

  /**
   * Stores what a config, version or ICCID reply says is in force now. Written and pushed only
   * when something differs (a version query usually confirms what is known); the reports of
   * cabinets that answer together share one statement (a fleet's version queries were one
   * statement each, holding a pooled connection beside every command's own writes).
   */
  async applyReported(sn: string, patch: ReportedPatch, change: 'config' | 'firmware'): Promise<void> {
    if (!REPORTED.some((k) => patch[k] !== undefined)) return;
    await this.reported.add({ sn, patch, change });
  }

  private readonly reported = new GroupCommit<
    { sn: string; patch: ReportedPatch; change: 'config' | 'firmware' },
    void
  >(async (xs) => {
    // A cabinet named twice in a batch is written in a second round, so neither report is lost.
    for (let rest = xs; rest.length;) {
      const seen = new Set<string>();
      const round = rest.filter((x) => !seen.has(x.sn) && seen.add(x.sn));
      rest = rest.filter((x) => !round.includes(x));
      await this.writeReported(round);
    }
    return xs.map(() => undefined);
  });

  private async writeReported(
    xs: { sn: string; patch: ReportedPatch; change: 'config' | 'firmware' }[],
  ): Promise<void> {
    const cols = REPORTED.map((k) => ({ k, name: devCabinet[k].name, type: REPORTED_TYPES[k] }));
    const rows = xs.map(({ sn, patch }) =>
      Object.fromEntries([
        ['sn', sn],
        ...cols.flatMap(({ k, name }) => [
          [`set_${name}`, patch[k] !== undefined],
          [name, patch[k] ?? null],
        ]),
      ]),
    );
    const set = sql.join(
      cols.map(({ name }) => sql.raw(`${name} = case when v.set_${name} then v.${name} else c.${name} end`)),
      sql`, `,
    );
    const differs = sql.join(
      cols.map(({ name }) => sql.raw(`(v.set_${name} and c.${name} is distinct from v.${name})`)),
      sql` or `,
    );
    const shape = sql.raw(cols.map(({ name, type }) => `set_${name} boolean, ${name} ${type}`).join(', '));
    const changed = await query<Record<string, unknown>>(
      this.db,
      sql`update dev_cabinet c set ${set}
          from json_to_recordset(${jsonRows(rows)}) as v(sn text, ${shape})
          where c.sn = v.sn and c.sn = ${anyOf(xs.map((x) => x.sn))} and (${differs})
          returning c.*`,
    );
    const changeOf = new Map(xs.map((x) => [x.sn, x.change]));
    for (const raw of changed) {
      const row = cabinetRowFromSql(raw);
      void this.live.cabinet(changeOf.get(row.sn) ?? 'config', toItem(row));
    }
  }
}

/** What a config, version or ICCID reply may report about its cabinet. */
const REPORTED = [
  'host',
  'port',
  'heartbeatSec',
  'ftpHost',
  'ftpPort',
  'ftpUser',
  'firmwareMain',
  'firmwareBoard',
  'iccid',
] as const satisfies readonly (keyof CabinetRow)[];
type ReportedPatch = Partial<Pick<CabinetRow, (typeof REPORTED)[number]>>;
/** Their types in the batch's JSON rows. */
const REPORTED_TYPES: Record<(typeof REPORTED)[number], string> = {
  host: 'text',
  port: 'int',
  heartbeatSec: 'int',
  ftpHost: 'text',
  ftpPort: 'int',
  ftpUser: 'text',
  firmwareMain: 'text',
  firmwareBoard: 'text',
  iccid: 'text',
};
