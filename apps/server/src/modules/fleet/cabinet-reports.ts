import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { anyOf, jsonRows, query, relaxedCommit, type Db } from '../../platform/db/database.js';
import { GroupCommit } from '../../platform/db/group-commit.js';
import { cabinetRowFromSql, DEFAULT_HEARTBEAT_SEC, toItem, type CabinetRow } from './cabinet.service.js';
import type { DeviceLogService } from './device-log.service.js';
import type { FleetLive } from './fleet-live.js';
import type { heartbeatData, registerData } from './protocol.js';
import type { SlotWriter } from './slot-state.js';

type RegisterData = z.infer<typeof registerData>;
type HeartbeatData = z.infer<typeof heartbeatData>;

/**
 * What cabinets report about themselves through the gateway, written in batches: registrations,
 * heartbeats and "seen" marks of many cabinets become a few statements (platform/db/group-commit).
 * Inventories, which are slot state, are written the same way by the slot writer (slot-state.ts).
 * The gateway awaits each message before the next of the same cabinet, so a cabinet is at most
 * once in a batch and its own messages still apply in order; a lone message is written at once.
 *
 * Live pushes and device-log lines are derived from the batch's answers (`returning`), without
 * reading back what was just written.
 */
export class CabinetReports {
  private readonly existing = new GroupCommit<string, boolean>((sns) => this.writeExists(sns));
  private readonly registrations = new GroupCommit<Registration, { heartbeatSec: number } | null>((xs) =>
    this.writeRegister(xs),
  );
  private readonly heartbeats = new GroupCommit<{ sn: string; d: HeartbeatData }, boolean>((xs) =>
    this.writeHeartbeat(xs),
  );
  private readonly seen = new GroupCommit<string, boolean>((sns) => this.writeSeen(sns));

  constructor(
    private readonly db: Db,
    private readonly deviceLog: DeviceLogService,
    private readonly live: FleetLive,
    private readonly slots: SlotWriter,
  ) {}

  /** True when the SN is in stock (checked on every CONNECT). */
  exists(sn: string): Promise<boolean> {
    return this.existing.add(sn);
  }

  /** Stores a registration and marks the cabinet online; null when the SN is not in stock. */
  register(
    sn: string,
    d: RegisterData,
    address: string | null,
    via: string | null = null,
  ): Promise<{ heartbeatSec: number } | null> {
    return this.registrations.add({ sn, d, address, via });
  }

  /** A heartbeat; false when the SN is not in stock. A heartbeat from a cabinet marked offline brings it back. */
  heartbeat(sn: string, d: HeartbeatData): Promise<boolean> {
    return this.heartbeats.add({ sn, d });
  }

  /** Any message proves the cabinet is there; false when the SN is not in stock. */
  touch(sn: string): Promise<boolean> {
    return this.seen.add(sn);
  }

  /** Waits for every batch in flight (shutdown). */
  async drain(): Promise<void> {
    await Promise.all([this.existing, this.registrations, this.heartbeats, this.seen].map((g) => g.drain()));
  }

  // ------------------------------------------------------------------------------------------

  private async writeExists(sns: string[]): Promise<boolean[]> {
    const rows = await query<{ sn: string }>(this.db, sql`select sn from dev_cabinet where sn = ${anyOf(sns)}`);
    const found = new Set(rows.map((r) => r.sn));
    return sns.map((sn) => found.has(sn));
  }

  private async writeRegister(xs: Registration[]): Promise<({ heartbeatSec: number } | null)[]> {
    const now = new Date();
    const sns = xs.map((x) => x.sn);
    const rows = xs.map(({ sn, d, via }) => ({
      sn,
      via,
      imei: d.imei,
      iccid: d.iccid,
      fw_main: d.firmware.main,
      fw_board: d.firmware.board,
      slots: d.slots,
      net_mode: d.netMode,
      model: d.model ?? null,
      hw: d.hwVersion ?? null,
    }));
    // All parts of one statement see the rows as they were before it: `old` is the state before.
    const done = await query<
      Record<string, unknown> & { sn: string; heartbeat_sec: number | null; was_online: boolean }
    >(
      this.db,
      sql`
      with v as (
        select * from json_to_recordset(${jsonRows(rows)})
          as v(sn text, via text, imei text, iccid text, fw_main text, fw_board text, slots int, net_mode text, model text, hw text)
      ),
      old as (select sn, online from dev_cabinet where sn = ${anyOf(sns)}),
      upd as (
        update dev_cabinet c set
          imei = v.imei, iccid = v.iccid, firmware_main = v.fw_main, firmware_board = v.fw_board, slot_count = v.slots,
          net_mode = v.net_mode, model = v.model, hw_version = v.hw, connected_via = coalesce(v.via, c.connected_via), registered_at = ${now}, last_seen_at = ${now},
          online = true, online_reason = 'register',
          online_changed_at = case when c.online then coalesce(c.online_changed_at, ${now}) else ${now} end
        from v where c.sn = v.sn and c.sn = ${anyOf(sns)}
        returning c.*
      )
      select upd.*, old.online as was_online from upd join old using (sn)`,
    );
    const bySn = new Map(done.map((r) => [r.sn, r]));
    await this.slots.registered(xs.filter((x) => bySn.has(x.sn)).map((x) => ({ sn: x.sn, slots: x.d.slots })));
    const address = new Map(xs.map((x) => [x.sn, x.address]));
    const cameOnline = done.filter((r) => !r.was_online).map((r) => r.sn);
    await Promise.all(
      cameOnline.map((sn) =>
        this.deviceLog.record({ sn, kind: 'online', reason: 'register', address: address.get(sn) ?? null }),
      ),
    );
    this.push('register', done.map(cabinetRowFromSql));
    return xs.map(({ sn }) => {
      const r = bySn.get(sn);
      return r ? { heartbeatSec: r.heartbeat_sec ?? DEFAULT_HEARTBEAT_SEC } : null;
    });
  }

  /**
   * Written without waiting for the disk (`relaxedCommit`): a heartbeat a database crash loses is
   * sent again within the cabinet's interval, and the commands' and replies' commits, which must
   * wait, no longer queue behind a fleet's heartbeat flushes.
   */
  private async writeHeartbeat(xs: { sn: string; d: HeartbeatData }[]): Promise<boolean[]> {
    const now = new Date();
    const sns = xs.map((x) => x.sn);
    const rows = xs.map(({ sn, d }) => ({
      sn,
      csq: d.csq,
      hb: d.heartbeatSec,
      uptime: d.uptimeSec ?? null,
      net_mode: d.netMode ?? null,
    }));
    const done = await query<
      Record<string, unknown> & {
        sn: string;
        was_online: boolean;
        old_csq: number | null;
        old_net_mode: string | null;
        old_heartbeat_sec: number | null;
      }
    >(
      this.db,
      sql`
      with relaxed as (${relaxedCommit()}),
      v as (select * from json_to_recordset(${jsonRows(rows)}) as v(sn text, csq int, hb int, uptime int, net_mode text)),
      old as (select sn, online, csq, net_mode, heartbeat_sec from dev_cabinet where sn = ${anyOf(sns)}),
      upd as (
        update dev_cabinet c set
          csq = v.csq, heartbeat_sec = v.hb, uptime_sec = v.uptime, net_mode = coalesce(v.net_mode, c.net_mode),
          last_seen_at = ${now}, last_heartbeat_at = ${now}, online = true,
          online_reason = case when c.online then c.online_reason else 'heartbeat' end,
          online_changed_at = case when c.online then c.online_changed_at else ${now} end
        from v, relaxed where c.sn = v.sn and c.sn = ${anyOf(sns)}
        returning c.*
      )
      select upd.*, old.online as was_online, old.csq as old_csq, old.net_mode as old_net_mode, old.heartbeat_sec as old_heartbeat_sec
      from upd join old using (sn)`,
    );
    const before = new Map(done.map((r) => [r.sn, r]));
    const cameBack: CabinetRow[] = [];
    const changed: CabinetRow[] = [];
    for (const { sn, d } of xs) {
      const b = before.get(sn);
      if (!b) continue;
      if (!b.was_online) cameBack.push(cabinetRowFromSql(b));
      // Unchanged heartbeats are not pushed: 10,000 cabinets would flood every console.
      else if (
        b.old_csq !== d.csq ||
        (d.netMode && b.old_net_mode !== d.netMode) ||
        b.old_heartbeat_sec !== d.heartbeatSec
      )
        changed.push(cabinetRowFromSql(b));
    }
    await Promise.all(cameBack.map((r) => this.deviceLog.record({ sn: r.sn, kind: 'online', reason: 'heartbeat' })));
    this.push('online', cameBack);
    this.push('heartbeat', changed);
    return xs.map(({ sn }) => before.has(sn));
  }

  /**
   * Written without waiting for the disk (`relaxedCommit`): a mark a database crash loses is made again by the
   * cabinet's next message. A cabinet whose row is locked (a rent picking its power bank, an inventory batch) is
   * not marked this time rather than waited for: the mark is only "heard of lately" (the offline sweep allows
   * three heartbeats), and waiting made every cabinet's reply in the batch wait for that one rent's commit, so
   * a reply to an eject sat in its cabinet's queue behind other cabinets' rents (bench:rent --stages, issue 27).
   * Answers whether each SN is in stock, marked or not.
   */
  private async writeSeen(sns: string[]): Promise<boolean[]> {
    const rows = await query<{ sn: string }>(
      this.db,
      sql`with relaxed as (${relaxedCommit()}),
          free as (select sn from dev_cabinet where sn = ${anyOf(sns)} for no key update skip locked),
          marked as (update dev_cabinet c set last_seen_at = ${new Date()} from free, relaxed where c.sn = free.sn)
          select sn from dev_cabinet where sn = ${anyOf(sns)}`,
    );
    const found = new Set(rows.map((r) => r.sn));
    return sns.map((sn) => found.has(sn));
  }

  /** Pushes the cabinets' rows as the batch's statement returned them to open consoles. */
  private push(change: 'register' | 'online' | 'heartbeat', rows: CabinetRow[]): void {
    for (const row of rows) void this.live.cabinet(change, toItem(row));
  }
}

/** A registration as the gateway hands it over: the remote address, and the broker endpoint it came through. */
interface Registration {
  sn: string;
  d: RegisterData;
  address: string | null;
  via: string | null;
}
