import { sql } from 'drizzle-orm';
import type { SlotItem } from '@cbo/contract';
import type { z } from 'zod';
import { anyOf, jsonRows, query, type Db } from '../../platform/db/database.js';
import { GroupCommit } from '../../platform/db/group-commit.js';
import { cabinetRowFromSql, closeReturnedEjects, DEFAULT_HEARTBEAT_SEC, SLOT_SUMMARY, toItem, type CabinetRow } from './cabinet.service.js';
import type { DeviceLogService } from './device-log.service.js';
import type { FleetLive } from './fleet-live.js';
import type { heartbeatData, registerData, SlotReport } from './protocol.js';

type RegisterData = z.infer<typeof registerData>;
type HeartbeatData = z.infer<typeof heartbeatData>;

/** Inventories per transaction; 48 slots each, so a batch stays a few thousand rows. */
const INVENTORY_BATCH = 100;

/**
 * What cabinets report through the gateway, written in batches: registrations, heartbeats,
 * inventories and "seen" marks of many cabinets become a few statements (platform/db/group-commit).
 * The gateway awaits each message before the next of the same cabinet, so a cabinet is at most
 * once in a batch and its own messages still apply in order; a lone message is written at once.
 *
 * Live pushes and device-log lines are derived from the batch's answers (`returning`), without
 * reading back what was just written (the slot picture pushed after an inventory is the inventory itself).
 */
export class CabinetReports {
  private readonly existing = new GroupCommit<string, boolean>((sns) => this.writeExists(sns));
  private readonly registrations = new GroupCommit<{ sn: string; d: RegisterData; address: string | null }, { heartbeatSec: number } | null>((xs) =>
    this.writeRegister(xs),
  );
  private readonly heartbeats = new GroupCommit<{ sn: string; d: HeartbeatData }, boolean>((xs) => this.writeHeartbeat(xs));
  private readonly seen = new GroupCommit<string, boolean>((sns) => this.writeSeen(sns));
  private readonly inventories = new GroupCommit<{ sn: string; slots: SlotReport[] }, InventoryOutcome>((xs) => this.writeInventory(xs), {
    maxBatch: INVENTORY_BATCH,
  });

  constructor(
    private readonly db: Db,
    private readonly deviceLog: DeviceLogService,
    private readonly live: FleetLive,
  ) {}

  /** True when the SN is in stock (checked on every CONNECT). */
  exists(sn: string): Promise<boolean> {
    return this.existing.add(sn);
  }

  /** Stores a registration and marks the cabinet online; null when the SN is not in stock. */
  register(sn: string, d: RegisterData, address: string | null): Promise<{ heartbeatSec: number } | null> {
    return this.registrations.add({ sn, d, address });
  }

  /** A heartbeat; false when the SN is not in stock. A heartbeat from a cabinet marked offline brings it back. */
  heartbeat(sn: string, d: HeartbeatData): Promise<boolean> {
    return this.heartbeats.add({ sn, d });
  }

  /** Any message proves the cabinet is there; false when the SN is not in stock. */
  touch(sn: string): Promise<boolean> {
    return this.seen.add(sn);
  }

  /**
   * Replaces the cabinet's slots with a whole inventory and moves its power banks. `known` is
   * false for an SN not in stock; `expiredEjects` says whether the command service has expired
   * ejects of this cabinet to settle against it.
   */
  inventory(sn: string, slots: SlotReport[]): Promise<InventoryOutcome> {
    return this.inventories.add({ sn, slots });
  }

  /** Waits for every batch in flight (shutdown). */
  async drain(): Promise<void> {
    await Promise.all([this.existing, this.registrations, this.heartbeats, this.seen, this.inventories].map((g) => g.drain()));
  }

  // ------------------------------------------------------------------------------------------

  private async writeExists(sns: string[]): Promise<boolean[]> {
    const rows = await query<{ sn: string }>(this.db, sql`select sn from dev_cabinet where sn = ${anyOf(sns)}`);
    const found = new Set(rows.map((r) => r.sn));
    return sns.map((sn) => found.has(sn));
  }

  private async writeRegister(xs: { sn: string; d: RegisterData; address: string | null }[]): Promise<({ heartbeatSec: number } | null)[]> {
    const now = new Date();
    const sns = xs.map((x) => x.sn);
    const rows = xs.map(({ sn, d }) => ({
      sn,
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
    const done = await query<Record<string, unknown> & { sn: string; heartbeat_sec: number | null; was_online: boolean }>(
      this.db,
      sql`
      with v as (
        select * from json_to_recordset(${jsonRows(rows)})
          as v(sn text, imei text, iccid text, fw_main text, fw_board text, slots int, net_mode text, model text, hw text)
      ),
      old as (select sn, online from dev_cabinet where sn = ${anyOf(sns)}),
      upd as (
        update dev_cabinet c set
          imei = v.imei, iccid = v.iccid, firmware_main = v.fw_main, firmware_board = v.fw_board, slot_count = v.slots,
          net_mode = v.net_mode, model = v.model, hw_version = v.hw, registered_at = ${now}, last_seen_at = ${now},
          online = true, online_reason = 'register',
          online_changed_at = case when c.online then coalesce(c.online_changed_at, ${now}) else ${now} end
        from v where c.sn = v.sn and c.sn = ${anyOf(sns)}
        returning c.*
      ),
      -- Slots beyond the registered count no longer exist.
      gone as (delete from dev_slot s using v where s.sn = v.sn and s.sn = ${anyOf(sns)} and s.slot > v.slots)
      select upd.*, old.online as was_online from upd join old using (sn)`,
    );
    const bySn = new Map(done.map((r) => [r.sn, r]));
    const address = new Map(xs.map((x) => [x.sn, x.address]));
    const cameOnline = done.filter((r) => !r.was_online).map((r) => r.sn);
    await Promise.all(cameOnline.map((sn) => this.deviceLog.record({ sn, kind: 'online', reason: 'register', address: address.get(sn) ?? null })));
    this.push('register', done.map(cabinetRowFromSql));
    return xs.map(({ sn }) => {
      const r = bySn.get(sn);
      return r ? { heartbeatSec: r.heartbeat_sec ?? DEFAULT_HEARTBEAT_SEC } : null;
    });
  }

  private async writeHeartbeat(xs: { sn: string; d: HeartbeatData }[]): Promise<boolean[]> {
    const now = new Date();
    const sns = xs.map((x) => x.sn);
    const rows = xs.map(({ sn, d }) => ({ sn, csq: d.csq, hb: d.heartbeatSec, uptime: d.uptimeSec ?? null, net_mode: d.netMode ?? null }));
    const done = await query<Record<string, unknown> & { sn: string; was_online: boolean; old_csq: number | null; old_net_mode: string | null; old_heartbeat_sec: number | null }>(
      this.db,
      sql`
      with v as (select * from json_to_recordset(${jsonRows(rows)}) as v(sn text, csq int, hb int, uptime int, net_mode text)),
      old as (select sn, online, csq, net_mode, heartbeat_sec from dev_cabinet where sn = ${anyOf(sns)}),
      upd as (
        update dev_cabinet c set
          csq = v.csq, heartbeat_sec = v.hb, uptime_sec = v.uptime, net_mode = coalesce(v.net_mode, c.net_mode),
          last_seen_at = ${now}, last_heartbeat_at = ${now}, online = true,
          online_reason = case when c.online then c.online_reason else 'heartbeat' end,
          online_changed_at = case when c.online then c.online_changed_at else ${now} end
        from v where c.sn = v.sn and c.sn = ${anyOf(sns)}
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
      else if (b.old_csq !== d.csq || (d.netMode && b.old_net_mode !== d.netMode) || b.old_heartbeat_sec !== d.heartbeatSec) changed.push(cabinetRowFromSql(b));
    }
    await Promise.all(cameBack.map((r) => this.deviceLog.record({ sn: r.sn, kind: 'online', reason: 'heartbeat' })));
    this.push('online', cameBack);
    this.push('heartbeat', changed);
    return xs.map(({ sn }) => before.has(sn));
  }

  private async writeSeen(sns: string[]): Promise<boolean[]> {
    const rows = await query<{ sn: string }>(this.db, sql`update dev_cabinet set last_seen_at = ${new Date()} where sn = ${anyOf(sns)} returning sn`);
    const found = new Set(rows.map((r) => r.sn));
    return sns.map((sn) => found.has(sn));
  }

  /**
   * Inventories of many cabinets in one transaction of set-wise statements. A power bank reported
   * by two cabinets of one batch (it moved between them) is applied in arrival order: the later
   * cabinet goes in a second round of the same transaction.
   */
  private async writeInventory(xs: { sn: string; slots: SlotReport[] }[]): Promise<InventoryOutcome[]> {
    const now = new Date();
    const rounds: (typeof xs)[] = [];
    const claimed: Set<string>[] = [];
    for (const x of xs) {
      const ids = x.slots.flatMap((s) => (s.powerBankId ? [s.powerBankId] : []));
      let r = 0;
      while (claimed[r] && ids.some((id) => claimed[r]!.has(id))) r++;
      (rounds[r] ??= []).push(x);
      ids.forEach((id) => (claimed[r] ??= new Set()).add(id));
    }
    const outcome = await this.db.transaction(async (tx) => {
      const known = new Set<string>();
      const withEjects = new Set<string>();
      const rows: CabinetRow[] = [];
      for (const round of rounds) {
        const sns = round.map((x) => x.sn).sort();
        // Lock the cabinets in one order, so two processes' batches cannot deadlock on them.
        const locked = await query<{ sn: string }>(tx, sql`select sn from dev_cabinet where sn = ${anyOf(sns)} order by sn for update`);
        const here = new Set(locked.map((r) => r.sn));
        const items = round.filter((x) => here.has(x.sn));
        if (!items.length) continue;
        items.forEach((x) => known.add(x.sn));
        const cabs = items.map((x) => x.sn);
        const banks = items.flatMap((x) =>
          x.slots.flatMap((s) =>
            s.powerBankId ? [{ sn: x.sn, pb: s.powerBankId, slot: s.slot, battery: s.battery, charging: s.charging, locked: s.locked, fault: s.fault }] : [],
          ),
        );
        const slots = items.flatMap((x) =>
          x.slots.map((s) => ({ sn: x.sn, slot: s.slot, pb: s.powerBankId, battery: s.battery, locked: s.locked, fault: s.fault, charging: s.charging })),
        );
        const bankRows = sql`json_to_recordset(${jsonRows(banks)}) as r(sn text, pb text, slot int, battery int, charging boolean, locked boolean, fault text)`;
        // Power banks these cabinets held that they no longer report have left them.
        await tx.execute(sql`
          update dev_power_bank p set sn = null, slot = null, locked = null, charging = false, updated_at = ${now}
          where p.sn = ${anyOf(cabs)}
            and not exists (select 1 from ${bankRows} where r.pb = p.power_bank_id and r.sn = p.sn)`);
        if (banks.length) {
          await closeReturnedEjects(tx, banks, now);
          await tx.execute(sql`
            insert into dev_power_bank (power_bank_id, sn, slot, battery, charging, locked, fault, last_cabinet_sn, updated_at)
            select r.pb, r.sn, r.slot, r.battery, r.charging, r.locked, r.fault, r.sn, ${now} from ${bankRows}
            on conflict (power_bank_id) do update set
              sn = excluded.sn, slot = excluded.slot, battery = excluded.battery, charging = excluded.charging,
              locked = excluded.locked, fault = excluded.fault, last_cabinet_sn = excluded.last_cabinet_sn, updated_at = excluded.updated_at
            where (dev_power_bank.sn, dev_power_bank.slot, dev_power_bank.battery, dev_power_bank.charging, dev_power_bank.locked, dev_power_bank.fault)
              is distinct from (excluded.sn, excluded.slot, excluded.battery, excluded.charging, excluded.locked, excluded.fault)`);
        }
        await tx.execute(sql`delete from dev_slot where sn = ${anyOf(cabs)}`);
        if (slots.length) {
          await tx.execute(sql`
            insert into dev_slot (sn, slot, power_bank_id, battery, locked, fault, charging, updated_at)
            select s.sn, s.slot, s.pb, s.battery, s.locked, s.fault, s.charging, ${now}
            from json_to_recordset(${jsonRows(slots)}) as s(sn text, slot int, pb text, battery int, locked boolean, fault text, charging boolean)`);
        }
        const summed = await query<Record<string, unknown>>(
          tx,
          sql`update dev_cabinet c set ${SLOT_SUMMARY}, last_seen_at = ${now}, inventory_at = ${now} where c.sn = ${anyOf(cabs)} returning c.*`,
        );
        summed.forEach((r) => rows.push(cabinetRowFromSql(r)));
        const open = await query<{ sn: string }>(
          tx,
          sql`select distinct sn from dev_command
              where sn = ${anyOf(cabs)} and type = 'eject' and state = 'expired' and confirmed_by_inventory is null`,
        );
        open.forEach((r) => withEjects.add(r.sn));
      }
      return { known, withEjects, rows };
    });
    const slotsOf = new Map(xs.map((x) => [x.sn, x.slots]));
    this.push('inventory', outcome.rows, (sn) => slotItems(slotsOf.get(sn) ?? [], now));
    return xs.map((x) => ({ known: outcome.known.has(x.sn), expiredEjects: outcome.withEjects.has(x.sn) }));
  }

  /** Pushes the cabinets' rows as the batch's statement returned them to open consoles. */
  private push(change: 'register' | 'online' | 'heartbeat' | 'inventory', rows: CabinetRow[], slots?: (sn: string) => SlotItem[]): void {
    for (const row of rows) void this.live.cabinet(change, toItem(row), slots?.(row.sn));
  }
}

export interface InventoryOutcome {
  known: boolean;
  expiredEjects: boolean;
}

function slotItems(slots: SlotReport[], at: Date): SlotItem[] {
  const updatedAt = at.toISOString();
  return [...slots]
    .sort((a, b) => a.slot - b.slot)
    .map((s) => ({ slot: s.slot, powerBankId: s.powerBankId, battery: s.battery, locked: s.locked, fault: s.fault, charging: s.charging, updatedAt }));
}
