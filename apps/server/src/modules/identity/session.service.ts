import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { api } from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Principal } from '../../platform/http/routes.js';
import { Sessions, type SessionSettings } from '../../platform/auth/sessions.js';
import { sysAccount, sysSession } from './tables.js';

export type { SessionSettings };

/** The account columns read with the session: what a call about the caller answers. */
export type AccountCard = Pick<
  typeof sysAccount.$inferSelect,
  'id' | 'userName' | 'nickName' | 'avatar' | 'areaCode' | 'mobile' | 'lastLoginAt' | 'lastLoginIp'
>;

/** What ends a session, as the code its next call gets (100021-100023). */
export type EndCode = 100021 | 100022 | 100023;

export type SessionEnded = (ended: { sessionIds: number[]; code: EndCode }) => Promise<void>;

/**
 * Staff sessions: the session primitive (platform/auth/sessions.ts: token, hash, lifetime, idle
 * renewal, revocation) over sys_session, which also keeps why a session ended, so its next call
 * can say so (signed in elsewhere, frozen), and tells `onEnded` (the live channel closes them).
 */
export class SessionService {
  /**
   * One statement per call for everything the guard needs: the session, its account, the
   * account's roles and, for a route that needs a permission, whether a role holds a menu bound
   * to it. Prepared once (named on PostgreSQL, so it is parsed and planned once per connection)
   * and read fresh on every call, so a frozen account, an ended session or a changed role or
   * menu binding counts from the very next call, in every process.
   */
  private readonly lookup: ReturnType<typeof lookupStatement>;
  /** The account as read with each principal's session, for calls about the caller (user info). */
  private readonly cards = new WeakMap<Principal, AccountCard>();
  private readonly sessions: Sessions<typeof sysSession>;

  constructor(
    db: Db,
    settings: SessionSettings,
    private readonly onEnded: SessionEnded,
  ) {
    this.lookup = lookupStatement(db);
    this.sessions = new Sessions(db, sysSession, 'accountId', settings, { userAgent: true, revokedCode: true });
  }

  create(
    accountId: number,
    clientType: string,
    ip: string,
    userAgent: string | undefined,
  ): Promise<{ token: string; sessionId: number }> {
    return this.sessions.issue(accountId, { clientType, ip, userAgent });
  }

  /**
   * Resolves a token to its principal, or the code that tells the console why not. When `req`
   * is a call that needs a permission, the principal also carries whether one of its roles holds
   * that route (AccessService.authorize reads it instead of asking again).
   */
  async authenticate(token: string | undefined, req?: FastifyRequest): Promise<Principal> {
    const call = req?.routeOptions?.config?.call;
    const route =
      call && typeof api[call].access === 'object' ? { method: api[call].method, path: api[call].path } : null;
    const s = await this.sessions.resolve(
      token,
      async (hash) => (await this.lookup.execute({ hash, method: route?.method ?? '', path: route?.path ?? '' }))[0],
      (s) => {
        if (s.revokedCode === 100022) throw new AppError('SIGNED_IN_ELSEWHERE');
        if (s.revokedCode === 100023 || s.status !== 0) throw new AppError('ACCOUNT_FROZEN');
        if (s.revokedCode !== null) throw new AppError('SESSION_EXPIRED');
      },
    );
    if (!s) throw new AppError('NOT_SIGNED_IN');
    const principal: Principal = {
      accountId: s.accountId,
      sessionId: s.id,
      userName: s.userName,
      accountType: 'admin',
      clientType: s.clientType,
      roleCodes: s.roleCodes ?? [],
      roleNames: s.roleNames ?? [],
      isSuper: Boolean(s.isSuper),
      ...(route ? { route: { ...route, held: s.routeHeld } } : {}),
    };
    this.cards.set(principal, {
      id: s.accountId,
      userName: s.userName,
      nickName: s.nickName,
      avatar: s.avatar,
      areaCode: s.areaCode,
      mobile: s.mobile,
      lastLoginAt: s.lastLoginAt,
      lastLoginIp: s.lastLoginIp,
    });
    return principal;
  }

  /** The caller's account as read with its session in this request (none for a principal made elsewhere). */
  accountOf(p: Principal): AccountCard | undefined {
    return this.cards.get(p);
  }

  async end(sessionId: number, code: EndCode): Promise<void> {
    await this.sessions.end(sessionId, code);
    await this.onEnded({ sessionIds: [sessionId], code });
  }

  /** Ends every live session of an account (freezing, password change), except one if given. */
  async endAll(accountId: number, code: EndCode, exceptSessionId?: number): Promise<number> {
    const ended = await this.sessions.endAll(accountId, code, { except: exceptSessionId });
    if (ended.length) await this.onEnded({ sessionIds: ended, code });
    return ended.length;
  }
}

/** The guard's statement (SessionService.authenticate), prepared once per connection. */
function lookupStatement(db: Db) {
  return sessionLookupQuery(db).prepare('session_lookup');
}

/**
 * The guard's query: session, account, roles, route held. Exported for the request-path
 * benchmark, whose floor process runs this very statement text (bench/floor-server.mjs).
 */
export function sessionLookupQuery(db: Db) {
  return db
    .select({
      id: sysSession.id,
      accountId: sysSession.accountId,
      clientType: sysSession.clientType,
      lastSeenAt: sysSession.lastSeenAt,
      expiresAt: sysSession.expiresAt,
      revokedAt: sysSession.revokedAt,
      revokedCode: sysSession.revokedCode,
      userName: sysAccount.userName,
      status: sysAccount.status,
      nickName: sysAccount.nickName,
      avatar: sysAccount.avatar,
      areaCode: sysAccount.areaCode,
      mobile: sysAccount.mobile,
      lastLoginAt: sysAccount.lastLoginAt,
      lastLoginIp: sysAccount.lastLoginIp,
      roleCodes: sql<string[] | null>`roles.codes`,
      roleNames: sql<string[] | null>`roles.names`,
      isSuper: sql<boolean | null>`roles.is_super`,
      routeHeld: sql<boolean>`exists (
        select 1 from sys_api a
          join sys_menu_api ma on ma.api_id = a.id
          join sys_role_menu rm on rm.menu_id = ma.menu_id
          join sys_account_role ar on ar.role_id = rm.role_id
         where a.method = ${sql.placeholder('method')} and a.path = ${sql.placeholder('path')} and ar.account_id = ${sysSession.accountId})`,
    })
    .from(sysSession)
    .innerJoin(sysAccount, eq(sysAccount.id, sysSession.accountId))
    .leftJoin(
      sql`lateral (
        select array_agg(r.code order by r.id) as codes, array_agg(r.name order by r.id) as names, bool_or(r.is_super) as is_super
          from sys_account_role ar join sys_role r on r.id = ar.role_id
         where ar.account_id = ${sysSession.accountId}
      ) roles`,
      sql`true`,
    )
    .where(eq(sysSession.tokenHash, sql.placeholder('hash')));
}
