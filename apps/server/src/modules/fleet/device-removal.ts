import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { devCabinet, devPowerBank } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

/**
 * Deleting cabinets and power banks (spec 5: a bound device cannot be deleted directly). Each
 * delete is one conditional statement that deletes the row only while it is unbound, so a bind
 * arriving at the same moment either lands first (the delete finds nothing it may delete and
 * answers why) or finds no row. History stays: orders, movements, commands, forced ejects and
 * the device log name the device by its code, with no foreign key to these rows
 * (docs/decisions/fleet-and-gateway.md, "Deleting devices").
 */
export class DeviceRemoval {
  constructor(private readonly db: Db) {}

  /**
   * Deletes a cabinet bound to no outlet; its slots go with it and the power banks it held are
   * out of any cabinet from now on. 'absent': there was no such cabinet.
   */
  async deleteCabinet(sn: string): Promise<'deleted' | 'absent'> {
    nameAuditTarget(sn);
    return this.db.transaction(async (tx) => {
      const gone = await tx
        .delete(devCabinet)
        .where(and(eq(devCabinet.sn, sn), isNull(devCabinet.outletId)))
        .returning({ sn: devCabinet.sn });
      if (!gone.length) {
        const [row] = await tx.select({ outletId: devCabinet.outletId }).from(devCabinet).where(eq(devCabinet.sn, sn));
        if (!row) return 'absent';
        throw new AppError('DEVICE_BOUND_DELETE');
      }
      await tx
        .update(devPowerBank)
        .set({ sn: null, slot: null, locked: null, charging: false, updatedAt: sql`now()` })
        .where(eq(devPowerBank.sn, sn));
      return 'deleted';
    });
  }

  /**
   * Deletes a power bank that no cabinet holds now (one in a slot is bound to its cabinet, and
   * the next inventory would bring it back). One out on a rental may be deleted: its order keeps
   * its code and ends as any other; returned, the cabinet reports it and it is known again.
   */
  async deletePowerBank(id: string): Promise<'deleted' | 'absent'> {
    nameAuditTarget(id);
    const gone = await this.db
      .delete(devPowerBank)
      .where(and(eq(devPowerBank.powerBankId, id), isNull(devPowerBank.sn)))
      .returning({ id: devPowerBank.powerBankId });
    if (gone.length) return 'deleted';
    const [row] = await this.db
      .select({ sn: devPowerBank.sn })
      .from(devPowerBank)
      .where(eq(devPowerBank.powerBankId, id));
    if (!row) return 'absent';
    throw new AppError('POWER_BANK_IN_CABINET', { sn: row.sn });
  }
}
