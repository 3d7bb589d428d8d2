import { powerBankIdFor } from './hardware.js';
import type { SlotFault, SlotState } from './protocol.js';

/** One slot of a cabinet: its power bank and lock, and the charge it had at `since`. */
export interface Slot {
  slot: number;
  powerBankId: string | null;
  /** Battery at `since`, float. */
  battery: number;
  since: number;
  locked: boolean;
  fault: SlotFault | null;
  /** Battery last put in an inventory message (to send a new one when it moved enough). */
  reported: number | null;
}

/**
 * The slots of a cabinet and their charging model: a power bank charges `chargePerMinute` points a
 * minute while its slot is healthy, up to 100; a fault stops the charge where it was. What goes on
 * the wire about them (events, inventory messages) is the cabinet's (cabinet.ts).
 */
export class Slots {
  readonly all: Slot[];

  constructor(
    private readonly sn: string,
    count: number,
    private readonly chargePerMinute: number,
    /** A full slot's chance at first start, and the generator its facts are drawn from. */
    fill: number,
    rnd: () => number,
  ) {
    const now = Date.now();
    this.all = Array.from({ length: count }, (_, i) => {
      const full = rnd() < fill;
      return {
        slot: i + 1,
        powerBankId: full ? powerBankIdFor(sn, i + 1) : null,
        battery: full ? 5 + Math.floor(rnd() * 96) : 0,
        since: now,
        locked: true,
        fault: null,
        reported: null,
      };
    });
  }

  get count(): number {
    return this.all.length;
  }

  /** Slot n (1-based), or undefined when the cabinet has none of that number. */
  at(n: unknown): Slot | undefined {
    return Number.isInteger(n) && (n as number) >= 1 && (n as number) <= this.all.length
      ? this.all[(n as number) - 1]
      : undefined;
  }

  /** The slot holding a power bank, or undefined. */
  holding(powerBankId: unknown): Slot | undefined {
    return this.all.find((x) => x.powerBankId === powerBankId);
  }

  /** Takes the power bank out of a slot (an eject): the slot is empty from now. */
  take(s: Slot): void {
    s.powerBankId = null;
    s.battery = 0;
    s.since = Date.now();
  }

  /** Power banks rented out from this cabinet at first start (their slots are empty). */
  missingPowerBanks(): string[] {
    return this.all.filter((s) => !s.powerBankId).map((s) => powerBankIdFor(this.sn, s.slot));
  }

  /** The slots as an inventory message reports them. */
  states(): SlotState[] {
    return this.all.map((s) => {
      const battery = s.powerBankId ? this.batteryOf(s) : null;
      return {
        slot: s.slot,
        powerBankId: s.powerBankId,
        battery,
        locked: s.locked,
        fault: s.fault,
        charging: !!s.powerBankId && battery !== null && battery < 100 && s.fault === null,
      };
    });
  }

  /** Notes each slot's battery as just reported (see `movedSinceReport`). */
  markReported(): void {
    for (const s of this.all) s.reported = s.powerBankId ? this.batteryOf(s) : null;
  }

  /** Whether some power bank's battery moved 5 points or more since the last inventory message. */
  movedSinceReport(): boolean {
    return this.all.some((s) => s.powerBankId && s.reported !== null && Math.abs(this.batteryOf(s) - s.reported) >= 5);
  }

  batteryOf(s: Slot): number {
    if (!s.powerBankId) return 0;
    if (s.fault) return Math.floor(s.battery);
    const gained = ((Date.now() - s.since) / 60_000) * this.chargePerMinute;
    return Math.min(100, Math.floor(s.battery + gained));
  }

  /** A power bank put into an empty, healthy slot picked by `random`; the slot, or null if none is free. */
  putBack(powerBankId: string, battery: number, random: () => number): Slot | null {
    const free = this.all.filter((s) => !s.powerBankId && !s.fault);
    if (!free.length) return null;
    const s = free[Math.floor(random() * free.length)]!;
    s.powerBankId = powerBankId;
    s.battery = Math.max(0, Math.min(100, Math.round(battery)));
    s.since = Date.now();
    return s;
  }

  /** A slot develops a fault (a random healthy slot unless given, then `fault` picks which): its charge stops where it is. */
  breakDown(fault: () => SlotFault, random: () => number, slot?: number): Slot | null {
    const healthy = this.all.filter((s) => !s.fault && (slot === undefined || s.slot === slot));
    if (!healthy.length) return null;
    const s = healthy[Math.floor(random() * healthy.length)]!;
    s.battery = this.batteryOf(s);
    s.since = Date.now();
    s.fault = fault();
    return s;
  }

  /** A faulty slot works again (a random faulty slot unless given) and charges from now. */
  recover(random: () => number, slot?: number): Slot | null {
    const faulty = this.all.filter((s) => s.fault && (slot === undefined || s.slot === slot));
    if (!faulty.length) return null;
    const s = faulty[Math.floor(random() * faulty.length)]!;
    s.fault = null;
    s.since = Date.now();
    return s;
  }

  hasFault(): boolean {
    return this.all.some((s) => s.fault);
  }
}
