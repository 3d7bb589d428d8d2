import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import type { CableService } from './cable.service.js';
import { accBluetooth, accCable } from './tables.js';

/**
 * What the order module uses of cables and Bluetooth chargers (src/wiring/order.ts hands it over as the order
 * module's `accessories` need): a device's outlet binding and packages or billing, and a cable's
 * code issued inside the order's transaction by the one issuing path (row lock, ring, rate limit).
 */
export class AccessoriesForOrders {
  constructor(
    private readonly db: Db,
    private readonly cables: CableService,
  ) {}

  async cable(
    id: string,
  ): Promise<{ outletId: number | null; packages: { name: string; hours: number; amount: number }[] } | null> {
    const [r] = await this.db
      .select({ outletId: accCable.outletId, packages: accCable.packages })
      .from(accCable)
      .where(eq(accCable.id, id));
    return r ?? null;
  }

  async charger(id: string): Promise<{ outletId: number | null; hourlyPrice: number; dailyCap: number } | null> {
    const [r] = await this.db
      .select({
        outletId: accBluetooth.outletId,
        hourlyPrice: accBluetooth.hourlyPrice,
        dailyCap: accBluetooth.dailyCap,
      })
      .from(accBluetooth)
      .where(eq(accBluetooth.id, id));
    return r ?? null;
  }

  cableCodeWait(id: string): Promise<number> {
    return this.cables.codeWait(id);
  }

  /** Issued as the order's code: the code list names the order as who it was issued for. */
  async issueCableCode(
    tx: Db,
    id: string,
    hours: number,
    issuedFor: string,
  ): Promise<{ code: string; position: number }> {
    const c = await this.cables.issue(id, hours, { id: null, name: issuedFor.slice(0, 32) }, tx);
    return { code: c.code, position: c.position };
  }
}
