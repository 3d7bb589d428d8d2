import type { FastifyBaseLogger } from 'fastify';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  COMMAND_TTL_MS,
  PHYSICAL_COMMANDS,
  type CommandItem,
  type CommandSendRequest,
  type CommandType,
} from '@cbo/contract';
import { anyOf, jsonRows, query, relaxedCommit, type Db } from '../../platform/db/database.js';
import { GroupCommit } from '../../platform/db/group-commit.js';
import { AppError } from '../../platform/http/app-error.js';
import {
  byId,
  newCommandId,
  toCommandItem,
  type Actor,
  type CommandRow,
  type Downlink,
  type Tx,
} from './command-rows.js';
import type { FleetLive } from './fleet-live.js';
import { devCabinet, devCommand, devLog, devPowerBank, devSlot } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

/** A command to record: its cabinet, type and data, the slot or power bank it acts on, and who asked. */
export interface CommandToRecord {
  sn: string;
  type: CommandType;
  data: unknown;
  targetSlot: number | null;
  targetPowerBankId: string | null;
  batchId: number | null;
  by: Actor | null;
  /** Recorded as failed at once (a firmware batch's offline cabinet). */
  offline?: boolean;
}

/**
 * Sending commands (docs/protocol.md, "Command life on the server"). A command is a committed
 * `dev_command` row before it is published, then `pending` → `sent`. Nothing here resends: a
 * publish that fails marks the command failed. The forced-eject list, firmware batches and the
 * inventory check after an expired eject record and publish through the same two steps,
 * `record` (inside the caller's transaction) and `dispatch` (after it commits).
 */
export class CommandSender {
  private downlink: Downlink | null = null;
  /**
   * Commands that touch no slot and their "sent" marks are written in batches
   * (platform/db/group-commit.ts), so a busy fleet shares a few statements.
   */
  private readonly inserts = new GroupCommit<NewCommand, CommandRow | null>((xs) => this.writeInserts(xs));
  private readonly sentMarks = new GroupCommit<string, CommandRow | null>((ids) => this.writeSent(ids));

  constructor(
    private readonly db: Db,
    private readonly live: FleetLive,
    private readonly log: FastifyBaseLogger,
  ) {}

  attach(downlink: Downlink): void {
    this.downlink = downlink;
  }

  /** True when the gateway's client is connected to the broker. */
  get connected(): boolean {
    return this.downlink?.connected === true;
  }

  /** The developer tool's command: one cabinet, one command, answered as its row. */
  async send(req: CommandSendRequest, by: Actor | null): Promise<CommandItem> {
    nameAuditTarget(req.sn);
    if (req.type !== 'eject' && req.type !== 'openLock') return this.sendToCabinet(req, by);
    const row = await this.db.transaction(async (tx) => {
      const cab = await this.lockOnline(tx, req.sn);
      let targetSlot: number | null = null;
      let targetPowerBankId: string | null = null;
      if (req.type === 'openLock' || (req.type === 'eject' && 'slot' in req.data)) {
        targetSlot = (req.data as { slot: number }).slot;
        if (cab.slotCount !== null && targetSlot > cab.slotCount)
          throw new AppError('SLOT_NOT_FOUND', { slot: targetSlot });
        const [slot] = await tx
          .select()
          .from(devSlot)
          .where(and(eq(devSlot.sn, req.sn), eq(devSlot.slot, targetSlot)));
        targetPowerBankId = slot?.powerBankId ?? null;
      } else if (req.type === 'eject' && 'powerBankId' in req.data) {
        targetPowerBankId = req.data.powerBankId;
        const [pb] = await tx.select().from(devPowerBank).where(eq(devPowerBank.powerBankId, targetPowerBankId));
        targetSlot = pb?.sn === req.sn ? pb.slot : null;
      }
      await this.checkNotBusy(tx, req.sn, targetSlot, targetPowerBankId);
      return this.record(tx, {
        sn: req.sn,
        type: req.type,
        data: req.data,
        targetSlot,
        targetPowerBankId,
        batchId: null,
        by,
      });
    });
    return this.dispatch(row);
  }

  /**
   * A command that touches no slot: recorded in one statement that only inserts when the cabinet
   * is online (no transaction, no lock: nothing else about the cabinet is checked).
   */
  private async sendToCabinet(req: CommandSendRequest, by: Actor | null): Promise<CommandItem> {
    if (!this.connected) throw new AppError('GATEWAY_DOWN');
    const now = new Date();
    const row = await this.inserts.add({
      id: newCommandId(),
      sn: req.sn,
      type: req.type,
      data: req.data ?? {},
      created_by: by?.id ?? null,
      created_by_name: by?.name ?? null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + COMMAND_TTL_MS[req.type]).toISOString(),
    });
    if (row) return this.dispatch(row);
    const [cab] = await this.db.select({ sn: devCabinet.sn }).from(devCabinet).where(eq(devCabinet.sn, req.sn));
    throw new AppError(cab ? 'CABINET_OFFLINE' : 'DEVICE_NOT_FOUND');
  }

  /** Inserts the commands whose cabinet is online; null for the others. */
  private async writeInserts(xs: NewCommand[]): Promise<(CommandRow | null)[]> {
    const rows = await query<Record<string, unknown>>(
      this.db,
      // One statement: each command written and, for an operator's, its device-log line with it.
      sql`with ins as (
            insert into dev_command (id, sn, type, data, created_by, created_by_name, created_at, expires_at)
            select v.id, v.sn, v.type, v.data, v.created_by, v.created_by_name, v.created_at, v.expires_at
            from json_to_recordset(${jsonRows(xs)})
              as v(id text, sn text, type text, data jsonb, created_by bigint, created_by_name text, created_at timestamptz, expires_at timestamptz)
            join dev_cabinet c on c.sn = v.sn and c.online and c.sn = ${anyOf(xs.map((x) => x.sn))}
            returning dev_command.*
          ), logged as (
            insert into dev_log (sn, kind, reason, detail, actor, created_at)
            select sn, 'operator', type, left(concat('command ', id, ' ', data::text), 255), left(created_by_name, 64), created_at from ins where created_by is not null
          )
          select * from ins`,
    );
    return byId(
      rows,
      xs.map((x) => x.id),
    );
  }

  /**
   * pending → sent; a reply that came first has moved it on already and keeps its state. Written
   * without waiting for the disk (`relaxedCommit`): a mark a database crash loses leaves its
   * command pending, which a reply moves on as it moves a sent one, and the sweep expires as it
   * expires a sent one (an eject's turn, taken before the publish, was committed with the wait).
   * The next batch of marks no longer waits for this one's disk write.
   */
  private async writeSent(ids: string[]): Promise<(CommandRow | null)[]> {
    const rows = await query<Record<string, unknown>>(
      this.db,
      sql`with relaxed as (${relaxedCommit()})
          update dev_command set state = case when state = 'pending' then 'sent' else state end, sent_at = coalesce(sent_at, ${new Date()})
          from relaxed where id = ${anyOf(ids)} returning dev_command.*`,
    );
    return byId(rows, ids);
  }

  /**
   * Locks the cabinet's row for the transaction; refuses an unknown or offline cabinet, or a gateway without its broker.
   * Reads only what the refusals and the callers need (the slot count bounds an operator's slot): the rent takes this
   * lock on every rental, and the whole row was most of the lock's reply.
   */
  async lockOnline(tx: Pick<Db, 'select'>, sn: string): Promise<{ online: boolean; slotCount: number | null }> {
    const [cab] = await tx
      .select({ online: devCabinet.online, slotCount: devCabinet.slotCount })
      .from(devCabinet)
      .where(eq(devCabinet.sn, sn))
      .for('update');
    if (!cab) throw new AppError('DEVICE_NOT_FOUND');
    if (!cab.online) throw new AppError('CABINET_OFFLINE');
    if (!this.connected) throw new AppError('GATEWAY_DOWN');
    return cab;
  }

  /**
   * An eject or open-lock for a slot (or power bank) that has not finished is never doubled; an
   * expired eject counts as unfinished until an inventory has said whether the power bank left.
   * Called under the cabinet's row lock (`lockOnline`).
   */
  async checkNotBusy(tx: Tx, sn: string, slot: number | null, powerBankId: string | null): Promise<void> {
    if (slot === null && !powerBankId) return;
    const open = await query(
      tx as unknown as Db,
      this.openPhysical(
        sn,
        slot === null ? sql`null::int` : sql`${slot}::int`,
        powerBankId ? sql`${powerBankId}` : sql`null::text`,
      ),
    );
    if (open.length) throw new AppError('SLOT_BUSY');
  }

  /**
   * The select of an unfinished eject or open-lock of this cabinet on the slot or the power bank
   * given as SQL (values or a caller's columns), for `exists`: one definition of "busy" for a
   * single check and for the rental's pick, which reads it in the same statement as the slots.
   */
  openPhysical(sn: string, slot: SQL, powerBankId: SQL): SQL {
    return sql`select 1 from dev_command c
      where c.sn = ${sn} and c.type in ('eject', 'openLock')
        and (c.state in ('pending', 'sent', 'acknowledged') or (c.type = 'eject' and c.state = 'expired' and c.confirmed_by_inventory is null))
        and (c.target_slot = ${slot} or c.target_power_bank_id = ${powerBankId})
      limit 1`;
  }

  /**
   * Records a rental's eject of the slot `pick` chose, in the pick's own statement (one snapshot: the slots are read
   * with the open commands `openPhysical` names). `pick` is a select of one row or none, with columns `slot` and
   * `power_bank_id`; nothing is recorded when it finds none (answers null). The row is what `record` writes for an
   * eject of nobody's: pending, no batch, expiring after an eject's time to live. Called under `lockOnline`.
   */
  async recordPickedEject(
    tx: Pick<Db, 'execute'>,
    sn: string,
    pick: SQL,
  ): Promise<{ id: string; slot: number; powerBankId: string } | null> {
    const now = new Date();
    const [row] = await query<{ id: string; slot: number; power_bank_id: string }>(
      tx,
      sql`with pick as (${pick})
          insert into dev_command (id, sn, type, data, target_slot, target_power_bank_id, batch_id, created_by, created_by_name, created_at, expires_at)
          select ${newCommandId()}::text, ${sn}::text, 'eject', jsonb_build_object('slot', pick.slot), pick.slot, pick.power_bank_id,
            null::bigint, null::bigint, null::text, ${now}::timestamptz, ${expiry('eject', now)}::timestamptz
          from pick
          returning id, target_slot as slot, target_power_bank_id as power_bank_id`,
    );
    return row ? { id: row.id, slot: Number(row.slot), powerBankId: row.power_bank_id } : null;
  }

  /** Records a command as `pending` with its expiry (or failed at once when `offline`). Nothing is sent yet. */
  async record(tx: Pick<Db, 'insert'>, c: CommandToRecord): Promise<CommandRow> {
    const now = new Date();
    const id = newCommandId();
    // An operator's command gets its device-log line in the same transaction as its record: the
    // log tells a restart someone ordered from an outage, and never has one without the other.
    if (c.by) await tx.insert(devLog).values(operatorLine(c.sn, c.type, id, c.data, c.by.name));
    const [row] = await tx
      .insert(devCommand)
      .values({
        id,
        sn: c.sn,
        type: c.type,
        data: c.data ?? {},
        targetSlot: c.targetSlot,
        targetPowerBankId: c.targetPowerBankId,
        batchId: c.batchId,
        createdBy: c.by?.id ?? null,
        createdByName: c.by?.name ?? null,
        createdAt: now,
        expiresAt: expiry(c.type, now),
        ...(c.offline ? { state: 'failed', reason: 'offline', finishedAt: now } : {}),
      })
      .returning();
    return row!;
  }

  /**
   * Publishes a recorded (committed) command once; pending → sent (a reply may already have moved
   * it on). A failed publish marks it failed: it is never tried again. An eject or open-lock waits
   * for the cabinet's physical turn (`next`): it may answer still pending, sent when its turn comes.
   */
  async dispatch(row: CommandRow): Promise<CommandItem> {
    if (!PHYSICAL_COMMANDS.includes(row.type as CommandType)) return this.pushed(await this.publish(row));
    if (row.state !== 'pending') return this.pushed(row);
    // Usually it takes the free turn and is published here (and pushed there); else it waits.
    const sent = await this.next(row.sn);
    if (sent?.id === row.id) return toCommandItem(sent);
    const [now] = await this.db.select().from(devCommand).where(eq(devCommand.id, row.id));
    return this.pushed(now ?? row);
  }

  /**
   * Hands a cabinet's physical turn on: given up when the command holding it has ended, then taken
   * by the oldest pending eject or open-lock still in time, which is published. A crowd at one
   * cabinet is served one eject after another instead of the cabinet refusing all but one as busy.
   * Safe to call from anywhere at any moment (a reply, an expiry, a publish, the sweep; on any
   * process): the turn's primary key decides who sends, never a read.
   *
   * One statement before the publish (it was three: give up, take, extend). The turn is taken by
   * an insert, or over a holder that has ended by an upsert whose condition names that holder: the
   * row is locked and compared as it stands, so a turn another call took meanwhile (a different
   * command) is never taken over, and an ended command never holds it again (its end is final).
   * Answers the command it published, if any.
   */
  async next(sn: string): Promise<CommandRow | null> {
    for (let round = 0; round < 100; round++) {
      const now = new Date();
      // Its time to live runs from now: the wait for the turn (at most its first TTL) is not the
      // cabinet's time to act.
      const ttl = sql.join(
        PHYSICAL_COMMANDS.map((t) => sql`when ${t} then ${new Date(now.getTime() + COMMAND_TTL_MS[t])}::timestamptz`),
        sql` `,
      );
      const [taken] = await query<Record<string, unknown> & { turn_id: string }>(
        this.db,
        sql`with ended as (
              select t.command_id from dev_physical_turn t where t.sn = ${sn}
                and not exists (select 1 from dev_command h where h.id = t.command_id and h.state in ('pending', 'sent', 'acknowledged'))
            ), waiting as (
              select c.sn, c.id from dev_command c
              where c.sn = ${sn} and c.state = 'pending' and c.type in ('eject', 'openLock') and c.expires_at > ${now}
              order by c.created_at, c.id limit 1
            ), turn as (
              insert into dev_physical_turn (sn, command_id, taken_at)
              select sn, id, ${now} from waiting
              on conflict (sn) do update set command_id = excluded.command_id, taken_at = excluded.taken_at
                where dev_physical_turn.command_id = (select command_id from ended)
              returning command_id
            ), extended as (
              update dev_command set expires_at = greatest(expires_at, case type ${ttl} else expires_at end)
              where id = (select command_id from turn) and state = 'pending' returning *
            )
            select turn.command_id as turn_id, extended.* from turn left join extended on true`,
      );
      if (!taken) return null; // nothing waits, or another command holds the turn
      // Still pending: published. Or it ended meanwhile, and the turn is handed on again.
      const row = taken.id ? byId([taken], [taken.turn_id])[0] : null;
      if (!row) continue;
      const sent = await this.publish(row);
      this.pushed(sent);
      if (sent.state !== 'failed') return sent;
    }
    return null;
  }

  /** Cabinets whose waiting physical commands have no live turn (its holder's process stopped between two steps): handed on. */
  async handOnStuckTurns(): Promise<number> {
    const stuck = await query<{ sn: string }>(
      this.db,
      sql`select distinct c.sn from dev_command c
          where c.state = 'pending' and c.type in ('eject', 'openLock') and c.created_at < ${new Date(Date.now() - 2_000)}
            and (c.state in ('pending', 'sent', 'acknowledged') or (c.type = 'eject' and c.state = 'expired' and c.confirmed_by_inventory is null))
            and not exists (select 1 from dev_physical_turn t join dev_command h on h.id = t.command_id
                            where t.sn = c.sn and h.state in ('pending', 'sent', 'acknowledged'))`,
    );
    for (const { sn } of stuck) await this.next(sn);
    return stuck.length;
  }

  /** Publishes a recorded command once and marks it sent; a publish that fails marks it failed. Answers its row. */
  private async publish(row: CommandRow): Promise<CommandRow> {
    try {
      if (!this.downlink) throw new Error('no gateway');
      await this.downlink.send(row.sn, {
        v: 1,
        id: row.id,
        ts: Date.now(),
        type: row.type,
        expiresAt: row.expiresAt.getTime(),
        data: row.data,
      });
      return (await this.sentMarks.add(row.id)) ?? row;
    } catch (err) {
      this.log.warn({ err, cmd: row.id }, 'command publish failed');
      await this.db
        .update(devCommand)
        .set({ state: 'failed', reason: 'publishFailed', finishedAt: new Date() })
        .where(and(eq(devCommand.id, row.id), eq(devCommand.state, 'pending')));
    }
    return (await this.db.select().from(devCommand).where(eq(devCommand.id, row.id)))[0]!;
  }

  /** Pushes a command's row to open consoles and answers it as the screen shows it. */
  pushed(row: CommandRow): CommandItem {
    const item = toCommandItem(row);
    void this.live.command(item);
    return item;
  }
}

/** A command recorded by sendToCabinet (column names: it goes to PostgreSQL as JSON). */
interface NewCommand {
  id: string;
  sn: string;
  type: CommandType;
  data: unknown;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
  expires_at: string;
}

/** The device-log line of a command an operator ordered: who, which command, on what. */
function operatorLine(
  sn: string,
  type: CommandType,
  id: string,
  data: unknown,
  actor: string,
): typeof devLog.$inferInsert {
  return {
    sn,
    kind: 'operator',
    reason: type,
    detail: `command ${id} ${JSON.stringify(data ?? {})}`.slice(0, 255),
    actor: actor.slice(0, 64),
  };
}

/** When a command of this type recorded at `now` expires: its time to live (COMMAND_TTL_MS), for every way of recording. */
function expiry(type: keyof typeof COMMAND_TTL_MS, now: Date): Date {
  return new Date(now.getTime() + COMMAND_TTL_MS[type]);
}
