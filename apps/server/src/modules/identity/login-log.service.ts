import { and, count, desc, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import type { LoginLogFilter, LoginLogItem } from '@cbo/contract';
import { query, type Db } from '../../platform/db/database.js';
import { escapeLike } from '../../platform/db/paging.js';
import { checkTimeRange } from '../../platform/http/time-range.js';
import { sysLoginLog } from './tables.js';

export interface LoginAttempt {
  accountId: number | null;
  userName: string;
  accountType: string;
  terminal: string;
  result: 'success' | 'fail';
  failReason: string | null;
  ip: string;
  userAgent: string | undefined;
}

/** The login log: every sign-in attempt, and the failure counts that slow attackers down. */
export class LoginLogService {
  constructor(private readonly db: Db) {}

  /**
   * The account's last successful sign-in before the session `sessionId` began: the one before
   * this session's, which the account's own last-sign-in columns no longer hold.
   */
  async previousSignIn(
    accountId: number,
    userName: string,
    sessionId: number,
  ): Promise<{ at: Date; ip: string | null } | null> {
    const [row] = await query<{ at: Date | string; ip: string | null }>(
      this.db,
      sql`select l.created_at as at, l.ip from sys_login_log l
           where l.user_name = ${userName} and l.account_id = ${accountId} and l.result = 'success'
             and l.created_at < (select s.created_at from sys_session s where s.id = ${sessionId})
           order by l.created_at desc limit 1`,
    );
    return row ? { at: new Date(row.at), ip: row.ip } : null;
  }

  async record(a: LoginAttempt): Promise<void> {
    await this.db
      .insert(sysLoginLog)
      .values({ ...a, userName: a.userName.slice(0, 64), userAgent: a.userAgent?.slice(0, 255) });
  }

  /**
   * Failed attempts in the window for an account name (since its last success) and for an
   * address, with the time the oldest of them leaves the window.
   */
  async recentFailures(
    userName: string,
    ip: string,
    windowMinutes: number,
  ): Promise<{ byAccount: number; byIp: number; oldestAccount: Date | null; oldestIp: Date | null }> {
    const since = new Date(Date.now() - windowMinutes * 60_000);
    const res = await query<{ by_account: number; by_ip: number; oldest_account: Date | null; oldest_ip: Date | null }>(
      this.db,
      sql`
      with last_ok as (
        select max(created_at) as t from sys_login_log where lower(user_name) = lower(${userName}) and result = 'success'
      )
      select
        count(*) filter (where lower(user_name) = lower(${userName}) and created_at > coalesce((select t from last_ok), ${since})) ::int as by_account,
        count(*) filter (where ip = ${ip}) ::int as by_ip,
        min(created_at) filter (where lower(user_name) = lower(${userName}) and created_at > coalesce((select t from last_ok), ${since})) as oldest_account,
        min(created_at) filter (where ip = ${ip}) as oldest_ip
      from sys_login_log
      where result = 'fail' and created_at > ${since} and (lower(user_name) = lower(${userName}) or ip = ${ip})`,
    );
    const r = res[0]!;
    return {
      byAccount: Number(r.by_account),
      byIp: Number(r.by_ip),
      oldestAccount: r.oldest_account ? new Date(r.oldest_account) : null,
      oldestIp: r.oldest_ip ? new Date(r.oldest_ip) : null,
    };
  }

  private where(f: LoginLogFilter): SQL | undefined {
    const range = checkTimeRange(f.beginTime, f.endTime);
    const conds: SQL[] = [];
    if (f.userName) conds.push(ilike(sysLoginLog.userName, `%${escapeLike(f.userName)}%`));
    if (f.accountType) conds.push(eq(sysLoginLog.accountType, f.accountType));
    if (f.terminal) conds.push(eq(sysLoginLog.terminal, f.terminal));
    if (f.result) conds.push(eq(sysLoginLog.result, f.result));
    if (f.ip) conds.push(eq(sysLoginLog.ip, f.ip));
    if (range.begin) conds.push(gte(sysLoginLog.createdAt, range.begin));
    if (range.end) conds.push(lte(sysLoginLog.createdAt, range.end));
    return conds.length ? and(...conds) : undefined;
  }

  async count(f: LoginLogFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(sysLoginLog).where(this.where(f));
    return Number(r!.n);
  }

  async rows(f: LoginLogFilter, offset: number, limit: number): Promise<LoginLogItem[]> {
    const rows = await this.db
      .select()
      .from(sysLoginLog)
      .where(this.where(f))
      .orderBy(desc(sysLoginLog.id))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => ({
      id: r.id,
      userName: r.userName,
      accountType: r.accountType,
      terminal: r.terminal,
      result: r.result as 'success' | 'fail',
      failReason: r.failReason,
      ip: r.ip,
      userAgent: r.userAgent,
      createTime: r.createdAt.toISOString(),
    }));
  }
}
