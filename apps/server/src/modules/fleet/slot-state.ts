// Just over 400 lines on purpose: the one writer of slot and power-bank state (inventories batched,
// slot events, eject results and failures); every write that moves a power bank is here so their
// locks and orders are read in one place (ARCHITECTURE.md, "How a device message flows").
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { SlotItem } from '@cbo/contract';
import { anyOf, jsonRows, query, type Db } from '../../platform/db/database.js';
import { GroupCommit } from '../../platform/db/group-commit.js';
import { cabinetRowFromSql, toItem, toSlotItem, type CabinetRow } from './cabinet.service.js';
import type { FleetLive } from './fleet-live.js';
import type { EventData, SlotReport } from './protocol.js';
import { devCabinet, devPowerBank, devSlot } from './tables.js';

/** Inventories per transaction; 48 slots each, so a batch stays a few thousand rows. */
const INVENTORY_BATCH = 100;

/** A change to one slot: what a cabinet's `event` says, or what the server learnt another way (an eject's result). */
export type SlotChange = EventData;

/** What an inventory came to: `known` is false for an SN not in stock; `expiredEjects` when expired ejects of the cabinet wait for it. */
export interface InventoryOutcome {
  known: boolean;
  expiredEjects: boolean;
}

/**
 * The one writer of slot and power-bank state: `dev_slot`, `dev_power_bank`, the slot summary
 * columns of `dev_cabinet` (free slots, power banks, average battery…) and the closing of
 * forced-eject records whose power bank came back. Nothing else writes these tables.
 *
 * - `inventory(sn, slots)`: a cabinet's whole inventory. Inventories that arrive together are
 *   written as one batch (set-wise statements, one transaction), the path a fleet of ten thousand
 *   cabinets leans on.
 * - `event(sn, change)`: one slot changed (a power bank returned or removed, a fault, a recovery),
 *   in one transaction under the cabinet's row lock.
 * - `leftIn(tx, ejects)`: ejects succeeded, so their power banks left their slots now, before the
 *   inventory that follows confirms it; written in the reply's own transaction, then `refresh`.
 * - `ejectFailed(powerBankId)`: an eject of this power bank failed (counted on the power bank).
 * - `registered(cabinets)`: slots beyond a cabinet's registered count are dropped (called with a
 *   whole registration batch).
 *
 * Both entry points lock the cabinet row first (a statement of its own, so the next statement's
 * snapshot sees what the lock's last holder wrote), then write the change by one statement whose
 * parts close forced ejects with the same definition (`returnedEjects`) and end with the same
 * summary (`slotSummary`), whose `returning` row is what open consoles are sent.
 * A rental will lend through `ejected` and come back through `event`/`inventory`; its lease
 * counters (`leaseCount`, `leaseMinutes`) belong here too.
 */
export class SlotWriter {
  private readonly inventories = new GroupCommit<{ sn: string; slots: SlotReport[] }, InventoryOutcome>(
    (xs) => this.writeInventories(xs),
    {
      maxBatch: INVENTORY_BATCH,
    },
  );

  /** Told of every power bank that comes back, with the cabinet's outlet (the rental engine ends its order there). */
  onReturned:
    ((sn: string, slot: number, powerBankId: string, at: Date, outletId: number | null) => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly live: FleetLive,
  ) {}

  /** Replaces the cabinet's slots with a whole inventory and moves its power banks (batched with other cabinets'). */
  inventory(sn: string, slots: SlotReport[]): Promise<InventoryOutcome> {
    return this.inventories.add({ sn, slots });
  }

  /**
   * One slot's change; false when the SN is not in stock. Two statements in a transaction: the
   * cabinet's row lock, then every write of the change, the summary and the slot list by one
   * statement (it held the cabinet over eight round trips before). The lock is a statement of its
   * own on purpose: a statement's snapshot is taken when it starts, so one that first waited for
   * the lock inside itself would count the slots as they were before the holder's commit.
   */
  async event(sn: string, e: SlotChange): Promise<boolean> {
    const now = new Date();
    const done = await this.db.transaction(async (tx) => {
      const [cab] = await tx.select({ sn: devCabinet.sn }).from(devCabinet).where(eq(devCabinet.sn, sn)).for('update');
      if (!cab) return null;
      const [row] = await query<Record<string, unknown> & { slot_list: SlotJson[] }>(tx, eventStatement(sn, e, now));
      return { row: cabinetRowFromSql(row!), slots: row!.slot_list.map(slotFromJson) };
    });
    if (!done) return false;
    void this.live.cabinet('inventory', toItem(done.row), done.slots);
    if (e.kind === 'returned') await this.onReturned?.(sn, e.slot, e.powerBankId, now, done.row.outletId);
    return true;
  }

  /** Cabinets registered with this many slots: their slots beyond that count no longer exist (batch of a registration batch). */
  async registered(cabinets: { sn: string; slots: number }[]): Promise<void> {
    if (!cabinets.length) return;
    await this.db.execute(sql`
      delete from dev_slot s using json_to_recordset(${jsonRows(cabinets)}) as v(sn text, slots int)
      where s.sn = v.sn and s.sn = ${anyOf(cabinets.map((c) => c.sn))} and s.slot > v.slots`);
  }

  /**
   * Succeeded ejects, written in the caller's transaction, the one that records the command's
   * success: a reader sees the eject open (its slot is busy) or the slot empty, never a finished
   * eject beside a slot that still shows its power bank (the gap in which a crowd's next rental
   * reserved an emptied slot). Only a slot that still holds the power bank the eject named is
   * emptied, so a newer message about the slot (a return into it) is never undone. No cabinet lock
   * is taken: the caller may be a batch of many cabinets. Answers the cabinets whose slots changed;
   * `refresh` them after the commit.
   */
  async leftIn(
    tx: Pick<Db, 'execute'>,
    ejects: { sn: string; slot: number; powerBankId: string | null }[],
  ): Promise<string[]> {
    if (!ejects.length) return [];
    const sns = [...new Set(ejects.map((e) => e.sn))];
    const rows = await query<{ sn: string }>(
      tx,
      sql`with left_ejects as (
            select * from json_to_recordset(${jsonRows(ejects.map((e) => ({ sn: e.sn, slot: e.slot, pb: e.powerBankId })))}) as v(sn text, slot int, pb text)),
          ${this.leftInParts(sql`left_ejects`, sns, new Date())}
          select distinct sn from left_slot`,
    );
    return rows.map((r) => r.sn);
  }

  /**
   * `leftIn`'s two statements as parts of a caller's `with` (the reply batch's one statement, so an
   * eject's success and its empty slot commit together without a transaction of three round trips):
   * `ejects` names a relation defined before them with columns `sn`, `slot`, `pb`; `sns` is a
   * superset of its cabinets (the index lookup). `left_slot` returns the cabinets whose slots changed.
   */
  leftInParts(ejects: SQL, sns: string[], now: Date): SQL {
    return sql`left_pb as (
            update dev_power_bank p set sn = null, slot = null, locked = null, charging = false, updated_at = ${now}
            from ${ejects} v
            where p.sn = v.sn and p.sn = ${anyOf(sns)} and p.slot = v.slot and (v.pb is null or p.power_bank_id = v.pb)),
          left_slot as (
            update dev_slot d set power_bank_id = null, battery = null, charging = false, updated_at = ${now}
            from ${ejects} v
            where d.sn = v.sn and d.sn = ${anyOf(sns)} and d.slot = v.slot and d.power_bank_id is not null
              and (v.pb is null or d.power_bank_id = v.pb)
            returning d.sn)`;
  }

  /** After `leftIn` committed: the cabinets' slot summaries are recounted and open consoles see their slots. */
  async refresh(sns: string[]): Promise<void> {
    if (!sns.length) return;
    const now = new Date();
    const rows = await summarise(this.db, sns, now, false);
    const slots = await this.db
      .select()
      .from(devSlot)
      .where(sql`${devSlot.sn} = ${anyOf(sns)}`)
      .orderBy(asc(devSlot.sn), asc(devSlot.slot));
    for (const row of rows)
      void this.live.cabinet('inventory', toItem(row), slots.filter((s) => s.sn === row.sn).map(toSlotItem));
  }

  /** An eject of this power bank failed; the count is shown in the power-bank list. `tx`: the caller's transaction, when the count belongs with its change. */
  async ejectFailed(powerBankId: string, tx: Pick<Db, 'update'> = this.db): Promise<void> {
    await tx
      .update(devPowerBank)
      .set({ ejectFailures: sql`${devPowerBank.ejectFailures} + 1` })
      .where(eq(devPowerBank.powerBankId, powerBankId));
  }

  /** Waits for the inventories in flight (shutdown). */
  async drain(): Promise<void> {
    await this.inventories.drain();
  }

  /**
   * Inventories of many cabinets in one transaction of set-wise statements. A power bank reported
   * by two cabinets of one batch (it moved between them) is applied in arrival order: the later
   * cabinet goes in a second round of the same transaction.
   */
  private async writeInventories(xs: { sn: string; slots: SlotReport[] }[]): Promise<InventoryOutcome[]> {
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
        const locked = await query<{ sn: string }>(
          tx,
          sql`select sn from dev_cabinet where sn = ${anyOf(sns)} order by sn for update`,
        );
        const here = new Set(locked.map((r) => r.sn));
        const items = round.filter((x) => here.has(x.sn));
        if (!items.length) continue;
        items.forEach((x) => known.add(x.sn));
        const cabs = items.map((x) => x.sn);
        const banks = items.flatMap((x) =>
          x.slots.flatMap((s) =>
            s.powerBankId
              ? [
                  {
                    sn: x.sn,
                    pb: s.powerBankId,
                    slot: s.slot,
                    battery: s.battery,
                    charging: s.charging,
                    locked: s.locked,
                    fault: s.fault,
                  },
                ]
              : [],
          ),
        );
        const slots = items.flatMap((x) =>
          x.slots.map((s) => ({
            sn: x.sn,
            slot: s.slot,
            power_bank_id: s.powerBankId,
            battery: s.battery,
            locked: s.locked,
            fault: s.fault,
            charging: s.charging,
          })),
        );
        const pbs = banks.map((b) => b.pb);
        const bankRows = sql`json_to_recordset(${jsonRows(banks)}) as r(sn text, pb text, slot int, battery int, charging boolean, locked boolean, fault text)`;
        const slotRows = sql`json_to_recordset(${jsonRows(slots)}) as s(sn text, slot int, power_bank_id text, battery int, locked boolean, fault text, charging boolean)`;
        // One statement after the lock (seven before): the parts share its snapshot and none sees another's
        // writes, so each writes rows no other part writes. Power banks these cabinets held that no cabinet
        // of the round reports have left them; a reported one is written by `bank` wherever it was, which
        // sets every column leaving would. A reported power bank that was out of every cabinet, or leaves
        // another cabinet of the round now, closes its forced ejects. The slots are written by what differs:
        // one not reported is deleted, a changed one updated, a new one inserted, one as it was not touched (a
        // cabinet's inventory mostly repeats what the server knows; rewriting every slot, each insert checking its
        // cabinet's key, was PostgreSQL's costliest statement on a busy node: docs/decisions/fleet-and-gateway.md,
        // "An inventory writes what changed"); a slot's updated_at is when it last changed. The summary counts
        // the reported slots, which are all the cabinet has now. Read only: whether the command side has expired
        // ejects this inventory settles. The two "as it was" probes name the batch's power banks and cabinets by
        // their indexes (`= any(…)`): left to the join alone, PostgreSQL planned them from the tables' last
        // statistics and, while a fleet registered, hashed all of dev_power_bank and dev_slot for every batch
        // (45-75 ms a batch; docs/decisions/fleet-and-gateway.md).
        const written = await query<Record<string, unknown> & { expired_ejects: boolean }>(
          tx,
          sql`with arrived as (select * from ${bankRows}),
            inv as (select * from ${slotRows}),
            gone as (
              update dev_power_bank p set sn = null, slot = null, locked = null, charging = false, updated_at = ${now}
              where p.sn = ${anyOf(cabs)} and not exists (select 1 from arrived a where a.pb = p.power_bank_id)),
            closed as (${returnedEjects(
              banks,
              now,
              sql`p.sn = ${anyOf(cabs)} and not exists (select 1 from arrived a where a.pb = p.power_bank_id and a.sn = p.sn)`,
            )}),
            bank as (
              insert into dev_power_bank (power_bank_id, sn, slot, battery, charging, locked, fault, last_cabinet_sn, updated_at)
              select r.pb, r.sn, r.slot, r.battery, r.charging, r.locked, r.fault, r.sn, ${now} from arrived r
              -- A power bank as it was is left out: on a conflict its row would be locked (and the lock written)
              -- even when the update's condition then finds nothing to change.
              where not exists (
                select 1 from dev_power_bank q where q.power_bank_id = r.pb and q.power_bank_id = ${anyOf(pbs)}
                  and (q.sn, q.slot, q.battery, q.charging, q.locked, q.fault, q.last_cabinet_sn)
                    is not distinct from (r.sn, r.slot, r.battery, r.charging, r.locked, r.fault, r.sn))
              on conflict (power_bank_id) do update set
                sn = excluded.sn, slot = excluded.slot, battery = excluded.battery, charging = excluded.charging,
                locked = excluded.locked, fault = excluded.fault, last_cabinet_sn = excluded.last_cabinet_sn, updated_at = excluded.updated_at
              where (dev_power_bank.sn, dev_power_bank.slot, dev_power_bank.battery, dev_power_bank.charging, dev_power_bank.locked, dev_power_bank.fault)
                is distinct from (excluded.sn, excluded.slot, excluded.battery, excluded.charging, excluded.locked, excluded.fault)),
            unreported as (
              delete from dev_slot d where d.sn = ${anyOf(cabs)}
                and not exists (select 1 from inv s where s.sn = d.sn and s.slot = d.slot)),
            changed as (
              update dev_slot d set power_bank_id = s.power_bank_id, battery = s.battery, locked = s.locked,
                fault = s.fault, charging = s.charging, updated_at = ${now}
              from inv s where d.sn = s.sn and d.slot = s.slot and d.sn = ${anyOf(cabs)}
                and (d.power_bank_id, d.battery, d.locked, d.fault, d.charging)
                  is distinct from (s.power_bank_id, s.battery, s.locked, s.fault, s.charging)),
            added as (
              insert into dev_slot (sn, slot, power_bank_id, battery, locked, fault, charging, updated_at)
              select s.sn, s.slot, s.power_bank_id, s.battery, s.locked, s.fault, s.charging, ${now} from inv s
              where not exists (select 1 from dev_slot d where d.sn = s.sn and d.slot = s.slot and d.sn = ${anyOf(cabs)})),
            c as (
              update dev_cabinet c set ${slotSummary(sql`inv`)}, last_seen_at = ${now}, inventory_at = ${now}
              where c.sn = ${anyOf(cabs)} returning c.*)
          select c.*, exists (
              select 1 from dev_command k
              where k.sn = c.sn and k.type = 'eject' and k.state = 'expired' and k.confirmed_by_inventory is null
            ) as expired_ejects
          from c`,
        );
        for (const w of written) {
          const row = cabinetRowFromSql(w);
          rows.push(row);
          if (w.expired_ejects) withEjects.add(row.sn);
        }
      }
      return { known, withEjects, rows };
    });
    // The slot picture pushed after an inventory is the inventory itself (nothing is read back).
    const slotsOf = new Map(xs.map((x) => [x.sn, x.slots]));
    for (const row of outcome.rows)
      void this.live.cabinet('inventory', toItem(row), slotItems(slotsOf.get(row.sn) ?? [], now));
    return xs.map((x) => ({ known: outcome.known.has(x.sn), expiredEjects: outcome.withEjects.has(x.sn) }));
  }
}

/**
 * SET clause: a cabinet's slot summary columns from its slots (the cabinet is aliased `c`): its
 * dev_slot rows, or `slots`, a relation of the statement with dev_slot's columns holding them.
 */
const slotSummary = (
  slots: SQL = sql`dev_slot`,
) => sql`(free_slots, power_banks, charged_power_banks, battery_avg, fault_slots) = (
  select count(*) filter (where d.power_bank_id is null)::int,
         count(d.power_bank_id)::int,
         count(*) filter (where d.power_bank_id is not null and d.battery >= 80)::int,
         round(avg(d.battery) filter (where d.power_bank_id is not null))::int,
         count(d.fault)::int
  from ${slots} d where d.sn = c.sn)`;

/** Recounts the cabinets' slot summaries and marks them seen (and inventoried); answers their rows. */
async function summarise(tx: Pick<Db, 'execute'>, sns: string[], now: Date, inventory: boolean): Promise<CabinetRow[]> {
  const rows = await query<Record<string, unknown>>(
    tx,
    sql`update dev_cabinet c set ${slotSummary()}, last_seen_at = ${now}${inventory ? sql`, inventory_at = ${now}` : sql``} where c.sn = ${anyOf(sns)} returning c.*`,
  );
  return rows.map(cabinetRowFromSql);
}

/**
 * Power banks arriving in cabinets (`pb` into `sn`) that were out of every cabinet were returned:
 * their open forced-eject records close, naming the cabinet. A part of the slot writer's statements,
 * it reads the power banks as they were before the statement (none of its parts sees another's
 * writes); `leaving`, a condition on the power bank `p`, names those that leave a cabinet in the
 * same statement, which count as out of every cabinet.
 */
function returnedEjects(arrivals: { sn: string; pb: string }[], now: Date, leaving: SQL = sql`false`): SQL {
  const ids = arrivals.map((a) => a.pb);
  return sql`
    update dev_forced_eject f set state = 'returned', returned_at = ${now}, returned_sn = r.sn
    from json_to_recordset(${jsonRows(arrivals)}) as r(sn text, pb text), dev_power_bank p
    where p.power_bank_id = r.pb and p.power_bank_id = ${anyOf(ids)} and (p.sn is null or ${leaving})
      and f.power_bank_id = r.pb and f.power_bank_id = ${anyOf(ids)} and f.state = 'notReturned' and f.created_at < ${now}`;
}

/** A dev_slot row as the slot event's statement lists it (`json_build_object`). */
interface SlotJson {
  slot: number;
  power_bank_id: string | null;
  battery: number | null;
  locked: boolean;
  fault: string | null;
  charging: boolean;
  updated_at: string;
}

const slotFromJson = (s: SlotJson): SlotItem => ({
  slot: s.slot,
  powerBankId: s.power_bank_id,
  battery: s.battery,
  locked: s.locked,
  fault: s.fault as SlotItem['fault'],
  charging: s.charging,
  updatedAt: new Date(s.updated_at).toISOString(),
});

/**
 * One slot's change as one statement, run under the cabinet's row lock: the power banks it moves,
 * the forced ejects it closes, the slot's row, the cabinet's summary and its slots listed for the
 * consoles. The parts of one statement share its snapshot and none sees another's writes, so each
 * writes rows no other part writes, the summary counts the cabinet's other slots with the slot's
 * new row (`returning`), and the slot's columns the change leaves alone are not written (the row
 * keeps its own, where the old code wrote back what it had read under the same lock).
 */
function eventStatement(sn: string, e: SlotChange, now: Date): SQL {
  // The power bank the slot held before the change (`removed` without an id, a fault, a recovery).
  const held = sql`(select d.power_bank_id from dev_slot d where d.sn = ${sn} and d.slot = ${e.slot})`;
  const leave = sql`sn = null, slot = null, locked = null, charging = false, updated_at = ${now}`;
  let parts: SQL;
  let slot: { pb: SQL; battery: SQL; fault: SQL; set: SQL };
  if (e.kind === 'returned') {
    const battery = e.battery ?? null;
    // Whatever the record said was in this slot has left it (`gone`).
    parts = sql`closed as (${returnedEjects([{ sn, pb: e.powerBankId }], now)}),
      gone as (
        update dev_power_bank set ${leave}
        where sn = ${sn} and slot = ${e.slot} and power_bank_id <> ${e.powerBankId}),
      bank as (
        insert into dev_power_bank (power_bank_id, sn, slot, battery, locked, last_cabinet_sn, updated_at)
        values (${e.powerBankId}, ${sn}, ${e.slot}, ${battery}::int, true, ${sn}, ${now})
        on conflict (power_bank_id) do update set
          sn = excluded.sn, slot = excluded.slot, battery = coalesce(excluded.battery, dev_power_bank.battery),
          locked = true, last_cabinet_sn = excluded.last_cabinet_sn, updated_at = excluded.updated_at),`;
    slot = {
      pb: sql`${e.powerBankId}`,
      battery: sql`${battery}::int`,
      fault: sql`null`,
      set: sql`power_bank_id = excluded.power_bank_id, battery = excluded.battery, locked = true`,
    };
  } else if (e.kind === 'removed') {
    parts = sql`gone as (
        update dev_power_bank set ${leave}
        where power_bank_id = coalesce(${e.powerBankId ?? null}::text, ${held}) and sn = ${sn}),`;
    slot = {
      pb: sql`null`,
      battery: sql`null`,
      fault: sql`null`,
      set: sql`power_bank_id = null, battery = null, charging = false`,
    };
  } else {
    const fault = e.kind === 'slotFault' ? e.fault : null;
    parts = sql`bank as (
        update dev_power_bank set fault = ${fault}::text, updated_at = ${now} where power_bank_id = ${held}),`;
    slot = { pb: sql`null`, battery: sql`null`, fault: sql`${fault}::text`, set: sql`fault = excluded.fault` };
  }
  return sql`with ${parts}
    written as (
      insert into dev_slot (sn, slot, power_bank_id, battery, locked, fault, charging, updated_at)
      values (${sn}, ${e.slot}, ${slot.pb}, ${slot.battery}, true, ${slot.fault}, false, ${now})
      on conflict (sn, slot) do update set ${slot.set}, updated_at = excluded.updated_at
      returning sn, slot, power_bank_id, battery, locked, fault, charging, updated_at),
    d as (
      select sn, slot, power_bank_id, battery, locked, fault, charging, updated_at from dev_slot
      where sn = ${sn} and slot <> ${e.slot}
      union all select * from written),
    c as (
      update dev_cabinet c set ${slotSummary(sql`d`)}, last_seen_at = ${now} where c.sn = ${sn} returning c.*)
    select c.*, (
      select json_agg(json_build_object('slot', d.slot, 'power_bank_id', d.power_bank_id, 'battery', d.battery,
        'locked', d.locked, 'fault', d.fault, 'charging', d.charging, 'updated_at', d.updated_at) order by d.slot)
      from d) as slot_list
    from c`;
}

function slotItems(slots: SlotReport[], at: Date): SlotItem[] {
  const updatedAt = at.toISOString();
  return [...slots]
    .sort((a, b) => a.slot - b.slot)
    .map((s) => ({
      slot: s.slot,
      powerBankId: s.powerBankId,
      battery: s.battery,
      locked: s.locked,
      fault: s.fault,
      charging: s.charging,
      updatedAt,
    }));
}
