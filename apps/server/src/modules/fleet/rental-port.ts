import type { FastifyBaseLogger } from 'fastify';
import { and, asc, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { CommandSender } from './command-sender.js';
import type { Tx } from './command-rows.js';
import { devCabinet, devCommand, devPowerBank, devSlot } from './tables.js';

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

  /** Whether the cabinet is online and how many charged power banks it can lend now. */
  async availability(
    sn: string,
  ): Promise<{ exists: boolean; online: boolean; available: number; outletId: number | null }> {
    const [cab] = await this.db
      .select({ online: devCabinet.online, outletId: devCabinet.outletId })
      .from(devCabinet)
      .where(eq(devCabinet.sn, sn));
    if (!cab) return { exists: false, online: false, available: 0, outletId: null };
    const [n] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(devSlot)
      .where(
        and(
          eq(devSlot.sn, sn),
          isNotNull(devSlot.powerBankId),
          isNull(devSlot.fault),
          gte(devSlot.battery, RENTABLE_BATTERY),
        ),
      );
    return {
      exists: true,
      online: cab.online && this.sender.connected,
      available: Number(n?.n ?? 0),
      outletId: cab.outletId,
    };
  }

  /**
   * Picks the fullest charged power bank of an online cabinet that no open command targets, and
   * records its eject in the caller's transaction `tx` (the cabinet's row stays locked until it
   * commits, so two rentals never pick the same one). Nothing is sent: `dispatch` after commit.
   */
  async reserveEject(tx: Db, sn: string): Promise<{ commandId: string; slot: number; powerBankId: string }> {
    await this.sender.lockOnline(tx as unknown as Tx, sn);
    // One statement, so one snapshot: a slot is read with the commands that target it. Read apart,
    // an eject that succeeded between the two reads left a slot that still showed its power bank
    // beside a command that no longer made it busy (the reply's commit empties the slot with it).
    const [pick] = await tx
      .select({ slot: devSlot.slot, powerBankId: devSlot.powerBankId })
      .from(devSlot)
      .where(
        and(
          eq(devSlot.sn, sn),
          isNotNull(devSlot.powerBankId),
          isNull(devSlot.fault),
          gte(devSlot.battery, RENTABLE_BATTERY),
          sql`not exists (${this.sender.openPhysical(sn, sql`${devSlot.slot}`, sql`${devSlot.powerBankId}`)})`,
        ),
      )
      .orderBy(desc(devSlot.battery), asc(devSlot.slot))
      .limit(1);
    if (!pick?.powerBankId) throw new AppError('ORDER_NO_POWER_BANK');
    const row = await this.sender.record(tx, {
      sn,
      type: 'eject',
      data: { slot: pick.slot },
      targetSlot: pick.slot,
      targetPowerBankId: pick.powerBankId,
      batchId: null,
      by: null,
    });
    return { commandId: row.id, slot: pick.slot, powerBankId: pick.powerBankId };
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
