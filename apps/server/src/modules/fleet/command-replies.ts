import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { FINAL_COMMAND_STATES, PHYSICAL_COMMANDS, type CommandState, type CommandType } from '@cbo/contract';
import { anyOf, jsonRows, query, type Db, inTransaction } from '../../platform/db/database.js';
import { GroupCommit } from '../../platform/db/group-commit.js';
import type { CabinetService } from './cabinet.service.js';
import { byId, finalOutcome, OPEN_STATES, toCommandItem, type CommandRow } from './command-rows.js';
import type { CommandSender } from './command-sender.js';
import type { FleetLive } from './fleet-live.js';
import { configResult, ejectResult, iccidResult, versionResult, type ReplyData, type SlotReport } from './protocol.js';
import type { SlotWriter } from './slot-state.js';
import type { RentalPort } from './rental-port.js';
import { devCabinet, devCommand } from './tables.js';

/**
 * Replies, expiry and the inventory check. A cabinet's reply moves its command on
 * (acknowledged → succeeded / failed); commands past `expiresAt` without a result expire; an
 * expired eject is never resent: the server asks for the inventory and the next inventory says
 * whether the power bank left.
 *
 * How a reply flows: the gateway hands it here once the cabinet's "seen" mark is written. A reply
 * to an open command is one batched conditional update that also keeps the power bank an eject
 * names; then, for a success, exactly one call takes what it says elsewhere: an eject's slot to
 * the slot writer (`SlotWriter.ejected`, one transaction that ends with the cabinet's summary),
 * a config, version or ICCID to the cabinet (`CabinetService.applyReported`); a failed eject is
 * counted against its power bank in the statement (or transaction) that ends the command. Late,
 * repeated and unknown replies take the slower path in `onReply`, with the same outcome.
 */
export class CommandReplies {
  /** Replies to open commands of many cabinets become one statement. A cabinet's replies come one at a time, so a command is never twice in a batch. */
  private readonly replies = new GroupCommit<{ sn: string; r: ReplyData }, CommandRow | null>((xs) =>
    this.writeReplies(xs),
  );

  /** The rental engine hears of every eject's outcome through it (set once the fleet is built). */
  rental: RentalPort | null = null;

  constructor(
    private readonly db: Db,
    private readonly sender: CommandSender,
    private readonly cabinets: CabinetService,
    private readonly slots: SlotWriter,
    private readonly live: FleetLive,
    private readonly log: FastifyBaseLogger,
  ) {}

  async onReply(sn: string, r: ReplyData): Promise<void> {
    if (await this.onReplyInTime(sn, r)) return;
    const [row] = await this.db
      .select()
      .from(devCommand)
      .where(and(eq(devCommand.id, r.cmdId), eq(devCommand.sn, sn)));
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
      if (row.state === 'pending' || row.state === 'sent')
        await this.update(
          row.id,
          { state: 'acknowledged', acknowledgedAt: now, ...(dup ? { duplicate: true } : {}) },
          OPEN_STATES,
        );
      return;
    }
    if (r.stage === 'progress') {
      const ack = row.state === 'pending' || row.state === 'sent' ? { state: 'acknowledged', acknowledgedAt: now } : {};
      await this.update(row.id, { percent: r.percent, ...ack }, OPEN_STATES);
      return;
    }
    const { state, result, reason } = finalOutcome(r);
    const ok = state === 'succeeded';
    const pb = ok && row.type === 'eject' && !row.targetPowerBankId ? ejectedPowerBank(r) : null;
    // The command's end and, for a failed eject, its count on the power bank: one transaction, so
    // whoever sees the command failed sees the count.
    const countFailure =
      !ok &&
      row.type === 'eject' &&
      !(row.state === 'expired' && row.confirmedByInventory === false) &&
      row.targetPowerBankId;
    // A succeeded eject's slot empties in the transaction that ends the command (SlotWriter.leftIn).
    const leftSlot = ok && row.type === 'eject';
    const changed = await this.update(
      row.id,
      {
        state,
        result,
        reason,
        finishedAt: now,
        ...(row.acknowledgedAt ? {} : { acknowledgedAt: now }),
        ...(ok && row.type === 'upgrade' ? { percent: 100 } : {}),
        ...(pb ? { targetPowerBankId: pb } : {}),
        ...(dup ? { duplicate: true } : {}),
      },
      [...OPEN_STATES, 'expired'],
      countFailure
        ? (tx) => this.slots.ejectFailed(countFailure, tx)
        : leftSlot
          ? (tx, done) => this.slots.leftIn(tx, ejectsOf([done])).then(() => undefined)
          : undefined,
    );
    if (!changed) return;
    await this.handOn(changed);
    if (ok) await this.applyResult(changed, result ?? {});
    await this.rental?.ejectFinished(changed, ok);
  }

  /**
   * The usual reply, to a command still open: one conditional update. False when the command is
   * not open (unknown, final, expired, or a repeat), which the general path in onReply sorts out.
   */
  private async onReplyInTime(sn: string, r: ReplyData): Promise<boolean> {
    if (r.duplicate || r.stage === 'progress') return false;
    const row = await this.replies.add({ sn, r });
    if (!row) return false;
    this.sender.pushed(row);
    if (r.stage === 'ack') return true;
    // The next eject waiting for this cabinet goes out first; the summary and the order follow.
    await this.handOn(row);
    if (row.state === 'succeeded') await this.applyResult(row, (row.result ?? {}) as Record<string, unknown>);
    if (row.state === 'succeeded' || row.state === 'failed')
      await this.rental?.ejectFinished(row, row.state === 'succeeded');
    return true;
  }

  /**
   * Acks and results of many cabinets' open commands in one conditional update; null where not
   * open. A succeeded eject that did not know its power bank learns it from the result here; a
   * failed eject is counted against its power bank, and a succeeded eject's slot is emptied
   * (`SlotWriter.leftInParts`), in the same statement: a reader who sees the command failed sees
   * the count, and nobody sees a succeeded eject beside a slot still holding its power bank. One
   * statement, not a transaction: a batch with any success (a version query's too) used to open one,
   * three round trips on the reply's path where one does.
   */
  private async writeReplies(xs: { sn: string; r: ReplyData }[]): Promise<(CommandRow | null)[]> {
    const now = new Date();
    const rows = xs.map(
      ({ sn, r }) =>
        r.stage === 'result' || r.stage === 'rejected'
          ? { id: r.cmdId, sn, final: true, ...finalOutcome(r), ...ejectedFrom(r) }
          : { id: r.cmdId, sn, final: false, state: 'acknowledged', result: null, reason: null, pb: null, slot: null }, // ack (progress never comes here)
    );
    const sns = [...new Set(rows.map((x) => x.sn))];
    // `ejects`: where succeeded ejects took their power banks from, the result's slot and power bank,
    // else the command's target (as `ejectsOf`).
    const done = await query<Record<string, unknown>>(
      this.db,
      sql`with done as (update dev_command c set
            state = v.state,
            acknowledged_at = coalesce(c.acknowledged_at, ${now}),
            result = case when v.final then v.result else c.result end,
            reason = case when v.final then v.reason else c.reason end,
            finished_at = case when v.final then ${now} else c.finished_at end,
            percent = case when v.state = 'succeeded' and c.type = 'upgrade' then 100 else c.percent end,
            target_power_bank_id = case when v.state = 'succeeded' and c.type = 'eject' then coalesce(c.target_power_bank_id, v.pb) else c.target_power_bank_id end
          from json_to_recordset(${jsonRows(rows)}) as v(id text, sn text, final boolean, state text, result jsonb, reason text, pb text, slot int)
          where c.id = v.id and c.sn = v.sn and c.id = ${anyOf(rows.map((x) => x.id))}
            and (c.state in ('pending', 'sent') or (v.final and c.state = 'acknowledged'))
          returning c.*, v.slot as eject_slot, v.pb as eject_pb),
          counted as (update dev_power_bank p set eject_failures = p.eject_failures + f.n
            from (select target_power_bank_id as id, count(*)::int as n from done where type = 'eject' and state = 'failed' and target_power_bank_id is not null group by 1) f
            where p.power_bank_id = f.id),
          ejects as (select sn, coalesce(eject_slot, target_slot) as slot, coalesce(eject_pb, target_power_bank_id) as pb
            from done where type = 'eject' and state = 'succeeded' and coalesce(eject_slot, target_slot) is not null),
          ${this.slots.leftInParts(sql`ejects`, sns, now)}
          select * from done`,
    );
    return byId(
      done,
      rows.map((x) => x.id),
    );
  }

  /** What a succeeded command says about its cabinet, stored where that state lives. */
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
      if (v.success)
        await this.cabinets.applyReported(
          row.sn,
          { firmwareMain: v.data.firmware.main, firmwareBoard: v.data.firmware.board },
          'firmware',
        );
    } else if (row.type === 'queryIccid') {
      const v = iccidResult.safeParse(result);
      if (v.success) await this.cabinets.applyReported(row.sn, { iccid: v.data.iccid }, 'config');
    } else if (row.type === 'eject') {
      // The slot was emptied with the command's success (SlotWriter.leftIn, same transaction);
      // what is left is the cabinet's summary and the consoles' picture.
      await this.slots.refresh([row.sn]);
    }
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
      await this.handOn(row);
      if (row.type === 'eject') await this.checkInventory(row);
    }
    await this.sender.handOnStuckTurns();
    return rows.length;
  }

  /** A physical command that ended gives the cabinet's turn to the next one waiting. */
  private async handOn(row: CommandRow): Promise<void> {
    if (
      !PHYSICAL_COMMANDS.includes(row.type as CommandType) ||
      !FINAL_COMMAND_STATES.includes(row.state as CommandState)
    )
      return;
    try {
      await this.sender.next(row.sn);
    } catch (err) {
      this.log.warn({ err, sn: row.sn }, 'handing the physical turn on failed (the sweep retries)');
    }
  }

  /** Asks the cabinet for its inventory after an eject expired; the next inventory settles it. */
  private async checkInventory(eject: CommandRow): Promise<void> {
    try {
      const [cab] = await this.db
        .select({ online: devCabinet.online })
        .from(devCabinet)
        .where(eq(devCabinet.sn, eject.sn));
      if (!cab?.online || !this.sender.connected) return; // its inventory after it registers again settles it
      const check = await this.sender.record(this.db, {
        sn: eject.sn,
        type: 'queryInventory',
        data: {},
        targetSlot: null,
        targetPowerBankId: null,
        batchId: null,
        by: null,
      });
      await this.update(eject.id, { checkCommandId: check.id });
      await this.sender.dispatch(check);
    } catch (err) {
      this.log.warn({ err, cmd: eject.id }, 'inventory check after an expired eject failed');
    }
  }

  /** After an inventory: expired ejects of this cabinet learn whether the power bank left. */
  async reconcile(sn: string, slots: SlotReport[]): Promise<void> {
    const open = await this.db
      .select()
      .from(devCommand)
      .where(
        and(
          eq(devCommand.sn, sn),
          eq(devCommand.type, 'eject'),
          eq(devCommand.state, 'expired'),
          isNull(devCommand.confirmedByInventory),
        ),
      );
    const held = new Set(slots.map((s) => s.powerBankId).filter(Boolean));
    for (const row of open) {
      const ejected = row.targetPowerBankId ? !held.has(row.targetPowerBankId) : false;
      // Settled once (a conditional update), and in the same transaction as the failure it counts,
      // so nobody reads "not ejected" without the count.
      const settled = await this.db.transaction(async (tx) => {
        const [done] = await tx
          .update(devCommand)
          .set({ confirmedByInventory: ejected })
          .where(
            and(eq(devCommand.id, row.id), eq(devCommand.state, 'expired'), isNull(devCommand.confirmedByInventory)),
          )
          .returning();
        if (done && !ejected && done.targetPowerBankId) await this.slots.ejectFailed(done.targetPowerBankId, tx);
        return done;
      });
      if (settled) {
        void this.live.command(toCommandItem(settled));
        await this.rental?.ejectFinished(settled, ejected);
      }
    }
  }

  /**
   * Conditional update (only from `from` states when given); pushes the new row and answers it, or
   * null when nothing changed. `alsoWrite` runs in the same transaction when the command changed.
   */
  private async update(
    id: string,
    set: Partial<CommandRow>,
    from?: CommandState[],
    alsoWrite?: (tx: Db, row: CommandRow) => Promise<void>,
  ): Promise<CommandRow | null> {
    const write = async (db: Db) => {
      const rows = await db
        .update(devCommand)
        .set(set)
        .where(and(eq(devCommand.id, id), from ? inArray(devCommand.state, from) : undefined))
        .returning();
      if (rows[0] && alsoWrite) await alsoWrite(db, rows[0]);
      return rows[0] ?? null;
    };
    const row = alsoWrite ? await inTransaction(this.db, write) : await write(this.db);
    if (row) void this.live.command(toCommandItem(row));
    return row;
  }
}

/** Where succeeded ejects took their power banks from: the result's slot and power bank, else the command's target. */
function ejectsOf(rows: CommandRow[]): { sn: string; slot: number; powerBankId: string | null }[] {
  return rows.flatMap((row) => {
    if (row.type !== 'eject' || row.state !== 'succeeded') return [];
    const v = ejectResult.safeParse(row.result ?? {});
    const slot = (v.success ? v.data.slot : undefined) ?? row.targetSlot;
    const powerBankId = (v.success ? v.data.powerBankId : undefined) ?? row.targetPowerBankId;
    return slot ? [{ sn: row.sn, slot, powerBankId }] : [];
  });
}

/** The slot and power bank a succeeded eject's result names (null where it names none). */
function ejectedFrom(r: Extract<ReplyData, { stage: 'result' | 'rejected' }>): {
  slot: number | null;
  pb: string | null;
} {
  if (r.stage !== 'result' || !r.ok) return { slot: null, pb: null };
  const v = ejectResult.safeParse(r.result ?? {});
  return { slot: (v.success && v.data.slot) || null, pb: (v.success && v.data.powerBankId) || null };
}

/** The power bank a succeeded eject's result names, if it names one. */
function ejectedPowerBank(r: Extract<ReplyData, { stage: 'result' | 'rejected' }>): string | null {
  if (r.stage !== 'result' || !r.ok) return null;
  const v = ejectResult.safeParse(r.result ?? {});
  return (v.success && v.data.powerBankId) || null;
}
