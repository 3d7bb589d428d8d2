import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { query, type Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { CommandSender } from './command-sender.js';
import { devCommand, devPowerBank } from './tables.js';

/** What the fleet tells the rental engine: an eject's outcome, and a power bank coming back. */
export interface RentalListener {
  /** A rental eject finished: `ejected` true when the power bank left the cabinet. */
  ejectOutcome(e: {
    commandId: string;
    sn: string;
    ejected: boolean;
    powerBankId: string | null;
    slot: number | null;
  }): Promise<void>;
  /**
   * A power bank arrived in a cabinet's slot. `outletId`: the cabinet's outlet, read with the slot's
   * write (the settle then need not ask which outlet the cabinet is at); absent when not known.
   */
  returned(e: { sn: string; slot: number; powerBankId: string; at: Date; outletId?: number | null }): Promise<void>;
}

/** A battery at or above this is lent. */
export const RENTABLE_BATTERY = 80;

/**
 * The fleet's side of renting, offered to the rental engine as a service (it never reads fleet
 * tables itself). An eject for a rental goes the way every eject goes: picked and recorded under
 * the cabinet's row lock in the caller's transaction, published once after that transaction
 * commits, never resent; its outcome (the cabinet's result, or the inventory after it expired)
 * and every power bank that comes back are told to the listener.
 */
export class RentalPort {
  constructor(
    private readonly db: Db,
    private readonly sender: CommandSender,
    private readonly log: FastifyBaseLogger,
    /** The rental engine (the order module's, a late need of the fleet). */
    private readonly listener: RentalListener,
  ) {}

  /**
   * Whether the cabinet is online and how many charged power banks it can lend now, in one statement
   * (the cabinet and the count of its slots were two round trips on every rent and every scan).
   */
  async availability(
    sn: string,
  ): Promise<{ exists: boolean; online: boolean; available: number; outletId: number | null }> {
    const [cab] = await query<{ online: boolean; outlet_id: number | string | null; available: number }>(
      this.db,
      sql`select c.online, c.outlet_id,
            (select count(*)::int from dev_slot s
              where s.sn = c.sn and s.power_bank_id is not null and s.fault is null and s.battery >= ${RENTABLE_BATTERY}) as available
          from dev_cabinet c where c.sn = ${sn}`,
    );
    if (!cab) return { exists: false, online: false, available: 0, outletId: null };
    return {
      exists: true,
      online: cab.online && this.sender.connected,
      available: Number(cab.available ?? 0),
      outletId: cab.outlet_id === null ? null : Number(cab.outlet_id),
    };
  }

  /**
   * Picks the fullest charged power bank of an online cabinet that no open command targets, and
   * records its eject in the caller's transaction `tx` (the cabinet's row stays locked until it
   * commits, so two rentals never pick the same one). Nothing is sent: `dispatch` after commit.
   *
   * Two statements: the cabinet's row lock, then the pick and the command's record together (they
   * were three: the lock reading the whole row, the pick, the record).
   * The lock cannot be a CTE of the pick's statement. Under READ COMMITTED a statement reads with
   * the snapshot taken when it starts; a CTE that waits on the cabinet's row lock re-reads only that
   * row once the lock is granted, while the CTE reading the slots and the open commands keeps the
   * snapshot from before the wait. It would not see the eject command the previous holder of the
   * lock recorded and committed meanwhile, and two rents would pick the same power bank (the same
   * holds without a wait: a holder that commits between the statement's start and its lock). The
   * pick's statement starts after the lock is held, so its snapshot has every command recorded
   * under that lock before, and no other rent at this cabinet records one until this transaction
   * ends.
   */
  async reserveEject(tx: Db, sn: string): Promise<{ commandId: string; slot: number; powerBankId: string }> {
    await this.sender.lockOnline(tx, sn);
    // One statement, so one snapshot: a slot is read with the commands that target it. Read apart,
    // an eject that succeeded between the two reads left a slot that still showed its power bank
    // beside a command that no longer made it busy (the reply's commit empties the slot with it).
    const picked = await this.sender.recordPickedEject(
      tx,
      sn,
      sql`select s.slot, s.power_bank_id from dev_slot s
          where s.sn = ${sn} and s.power_bank_id is not null and s.fault is null and s.battery >= ${RENTABLE_BATTERY}
            and not exists (${this.sender.openPhysical(sn, sql`s.slot`, sql`s.power_bank_id`)})
          order by s.battery desc, s.slot
          limit 1`,
    );
    if (!picked) throw new AppError('ORDER_NO_POWER_BANK');
    return { commandId: picked.id, slot: picked.slot, powerBankId: picked.powerBankId };
  }

  /**
   * Publishes a recorded rental eject once (after its transaction committed). Given its cabinet (the
   * rent has it), the cabinet's physical turn is handed on at once without reading the command first:
   * the turn goes to the oldest pending eject there and publishes it, this one or one before it (whose
   * end hands the turn on to this one), exactly as `dispatch` of a pending command does.
   */
  async dispatch(commandId: string, sn?: string): Promise<void> {
    if (sn) {
      await this.sender.next(sn);
      return;
    }
    const [row] = await this.db.select().from(devCommand).where(eq(devCommand.id, commandId));
    if (row && row.state === 'pending') await this.sender.dispatch(row);
  }

  /** Where a power bank is now (null: out of every cabinet). */
  async whereIs(powerBankId: string): Promise<{ sn: string; slot: number | null; updatedAt: Date } | null> {
    const [p] = await this.db
      .select({ sn: devPowerBank.sn, slot: devPowerBank.slot, updatedAt: devPowerBank.updatedAt })
      .from(devPowerBank)
      .where(eq(devPowerBank.powerBankId, powerBankId));
    return p?.sn ? { sn: p.sn, slot: p.slot, updatedAt: p.updatedAt } : null;
  }

  /** The state of an eject command: open, succeeded, failed, or expired and what the inventory said. */
  async ejectState(
    commandId: string,
  ): Promise<{ state: string; confirmedByInventory: boolean | null; finishedAt: Date | null } | null> {
    const [row] = await this.db
      .select({
        state: devCommand.state,
        confirmedByInventory: devCommand.confirmedByInventory,
        finishedAt: devCommand.finishedAt,
      })
      .from(devCommand)
      .where(eq(devCommand.id, commandId));
    return row ?? null;
  }

  /** Told by the command side: an eject finished. Errors stay here: the fleet's own path goes on. */
  async ejectFinished(
    row: {
      id: string;
      sn: string;
      type: string;
      targetSlot: number | null;
      targetPowerBankId: string | null;
      createdBy: number | null;
    },
    ejected: boolean,
  ): Promise<void> {
    // Rental ejects are the system's (nobody's): an operator's eject or a forced eject is no rental.
    if (row.type !== 'eject' || row.createdBy !== null) return;
    try {
      await this.listener.ejectOutcome({
        commandId: row.id,
        sn: row.sn,
        ejected,
        powerBankId: row.targetPowerBankId,
        slot: row.targetSlot,
      });
    } catch (err) {
      this.log.error({ err, cmd: row.id }, 'the rental engine could not take an eject outcome');
    }
  }

  /** Told by the slot writer: a power bank came back. */
  async arrived(sn: string, slot: number, powerBankId: string, at: Date, outletId: number | null): Promise<void> {
    try {
      await this.listener.returned({ sn, slot, powerBankId, at, outletId });
    } catch (err) {
      this.log.error({ err, sn, powerBankId }, 'the rental engine could not take a return');
    }
  }
}
