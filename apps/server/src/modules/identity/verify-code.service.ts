import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { canonicalPhone, isPhone, SIMULATED_CALLING_CODE, type SmsConfig } from '@cbo/contract';
import { query, type Db, inTransaction } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { newToken, sha256, sixDigitCode } from '../../platform/auth/tokens.js';
import type { SmsProvider } from '../../platform/sms/sms-provider.js';
import { sysAccount, sysVerifyCode } from './tables.js';

/**
 * Verification codes: 6 digits, 5 minutes, 5 tries, one send a minute per number, 10 a day per
 * account; the text budgets (per number a day, per client address, in all an hour) are settings.
 */
export const CODE_TTL_SECONDS = 300;
export const CODE_RESEND_SECONDS = 60;
const CODE_MAX_ATTEMPTS = 5;
const CODE_DAILY_LIMIT = 10;

/** Transaction lock classes (two-key advisory locks) for sending: per account, per number. */
const LOCK_SEND_ACCOUNT = 727301;
const LOCK_SEND_TARGET = 727302;

export interface Mobile {
  areaCode: string;
  mobile: string;
}

/** Who asked for a text: the client address (the per-address budget), when a request asked. */
export interface SendOrigin {
  ip?: string;
}

/**
 * The canonical form of a number a code goes to or is checked for (entrances canonicalize
 * already; a number read from storage is too). The simulated customers' +999 is kept; a number
 * stored before canonical forms that is none stays as it was (it is only ever its own key).
 */
export function canonicalTarget(to: Mobile): Mobile {
  const p = canonicalPhone(to.areaCode, to.mobile, { simulated: true });
  return isPhone(p) ? p : { areaCode: to.areaCode.trim().replace(/^\+/, ''), mobile: to.mobile.trim() };
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
    /** The system module's SMS settings (a late need of identity), read on every send: a change holds at once. */
    private readonly budgets: () => Promise<SmsConfig>,
  ) {}

  /** The mobile on file for an account, or null. */
  async accountMobile(accountId: number): Promise<Mobile | null> {
    const [a] = await this.db
      .select({ areaCode: sysAccount.areaCode, mobile: sysAccount.mobile })
      .from(sysAccount)
      .where(eq(sysAccount.id, accountId));
    return a?.mobile && a.areaCode ? { areaCode: a.areaCode, mobile: a.mobile } : null;
  }

  /**
   * Sends a code for `purpose` to `to` (canonical: every split of a phone is one number), at most
   * one a minute per number while the last one sent there is unused, `numberPerDay` a day per
   * number and 10 a day per account. The limits are read and the code stored under two
   * transaction locks (the account's, then the number's), so sends at the same moment are decided
   * one after the other on what is stored. Then the text takes one from its client address's
   * minute and hour and from every text's hour, each by one conditional upsert of a counter: the
   * budgets hold exactly under any number of sends at once, and a refusal rolls them all back.
   * Texts to the simulated customers' +999 never leave the process and cost nothing: they take
   * from no budget but the number's own.
   */
  async send(
    accountId: number,
    purpose: string,
    toRaw: Mobile,
    origin: SendOrigin = {},
  ): Promise<{ maskedMobile: string; expireSeconds: number; resendSeconds: number }> {
    const to = canonicalTarget(toRaw);
    const t = target(to);
    const code = sixDigitCode();
    const budget = await this.budgets();
    await inTransaction(this.db, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SEND_ACCOUNT}, ${accountId}::int)`);
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SEND_TARGET}, hashtext(${t}))`);
      // The cooldown belongs to a code still waiting to be typed in. A code that was used proves
      // the person holds the number and received it, so it does not hold the number back: the
      // code that just bound a mobile must not make the next purpose (a payment setting) wait.
      const [last] = await tx
        .select({ createdAt: sysVerifyCode.createdAt })
        .from(sysVerifyCode)
        .where(
          and(
            eq(sysVerifyCode.target, t),
            sql`${sysVerifyCode.purpose} not like 'ticket%'`,
            isNull(sysVerifyCode.consumedAt),
          ),
        )
        .orderBy(desc(sysVerifyCode.createdAt))
        .limit(1);
      const wait = last ? CODE_RESEND_SECONDS - Math.floor((Date.now() - last.createdAt.getTime()) / 1000) : 0;
      if (wait > 0) throw new AppError('CODE_TOO_FREQUENT', { seconds: wait });
      const [day] = await query<{ n: number }>(
        tx,
        sql`
        select count(*)::int as n from sys_verify_code
         where account_id = ${accountId} and purpose not like 'ticket%' and created_at > now() - interval '1 day'`,
      );
      if (Number(day?.n ?? 0) >= CODE_DAILY_LIMIT) throw new AppError('TOO_FREQUENT');
      const [number] = await query<{ n: number }>(
        tx,
        sql`
        select count(*)::int as n from sys_verify_code
         where target = ${t} and purpose not like 'ticket%' and created_at > now() - interval '1 day'`,
      );
      if (Number(number?.n ?? 0) >= budget.numberPerDay)
        throw new AppError('SMS_NUMBER_DAILY', { limit: budget.numberPerDay });
      if (to.areaCode !== SIMULATED_CALLING_CODE) await this.takeBudget(tx, budget, origin);
      await tx.insert(sysVerifyCode).values({
        accountId,
        purpose,
        target: t,
        codeHash: sha256(`${t}:${code}`),
        expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
      });
    });
    await this.sms.send(to, `Your verification code is ${code}. It expires in ${CODE_TTL_SECONDS / 60} minutes.`);
    return { maskedMobile: maskMobile(to.mobile), expireSeconds: CODE_TTL_SECONDS, resendSeconds: CODE_RESEND_SECONDS };
  }

  /**
   * Takes one text from the client address's minute and hour (when an address asked) and from
   * every text's hour, in that order (always the same order: concurrent sends never wait on each
   * other crosswise). Each is one upsert that adds one only while the window is under its limit;
   * no row back is a refusal, and the caller's transaction rolls back what was taken before it.
   */
  private async takeBudget(tx: Db, budget: SmsConfig, origin: SendOrigin): Promise<void> {
    const take = async (
      scope: string,
      unit: 'minute' | 'hour',
      limit: number,
    ): Promise<{ taken: boolean; first: boolean; minutes: number }> => {
      const [row] = await query<{ used: number }>(
        tx,
        sql`
        insert into sys_sms_budget (scope, window_start, used) values (${scope}, date_trunc(${unit}, now()), 1)
        on conflict (scope, window_start) do update set used = sys_sms_budget.used + 1 where sys_sms_budget.used < ${limit}
        returning used`,
      );
      if (row) return { taken: true, first: Number(row.used) === 1, minutes: 0 };
      const [left] = await query<{ s: number }>(
        tx,
        sql`select extract(epoch from date_trunc(${unit}, now()) + ${`1 ${unit}`}::interval - now())::int as s`,
      );
      return { taken: false, first: false, minutes: Math.max(1, Math.ceil(Number(left?.s ?? 60) / 60)) };
    };
    if (origin.ip) {
      for (const [unit, limit] of [
        ['minute', budget.addressPerMinute],
        ['hour', budget.addressPerHour],
      ] as const) {
        const r = await take(`ip:${origin.ip}:${unit}`, unit, limit);
        if (!r.taken) throw new AppError('SMS_ADDRESS_LIMIT', { minutes: r.minutes });
      }
    }
    const all = await take('all:hour', 'hour', budget.overallPerHour);
    if (!all.taken) throw new AppError('SMS_PAUSED', { minutes: all.minutes });
    // A new hour: the windows of yesterday and before are of no more use.
    if (all.first) await tx.execute(sql`delete from sys_sms_budget where window_start < now() - interval '1 day'`);
  }

  /**
   * Checks a code against the newest code sent to the account for the target (a newer send makes
   * the older ones useless) and answers its id;
   * `markUsed` then spends it. The try is counted first, by one conditional update that succeeds
   * only while the code is open, unexpired and under its five tries: concurrent guesses can never
   * compare more than five, and a code past its tries is refused without comparing.
   */
  async check(accountId: number, purpose: string, to: Mobile, code: string): Promise<number> {
    const t = target(canonicalTarget(to));
    const [row] = await query<{ id: number; code_hash: string }>(
      this.db,
      sql`
      update sys_verify_code set attempts = attempts + 1
       where id = (select id from sys_verify_code
                    where account_id = ${accountId} and purpose = ${purpose} and target = ${t}
                    order by id desc limit 1)
         and consumed_at is null and attempts < ${CODE_MAX_ATTEMPTS} and expires_at > ${new Date().toISOString()}::timestamptz
      returning id, code_hash`,
    );
    if (!row) throw new AppError('CODE_INVALID');
    // A wrong code stays counted even though the request that tried it fails (request-tx.ts).
    if (!this.matches(row.code_hash, `${t}:${code}`)) throw new AppError('CODE_INVALID', undefined, { keep: true });
    return Number(row.id);
  }

  /** Spends a checked code: only one caller ever succeeds, the others get CODE_INVALID. */
  async markUsed(db: Pick<Db, 'update'>, codeId: number): Promise<void> {
    const used = await db
      .update(sysVerifyCode)
      .set({ consumedAt: new Date() })
      .where(and(eq(sysVerifyCode.id, codeId), isNull(sysVerifyCode.consumedAt)))
      .returning({ id: sysVerifyCode.id });
    if (!used.length) throw new AppError('CODE_INVALID');
  }

  /** Checks and spends a code in one go (a right code is accepted once). */
  async consume(accountId: number, purpose: string, to: Mobile, code: string): Promise<void> {
    await this.markUsed(this.db, await this.check(accountId, purpose, to, code));
  }

  private matches(storedHash: string, value: string): boolean {
    const a = Buffer.from(storedHash);
    const b = Buffer.from(sha256(value));
    return a.length === b.length && crypto.timingSafeEqual(a, b);
  }

  /** A ticket proving a checked code, valid for ttlSeconds. `purpose` must start with "ticket". */
  async issueTicket(accountId: number, purpose: string, to: Mobile, ttlSeconds: number): Promise<string> {
    const ticket = newToken();
    await this.db.insert(sysVerifyCode).values({
      accountId,
      purpose,
      target: target(canonicalTarget(to)),
      codeHash: sha256(ticket),
      expiresAt: new Date(Date.now() + ttlSeconds * 1000),
    });
    return ticket;
  }

  /** True when the account holds this open, unexpired ticket. */
  async hasTicket(accountId: number, purpose: string, ticket: string | undefined): Promise<boolean> {
    if (!ticket) return false;
    const found = await this.db
      .select({ id: sysVerifyCode.id })
      .from(sysVerifyCode)
      .where(ticketWhere(accountId, purpose, ticket));
    return found.length > 0;
  }

  /** Spends a ticket with one conditional update: true for exactly one caller. */
  async spendTicket(db: Pick<Db, 'update'>, accountId: number, purpose: string, ticket: string): Promise<boolean> {
    const spent = await db
      .update(sysVerifyCode)
      .set({ consumedAt: new Date() })
      .where(ticketWhere(accountId, purpose, ticket))
      .returning({ id: sysVerifyCode.id });
    return spent.length > 0;
  }

  /** Whether another account already uses this mobile. */
  async mobileTaken(accountId: number, toRaw: Mobile): Promise<boolean> {
    const to = canonicalTarget(toRaw);
    const taken = await this.db
      .select({ id: sysAccount.id })
      .from(sysAccount)
      .where(and(eq(sysAccount.areaCode, to.areaCode), eq(sysAccount.mobile, to.mobile), ne(sysAccount.id, accountId)));
    return taken.length > 0;
  }
}

function ticketWhere(accountId: number, purpose: string, ticket: string) {
  return and(
    eq(sysVerifyCode.accountId, accountId),
    eq(sysVerifyCode.purpose, purpose),
    eq(sysVerifyCode.codeHash, sha256(ticket)),
    isNull(sysVerifyCode.consumedAt),
    gt(sysVerifyCode.expiresAt, new Date()),
  );
}

export function target(to: Mobile): string {
  return `${to.areaCode.replace(/^\+/, '')}-${to.mobile}`;
}

export function maskMobile(mobile: string): string {
  return mobile.length >= 8 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : `****${mobile.slice(-2)}`;
}
