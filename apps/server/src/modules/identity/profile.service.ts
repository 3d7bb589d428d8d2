import { eq } from 'drizzle-orm';
import type { ManageInfo } from '@cbo/contract';
import { isUniqueViolation, type Db } from '../../platform/db/database.js';
import { requirePhone } from '../../platform/sms/phone.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Principal } from '../../platform/http/routes.js';
import { hashPassword, verifyPassword } from '../../platform/auth/tokens.js';
import type { SessionService } from './session.service.js';
import type { VerifyCodeService } from './verify-code.service.js';
import { sysAccount, sysAccountRole, sysOrg, sysRole } from './tables.js';

const TICKET_TTL_SECONDS = 600;

/**
 * An admin account's own profile (the personal center): details, password,
 * avatar and mobile. Managing other accounts is ManageService.
 */
export class ProfileService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly codes: VerifyCodeService,
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
    await this.db
      .update(sysAccount)
      .set({ passwordHash: await hashPassword(newPassword), updatedAt: new Date() })
      .where(eq(sysAccount.id, a.id));
    await this.sessions.endAll(a.id, 100022, p.sessionId);
  }

  /** sendCode: to the current mobile, proving the person holds it before it changes. */
  async sendCurrentMobileCode(p: Principal) {
    const current = await this.codes.accountMobile(p.accountId);
    if (!current) throw new AppError('NO_MOBILE');
    return this.codes.send(p.accountId, 'verifyCurrent', current);
  }

  /** checkCode: answers a ticket that updateMobile needs when the account already has a mobile. */
  async checkCurrentMobileCode(p: Principal, code: string): Promise<{ ticket: string }> {
    const current = await this.codes.accountMobile(p.accountId);
    if (!current) throw new AppError('NO_MOBILE');
    await this.codes.consume(p.accountId, 'verifyCurrent', current, code);
    return { ticket: await this.codes.issueTicket(p.accountId, 'ticket', current, TICKET_TTL_SECONDS) };
  }

  async sendNewMobileCode(p: Principal, areaCodeIn: string, mobileIn: string, origin: { ip?: string } = {}) {
    const { areaCode, mobile } = requirePhone(areaCodeIn, mobileIn);
    await this.assertMobileFree(p.accountId, areaCode, mobile);
    return this.codes.send(p.accountId, 'newMobile', { areaCode, mobile }, origin);
  }

  async updateMobile(
    p: Principal,
    reqIn: { areaCode: string; mobile: string; code: string; ticket?: string },
  ): Promise<ManageInfo> {
    const [a] = await this.db.select().from(sysAccount).where(eq(sysAccount.id, p.accountId));
    if (!a) throw new AppError('NOT_FOUND');
    const { areaCode, mobile } = requirePhone(reqIn.areaCode, reqIn.mobile);
    const req = { ...reqIn, areaCode, mobile };
    await this.assertMobileFree(p.accountId, areaCode, req.mobile);
    // The ticket proves the current mobile; it is checked first and spent only on success, so a
    // mistyped new code does not force the person to verify the old number again. The code's try
    // is counted on its own (a failed change must not undo it); spending the ticket, spending the
    // code and changing the mobile then happen together or not at all, each spend conditional,
    // so one ticket and one code change the mobile once however many requests carry them.
    const needsTicket = Boolean(a.mobile && a.areaCode);
    if (needsTicket && !(await this.codes.hasTicket(p.accountId, 'ticket', req.ticket)))
      throw new AppError('CHECK_TICKET_INVALID');
    const codeId = await this.codes.check(p.accountId, 'newMobile', { areaCode, mobile: req.mobile }, req.code);
    await this.db.transaction(async (tx) => {
      if (needsTicket && !(await this.codes.spendTicket(tx, p.accountId, 'ticket', req.ticket!)))
        throw new AppError('CHECK_TICKET_INVALID');
      await this.codes.markUsed(tx, codeId);
      await tx
        .update(sysAccount)
        .set({ areaCode, mobile: req.mobile, updatedAt: new Date() })
        .where(eq(sysAccount.id, a.id))
        .catch((e: unknown) => {
          // Another account took the number since it was checked: the unique index decides.
          throw isUniqueViolation(e) ? new AppError('MOBILE_TAKEN') : e;
        });
    });
    return this.info(a.id);
  }

  async assertMobileFree(accountId: number, areaCode: string, mobile: string): Promise<void> {
    if (await this.codes.mobileTaken(accountId, { areaCode, mobile })) throw new AppError('MOBILE_TAKEN');
  }
}
