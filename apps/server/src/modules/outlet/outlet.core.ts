import { type Db } from '../../platform/db/database.js';
import { currentTx, inRequestTransaction } from '../../platform/db/request-tx.js';
import type { Actor } from './needs.js';
import { outOutlet } from './tables.js';

/*
 * What the outlet service's parts share (outlet.service.ts names the parts): the row, the server
 * as an actor, and the one transaction other modules' services join.
 */

export type OutletRow = typeof outOutlet.$inferSelect;

/** The server itself as the one who binds (the demo network, tests). */
export const SERVER: Actor = { id: null, name: '' };
/** The reason of the removals written when the demo network is cleared. */
export const DEMO_CLEARED = 'demo:clear';
export type RefKind = 'agent' | 'team' | 'region' | 'serviceProvider' | 'pusher';

/** The outlet page address: the template with {id} replaced (every occurrence). */
export const pageUrlOf = (template: string, id: number) => template.replaceAll('{id}', String(id));

/**
 * One transaction that the other modules' services join too (their lookups, the agent's lock,
 * the device's conditional update): a request's transaction when there is one, else a scope of
 * its own, so a lock taken through a need holds until this commits.
 */
export function outletTx<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return currentTx() ? db.transaction(fn) : inRequestTransaction(db, () => db.transaction(fn));
}
