import crypto from 'node:crypto';
import type { CommandItem, CommandState, CommandType } from '@cbo/contract';
import { rowFromSql, type Db } from '../../platform/db/database.js';
import type { ReplyData } from './protocol.js';
import { devCommand } from './tables.js';

// What the command jobs (sending, replies, forced ejects, firmware) share: the row, its shape for the screen, ids.

export type CommandRow = typeof devCommand.$inferSelect;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who asked for a command; null for the server's own (the inventory check after an expired eject). */
export interface Actor {
  id: number;
  name: string;
}

/** What sending needs from the gateway: a way to publish on a cabinet's down topic. */
export interface Downlink {
  readonly connected: boolean;
  send(
    sn: string,
    message: { v: 1; id: string; ts: number; type: string; expiresAt: number; data: unknown },
  ): Promise<void>;
}

/** States in which a command still waits for its cabinet. */
export const OPEN_STATES: CommandState[] = ['pending', 'sent', 'acknowledged'];

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Time-ordered, unique, at most 40 characters: 12 hex of milliseconds and 20 random hex. */
export function newCommandId(): string {
  return Date.now().toString(16).padStart(12, '0') + crypto.randomBytes(10).toString('hex');
}

/** What a result or rejection makes of a command: its final state, the result kept, and why it failed. */
export function finalOutcome(r: Extract<ReplyData, { stage: 'result' | 'rejected' }>): {
  state: 'succeeded' | 'failed';
  result: Record<string, unknown> | null;
  reason: string | null;
} {
  if (r.stage === 'rejected') return { state: 'failed', result: null, reason: `rejected:${r.reason}` };
  return { state: r.ok ? 'succeeded' : 'failed', result: r.result ?? {}, reason: r.ok ? null : (r.reason ?? 'failed') };
}

/** Rows returned by a batch, in the order of the ids asked for (null where none came back). */
export function byId(raw: Record<string, unknown>[], ids: string[]): (CommandRow | null)[] {
  const rows = new Map(raw.map((r) => rowFromSql(devCommand, r)).map((r) => [r.id, r]));
  return ids.map((id) => rows.get(id) ?? null);
}

/** The FTP password of a config command is sent to the cabinet but never shown back. */
function maskSecrets(v: Record<string, unknown>): Record<string, unknown> {
  const ftp = v.ftp as Record<string, unknown> | undefined;
  if (!ftp || typeof ftp !== 'object' || !('password' in ftp)) return v;
  return { ...v, ftp: { ...ftp, password: '******' } };
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
