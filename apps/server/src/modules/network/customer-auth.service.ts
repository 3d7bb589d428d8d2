import crypto from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppLoginResponse, UserClientType } from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Principal } from '../../platform/http/routes.js';
import { Sessions } from '../../platform/auth/sessions.js';
import { phoneKey, type Phone } from '@cbo/contract';
import type { AppSessionSettings } from './app-accounts.service.js';
import type { LoginLogPort, VerifyCodePort } from './needs.js';
import { requirePhone } from '../../platform/sms/phone.js';
import { netMember, netMemberSession } from './tables.js';

const PURPOSE = 'appSignIn';

/**
 * The code's owner before anyone signs in is the number itself: codes are counted per number (a
 * negative id, never an account's), so one person's sends never use up another's daily limit.
 */
function numberOwner(p: Phone): number {
  return -(crypto.createHash('sha256').update(phoneKey(p)).digest().readUInt32BE(0) & 0x7fffffff) - 1;
}

/** A member row that is the customer of its phone (not one the canonical-phone migration set aside). */
const current = isNull(netMember.duplicateOf);

/**
 * Customers of the user app sign in with their mobile and a 6-digit code sent by SMS (the same
 * code service as the console's, its cooldown and tries). The first sign-in makes the member.
 * Their sessions live apart from the agent app's and the console's; the app guard finds either.
 */
export class CustomerAuth {
  /** Customers' sessions: the session primitive over net_member_session. */
  private readonly sessions: Sessions<typeof netMemberSession>;

  constructor(
    private readonly db: Db,
    settings: AppSessionSettings,
    private readonly codes: VerifyCodePort,
    private readonly loginLog: LoginLogPort,
  ) {
    this.sessions = new Sessions(db, netMemberSession, 'memberId', settings);
  }

  /**
   * A sign-in code to a phone (canonical: every split of it is one number with one budget). `ip`:
   * the client address, whose budget it takes. `simulated`: the server's own simulated customers
   * (docs/decisions/customers.md): their +999 numbers are refused at every public entrance, so only they
   * spend their numbers' codes, and their texts, which never leave the process, take no budget
   * but the number's own.
   */
  async sendCode(areaCode: string, mobile: string, origin: { ip?: string; simulated?: boolean } = {}): Promise<null> {
    const phone = requirePhone(areaCode, mobile, { simulated: origin.simulated });
    await this.codes.send(numberOwner(phone), PURPOSE, phone, { ip: origin.simulated ? undefined : origin.ip });
    return null;
  }

  /**
   * Signs a customer in with the code sent to the phone; the first sign-in makes the member. One
   * phone is one member: the phone is canonical, and the member is made by an insert that does
   * nothing on the phone's unique index, so sign-ins at once in any split find the one member.
   */
  async signIn(
    input: { areaCode: string; mobile: string; code: string; clientType: string },
    req: Pick<FastifyRequest, 'ip' | 'headers'>,
    opts: { simulated?: boolean } = {},
  ): Promise<AppLoginResponse> {
    const phone = requirePhone(input.areaCode, input.mobile, { simulated: opts.simulated });
    const { areaCode, mobile } = phone;
    const attempt = {
      userName: phoneKey(phone),
      accountType: 'user',
      terminal: input.clientType,
      ip: req.ip,
      userAgent: req.headers['user-agent'],
    };
    try {
      await this.codes.consume(numberOwner(phone), PURPOSE, phone, input.code);
    } catch (e) {
      await this.loginLog.record({ ...attempt, accountId: null, result: 'fail', failReason: 'wrong code' });
      throw e;
    }
    const terminal = input.clientType.startsWith('USER_') ? input.clientType : 'USER_IOS';
    await this.db
      .insert(netMember)
      .values({
        areaCode,
        mobile,
        nickname: `${mobile.slice(-4)}`,
        terminal: terminal as UserClientType,
        simulated: opts.simulated ?? false,
      })
      .onConflictDoNothing({ target: [netMember.areaCode, netMember.mobile], where: current });
    const [m] = await this.db
      .select()
      .from(netMember)
      .where(and(eq(netMember.areaCode, areaCode), eq(netMember.mobile, mobile), current));
    if (m!.status !== 0) {
      await this.loginLog.record({ ...attempt, accountId: m!.id, result: 'fail', failReason: 'frozen' });
      throw new AppError('LOGIN_ACCOUNT_FROZEN');
    }
    const { token } = await this.sessions.issue(m!.id, { clientType: input.clientType, ip: req.ip });
    await this.loginLog.record({ ...attempt, accountId: m!.id, result: 'success', failReason: null });
    return { token, accountType: 'user' };
  }

  /** A customer's session by its token, or null when the token is not a customer's. */
  async authenticate(token: string): Promise<Principal | null> {
    const s = await this.sessions.resolve(
      token,
      async (hash) =>
        (
          await this.db
            .select({
              id: netMemberSession.id,
              memberId: netMemberSession.memberId,
              clientType: netMemberSession.clientType,
              lastSeenAt: netMemberSession.lastSeenAt,
              expiresAt: netMemberSession.expiresAt,
              revokedAt: netMemberSession.revokedAt,
              status: netMember.status,
              areaCode: netMember.areaCode,
              mobile: netMember.mobile,
            })
            .from(netMemberSession)
            .innerJoin(netMember, eq(netMember.id, netMemberSession.memberId))
            .where(eq(netMemberSession.tokenHash, hash))
        )[0],
      (s) => {
        if (s.status !== 0) throw new AppError('ACCOUNT_FROZEN');
      },
    );
    if (!s) return null;
    return {
      accountId: s.memberId,
      sessionId: s.id,
      userName: `${s.areaCode}-${s.mobile}`,
      accountType: 'user',
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

  /** A member as the rental engine needs it. */
  async member(id: number): Promise<{
    id: number;
    areaCode: string;
    mobile: string;
    status: number;
    simulated: boolean;
    level: 'A' | 'B' | 'C';
  } | null> {
    const [m] = await this.db
      .select({
        id: netMember.id,
        areaCode: netMember.areaCode,
        mobile: netMember.mobile,
        status: netMember.status,
        simulated: netMember.simulated,
        level: netMember.level,
      })
      .from(netMember)
      .where(eq(netMember.id, id));
    return m ? { ...m, level: m.level as 'A' | 'B' | 'C' } : null;
  }

  /** The members with these national numbers (canonical), under any area code (a coupon send matches them). */
  async byMobiles(
    mobiles: string[],
  ): Promise<{ id: number; areaCode: string; mobile: string; status: number; simulated: boolean }[]> {
    if (!mobiles.length) return [];
    return this.db
      .select({
        id: netMember.id,
        areaCode: netMember.areaCode,
        mobile: netMember.mobile,
        status: netMember.status,
        simulated: netMember.simulated,
      })
      .from(netMember)
      .where(and(inArray(netMember.mobile, mobiles), current));
  }
}
