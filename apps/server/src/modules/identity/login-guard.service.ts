import { phoneOrAsTyped } from '../../platform/sms/phone.js';
import { and, eq, gt, like, or, sql } from 'drizzle-orm';
import type { LoginLock } from '@cbo/contract';
import { query, type Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { sysAccount, sysLoginGuard } from './tables.js';

export interface LoginGuardSettings {
  /** Failures of one account from one address before that pair is refused for the window. */
  maxFailures: number;
  windowMinutes: number;
}

/** Failures of a pair before each further attempt waits: 1 s after this many, then doubling. */
export const DELAY_FROM_FAILURE = 3;
export const MAX_DELAY_SECONDS = 60;
/** One address, over every account it has never signed in to: this many times the pair limit. */
export const ADDRESS_FACTOR = 5;
/** One account, over every address it has never signed in from: this many times the pair limit. */
export const ACCOUNT_FACTOR = 10;

const ALL = '*';
/** How long an attempt may stay in flight before its count is ignored (its process died). */
const INFLIGHT_LAPSE_MS = 60_000;

/** What one attempt counted before its password was checked, so a right password can undo it. */
export interface Reservation {
  subject: string;
  ip: string;
  /** The account-wide and address-wide counters were counted too (the pair was not trusted). */
  wide: boolean;
}

type GuardRow = typeof sysLoginGuard.$inferSelect;

/**
 * Decides whether a sign-in attempt may have its password checked, and counts it. Keys: the
 * account (or unknown identifier) at the address, the account from all addresses it has never
 * signed in from, and the address for all such accounts. Under a row lock on its keys, an attempt
 * is counted as in flight on its pair (and as a failure on the wide keys) before its password is
 * checked, so concurrent attempts can never check more passwords than the limit allows; a wrong
 * password then turns it into a failure of the pair (`failed`), a right one takes it back
 * (`release`). Waits and lockouts follow failures only, so right passwords arriving together are
 * never told to wait for failures that did not happen; past the limit in flight they are told
 * they came too fast. A refused attempt changes nothing, so it never extends a lock.
 */
export class LoginGuardService {
  /** The time the rules run on; tests replace it instead of waiting. */
  clock: () => Date = () => new Date();

  constructor(
    private readonly db: Db,
    private readonly settings: LoginGuardSettings,
  ) {}

  private get windowMs(): number {
    return this.settings.windowMinutes * 60_000;
  }

  /** Counts one attempt, or throws LOGIN_SLOW_DOWN / LOGIN_LOCKED without counting it. */
  async reserve(subject: string, ip: string): Promise<Reservation> {
    const now = this.clock();
    const max = this.settings.maxFailures;
    const keys: [string, string][] = [
      [subject, ip],
      [subject, ALL],
      [ALL, ip],
    ];
    const reservation = await this.db.transaction(async (tx) => {
      await tx
        .insert(sysLoginGuard)
        .values(keys.map(([s, i]) => ({ subject: s, ip: i })))
        .onConflictDoNothing();
      // One statement locks the three rows in key order, so two attempts never wait on each other crosswise.
      const rows = await tx
        .select()
        .from(sysLoginGuard)
        .where(or(...keys.map(([s, i]) => and(eq(sysLoginGuard.subject, s), eq(sysLoginGuard.ip, i)))))
        .orderBy(sysLoginGuard.subject, sysLoginGuard.ip)
        .for('update');
      const find = (s: string, i: string) => rows.find((r) => r.subject === s && r.ip === i)!;
      const pair = find(subject, ip);
      const account = find(subject, ALL);
      const address = find(ALL, ip);
      // An address the account has signed in from is not held back by what others do elsewhere.
      const wide = pair.trustedAt === null;
      const blocking = [pair, ...(wide ? [account, address] : [])].filter(
        (r) => r.blockedUntil && r.blockedUntil > now,
      );
      if (blocking.length) {
        const until = Math.max(...blocking.map((r) => r.blockedUntil!.getTime()));
        const hard = blocking.some(
          (r) =>
            r.blockedUntil!.getTime() === until && (r.ip === ALL || r.subject === ALL || this.recent(r, now) >= max),
        );
        const waitMs = until - now.getTime();
        if (hard) throw new AppError('LOGIN_LOCKED', { minutes: Math.max(1, Math.ceil(waitMs / 60_000)) });
        throw new AppError('LOGIN_SLOW_DOWN', { seconds: Math.max(1, Math.ceil(waitMs / 1000)) });
      }
      // Checks of this pair in flight and failed in the window never pass the limit together.
      const inflight = this.inflight(pair, now);
      if (this.recent(pair, now) + inflight >= max) throw new AppError('TOO_FREQUENT');
      await tx
        .update(sysLoginGuard)
        .set({ inflight: inflight + 1, inflightAt: now })
        .where(and(eq(sysLoginGuard.subject, subject), eq(sysLoginGuard.ip, ip)));
      const count = async (r: GuardRow, blockAt: (n: number) => Date | null) => {
        const n = this.recent(r, now) + 1;
        await tx
          .update(sysLoginGuard)
          .set({ failures: n, lastFailAt: now, blockedUntil: blockAt(n) })
          .where(and(eq(sysLoginGuard.subject, r.subject), eq(sysLoginGuard.ip, r.ip)));
      };
      if (wide) {
        await count(account, (n) => (n >= max * ACCOUNT_FACTOR ? new Date(now.getTime() + this.windowMs) : null));
        await count(address, (n) => (n >= max * ADDRESS_FACTOR ? new Date(now.getTime() + this.windowMs) : null));
      }
      return { subject, ip, wide };
    });
    await this.purge(now);
    return reservation;
  }

  /**
   * The password was right: the attempt's count is taken back and the pair starts afresh. With
   * `trust`, the account signed in, so this address is no longer held back by others' failures.
   */
  async release(r: Reservation, trust: boolean): Promise<void> {
    const now = this.clock();
    await this.db
      .update(sysLoginGuard)
      .set({
        failures: 0,
        lastFailAt: null,
        blockedUntil: null,
        inflight: sql`greatest(${sysLoginGuard.inflight} - 1, 0)`,
        ...(trust ? { trustedAt: now } : {}),
      })
      .where(and(eq(sysLoginGuard.subject, r.subject), eq(sysLoginGuard.ip, r.ip)));
    if (!r.wide) return;
    const max = this.settings.maxFailures;
    for (const [s, i, cap] of [
      [r.subject, ALL, max * ACCOUNT_FACTOR],
      [ALL, r.ip, max * ADDRESS_FACTOR],
    ] as const) {
      await this.db.execute(sql`
        update sys_login_guard
           set failures = greatest(failures - 1, 0),
               blocked_until = case when failures - 1 >= ${cap} then blocked_until end
         where subject = ${s} and ip = ${i}`);
    }
  }

  /** The password was wrong: the attempt in flight becomes a failure of the pair, which may make it wait or lock it. */
  async failed(r: Reservation): Promise<void> {
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      const [pair] = await tx
        .select()
        .from(sysLoginGuard)
        .where(and(eq(sysLoginGuard.subject, r.subject), eq(sysLoginGuard.ip, r.ip)))
        .for('update');
      if (!pair) return; // lifted by an administrator meanwhile
      const n = this.recent(pair, now) + 1;
      await tx
        .update(sysLoginGuard)
        .set({
          failures: n,
          lastFailAt: now,
          blockedUntil: this.pairBlock(n, now),
          inflight: Math.max(this.inflight(pair, now) - 1, 0),
        })
        .where(and(eq(sysLoginGuard.subject, r.subject), eq(sysLoginGuard.ip, r.ip)));
    });
  }

  /** Attempts of a pair still being checked; a count left by a process that died lapses after a minute. */
  private inflight(r: GuardRow, now: Date): number {
    return r.inflightAt && now.getTime() - r.inflightAt.getTime() < INFLIGHT_LAPSE_MS ? r.inflight : 0;
  }

  /** Active lockouts (not the short waits) of one account, or of every account. */
  async locks(accountId?: number): Promise<LoginLock[]> {
    const now = this.clock();
    const rows = await this.db
      .select()
      .from(sysLoginGuard)
      .where(
        and(
          accountId === undefined ? like(sysLoginGuard.subject, 'a:%') : eq(sysLoginGuard.subject, `a:${accountId}`),
          gt(sysLoginGuard.blockedUntil, now),
          or(eq(sysLoginGuard.ip, ALL), sql`${sysLoginGuard.failures} >= ${this.settings.maxFailures}`),
        ),
      )
      .orderBy(sysLoginGuard.subject, sysLoginGuard.ip)
      .limit(500);
    return rows.map((r) => ({
      manageId: Number(r.subject.slice(2)),
      ip: r.ip === ALL ? null : r.ip,
      failures: r.failures,
      lockedUntil: r.blockedUntil!.toISOString(),
    }));
  }

  /** Lifts every lockout and wait of an account (answers how many lockouts were active); the addresses it signed in from stay trusted. */
  async unlock(accountId: number): Promise<number> {
    const [known] = await this.db.select({ id: sysAccount.id }).from(sysAccount).where(eq(sysAccount.id, accountId));
    if (!known) throw new AppError('NOT_FOUND');
    const active = await this.locks(accountId);
    await this.db
      .update(sysLoginGuard)
      .set({ failures: 0, lastFailAt: null, blockedUntil: null })
      .where(and(eq(sysLoginGuard.subject, `a:${accountId}`), sql`${sysLoginGuard.failures} > 0`));
    return active.length;
  }

  /** Failures still inside the window: a key quiet for a whole window starts again from zero. */
  private recent(r: GuardRow, now: Date): number {
    return r.lastFailAt && now.getTime() - r.lastFailAt.getTime() < this.windowMs ? r.failures : 0;
  }

  /** After the pair's n-th failure: a doubling wait from the third, a lockout at the limit. */
  private pairBlock(n: number, now: Date): Date | null {
    if (n >= this.settings.maxFailures) return new Date(now.getTime() + this.windowMs);
    if (n < DELAY_FROM_FAILURE) return null;
    const seconds = Math.min(2 ** (n - DELAY_FROM_FAILURE), MAX_DELAY_SECONDS);
    return new Date(now.getTime() + seconds * 1000);
  }

  /** Forgets a few keys that have been quiet for a window and hold no trust, so the table stays small. */
  private async purge(now: Date): Promise<void> {
    const cutoff = new Date(now.getTime() - this.windowMs).toISOString();
    await query(
      this.db,
      sql`
      delete from sys_login_guard where (subject, ip) in (
        select subject, ip from sys_login_guard
         where trusted_at is null and (last_fail_at is null or last_fail_at < ${cutoff}::timestamptz)
           and (blocked_until is null or blocked_until < ${now.toISOString()}::timestamptz)
           and (inflight_at is null or inflight_at < ${new Date(now.getTime() - INFLIGHT_LAPSE_MS).toISOString()}::timestamptz)
         limit 100)`,
    );
  }
}

/** An identifier no account has, normalised the way accounts are looked up, so its variants share one key. */
export function unknownSubject(input: { userName?: string; areaCode?: string; mobile?: string }): string {
  if (input.userName) return `u:${input.userName.toLowerCase()}`;
  const phone = phoneOrAsTyped(input.areaCode ?? '', input.mobile ?? '');
  return `u:${phone.areaCode}-${phone.mobile}`;
}
