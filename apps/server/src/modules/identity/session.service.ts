import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { query, type Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Principal } from '../../platform/http/routes.js';
import { newToken, sha256 } from '../../platform/auth/tokens.js';
import { sysSession } from './tables.js';

export interface SessionSettings {
  idleMinutes: number;
  maxHours: number;
}

/** What ends a session, as the code its next call gets (spec 8, 100021-100023). */
export type EndCode = 100021 | 100022 | 100023;

export type SessionEnded = (ended: { sessionIds: number[]; code: EndCode }) => Promise<void>;

/**
 * Sessions behind opaque tokens: created at sign-in, touched on use (once a quarter of the idle
 * limit has passed, at most once a minute), ended by logout, idle time, freezing or a sign-in
 * elsewhere. A token is looked up by its hash.
 */
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly settings: SessionSettings,
    private readonly onEnded: SessionEnded,
  ) {}

  async create(accountId: number, clientType: string, ip: string, userAgent: string | undefined): Promise<{ token: string; sessionId: number }> {
    const token = newToken();
    const [row] = await this.db
      .insert(sysSession)
      .values({
        tokenHash: sha256(token),
        accountId,
        clientType,
        ip,
        userAgent: userAgent?.slice(0, 255),
        expiresAt: new Date(Date.now() + this.settings.maxHours * 3600_000),
      })
      .returning({ id: sysSession.id });
    return { token, sessionId: row!.id };
  }

  /** Resolves a token to its principal, or the code that tells the console why not. */
  async authenticate(token: string | undefined, _req?: FastifyRequest): Promise<Principal> {
    if (!token || token.length > 128) throw new AppError('NOT_SIGNED_IN');
    const rows = await query<{
      id: number; account_id: number; client_type: string; last_seen_at: string | Date; expires_at: string | Date;
      revoked_code: number | null; user_name: string; status: number; role_codes: string[] | null; role_names: string[] | null; is_super: boolean | null;
    }>(this.db, sql`
      select s.id, s.account_id, s.client_type, s.last_seen_at, s.expires_at, s.revoked_code,
             a.user_name, a.status,
             roles.codes as role_codes, roles.names as role_names, roles.is_super
        from sys_session s
        join sys_account a on a.id = s.account_id
        left join lateral (
          select array_agg(r.code order by r.id) as codes, array_agg(r.name order by r.id) as names, bool_or(r.is_super) as is_super
            from sys_account_role ar join sys_role r on r.id = ar.role_id
           where ar.account_id = a.id
        ) roles on true
       where s.token_hash = ${sha256(token)}`);
    const s = rows[0];
    if (!s) throw new AppError('NOT_SIGNED_IN');
    if (s.revoked_code === 100022) throw new AppError('SIGNED_IN_ELSEWHERE');
    if (s.revoked_code === 100023 || s.status !== 0) throw new AppError('ACCOUNT_FROZEN');
    if (s.revoked_code !== null) throw new AppError('SESSION_EXPIRED');
    const now = Date.now();
    const lastSeen = new Date(s.last_seen_at).getTime();
    if (new Date(s.expires_at).getTime() <= now || now - lastSeen > this.settings.idleMinutes * 60_000) {
      throw new AppError('SESSION_EXPIRED');
    }
    // Each use moves the idle deadline. Writing on every call would cost a write per request, so
    // the time is written once a part of the idle limit has passed (a quarter, at most a minute):
    // a session in use is always refreshed well before it could lapse, whatever the limit. The
    // condition on the old value lets only one of several simultaneous calls write it.
    const touchAfter = Math.min(60_000, (this.settings.idleMinutes * 60_000) / 4);
    if (now - lastSeen > touchAfter) {
      await this.db
        .update(sysSession)
        .set({ lastSeenAt: new Date(now) })
        .where(and(eq(sysSession.id, s.id), lt(sysSession.lastSeenAt, new Date(now - touchAfter))));
    }
    return {
      accountId: Number(s.account_id),
      sessionId: Number(s.id),
      userName: s.user_name,
      accountType: 'admin',
      clientType: s.client_type,
      roleCodes: s.role_codes ?? [],
      roleNames: s.role_names ?? [],
      isSuper: Boolean(s.is_super),
    };
  }

  async end(sessionId: number, code: EndCode): Promise<void> {
    await this.db
      .update(sysSession)
      .set({ revokedAt: new Date(), revokedCode: code })
      .where(and(eq(sysSession.id, sessionId), isNull(sysSession.revokedAt)));
    await this.onEnded({ sessionIds: [sessionId], code });
  }

  /** Ends every live session of an account (freezing, password change), except one if given. */
  async endAll(accountId: number, code: EndCode, exceptSessionId?: number): Promise<number> {
    const conds = [eq(sysSession.accountId, accountId), isNull(sysSession.revokedAt)];
    if (exceptSessionId !== undefined) conds.push(ne(sysSession.id, exceptSessionId));
    const ended = await this.db
      .update(sysSession)
      .set({ revokedAt: new Date(), revokedCode: code })
      .where(and(...conds))
      .returning({ id: sysSession.id });
    if (ended.length) await this.onEnded({ sessionIds: ended.map((e) => e.id), code });
    return ended.length;
  }
}
