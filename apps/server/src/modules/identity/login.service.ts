import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { LoginFailReason, LoginRequest, LoginResponse } from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { phoneOrAsTyped } from '../../platform/sms/phone.js';
import { AppError } from '../../platform/http/app-error.js';
import { verifyDecoy, verifyPassword } from '../../platform/auth/tokens.js';
import type { LoginLogService } from './login-log.service.js';
import type { SessionService } from './session.service.js';
import { unknownSubject, type LoginGuardService, type Reservation } from './login-guard.service.js';
import { sysAccount } from './tables.js';

export interface LoginSettings {
  /** One live session per account and client type: a new sign-in ends the older ones (100022). */
  singleSession: boolean;
}

type LoginInput = Omit<LoginRequest, 'clientType'> & { clientType: string };

/**
 * Sign-in: by user name, or area code plus mobile. Whatever was typed is first resolved
 * to the account, so every way of naming it shares one count; LoginGuardService then decides,
 * before the password is checked, whether this account may be tried from this address now.
 * Every attempt, refused or not, goes to the login log.
 */
export class LoginService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly loginLog: LoginLogService,
    private readonly guard: LoginGuardService,
    private readonly settings: LoginSettings,
  ) {}

  async login(input: LoginInput, req: Pick<FastifyRequest, 'ip' | 'headers'>): Promise<LoginResponse> {
    const identifier = input.userName ? input.userName : `${input.areaCode}-${input.mobile}`;
    const attempt = {
      userName: identifier,
      accountType: 'admin',
      terminal: input.clientType,
      ip: req.ip,
      userAgent: req.headers['user-agent'],
    };
    const fail = async (reason: LoginFailReason, accountId: number | null) =>
      this.loginLog.record({ ...attempt, accountId, result: 'fail', failReason: reason });

    const account = await this.findAccount(input);
    let reservation: Reservation;
    try {
      reservation = await this.guard.reserve(account ? `a:${account.id}` : unknownSubject(input), req.ip);
    } catch (e) {
      // Refused before any password check; an unknown name is refused exactly like a known one.
      if (e instanceof AppError) await fail(e.errorName === 'LOGIN_LOCKED' ? 'locked' : 'slowed', account?.id ?? null);
      throw e;
    }

    if (!account) {
      await verifyDecoy(input.password);
      await this.guard.failed(reservation);
      await fail('unknown account', null);
      throw new AppError('LOGIN_FAILED');
    }
    if (!(await verifyPassword(account.passwordHash, input.password))) {
      await this.guard.failed(reservation);
      await fail('wrong password', account.id);
      throw new AppError('LOGIN_FAILED');
    }
    await this.guard.release(reservation, account.status === 0);
    if (account.status !== 0) {
      await fail('frozen', account.id);
      throw new AppError('LOGIN_ACCOUNT_FROZEN');
    }

    const { token, sessionId } = await this.sessions.create(
      account.id,
      input.clientType,
      req.ip,
      req.headers['user-agent'],
    );
    if (this.settings.singleSession) await this.sessions.endAll(account.id, 100022, sessionId);
    await this.db
      .update(sysAccount)
      .set({ loginCount: sql`${sysAccount.loginCount} + 1`, lastLoginAt: new Date(), lastLoginIp: req.ip })
      .where(eq(sysAccount.id, account.id));
    await this.loginLog.record({
      ...attempt,
      userName: account.userName,
      accountId: account.id,
      result: 'success',
      failReason: null,
    });
    return { token, browserType: input.browserType ?? 1 };
  }

  private async findAccount(input: LoginInput) {
    if (input.userName) {
      const [a] = await this.db
        .select()
        .from(sysAccount)
        .where(sql`lower(${sysAccount.userName}) = lower(${input.userName})`);
      return a;
    }
    const phone = phoneOrAsTyped(input.areaCode!, input.mobile!);
    const [a] = await this.db
      .select()
      .from(sysAccount)
      .where(and(eq(sysAccount.areaCode, phone.areaCode), eq(sysAccount.mobile, phone.mobile)));
    return a;
  }
}
