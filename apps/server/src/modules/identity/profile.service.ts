import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { ManageInfo } from '@cbo/contract';
import { query, type Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Principal } from '../../platform/http/routes.js';
import { hashPassword, newToken, sha256, sixDigitCode, verifyPassword } from '../../platform/auth/tokens.js';
import type { SmsProvider } from '../../platform/sms/sms-provider.js';
import type { SessionService } from './session.service.js';
import { sysAccount, sysAccountRole, sysOrg, sysRole, sysVerifyCode } from './tables.js';

/** Verification codes: 6 digits, 5 minutes, 5 tries, one send a minute, 10 a day per account. */
export const CODE_TTL_SECONDS = 300;
export const CODE_RESEND_SECONDS = 60;
const CODE_MAX_ATTEMPTS = 5;
const CODE_DAILY_LIMIT = 10;
const TICKET_TTL_SECONDS = 600;

type Purpose = 'verifyCurrent' | 'newMobile' | 'ticket';

/**
 * An admin account's own profile (the personal center, issue 2 item 6): details, password,
 * avatar and mobile. Managing other accounts is ManageService (issue 3).
 */
export class ProfileService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly sms: SmsProvider,
  ) {}

  /** An account as the personal center and personnel management show it (access checked by the caller). */
  async info(manageId: number): Promise<ManageInfo> {
    const [a] = await this.db.select().from(sysAccount).where(eq(sysAccount.id, manageId));
    if (!a) throw new AppError('NOT_FOUND');
    const roles = await this.db
      .select({ id: sysRole.id, name: sysRole.name })
      .from(sysAccountRole)
      .innerJoin(sysRole, eq(sysRole.id, sysAccountRole.roleId))
      .where(eq(sysAccountRole.accountId, manageId))
      .orderBy(sysRole.id);
    const [org] = a.orgId ? await this.db.select({ name: sysOrg.name }).from(sysOrg).where(eq(sysOrg.id, a.orgId)) : [];
    return {
      manageId: a.id,
      userName: a.userName,
      nickName: a.nickName,
      areaCode: a.areaCode,
      mobile: a.mobile,
      email: a.email,
      img: a.avatar,
      idCard: a.idCard,
      address: a.address,
      note: a.note,
      status: a.status,
      roles,
      orgId: a.orgId,
      orgName: org?.name ?? null,
      loginCount: a.loginCount,
      lastLoginTime: a.lastLoginAt?.toISOString() ?? null,
      createTime: a.createdAt.toISOString(),
    };
  }

  async setAvatar(p: Principal, url: string): Promise<void> {
    await this.db.update(sysAccount).set({ avatar: url, updatedAt: new Date() }).where(eq(sysAccount.id, p.accountId));
  }

  /** Changes the password and ends the account's other sessions (they get 100022). */
  async changePassword(p: Principal, oldPassword: string, newPassword: string): Promise<void> {
    const [a] = await this.db.select().from(sysAccount).where(eq(sysAccount.id, p.accountId));
    if (!a) throw new AppError('NOT_FOUND');
    if (!(await verifyPassword(a.passwordHash, oldPassword))) throw new AppError('OLD_PASSWORD_WRONG');
    await this.db.update(sysAccount).set({ passwordHash: await hashPassword(newPassword), updatedAt: new Date() }).where(eq(sysAccount.id, a.id));
    await this.sessions.endAll(a.id, 100022, p.sessionId);
  }

  /** sendCode: to the current mobile, proving the person holds it before it changes. */
  async sendCurrentMobileCode(p: Principal) {
    const [a] = await this.db.select().from(sysAccount).where(eq(sysAccount.id, p.accountId));
    if (!a?.mobile || !a.areaCode) throw new AppError('NO_MOBILE');
    await this.sendCode(p.accountId, 'verifyCurrent', a.areaCode, a.mobile);
    return { maskedMobile: mask(a.mobile), expireSeconds: CODE_TTL_SECONDS, resendSeconds: CODE_RESEND_SECONDS };
  }

  /** checkCode: answers a ticket that updateMobile needs when the account already has a mobile. */
  async checkCurrentMobileCode(p: Principal, code: string): Promise<{ ticket: string }> {
    const [a] = await this.db.select().from(sysAccount).where(eq(sysAccount.id, p.accountId));
    if (!a?.mobile || !a.areaCode) throw new AppError('NO_MOBILE');
    await this.consumeCode(p.accountId, 'verifyCurrent', target(a.areaCode, a.mobile), code);
    const ticket = newToken();
    await this.db.insert(sysVerifyCode).values({
      accountId: p.accountId,
      purpose: 'ticket',
      target: target(a.areaCode, a.mobile),
      codeHash: sha256(ticket),
      expiresAt: new Date(Date.now() + TICKET_TTL_SECONDS * 1000),
    });
    return { ticket };
  }

  async sendNewMobileCode(p: Principal, areaCode: string, mobile: string) {
    await this.assertMobileFree(p.accountId, areaCode, mobile);
    await this.sendCode(p.accountId, 'newMobile', areaCode, mobile);
    return { maskedMobile: mask(mobile), expireSeconds: CODE_TTL_SECONDS, resendSeconds: CODE_RESEND_SECONDS };
  }

  async updateMobile(p: Principal, req: { areaCode: string; mobile: string; code: string; ticket?: string }): Promise<ManageInfo> {
    const [a] = await this.db.select().from(sysAccount).where(eq(sysAccount.id, p.accountId));
    if (!a) throw new AppError('NOT_FOUND');
    const areaCode = req.areaCode.replace(/^\+/, '');
    await this.assertMobileFree(p.accountId, areaCode, req.mobile);
    // The ticket proves the current mobile; it is checked first and spent only on success, so a
    // mistyped new code does not force the person to verify the old number again.
    const ticketWhere = req.ticket
      ? and(eq(sysVerifyCode.accountId, p.accountId), eq(sysVerifyCode.purpose, 'ticket'), eq(sysVerifyCode.codeHash, sha256(req.ticket)), isNull(sysVerifyCode.consumedAt), gt(sysVerifyCode.expiresAt, new Date()))
      : undefined;
    const needsTicket = Boolean(a.mobile && a.areaCode);
    if (needsTicket) {
      const found = ticketWhere ? await this.db.select({ id: sysVerifyCode.id }).from(sysVerifyCode).where(ticketWhere) : [];
      if (!found.length) throw new AppError('CHECK_TICKET_INVALID');
    }
    await this.consumeCode(p.accountId, 'newMobile', target(areaCode, req.mobile), req.code);
    if (needsTicket && ticketWhere) await this.db.update(sysVerifyCode).set({ consumedAt: new Date() }).where(ticketWhere);
    await this.db.update(sysAccount).set({ areaCode, mobile: req.mobile, updatedAt: new Date() }).where(eq(sysAccount.id, a.id));
    return this.info(a.id);
  }

  async assertMobileFree(accountId: number, areaCode: string, mobile: string): Promise<void> {
    const taken = await this.db
      .select({ id: sysAccount.id })
      .from(sysAccount)
      .where(and(eq(sysAccount.areaCode, areaCode.replace(/^\+/, '')), eq(sysAccount.mobile, mobile), ne(sysAccount.id, accountId)));
    if (taken.length) throw new AppError('MOBILE_TAKEN');
  }

  private async sendCode(accountId: number, purpose: Purpose, areaCode: string, mobile: string): Promise<void> {
    const to = target(areaCode, mobile);
    const [last] = await this.db
      .select({ createdAt: sysVerifyCode.createdAt })
      .from(sysVerifyCode)
      .where(and(eq(sysVerifyCode.target, to), ne(sysVerifyCode.purpose, 'ticket')))
      .orderBy(desc(sysVerifyCode.createdAt))
      .limit(1);
    const wait = last ? CODE_RESEND_SECONDS - Math.floor((Date.now() - last.createdAt.getTime()) / 1000) : 0;
    if (wait > 0) throw new AppError('CODE_TOO_FREQUENT', { seconds: wait });
    const [day] = await query<{ n: number }>(this.db, sql`
      select count(*)::int as n from sys_verify_code
       where account_id = ${accountId} and purpose <> 'ticket' and created_at > now() - interval '1 day'`);
    if (Number(day?.n ?? 0) >= CODE_DAILY_LIMIT) throw new AppError('TOO_FREQUENT');
    const code = sixDigitCode();
    await this.db.insert(sysVerifyCode).values({
      accountId,
      purpose,
      target: to,
      codeHash: sha256(`${to}:${code}`),
      expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
    });
    await this.sms.send({ areaCode: areaCode.replace(/^\+/, ''), mobile }, `Your verification code is ${code}. It expires in ${CODE_TTL_SECONDS / 60} minutes.`);
  }

  /** Checks the newest open code for the target; a wrong try counts, five end the code. */
  private async consumeCode(accountId: number, purpose: Purpose, to: string, code: string): Promise<void> {
    const [row] = await this.db
      .select()
      .from(sysVerifyCode)
      .where(and(eq(sysVerifyCode.accountId, accountId), eq(sysVerifyCode.purpose, purpose), eq(sysVerifyCode.target, to), isNull(sysVerifyCode.consumedAt)))
      .orderBy(desc(sysVerifyCode.id))
      .limit(1);
    if (!row || row.expiresAt.getTime() <= Date.now() || row.attempts >= CODE_MAX_ATTEMPTS) throw new AppError('CODE_INVALID');
    if (row.codeHash !== sha256(`${to}:${code}`)) {
      await this.db.update(sysVerifyCode).set({ attempts: row.attempts + 1 }).where(eq(sysVerifyCode.id, row.id));
      throw new AppError('CODE_INVALID');
    }
    await this.db.update(sysVerifyCode).set({ consumedAt: new Date() }).where(eq(sysVerifyCode.id, row.id));
  }
}

function target(areaCode: string, mobile: string): string {
  return `${areaCode.replace(/^\+/, '')}-${mobile}`;
}
function mask(mobile: string): string {
  return mobile.length >= 8 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : `****${mobile.slice(-2)}`;
}
