import type { Db } from '../../platform/db/database.js';
import { currentTx, inRequestTransaction } from '../../platform/db/request-tx.js';

/**
 * Runs `fn` in one transaction that every service of the module joins through its scoped handle:
 * the request's own when called from a route, a new one otherwise (the server itself, tests).
 * So the locks a movement takes (warehouse, model, devices) hold until everything is written.
 */
export function atomically<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  return currentTx() ? fn() : inRequestTransaction(db, fn);
}
