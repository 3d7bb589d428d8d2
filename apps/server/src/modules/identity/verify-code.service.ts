import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { query, type Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { newToken, sha256, sixDigitCode } from '../../platform/auth/tokens.js';
import type { SmsProvider } from '../../platform/sms/sms-provider.js';
import { sysAccount, sysVerifyCode } from './tables.js';

/** Verification codes: 6 digits, 5 minutes, 5 tries, one send a minute, 10 a day per account. */
export const CODE_TTL_SECONDS = 300;
export const CODE_RESEND_SECONDS = 60;
const CODE_MAX_ATTEMPTS = 5;
const CODE_DAILY_LIMIT = 10;

export interface Mobile {
  areaCode: string;
  mobile: string;
}

/**
 * The one place that issues and checks 6-digit SMS codes and the tickets a checked code buys
 * (the personal center's mobile change, the system configuration's sensitive changes). Codes and
 * tickets are stored hashed in sys_verify_code; a ticket's purpose starts with "ticket".
 */
export class VerifyCodeService {
  constructor(
    private readonly db: Db,
    private readonly sms: SmsProvider,
  ) {}

  /** The mobile on file for an account, or null. */
  async accountMobile(accountId: number): Promise<Mobile | null> {
    const [a] = await this.db.select({ areaCode: sysAccount.areaCode, mobile: sysAccount.mobile }).from(sysAccount).where(eq(sysAccount.id, accountId));
    return a?.mobile && a.areaCode ? { areaCode: a.areaCode, mobile: a.mobile } : null;
  }

  /** Sends a code for `purpose` to `to`, rate limited per number (1/min) and per account (10/day). */
  async send(accountId: number, purpose: string, to: Mobile): Promise<{ maskedMobile: string; expireSeconds: number; resendSeconds: number }> {
    const t = target(to);
    const [last] = await this.db
      .select({ createdAt: sysVerifyCode.createdAt })
      .from(sysVerifyCode)
      .where(and(eq(sysVerifyCode.target, t), sql`${sysVerifyCode.purpose} not like 'ticket%'`))
      .orderBy(desc(sysVerifyCode.createdAt))
      .limit(1);
    const wait = last ? CODE_RESEND_SECONDS - Math.floor((Date.now() - last.createdAt.getTime()) / 1000) : 0;
    if (wait > 0) throw new AppError('CODE_TOO_FREQUENT', { seconds: wait });
    const [day] = await query<{ n: number }>(this.db, sql`
      select count(*)::int as n from sys_verify_code
       where account_id = ${accountId} and purpose not like 'ticket%' and created_at > now() - interval '1 day'`);
    if (Number(day?.n ?? 0) >= CODE_DAILY_LIMIT) throw new AppError('TOO_FREQUENT');
    const code = sixDigitCode();
    await this.db.insert(sysVerifyCode).values({
      accountId,
      purpose,
      target: t,
      codeHash: sha256(`${t}:${code}`),
      expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
    });
    await this.sms.send({ areaCode: to.areaCode.replace(/^\+/, ''), mobile: to.mobile }, `Your verification code is ${code}. It expires in ${CODE_TTL_SECONDS / 60} minutes.`);
    return { maskedMobile: maskMobile(to.mobile), expireSeconds: CODE_TTL_SECONDS, resendSeconds: CODE_RESEND_SECONDS };
  }

  /** Checks the newest open code of the account for the target; a wrong try counts, five end the code. */
  async consume(accountId: number, purpose: string, to: Mobile, code: string): Promise<void> {
    const t = target(to);
    const [row] = await this.db
      .select()
      .from(sysVerifyCode)
      .where(and(eq(sysVerifyCode.accountId, accountId), eq(sysVerifyCode.purpose, purpose), eq(sysVerifyCode.target, t), isNull(sysVerifyCode.consumedAt)))
      .orderBy(desc(sysVerifyCode.id))
      .limit(1);
    if (!row || row.expiresAt.getTime() <= Date.now() || row.attempts >= CODE_MAX_ATTEMPTS) throw new AppError('CODE_INVALID');
    if (row.codeHash !== sha256(`${t}:${code}`)) {
      await this.db.update(sysVerifyCode).set({ attempts: row.attempts + 1 }).where(eq(sysVerifyCode.id, row.id));
      throw new AppError('CODE_INVALID', undefined, { keep: true }); // the wrong try stays counted
    }
    await this.db.update(sysVerifyCode).set({ consumedAt: new Date() }).where(eq(sysVerifyCode.id, row.id));
  }

  /** A ticket proving a checked code, valid for ttlSeconds. `purpose` must start with "ticket". */
  async issueTicket(accountId: number, purpose: string, to: Mobile, ttlSeconds: number): Promise<string> {
    const ticket = newToken();
    await this.db.insert(sysVerifyCode).values({
      accountId,
      purpose,
      target: target(to),
      codeHash: sha256(ticket),
      expiresAt: new Date(Date.now() + ttlSeconds * 1000),
    });
    return ticket;
  }

  /** True when the account holds this open, unexpired ticket. */
  async hasTicket(accountId: number, purpose: string, ticket: string | undefined): Promise<boolean> {
    if (!ticket) return false;
    const found = await this.db.select({ id: sysVerifyCode.id }).from(sysVerifyCode).where(ticketWhere(accountId, purpose, ticket));
    return found.length > 0;
  }

  async spendTicket(accountId: number, purpose: string, ticket: string): Promise<void> {
    await this.db.update(sysVerifyCode).set({ consumedAt: new Date() }).where(ticketWhere(accountId, purpose, ticket));
  }

  /** Whether another account already uses this mobile. */
  async mobileTaken(accountId: number, to: Mobile): Promise<boolean> {
    const taken = await this.db
      .select({ id: sysAccount.id })
      .from(sysAccount)
      .where(and(eq(sysAccount.areaCode, to.areaCode.replace(/^\+/, '')), eq(sysAccount.mobile, to.mobile), ne(sysAccount.id, accountId)));
    return taken.length > 0;
  }
}

function ticketWhere(accountId: number, purpose: string, ticket: string) {
  return and(eq(sysVerifyCode.accountId, accountId), eq(sysVerifyCode.purpose, purpose), eq(sysVerifyCode.codeHash, sha256(ticket)), isNull(sysVerifyCode.consumedAt), gt(sysVerifyCode.expiresAt, new Date()));
}

export function target(to: Mobile): string {
  return `${to.areaCode.replace(/^\+/, '')}-${to.mobile}`;
}

export function maskMobile(mobile: string): string {
  return mobile.length >= 8 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : `****${mobile.slice(-2)}`;
}
