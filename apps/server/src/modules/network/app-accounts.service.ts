/*
 * Just over 400 lines on purpose: one class is the door to the agent app's accounts (records,
 * sign-in, the demo's sessions, what an account's partner is), because each job reads the same
 * account row and its rules (the phone's unique index, a freeze ending sessions). The sessions
 * themselves are the shared primitive's (platform/auth/sessions.ts).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppAccountKind, AppLoginRequest, AppLoginResponse, AppMe } from '@cbo/contract';
import { isUniqueViolation, type Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Principal } from '../../platform/http/routes.js';
import { hashPassword, verifyDecoy, verifyPassword } from '../../platform/auth/tokens.js';
import { Sessions, type SessionSettings } from '../../platform/auth/sessions.js';
import { phoneOrAsTyped, requirePhone } from '../../platform/sms/phone.js';
import type { LoginGuardPort, LoginLogPort } from './needs.js';
import { netAgent, netAppAccount, netAppSession, netProvider, netPusher, netTeam } from './tables.js';

export type AppSessionSettings = SessionSettings;

/** The area code as stored: without its plus sign (a stored phone is canonical: requirePhone). */
export const plainAreaCode = (areaCode: string) => areaCode.trim().replace(/^\+/, '');

/** An app account that signs in by its phone (not one the canonical-phone migration set aside). */
const current = isNull(netAppAccount.duplicateOf);

/**
 * Accounts of the agent app (agents, ground pushers, service providers): credentials, status,
 * sessions and sign-in. Sign-in follows the console's rules: the identifier is resolved to the
 * account first, the console's login guard decides (under its row lock) whether a password may be
 * checked from this address now, the password is argon2id, and every attempt goes to the login
 * log with the account's kind and terminal. Its sessions live apart from the console's, so an app
 * token is never found by the console's guard and a console token never by this one.
 */
export class AppAccounts {
  /** Customers' sessions, looked up when a token is not an agent app account's. */
  customers: { authenticate(token: string): Promise<Principal | null> } | null = null;

  /** The app accounts' sessions: the session primitive over net_app_session. */
  readonly sessions: Sessions<typeof netAppSession>;

  constructor(
    private readonly db: Db,
    settings: AppSessionSettings,
    private readonly guard: LoginGuardPort,
    private readonly loginLog: LoginLogPort,
    /** Outlets as the app reads them (the outlet module's): name and whether the demo made it; null when none or deleted. */
    private readonly outlets: { facts(id: number): Promise<{ name: string; simulated: boolean } | null> },
  ) {
    this.sessions = new Sessions(db, netAppSession, 'accountId', settings);
  }

  /** Hashes a password before any transaction opens, so no lock is held while argon2 runs. */
  hash(password: string | undefined): Promise<string | null> {
    return password ? hashPassword(password) : Promise.resolve(null);
  }

  /** Creates the account of a new agent, pusher or provider in the caller's transaction. */
  async create(tx: Db, kind: AppAccountKind, areaCode: string, mobile: string, passwordHash: string): Promise<number> {
    const [row] = await tx
      .insert(netAppAccount)
      .values({ kind, ...requirePhone(areaCode, mobile), passwordHash })
      .returning({ id: netAppAccount.id });
    return row!.id;
  }

  /**
   * The app account of an outlet (its manager's phone) or an operator (a direct-sales team), in the
   * caller's transaction: created when there is none and a password is given; otherwise its mobile
   * follows and a given password replaces the old one (ending its sessions). Answers the account's
   * id, or null when there is none. A mobile another app account has is APP_MOBILE_TAKEN
   * (wrap the caller's save in `mobileUnique`).
   */
  async saveFor(
    tx: Db,
    kind: 'outlet' | 'operator',
    partyId: number,
    areaCode: string,
    mobile: string,
    passwordHash: string | null,
  ): Promise<number | null> {
    const [was] = await tx
      .select({ id: netAppAccount.id })
      .from(netAppAccount)
      .where(and(eq(netAppAccount.kind, kind), eq(netAppAccount.partyId, partyId)));
    if (was) {
      await this.update(tx, was.id, areaCode, mobile, passwordHash);
      return was.id;
    }
    if (!passwordHash) return null;
    const [row] = await tx
      .insert(netAppAccount)
      .values({ kind, partyId, ...requirePhone(areaCode, mobile), passwordHash })
      .returning({ id: netAppAccount.id });
    return row!.id;
  }

  /** Removes the app accounts of outlets that are gone (the demo's, after demo:clear); their sessions go with them. */
  async removeOrphanOutletAccounts(): Promise<number> {
    let n = 0;
    for (const a of await this.db
      .select({ id: netAppAccount.id, partyId: netAppAccount.partyId })
      .from(netAppAccount)
      .where(eq(netAppAccount.kind, 'outlet'))) {
      if (a.partyId && (await this.outlets.facts(a.partyId))) continue;
      await this.db.delete(netAppAccount).where(eq(netAppAccount.id, a.id));
      n++;
    }
    return n;
  }

  /** Whether an outlet or operator has an app account. */
  async hasAccount(kind: 'outlet' | 'operator', partyId: number): Promise<boolean> {
    const [a] = await this.db
      .select({ id: netAppAccount.id })
      .from(netAppAccount)
      .where(and(eq(netAppAccount.kind, kind), eq(netAppAccount.partyId, partyId)));
    return Boolean(a);
  }

  /**
   * Changes an account's mobile and, when given, its password (which ends its sessions). An
   * account the migration set aside as a duplicate becomes an account of its own again with the
   * save (still its twin's phone: APP_MOBILE_TAKEN, the phone's unique index decides).
   */
  async update(
    tx: Db,
    accountId: number,
    areaCode: string,
    mobile: string,
    passwordHash: string | null,
  ): Promise<void> {
    await tx
      .update(netAppAccount)
      .set({ ...requirePhone(areaCode, mobile), duplicateOf: null, ...(passwordHash ? { passwordHash } : {}) })
      .where(eq(netAppAccount.id, accountId));
    if (passwordHash) await this.endSessions(tx, accountId);
  }

  /** Freezes (with an optional reason) or unfreezes; a freeze ends the account's sessions. */
  async setStatus(tx: Db, accountId: number, status: 0 | 1, reason: string | undefined): Promise<void> {
    await tx
      .update(netAppAccount)
      .set({ status, freezeReason: status === 1 ? reason || null : null })
      .where(eq(netAppAccount.id, accountId));
    if (status === 1) await this.endSessions(tx, accountId);
  }

  private async endSessions(tx: Db, accountId: number): Promise<void> {
    await this.sessions.endAll(accountId, undefined, { db: tx });
  }

  /** Runs a save, answering APP_MOBILE_TAKEN when the mobile is another app account's. */
  static async mobileUnique<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (e) {
      throw isUniqueViolation(e, 'net_app_account_mobile_uq') ? new AppError('APP_MOBILE_TAKEN') : e;
    }
  }

  async login(input: AppLoginRequest, req: Pick<FastifyRequest, 'ip' | 'headers'>): Promise<AppLoginResponse> {
    const identifier = input.userName ? input.userName : `${input.areaCode}-${input.mobile}`;
    const account = await this.find(input);
    const attempt = {
      userName: identifier,
      accountType: account?.kind ?? 'agent',
      terminal: input.clientType,
      ip: req.ip,
      userAgent: req.headers['user-agent'],
    };
    const fail = (reason: string, accountId: number | null) =>
      this.loginLog.record({ ...attempt, accountId, result: 'fail', failReason: reason });

    // The app's keys are apart from the console's (`app:`), under the same limits and waits.
    let reservation: Awaited<ReturnType<LoginGuardPort['reserve']>>;
    try {
      reservation = await this.guard.reserve(
        account ? `app:${account.id}` : `app:u:${identifier.toLowerCase()}`,
        req.ip,
      );
    } catch (e) {
      if (e instanceof AppError) await fail(e.errorName === 'LOGIN_LOCKED' ? 'locked' : 'slowed', account?.id ?? null);
      throw e;
    }
    if (!account) {
      await verifyDecoy(input.password ?? '');
      await this.guard.failed(reservation);
      await fail('unknown account', null);
      throw new AppError('LOGIN_FAILED');
    }
    if (!(await verifyPassword(account.passwordHash, input.password ?? ''))) {
      await this.guard.failed(reservation);
      await fail('wrong password', account.id);
      throw new AppError('LOGIN_FAILED');
    }
    await this.guard.release(reservation, account.status === 0);
    if (account.status !== 0) {
      await fail('frozen', account.id);
      throw new AppError('LOGIN_ACCOUNT_FROZEN');
    }
    const { token } = await this.sessions.issue(account.id, { clientType: input.clientType, ip: req.ip });
    await this.db.update(netAppAccount).set({ lastLoginAt: new Date() }).where(eq(netAppAccount.id, account.id));
    await this.loginLog.record({
      ...attempt,
      userName: `${account.areaCode}-${account.mobile}`,
      accountId: account.id,
      result: 'success',
      failReason: null,
    });
    return { token, accountType: account.kind as AppAccountKind };
  }

  /**
   * By area code and mobile (canonical, as the contract made them); by user name, the national
   * number (leading zeros dropped) when exactly one account has it.
   */
  private async find(input: AppLoginRequest) {
    if (input.userName) {
      const national = /^\d+$/.test(input.userName) ? input.userName.replace(/^0+/, '') : input.userName;
      const rows = await this.db
        .select()
        .from(netAppAccount)
        .where(and(eq(netAppAccount.mobile, national), current))
        .limit(2);
      return rows.length === 1 ? rows[0] : undefined;
    }
    const p = phoneOrAsTyped(input.areaCode!, input.mobile!);
    const [a] = await this.db
      .select()
      .from(netAppAccount)
      .where(and(eq(netAppAccount.areaCode, p.areaCode), eq(netAppAccount.mobile, p.mobile), current));
    return a;
  }

  /** The guard's resolver for calls with `app` access: an agent app account's session, else a customer's. */
  async authenticate(token: string | undefined): Promise<Principal> {
    const s = await this.sessions.resolve(
      token,
      async (hash) =>
        (
          await this.db
            .select({
              id: netAppSession.id,
              accountId: netAppSession.accountId,
              clientType: netAppSession.clientType,
              lastSeenAt: netAppSession.lastSeenAt,
              expiresAt: netAppSession.expiresAt,
              revokedAt: netAppSession.revokedAt,
              kind: netAppAccount.kind,
              status: netAppAccount.status,
              areaCode: netAppAccount.areaCode,
              mobile: netAppAccount.mobile,
            })
            .from(netAppSession)
            .innerJoin(netAppAccount, eq(netAppAccount.id, netAppSession.accountId))
            .where(eq(netAppSession.tokenHash, hash))
        )[0],
      (s) => {
        if (s.status !== 0) throw new AppError('ACCOUNT_FROZEN');
      },
    );
    if (!s) {
      const customer = await this.customers?.authenticate(token!);
      if (customer) return customer;
      throw new AppError('NOT_SIGNED_IN');
    }
    return {
      accountId: s.accountId,
      sessionId: s.id,
      userName: `${s.areaCode}-${s.mobile}`,
      accountType: s.kind as AppAccountKind,
      clientType: s.clientType,
      roleCodes: [],
      roleNames: [],
      isSuper: false,
    };
  }

  async logout(p: Principal): Promise<null> {
    await this.sessions.end(p.sessionId);
    return null;
  }

  /** The signed-in account and the agent, pusher or provider it belongs to. */
  async me(p: Principal): Promise<AppMe> {
    if (p.accountType === 'user') throw new AppError('NOT_SIGNED_IN');
    const [a] = await this.db.select().from(netAppAccount).where(eq(netAppAccount.id, p.accountId));
    if (!a) throw new AppError('NOT_SIGNED_IN');
    const base = {
      accountType: a.kind as AppAccountKind,
      areaCode: a.areaCode,
      mobile: a.mobile,
      level: null,
      ratio: null,
    };
    if (a.kind === 'agent') {
      const [g] = await this.db.select().from(netAgent).where(eq(netAgent.accountId, a.id));
      return { ...base, id: g!.id, name: g!.name, level: g!.level as AppMe['level'], ratio: g!.ratio };
    }
    if (a.kind === 'groundPromoter') {
      const [g] = await this.db.select().from(netPusher).where(eq(netPusher.accountId, a.id));
      return { ...base, id: g!.id, name: g!.name };
    }
    if (a.kind === 'outlet' || a.kind === 'operator') {
      const facts = await this.partner(a.kind, a.partyId ?? 0);
      if (!facts) throw new AppError('NOT_SIGNED_IN');
      return { ...base, id: a.partyId!, name: facts.name };
    }
    const [g] = await this.db.select().from(netProvider).where(eq(netProvider.accountId, a.id));
    return { ...base, id: g!.id, name: g!.name, ratio: g!.ratio };
  }

  /**
   * An agent, pusher or service provider as withdrawals read it: its name, whether the demo made
   * it, and an agent's own minimum withdrawal and fee rate (the others have none). Null when gone.
   */
  async partner(
    kind: 'agent' | 'pusher' | 'serviceProvider' | 'outlet' | 'operator',
    id: number,
  ): Promise<{ name: string; simulated: boolean; minWithdrawal: number; withdrawalFeeRate: number } | null> {
    if (kind === 'outlet') {
      const o = await this.outlets.facts(id);
      return o ? { ...o, minWithdrawal: 0, withdrawalFeeRate: 0 } : null;
    }
    if (kind === 'operator') {
      const [t] = await this.db
        .select({ name: netTeam.name, simulated: netTeam.simulated })
        .from(netTeam)
        .where(eq(netTeam.id, id));
      return t ? { ...t, minWithdrawal: 0, withdrawalFeeRate: 0 } : null;
    }
    if (kind === 'agent') {
      const [a] = await this.db.select().from(netAgent).where(eq(netAgent.id, id));
      return a
        ? {
            name: a.name,
            simulated: a.simulated,
            minWithdrawal: Number(a.minWithdrawal),
            withdrawalFeeRate: a.withdrawalFeeRate,
          }
        : null;
    }
    const table = kind === 'pusher' ? netPusher : netProvider;
    const [p] = await this.db
      .select({ name: table.name, simulated: table.simulated })
      .from(table)
      .where(eq(table.id, id));
    return p ? { ...p, minWithdrawal: 0, withdrawalFeeRate: 0 } : null;
  }

  /**
   * A new app session for each of the demo's simulated partners (agents, pushers, providers, the
   * demo outlets' and teams' accounts, when not frozen), as signing in would give: the demo's partners then use the app's calls like a
   * person. Real accounts are never given one this way.
   */
  async simulatedPartnerSessions(
    clientType = 'AGENT_ANDROID',
  ): Promise<{ kind: AppAccountKind; partyId: number; token: string }[]> {
    const found: { partyId: number; accountId: number; kind: AppAccountKind }[] = [
      ...(
        await this.db
          .select({ partyId: netAgent.id, accountId: netAgent.accountId })
          .from(netAgent)
          .where(eq(netAgent.simulated, true))
      ).map((r) => ({ ...r, kind: 'agent' as const })),
      ...(
        await this.db
          .select({ partyId: netPusher.id, accountId: netPusher.accountId })
          .from(netPusher)
          .where(eq(netPusher.simulated, true))
      ).map((r) => ({ ...r, kind: 'groundPromoter' as const })),
      ...(
        await this.db
          .select({ partyId: netProvider.id, accountId: netProvider.accountId })
          .from(netProvider)
          .where(eq(netProvider.simulated, true))
      ).map((r) => ({ ...r, kind: 'serviceProvider' as const })),
    ];
    // The operators: the demo's direct-sales teams with an app account.
    found.push(
      ...(
        await this.db
          .select({ partyId: netTeam.id, accountId: netAppAccount.id })
          .from(netAppAccount)
          .innerJoin(netTeam, and(eq(netAppAccount.kind, 'operator'), eq(netTeam.id, netAppAccount.partyId)))
          .where(eq(netTeam.simulated, true))
      ).map((r) => ({ ...r, kind: 'operator' as const })),
    );
    // Outlets the demo made (the outlet module answers whether it made them).
    for (const a of await this.db
      .select({ partyId: netAppAccount.partyId, accountId: netAppAccount.id })
      .from(netAppAccount)
      .where(eq(netAppAccount.kind, 'outlet'))) {
      if (a.partyId && (await this.outlets.facts(a.partyId))?.simulated)
        found.push({ partyId: a.partyId, accountId: a.accountId, kind: 'outlet' });
    }
    const out: { kind: AppAccountKind; partyId: number; token: string }[] = [];
    for (const f of found) {
      const [a] = await this.db
        .select({ status: netAppAccount.status })
        .from(netAppAccount)
        .where(eq(netAppAccount.id, f.accountId));
      if (!a || a.status !== 0) continue;
      const { token } = await this.sessions.issue(f.accountId, { clientType, ip: '127.0.0.1' });
      out.push({ kind: f.kind, partyId: f.partyId, token });
    }
    return out;
  }

  /** Sessions of the app accounts given, ended (used when simulated data is removed). */
  async dropSessions(tx: Db, accountIds: number[]): Promise<void> {
    if (accountIds.length)
      await tx.execute(
        sql`delete from net_app_session where account_id = any(${sql.raw(`array[${accountIds.map(Number).join(',')}]::bigint[]`)})`,
      );
  }
}
