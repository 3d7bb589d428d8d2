import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, count, desc, eq, gte, ilike, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  COMMAND_TTL_MS,
  FINAL_COMMAND_STATES,
  type CommandItem,
  type CommandQuery,
  type CommandSendRequest,
  type CommandState,
  type CommandType,
  type EjectOutcome,
  type FirmwareBatchDetail,
  type FirmwareBatchItem,
  type FirmwareQuery,
  type FirmwareUpgradeRequest,
  type ForcedEjectFilter,
  type ForcedEjectItem,
  type ForcedEjectQuery,
  type ForcedEjectRequest,
  type ForcedEjectState,
  type PageResult,
} from '@cbo/contract';
import { anyOf, jsonRows, query, rowFromSql, type Db } from '../../platform/db/database.js';
import { GroupCommit } from '../../platform/db/group-commit.js';
import { AppError } from '../../platform/http/app-error.js';
import { checkTimeRange } from '../../platform/http/time-range.js';
import { escapeLike } from '../../platform/db/paging.js';
import type { CabinetService } from './cabinet.service.js';
import type { FleetLive } from './fleet-live.js';
import { configResult, ejectResult, iccidResult, versionResult, type ReplyData, type SlotReport } from './protocol.js';
import { devCabinet, devCommand, devFirmwareBatch, devForcedEject, devPowerBank, devSlot } from './tables.js';

type CommandRow = typeof devCommand.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who asked for a command; null for the server's own (the inventory check after an expired eject). */
export interface Actor {
  id: number;
  name: string;
}

/** What the command service needs from the gateway: a way to publish on a cabinet's down topic. */
export interface Downlink {
  readonly connected: boolean;
  send(sn: string, message: { v: 1; id: string; ts: number; type: string; expiresAt: number; data: unknown }): Promise<void>;
}

const OPEN_STATES: CommandState[] = ['pending', 'sent', 'acknowledged'];
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Commands to cabinets (docs/protocol.md, "Command life on the server"): recorded before they
 * are sent, then pending → sent → acknowledged → succeeded / failed, or expired by the sweeper.
 * An eject is never resent: when it expires the server asks for the inventory and the slot says.
 */
export class CommandService {
  private downlink: Downlink | null = null;
  /**
   * The hot path of a busy fleet is written in batches (platform/db/group-commit.ts): commands
   * that touch no slot, their "sent" marks, and replies to open commands. A cabinet's replies come
   * one at a time (the gateway awaits each), so one command is never twice in a batch.
   */
  private readonly inserts = new GroupCommit<NewCommand, CommandRow | null>((xs) => this.writeInserts(xs));
  private readonly sentMarks = new GroupCommit<string, CommandRow | null>((ids) => this.writeSent(ids));
  private readonly replies = new GroupCommit<{ sn: string; r: ReplyData }, CommandRow | null>((xs) => this.writeReplies(xs));

  constructor(
    private readonly db: Db,
    private readonly cabinets: CabinetService,
    private readonly live: FleetLive,
    private readonly log: FastifyBaseLogger,
  ) {}

  attach(downlink: Downlink): void {
    this.downlink = downlink;
  }

  // ------------------------------------------------------------------------------------------
  // Sending

  /** The developer tool's command: one cabinet, one command, answered as its row. */
  async send(req: CommandSendRequest, by: Actor | null): Promise<CommandItem> {
    if (req.type !== 'eject' && req.type !== 'openLock') return this.sendToCabinet(req, by);
    const row = await this.db.transaction(async (tx) => {
      const cab = await this.lockOnline(tx, req.sn);
      let targetSlot: number | null = null;
      let targetPowerBankId: string | null = null;
      if (req.type === 'openLock' || (req.type === 'eject' && 'slot' in req.data)) {
        targetSlot = (req.data as { slot: number }).slot;
        if (cab.slotCount !== null && targetSlot > cab.slotCount) throw new AppError('SLOT_NOT_FOUND', { slot: targetSlot });
        const [slot] = await tx.select().from(devSlot).where(and(eq(devSlot.sn, req.sn), eq(devSlot.slot, targetSlot)));
        targetPowerBankId = slot?.powerBankId ?? null;
      } else if (req.type === 'eject' && 'powerBankId' in req.data) {
        targetPowerBankId = req.data.powerBankId;
        const [pb] = await tx.select().from(devPowerBank).where(eq(devPowerBank.powerBankId, targetPowerBankId));
        targetSlot = pb?.sn === req.sn ? pb.slot : null;
      }
      if (req.type === 'eject' || req.type === 'openLock') await this.checkNotBusy(tx, req.sn, targetSlot, targetPowerBankId);
      return this.insert(tx, { sn: req.sn, type: req.type, data: req.data, targetSlot, targetPowerBankId, batchId: null, by });
    });
    return this.dispatch(row);
  }

  /**
   * A command that touches no slot: recorded in one statement that only inserts when the cabinet
   * is online (no transaction, no lock: nothing else about the cabinet is checked).
   */
  private async sendToCabinet(req: CommandSendRequest, by: Actor | null): Promise<CommandItem> {
    if (!this.downlink?.connected) throw new AppError('GATEWAY_DOWN');
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
    throw new AppError((await this.cabinets.get(req.sn)) ? 'CABINET_OFFLINE' : 'DEVICE_NOT_FOUND');
  }

  /** Inserts the commands whose cabinet is online; null for the others. */
  private async writeInserts(xs: NewCommand[]): Promise<(CommandRow | null)[]> {
    const rows = await query<Record<string, unknown>>(
      this.db,
      sql`insert into dev_command (id, sn, type, data, created_by, created_by_name, created_at, expires_at)
          select v.id, v.sn, v.type, v.data, v.created_by, v.created_by_name, v.created_at, v.expires_at
          from json_to_recordset(${jsonRows(xs)})
            as v(id text, sn text, type text, data jsonb, created_by bigint, created_by_name text, created_at timestamptz, expires_at timestamptz)
          join dev_cabinet c on c.sn = v.sn and c.online and c.sn = ${anyOf(xs.map((x) => x.sn))}
          returning dev_command.*`,
    );
    return byId(rows, xs.map((x) => x.id));
  }

  /** pending → sent; a reply that came first has moved it on already and keeps its state. */
  private async writeSent(ids: string[]): Promise<(CommandRow | null)[]> {
    const rows = await query<Record<string, unknown>>(
      this.db,
      sql`update dev_command set state = case when state = 'pending' then 'sent' else state end, sent_at = coalesce(sent_at, ${new Date()})
          where id = ${anyOf(ids)} returning *`,
    );
    return byId(rows, ids);
  }

  /** Forced eject (spec 4): recorded with its command before anything is sent; never resent. */
  async forcedEject(req: ForcedEjectRequest, by: Actor): Promise<ForcedEjectItem> {
    const { command, recordId } = await this.db.transaction(async (tx) => {
      const cab = await this.lockOnline(tx, req.sn);
      if (cab.slotCount !== null && req.slot > cab.slotCount) throw new AppError('SLOT_NOT_FOUND', { slot: req.slot });
      const [slot] = await tx.select().from(devSlot).where(and(eq(devSlot.sn, req.sn), eq(devSlot.slot, req.slot)));
      if (!slot?.powerBankId) throw new AppError('SLOT_EMPTY');
      await this.checkNotBusy(tx, req.sn, req.slot, slot.powerBankId);
      const command = await this.insert(tx, {
        sn: req.sn,
        type: 'eject',
        data: { slot: req.slot, force: true },
        targetSlot: req.slot,
        targetPowerBankId: slot.powerBankId,
        batchId: null,
        by,
      });
      const [rec] = await tx
        .insert(devForcedEject)
        .values({ commandId: command.id, sn: req.sn, slot: req.slot, powerBankId: slot.powerBankId, reason: req.reason, operatorId: by.id, operatorName: by.name })
        .returning({ id: devForcedEject.id });
      return { command, recordId: rec!.id };
    });
    await this.dispatch(command);
    const [item] = await this.forcedEjectRows({}, 0, 1, eq(devForcedEject.id, recordId));
    return item!;
  }

  /** A firmware batch: one upgrade command per cabinet; an offline cabinet fails at once. */
  async upgrade(req: FirmwareUpgradeRequest, by: Actor): Promise<FirmwareBatchItem> {
    const sns = [...new Set(req.sns)];
    if (!this.downlink?.connected) throw new AppError('GATEWAY_DOWN');
    const { batchId, pending } = await this.db.transaction(async (tx) => {
      const cabs = await tx.select({ sn: devCabinet.sn, online: devCabinet.online }).from(devCabinet).where(inArray(devCabinet.sn, sns));
      if (cabs.length !== sns.length) throw new AppError('DEVICE_NOT_FOUND');
      const online = new Map(cabs.map((c) => [c.sn, c.online]));
      const [batch] = await tx
        .insert(devFirmwareBatch)
        .values({ version: req.version, url: req.url, sha256: req.sha256 ?? null, total: sns.length, createdBy: by.id, createdByName: by.name })
        .returning({ id: devFirmwareBatch.id });
      const data = { version: req.version, url: req.url, ...(req.sha256 ? { sha256: req.sha256 } : {}) };
      const pending: CommandRow[] = [];
      for (const sn of sns) {
        const row = await this.insert(tx, { sn, type: 'upgrade', data, targetSlot: null, targetPowerBankId: null, batchId: batch!.id, by, offline: !online.get(sn) });
        if (row.state === 'pending') pending.push(row);
      }
      return { batchId: batch!.id, pending };
    });
    for (const row of pending) await this.dispatch(row);
    const [item] = await this.batchRows(eq(devFirmwareBatch.id, batchId), 0, 1);
    return item!;
  }

  private async lockOnline(tx: Tx, sn: string) {
    const [cab] = await tx.select().from(devCabinet).where(eq(devCabinet.sn, sn)).for('update');
    if (!cab) throw new AppError('DEVICE_NOT_FOUND');
    if (!cab.online) throw new AppError('CABINET_OFFLINE');
    if (!this.downlink?.connected) throw new AppError('GATEWAY_DOWN');
    return cab;
  }

  /** An eject or open-lock for a slot (or power bank) that has not finished is never doubled. */
  private async checkNotBusy(tx: Tx, sn: string, slot: number | null, powerBankId: string | null): Promise<void> {
    const same: SQL[] = [];
    if (slot !== null) same.push(eq(devCommand.targetSlot, slot));
    if (powerBankId) same.push(eq(devCommand.targetPowerBankId, powerBankId));
    if (!same.length) return;
    const open = await tx
      .select({ id: devCommand.id })
      .from(devCommand)
      .where(
        and(
          eq(devCommand.sn, sn),
          inArray(devCommand.type, ['eject', 'openLock']),
          sql`(${devCommand.state} in ('pending', 'sent', 'acknowledged') or (${devCommand.type} = 'eject' and ${devCommand.state} = 'expired' and ${devCommand.confirmedByInventory} is null))`,
          sql`(${sql.join(same, sql` or `)})`,
        ),
      )
      .limit(1);
    if (open.length) throw new AppError('SLOT_BUSY');
  }

  private async insert(
    tx: Pick<Db, 'insert'>,
    c: { sn: string; type: CommandType; data: unknown; targetSlot: number | null; targetPowerBankId: string | null; batchId: number | null; by: Actor | null; offline?: boolean },
  ): Promise<CommandRow> {
    const now = new Date();
    const [row] = await tx
      .insert(devCommand)
      .values({
        id: newCommandId(),
        sn: c.sn,
        type: c.type,
        data: c.data ?? {},
        targetSlot: c.targetSlot,
        targetPowerBankId: c.targetPowerBankId,
        batchId: c.batchId,
        createdBy: c.by?.id ?? null,
        createdByName: c.by?.name ?? null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + COMMAND_TTL_MS[c.type]),
        ...(c.offline ? { state: 'failed', reason: 'offline', finishedAt: now } : {}),
      })
      .returning();
    return row!;
  }

  /** Publishes a recorded command; pending → sent (a reply may already have moved it on). */
  private async dispatch(row: CommandRow): Promise<CommandItem> {
    try {
      if (!this.downlink) throw new Error('no gateway');
      await this.downlink.send(row.sn, { v: 1, id: row.id, ts: Date.now(), type: row.type, expiresAt: row.expiresAt.getTime(), data: row.data });
      const sent = await this.sentMarks.add(row.id);
      return this.pushed(sent ?? row);
    } catch (err) {
      this.log.warn({ err, cmd: row.id }, 'command publish failed');
      await this.db
        .update(devCommand)
        .set({ state: 'failed', reason: 'publishFailed', finishedAt: new Date() })
        .where(and(eq(devCommand.id, row.id), eq(devCommand.state, 'pending')));
    }
    return this.pushed((await this.db.select().from(devCommand).where(eq(devCommand.id, row.id)))[0]!);
  }

  private pushed(row: CommandRow): CommandItem {
    const item = toCommandItem(row);
    void this.live.command(item);
    return item;
  }

  // ------------------------------------------------------------------------------------------
  // Replies, expiry and the inventory check

  async onReply(sn: string, r: ReplyData): Promise<void> {
    if (await this.onReplyInTime(sn, r)) return;
    const [row] = await this.db.select().from(devCommand).where(and(eq(devCommand.id, r.cmdId), eq(devCommand.sn, sn)));
    if (!row) {
      this.log.info({ sn, cmdId: r.cmdId }, 'reply to an unknown command dropped');
      return;
    }
    const now = new Date();
    const final = FINAL_COMMAND_STATES.includes(row.state as CommandState);
    const dup = r.duplicate === true;
    // A late result after expiry is still the truth about what the cabinet did.
    const lateResult = row.state === 'expired' && (r.stage === 'result' || r.stage === 'rejected');
    if (final && !lateResult) {
      if (dup && !row.duplicate) await this.update(row.id, { duplicate: true });
      return;
    }
    if (r.stage === 'ack') {
      if (row.state === 'pending' || row.state === 'sent') await this.update(row.id, { state: 'acknowledged', acknowledgedAt: now, ...(dup ? { duplicate: true } : {}) }, OPEN_STATES);
      return;
    }
    if (r.stage === 'progress') {
      const ack = row.state === 'pending' || row.state === 'sent' ? { state: 'acknowledged', acknowledgedAt: now } : {};
      await this.update(row.id, { percent: r.percent, ...ack }, OPEN_STATES);
      return;
    }
    const { state, result, reason } = finalOutcome(r);
    const ok = state === 'succeeded';
    const changed = await this.update(
      row.id,
      {
        state,
        result,
        reason,
        finishedAt: now,
        ...(row.acknowledgedAt ? {} : { acknowledgedAt: now }),
        ...(ok && row.type === 'upgrade' ? { percent: 100 } : {}),
        ...(dup ? { duplicate: true } : {}),
      },
      [...OPEN_STATES, 'expired'],
    );
    if (!changed) return;
    if (ok) await this.applyResult(row, result ?? {});
    else if (row.type === 'eject' && !(row.state === 'expired' && row.confirmedByInventory === false)) await this.countEjectFailure(row);
  }

  /**
   * The usual reply, to a command still open: one conditional update. False when the command is
   * not open (unknown, final, expired, or a repeat), which the general path in onReply sorts out.
   */
  private async onReplyInTime(sn: string, r: ReplyData): Promise<boolean> {
    if (r.duplicate || r.stage === 'progress') return false;
    const row = await this.replies.add({ sn, r });
    if (!row) return false;
    this.pushed(row);
    if (r.stage === 'ack') return true;
    if (row.state === 'succeeded') await this.applyResult(row, (row.result ?? {}) as Record<string, unknown>);
    else if (row.type === 'eject') await this.countEjectFailure(row);
    return true;
  }

  /** Acks and results of many cabinets' open commands in one conditional update; null where not open. */
  private async writeReplies(xs: { sn: string; r: ReplyData }[]): Promise<(CommandRow | null)[]> {
    const now = new Date();
    const rows = xs.map(({ sn, r }) =>
      r.stage === 'result' || r.stage === 'rejected'
        ? { id: r.cmdId, sn, final: true, ...finalOutcome(r) }
        : { id: r.cmdId, sn, final: false, state: 'acknowledged', result: null, reason: null }, // ack (progress never comes here)
    );
    const done = await query<Record<string, unknown>>(
      this.db,
      sql`update dev_command c set
            state = v.state,
            acknowledged_at = coalesce(c.acknowledged_at, ${now}),
            result = case when v.final then v.result else c.result end,
            reason = case when v.final then v.reason else c.reason end,
            finished_at = case when v.final then ${now} else c.finished_at end,
            percent = case when v.state = 'succeeded' and c.type = 'upgrade' then 100 else c.percent end
          from json_to_recordset(${jsonRows(rows)}) as v(id text, sn text, final boolean, state text, result jsonb, reason text)
          where c.id = v.id and c.sn = v.sn and c.id = ${anyOf(rows.map((x) => x.id))}
            and (c.state in ('pending', 'sent') or (v.final and c.state = 'acknowledged'))
          returning c.*`,
    );
    return byId(done, rows.map((x) => x.id));
  }

  private async applyResult(row: CommandRow, result: Record<string, unknown>): Promise<void> {
    if (row.type === 'config') {
      const c = configResult.safeParse(result);
      if (!c.success) return;
      const patch: Record<string, unknown> = {};
      if (c.data.host !== undefined) patch.host = c.data.host;
      if (c.data.port !== undefined) patch.port = c.data.port;
      if (c.data.heartbeatSec !== undefined) patch.heartbeatSec = c.data.heartbeatSec;
      if (c.data.ftp?.host !== undefined) patch.ftpHost = c.data.ftp.host;
      if (c.data.ftp?.port !== undefined) patch.ftpPort = c.data.ftp.port;
      if (c.data.ftp?.user !== undefined) patch.ftpUser = c.data.ftp.user;
      await this.cabinets.applyReported(row.sn, patch, 'config');
    } else if (row.type === 'queryVersion') {
      const v = versionResult.safeParse(result);
      if (v.success) await this.cabinets.applyReported(row.sn, { firmwareMain: v.data.firmware.main, firmwareBoard: v.data.firmware.board }, 'firmware');
    } else if (row.type === 'queryIccid') {
      const v = iccidResult.safeParse(result);
      if (v.success) await this.cabinets.applyReported(row.sn, { iccid: v.data.iccid }, 'config');
    } else if (row.type === 'eject') {
      const v = ejectResult.safeParse(result);
      if (v.success && v.data.powerBankId && !row.targetPowerBankId) await this.update(row.id, { targetPowerBankId: v.data.powerBankId });
      // A succeeded eject is the cabinet saying the power bank left: the slot is empty from now on,
      // before the inventory that follows confirms it, so nothing can be ejected from it twice.
      const slot = (v.success ? v.data.slot : undefined) ?? row.targetSlot;
      const powerBankId = (v.success ? v.data.powerBankId : undefined) ?? row.targetPowerBankId;
      if (slot) await this.cabinets.event(row.sn, { kind: 'removed', slot, powerBankId });
    }
  }

  private async countEjectFailure(row: CommandRow): Promise<void> {
    if (!row.targetPowerBankId) return;
    await this.db
      .update(devPowerBank)
      .set({ ejectFailures: sql`${devPowerBank.ejectFailures} + 1` })
      .where(eq(devPowerBank.powerBankId, row.targetPowerBankId));
  }

  /** Commands past expiresAt without a result become expired; an expired eject is checked, never resent. */
  async expire(): Promise<number> {
    const now = new Date();
    const rows = await this.db
      .update(devCommand)
      .set({ state: 'expired', reason: 'expired', finishedAt: now })
      .where(and(inArray(devCommand.state, OPEN_STATES), sql`${devCommand.expiresAt} < ${now}`))
      .returning();
    for (const row of rows) {
      void this.live.command(toCommandItem(row));
      if (row.type === 'eject') await this.checkInventory(row);
    }
    return rows.length;
  }

  /** Asks the cabinet for its inventory after an eject expired; the next inventory settles it. */
  private async checkInventory(eject: CommandRow): Promise<void> {
    try {
      const cab = await this.cabinets.get(eject.sn);
      if (!cab?.online || !this.downlink?.connected) return; // its inventory after it registers again settles it
      const check = await this.insert(this.db, { sn: eject.sn, type: 'queryInventory', data: {}, targetSlot: null, targetPowerBankId: null, batchId: null, by: null });
      await this.update(eject.id, { checkCommandId: check.id });
      await this.dispatch(check);
    } catch (err) {
      this.log.warn({ err, cmd: eject.id }, 'inventory check after an expired eject failed');
    }
  }

  /** After an inventory: expired ejects of this cabinet learn whether the power bank left. */
  async reconcile(sn: string, slots: SlotReport[]): Promise<void> {
    const open = await this.db
      .select()
      .from(devCommand)
      .where(and(eq(devCommand.sn, sn), eq(devCommand.type, 'eject'), eq(devCommand.state, 'expired'), isNull(devCommand.confirmedByInventory)));
    for (const row of open) {
      const held = new Set(slots.map((s) => s.powerBankId).filter(Boolean));
      const ejected = row.targetPowerBankId ? !held.has(row.targetPowerBankId) : false;
      const changed = await this.update(row.id, { confirmedByInventory: ejected }, ['expired']);
      if (changed && !ejected) await this.countEjectFailure(row);
    }
  }

  /** Conditional update (only from `from` states when given); pushes the new row. True when it changed. */
  private async update(id: string, set: Partial<CommandRow>, from?: CommandState[]): Promise<boolean> {
    const rows = await this.db
      .update(devCommand)
      .set(set)
      .where(and(eq(devCommand.id, id), from ? inArray(devCommand.state, from) : undefined))
      .returning();
    if (rows[0]) void this.live.command(toCommandItem(rows[0]));
    return rows.length > 0;
  }

  // ------------------------------------------------------------------------------------------
  // Reads

  async item(id: string): Promise<CommandItem | null> {
    const [row] = await this.db.select().from(devCommand).where(eq(devCommand.id, id));
    return row ? toCommandItem(row) : null;
  }

  async detail(id: string): Promise<CommandItem> {
    const item = await this.item(id);
    if (!item) throw new AppError('NOT_FOUND');
    return item;
  }

  async page(q: CommandQuery): Promise<PageResult<CommandItem>> {
    const range = checkTimeRange(q.beginTime, q.endTime);
    const c: SQL[] = [];
    if (q.sn) c.push(ilike(devCommand.sn, `%${escapeLike(q.sn)}%`));
    if (q.type) c.push(eq(devCommand.type, q.type));
    if (q.state) c.push(eq(devCommand.state, q.state));
    if (q.batchId) c.push(eq(devCommand.batchId, q.batchId));
    if (range.begin) c.push(gte(devCommand.createdAt, range.begin));
    if (range.end) c.push(lte(devCommand.createdAt, range.end));
    const where = c.length ? and(...c) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(devCommand)
        .where(where)
        .orderBy(desc(devCommand.createdAt), desc(devCommand.id))
        .limit(q.pageSize)
        .offset((q.pageNum - 1) * q.pageSize),
      this.db.select({ n: count() }).from(devCommand).where(where),
    ]);
    return { list: rows.map(toCommandItem), total: Number(total!.n) };
  }

  private forcedEjectWhere(f: ForcedEjectFilter): SQL | undefined {
    const range = checkTimeRange(f.beginTime, f.endTime);
    const c: SQL[] = [];
    if (f.sn) c.push(ilike(devForcedEject.sn, `%${escapeLike(f.sn)}%`));
    if (f.powerBankId) c.push(ilike(devForcedEject.powerBankId, `%${escapeLike(f.powerBankId)}%`));
    if (f.state) c.push(eq(devForcedEject.state, f.state));
    if (range.begin) c.push(gte(devForcedEject.createdAt, range.begin));
    if (range.end) c.push(lte(devForcedEject.createdAt, range.end));
    return c.length ? and(...c) : undefined;
  }

  async forcedEjectCount(f: ForcedEjectFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(devForcedEject).where(this.forcedEjectWhere(f));
    return Number(r!.n);
  }

  async forcedEjectRows(f: ForcedEjectFilter, offset: number, limit: number, where: SQL | undefined = this.forcedEjectWhere(f)): Promise<ForcedEjectItem[]> {
    const rows = await this.db
      .select({ r: devForcedEject, c: devCommand })
      .from(devForcedEject)
      .innerJoin(devCommand, eq(devCommand.id, devForcedEject.commandId))
      .where(where)
      .orderBy(desc(devForcedEject.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ r, c }) => {
      const outcome = ejectOutcome(c);
      return {
        id: r.id,
        powerBankId: r.powerBankId,
        sn: r.sn,
        slot: r.slot,
        reason: r.reason,
        operatorName: r.operatorName,
        commandId: r.commandId,
        commandState: c.state as CommandState,
        outcome,
        failReason: outcome === 'failed' ? c.reason : null,
        state: r.state as ForcedEjectState,
        returnedAt: iso(r.returnedAt),
        returnedSn: r.returnedSn,
        createdAt: r.createdAt.toISOString(),
      };
    });
  }

  async forcedEjectPage(q: ForcedEjectQuery): Promise<PageResult<ForcedEjectItem>> {
    const [list, total] = await Promise.all([this.forcedEjectRows(q, (q.pageNum - 1) * q.pageSize, q.pageSize), this.forcedEjectCount(q)]);
    return { list, total };
  }

  private async batchRows(where: SQL | undefined, offset: number, limit: number): Promise<FirmwareBatchItem[]> {
    const rows = await this.db
      .select({
        b: devFirmwareBatch,
        running: sql<number>`count(${devCommand.id}) filter (where ${devCommand.state} in ('pending', 'sent', 'acknowledged'))::int`,
        succeeded: sql<number>`count(${devCommand.id}) filter (where ${devCommand.state} = 'succeeded')::int`,
        failed: sql<number>`count(${devCommand.id}) filter (where ${devCommand.state} in ('failed', 'expired'))::int`,
      })
      .from(devFirmwareBatch)
      .leftJoin(devCommand, eq(devCommand.batchId, devFirmwareBatch.id))
      .where(where)
      .groupBy(devFirmwareBatch.id)
      .orderBy(desc(devFirmwareBatch.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ b, running, succeeded, failed }) => ({
      id: b.id,
      version: b.version,
      url: b.url,
      sha256: b.sha256,
      total: b.total,
      running: Number(running),
      succeeded: Number(succeeded),
      failed: Number(failed),
      createdBy: b.createdByName,
      createdAt: b.createdAt.toISOString(),
    }));
  }

  async firmwarePage(q: FirmwareQuery): Promise<PageResult<FirmwareBatchItem>> {
    const range = checkTimeRange(q.beginTime, q.endTime);
    const c: SQL[] = [];
    if (q.version) c.push(ilike(devFirmwareBatch.version, `%${escapeLike(q.version)}%`));
    if (range.begin) c.push(gte(devFirmwareBatch.createdAt, range.begin));
    if (range.end) c.push(lte(devFirmwareBatch.createdAt, range.end));
    const where = c.length ? and(...c) : undefined;
    const [list, [total]] = await Promise.all([
      this.batchRows(where, (q.pageNum - 1) * q.pageSize, q.pageSize),
      this.db.select({ n: count() }).from(devFirmwareBatch).where(where),
    ]);
    return { list, total: Number(total!.n) };
  }

  async firmwareDetail(id: number): Promise<FirmwareBatchDetail> {
    const [batch] = await this.batchRows(eq(devFirmwareBatch.id, id), 0, 1);
    if (!batch) throw new AppError('NOT_FOUND');
    const items = await this.db
      .select({ c: devCommand, firmwareMain: devCabinet.firmwareMain })
      .from(devCommand)
      .innerJoin(devCabinet, eq(devCabinet.sn, devCommand.sn))
      .where(eq(devCommand.batchId, id))
      .orderBy(devCommand.sn);
    return {
      ...batch,
      items: items.map(({ c, firmwareMain }) => ({
        sn: c.sn,
        commandId: c.id,
        state: c.state as CommandState,
        percent: c.percent,
        reason: c.reason,
        firmwareMain,
        updatedAt: (c.finishedAt ?? c.acknowledgedAt ?? c.sentAt ?? c.createdAt).toISOString(),
      })),
    };
  }
}

/** What a result or rejection makes of a command: its final state, the result kept, and why it failed. */
function finalOutcome(r: Extract<ReplyData, { stage: 'result' | 'rejected' }>): { state: 'succeeded' | 'failed'; result: Record<string, unknown> | null; reason: string | null } {
  if (r.stage === 'rejected') return { state: 'failed', result: null, reason: `rejected:${r.reason}` };
  return { state: r.ok ? 'succeeded' : 'failed', result: r.result ?? {}, reason: r.ok ? null : (r.reason ?? 'failed') };
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

/** Rows returned by a batch, in the order of the ids asked for (null where none came back). */
function byId(raw: Record<string, unknown>[], ids: string[]): (CommandRow | null)[] {
  const rows = new Map(raw.map((r) => rowFromSql(devCommand, r)).map((r) => [r.id, r]));
  return ids.map((id) => rows.get(id) ?? null);
}

function ejectOutcome(c: CommandRow): EjectOutcome {
  switch (c.state as CommandState) {
    case 'succeeded':
      return 'ejected';
    case 'failed':
      return 'failed';
    case 'expired':
      return c.confirmedByInventory === null ? 'pending' : c.confirmedByInventory ? 'confirmedByInventory' : 'failed';
    default:
      return 'pending';
  }
}

/** The FTP password of a config command is sent to the cabinet but never shown back. */
function maskSecrets(v: Record<string, unknown>): Record<string, unknown> {
  const ftp = v.ftp as Record<string, unknown> | undefined;
  if (!ftp || typeof ftp !== 'object' || !('password' in ftp)) return v;
  return { ...v, ftp: { ...ftp, password: '******' } };
}

/** Time-ordered, unique, at most 40 characters: 12 hex of milliseconds and 20 random hex. */
export function newCommandId(): string {
  return Date.now().toString(16).padStart(12, '0') + crypto.randomBytes(10).toString('hex');
}

export function toCommandItem(r: CommandRow): CommandItem {
  return {
    id: r.id,
    sn: r.sn,
    type: r.type as CommandType,
    data: maskSecrets((r.data ?? {}) as Record<string, unknown>),
    state: r.state as CommandState,
    percent: r.percent,
    result: r.result ? maskSecrets(r.result as Record<string, unknown>) : null,
    reason: r.reason,
    duplicate: r.duplicate,
    checkCommandId: r.checkCommandId,
    confirmedByInventory: r.confirmedByInventory,
    batchId: r.batchId,
    createdBy: r.createdByName,
    createdAt: r.createdAt.toISOString(),
    sentAt: iso(r.sentAt),
    acknowledgedAt: iso(r.acknowledgedAt),
    finishedAt: iso(r.finishedAt),
    expiresAt: r.expiresAt.toISOString(),
  };
}
