import { inArray, sql } from 'drizzle-orm';
import { query, type Db } from '../../platform/db/database.js';
import { escapeLike } from '../../platform/db/paging.js';
import { ledEntry, ledTransaction } from './tables.js';

/*
 * The demo's removals: when the demo is cleared, its movements go whole (with the debt bookings
 * and cost recoveries they caused), so the books still balance. Nothing else removes a movement.
 * LedgerService (ledger.service.ts) is the one entry.
 */

/** Removes whole movements (each balances by itself) for the demo's clearing. */
export class LedgerRemovals {
  constructor(private readonly db: Db) {}

  /**
   * Removes the movements of these orders whole (the demo's simulated orders, when the demo is
   * cleared). Each movement balances by itself, so the books still balance without them.
   */
  async removeOrders(orderNos: string[]): Promise<number> {
    if (!orderNos.length) return 0;
    const txs = await this.db
      .select({ id: ledTransaction.id, key: ledTransaction.key })
      .from(ledTransaction)
      .where(inArray(ledTransaction.orderNo, orderNos));
    const ids = [...txs.map((t) => t.id), ...(await this.causedBy(txs.map((t) => t.key)))];
    for (let i = 0; i < ids.length; i += 1000) {
      const part = ids.slice(i, i + 1000);
      await this.db.delete(ledEntry).where(inArray(ledEntry.transactionId, part));
      await this.db.delete(ledTransaction).where(inArray(ledTransaction.id, part));
    }
    return ids.length;
  }

  /** Removes whole movements whose keys start with a prefix (the demo's opening earnings, when the demo is cleared). */
  async removeKeyPrefix(prefix: string): Promise<number> {
    const txs = await this.db
      .select({ key: ledTransaction.key })
      .from(ledTransaction)
      .where(sql`${ledTransaction.key} like ${`${escapeLike(prefix)}%`}`);
    return this.removeKeys(txs.map((t) => t.key));
  }

  /**
   * The movements a partner's debt booking made because of these (`owed:<key>:<account>`,
   * `netted:<key>:<account>`, keepPayablesWhole): removed with them, so a payable does not keep a
   * debt or a netting whose cause is gone; and an outlet's cost recovered from an order's share
   * (`cost:<orderNo>`, caused by `share:<orderNo>`). They name no order, so they are found by key.
   */
  private async causedBy(keys: string[]): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < keys.length; i += 1000) {
      const part = keys.slice(i, i + 1000);
      const rows = await query<{ id: string }>(
        this.db,
        sql`select id from led_transaction where (kind in ('receivable', 'netting') and substring(key from '^(?:owed|netted):(.*):[^:]+:[^:]+$') in (${sql.join(
          part.map((k) => sql`${k}`),
          sql`, `,
        )}))
              or (kind = 'costRecovery' and 'share:' || substring(key from '^cost:(.*)$') in (${sql.join(
                part.map((k) => sql`${k}`),
                sql`, `,
              )}))`,
      );
      ids.push(...rows.map((r) => Number(r.id)));
    }
    return ids;
  }

  /**
   * Removes whole movements by their keys (the demo's withdrawals, when the demo is cleared); each balances by itself.
   */
  async removeKeys(keys: string[]): Promise<number> {
    let n = 0;
    for (let i = 0; i < keys.length; i += 1000) {
      const txs = await this.db
        .select({ id: ledTransaction.id, key: ledTransaction.key })
        .from(ledTransaction)
        .where(inArray(ledTransaction.key, keys.slice(i, i + 1000)));
      const ids = [...txs.map((t) => t.id), ...(await this.causedBy(txs.map((t) => t.key)))];
      if (!ids.length) continue;
      await this.db.delete(ledEntry).where(inArray(ledEntry.transactionId, ids));
      await this.db.delete(ledTransaction).where(inArray(ledTransaction.id, ids));
      n += ids.length;
    }
    return n;
  }
}
