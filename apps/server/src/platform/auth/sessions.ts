import { and, eq, isNull, lt, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { newToken, sha256 } from './tokens.js';

/** How long a session lives: ended after `idleMinutes` without a call, and `maxHours` after sign-in whatever happens. */
export interface SessionSettings {
  idleMinutes: number;
  maxHours: number;
}

/**
 * The columns every session table has (sys_session for staff, net_app_session for the agent app's
 * accounts, net_member_session for customers): the owner's column differs by kind, and only the
 * staff's table keeps the code a revoked session's next call gets.
 */
export type SessionTable = PgTable & {
  id: PgColumn;
  tokenHash: PgColumn;
  clientType: PgColumn;
  ip: PgColumn;
  lastSeenAt: PgColumn;
  expiresAt: PgColumn;
  revokedAt: PgColumn;
};

/** A session as its kind's lookup read it: what deciding whether it still holds needs. */
export interface LiveSession {
  id: number;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** Who a new session is for and from where. */
export interface SessionStart {
  clientType: string;
  ip: string | null;
  userAgent?: string;
}

/** The longest token any kind ever issued (newToken: 43 characters); anything longer is not looked up. */
const MAX_TOKEN = 128;

/**
 * One session primitive for the three account kinds. A session is an opaque random token of
 * which the server keeps only the SHA-256; it ends `maxHours` after sign-in, after `idleMinutes`
 * without a call, or when revoked (sign-out, freezing, a password change, a sign-in elsewhere).
 * Each use moves the idle deadline, but writing on every call would cost a write per request, so
 * the time is written once a part of the idle limit has passed (a quarter, at most a minute): a
 * session in use is always refreshed well before it could lapse, whatever the limit, and the
 * condition on the old value lets only one of several simultaneous calls write it.
 *
 * The kind keeps its own table (each references its own account table, whose delete takes the
 * sessions with it) and its own lookup: the one statement per signed-in call that reads the
 * session with its account (and, for staff, the roles), handed to `resolve` as a function, so the
 * primitive adds no query to the request path.
 */
export class Sessions<T extends SessionTable> {
  private readonly owner: PgColumn;

  constructor(
    private readonly db: Db,
    private readonly table: T,
    /** The table's property of the session's owner (accountId, memberId). */
    private readonly ownerKey: Extract<keyof T, string>,
    private readonly settings: SessionSettings,
    /** Whether the table has user_agent and revoked_code columns (staff's does). */
    private readonly extra: { userAgent?: boolean; revokedCode?: boolean } = {},
  ) {
    this.owner = table[ownerKey] as PgColumn;
  }

  /** Issues a session: answers the token (given to the client once, never stored) and the session's id. */
  async issue(ownerId: number, start: SessionStart, db: Db = this.db): Promise<{ token: string; sessionId: number }> {
    const token = newToken();
    const values: Record<string, unknown> = {
      tokenHash: sha256(token),
      [this.ownerKey]: ownerId,
      clientType: start.clientType,
      ip: start.ip,
      expiresAt: new Date(Date.now() + this.settings.maxHours * 3600_000),
    };
    if (this.extra.userAgent) values.userAgent = start.userAgent?.slice(0, 255);
    const [row] = (await db
      .insert(this.table)
      .values(values as PgInsertValue<T>)
      .returning({ id: this.table.id })) as { id: number }[];
    return { token, sessionId: row!.id };
  }

  /**
   * The session of a presented token: NOT_SIGNED_IN when there is no token or it cannot be one,
   * null when no session of this kind has it (another kind's lookup may), else the row once
   * `account` (the kind's own checks: a frozen account, why a session was revoked) and the
   * primitive's (revoked, past its lifetime, idle too long: SESSION_EXPIRED) pass; the idle
   * deadline moves then.
   */
  async resolve<R extends LiveSession>(
    token: string | undefined,
    lookup: (tokenHash: string) => Promise<R | undefined>,
    account: (row: R) => void = () => {},
  ): Promise<R | null> {
    if (!token || token.length > MAX_TOKEN) throw new AppError('NOT_SIGNED_IN');
    const row = await lookup(sha256(token));
    if (!row) return null;
    account(row);
    const now = Date.now();
    const lastSeen = row.lastSeenAt.getTime();
    if (row.revokedAt || row.expiresAt.getTime() <= now || now - lastSeen > this.settings.idleMinutes * 60_000)
      throw new AppError('SESSION_EXPIRED');
    const touchAfter = Math.min(60_000, (this.settings.idleMinutes * 60_000) / 4);
    if (now - lastSeen > touchAfter) {
      await this.db
        .update(this.table)
        .set({ lastSeenAt: new Date(now) } as PgUpdateSetSource<T>)
        .where(and(eq(this.table.id, row.id), lt(this.table.lastSeenAt, new Date(now - touchAfter))));
    }
    return row;
  }

  /** Signs one session out (once: a second end changes nothing); `code` where the table keeps one. */
  async end(sessionId: number, code?: number, db: Db = this.db): Promise<void> {
    await db
      .update(this.table)
      .set(this.revoked(code))
      .where(and(eq(this.table.id, sessionId), isNull(this.table.revokedAt)));
  }

  /** Ends every live session of an owner (freezing, a password change), except one if given; answers their ids. */
  async endAll(ownerId: number, code?: number, opts: { except?: number; db?: Db } = {}): Promise<number[]> {
    const conds: SQL[] = [eq(this.owner, ownerId), isNull(this.table.revokedAt)];
    if (opts.except !== undefined) conds.push(ne(this.table.id, opts.except));
    const ended = (await (opts.db ?? this.db)
      .update(this.table)
      .set(this.revoked(code))
      .where(and(...conds))
      .returning({ id: this.table.id })) as { id: number }[];
    return ended.map((e) => e.id);
  }

  private revoked(code: number | undefined): PgUpdateSetSource<T> {
    return {
      revokedAt: new Date(),
      ...(this.extra.revokedCode ? { revokedCode: code ?? null } : {}),
    } as PgUpdateSetSource<T>;
  }
}
