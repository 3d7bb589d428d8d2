import { and, count, desc, eq, gte, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  api,
  callsWithAction,
  type OperationLogFilter,
  type OperationLogItem,
  type OperationLogQuery,
  type PageResult,
} from '@cbo/contract';
import { jsonRows, query, relaxedCommit, type Db } from '../db/database.js';
import { GroupCommit } from '../db/group-commit.js';
import { escapeLike, pageOf } from '../db/paging.js';
import type { AuditEntry, AuditSink } from '../http/routes.js';
import { checkTimeRange } from '../http/time-range.js';
import { sysOperationLog } from './tables.js';

/** Each call by its route: entries written before the log kept the call name their call this way. */
const CALL_BY_ROUTE = new Map(Object.entries(api).map(([name, c]) => [`${c.method} ${c.path}`, name]));

/** The operation log: one row per change made by staff, written by the platform's guard. */
export class OperationLogService implements AuditSink {
  /** Refusals made at the same moment share one insert; inside a request's transaction an entry is written there. */
  private readonly pending = new GroupCommit<typeof sysOperationLog.$inferInsert, void>(async (rows) => {
    await this.db.insert(sysOperationLog).values(rows);
    return rows.map(() => undefined);
  });

  constructor(private readonly db: Db) {}

  async record(e: AuditEntry): Promise<void> {
    await this.pending.add(this.row(e));
  }

  /**
   * The entry of a device action, written ahead of it with "did not finish". One statement whose
   * commit does not wait for the disk (`relaxedCommit`): the action's own record is committed after
   * it with the usual wait, which writes this entry's commit to disk too (the log is written in
   * order), so an action that happened never lacks its entry, even after a crash of the database;
   * an entry lost in such a crash belongs to an action that never happened. Every command's round
   * trip waited for one more disk write here (bench:gateway).
   */
  async begin(e: AuditEntry): Promise<number> {
    const r = this.row(e);
    const [row] = await query<{ id: string | number }>(
      this.db,
      sql`with relaxed as (${relaxedCommit()})
          insert into sys_operation_log (account_id, user_name, account_type, terminal, method, path, behaviour, call, target, target_name, result_code, ip, duration_ms, request_id)
          select v.account_id, v.user_name, v.account_type, v.terminal, v.method, v.path, v.behaviour, v.call, v.target, v.target_name, v.result_code, v.ip, v.duration_ms, v.request_id
          from relaxed, json_to_recordset(${jsonRows([
            {
              account_id: r.accountId ?? null,
              user_name: r.userName ?? null,
              account_type: r.accountType,
              terminal: r.terminal ?? null,
              method: r.method,
              path: r.path,
              behaviour: r.behaviour,
              call: r.call ?? null,
              target: r.target ?? null,
              target_name: r.targetName ?? null,
              result_code: r.resultCode,
              ip: r.ip ?? null,
              duration_ms: r.durationMs ?? null,
              request_id: r.requestId ?? null,
            },
          ])}) as v(account_id bigint, user_name text, account_type text, terminal text, method text, path text, behaviour text, call text, target text, target_name text, result_code int, ip text, duration_ms int, request_id text)
          returning id`,
    );
    return Number(row!.id);
  }

  /** Closes a written-ahead entry with the outcome; the closings of calls answered together share one statement. */
  async finish(id: number, resultCode: number, durationMs: number, targetName: string | null): Promise<void> {
    await this.closing.add({ id, code: resultCode, ms: durationMs, name: targetName ? clean(targetName) : null });
  }

  private readonly closing = new GroupCommit<{ id: number; code: number; ms: number; name: string | null }, void>(
    async (xs) => {
      await this.db.execute(
        sql`update sys_operation_log o set result_code = v.code, duration_ms = v.ms, target_name = coalesce(v.name, o.target_name)
            from json_to_recordset(${jsonRows(xs)}) as v(id bigint, code int, ms int, name text)
            where o.id = v.id and o.id = any(array(select (json_array_elements_text(${JSON.stringify(xs.map((x) => x.id))}::json))::bigint))`,
      );
      return xs.map(() => undefined);
    },
  );

  private row(e: AuditEntry): typeof sysOperationLog.$inferInsert {
    return {
      accountId: e.principal?.accountId ?? null,
      userName: e.principal?.userName ?? null,
      accountType: e.principal?.accountType ?? 'anonymous',
      terminal: e.principal?.clientType ?? null,
      method: e.method,
      path: e.path,
      call: e.call,
      behaviour: e.behaviour.slice(0, 200),
      // The target is copied from the request as sent, even one refused for holding control
      // characters: those are replaced, since U+0000 would fail the whole batch's insert.
      target: e.target === null ? null : clean(e.target),
      targetName: e.targetName === null ? null : clean(e.targetName),
      resultCode: e.resultCode,
      ip: e.ip,
      durationMs: e.durationMs,
      requestId: e.requestId,
    };
  }

  /** Filters as the login log's, with the same limit on the time range (at most 30 days). */
  private where(f: OperationLogFilter): SQL | undefined {
    const range = checkTimeRange(f.beginTime, f.endTime);
    const conds: SQL[] = [];
    if (f.userName) conds.push(ilike(sysOperationLog.userName, `%${escapeLike(f.userName)}%`));
    if (f.accountType) conds.push(eq(sysOperationLog.accountType, f.accountType));
    if (f.terminal) conds.push(eq(sysOperationLog.terminal, f.terminal));
    if (f.result === 'success') conds.push(eq(sysOperationLog.resultCode, 0));
    if (f.result === 'fail') conds.push(ne(sysOperationLog.resultCode, 0));
    if (f.behaviour) {
      // The action as people read it, in any language, or the English summary or path.
      const like = `%${escapeLike(f.behaviour)}%`;
      const calls = callsWithAction(f.behaviour);
      // Entries older than the call column are found by the calls' paths.
      const paths = calls.map((c) => api[c].path);
      conds.push(
        or(
          ilike(sysOperationLog.behaviour, like),
          ilike(sysOperationLog.path, like),
          paths.length ? inArray(sysOperationLog.path, paths) : undefined,
        )!,
      );
    }
    if (f.ip) conds.push(eq(sysOperationLog.ip, f.ip));
    if (range.begin) conds.push(gte(sysOperationLog.createdAt, range.begin));
    if (range.end) conds.push(lte(sysOperationLog.createdAt, range.end));
    return conds.length ? and(...conds) : undefined;
  }

  async count(f: OperationLogFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(sysOperationLog).where(this.where(f));
    return Number(r!.n);
  }

  async page(q: OperationLogQuery): Promise<PageResult<OperationLogItem>> {
    return pageOf(this, q);
  }

  async rows(f: OperationLogFilter, offset: number, limit: number): Promise<OperationLogItem[]> {
    const rows = await this.db
      .select()
      .from(sysOperationLog)
      .where(this.where(f))
      .orderBy(desc(sysOperationLog.id))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => ({
      id: r.id,
      userName: r.userName,
      accountType: r.accountType,
      terminal: r.terminal,
      method: r.method,
      path: r.path,
      call: r.call ?? CALL_BY_ROUTE.get(`${r.method} ${r.path}`) ?? null,
      behaviour: r.behaviour,
      target: r.target,
      targetName: r.targetName,
      resultCode: r.resultCode,
      result: r.resultCode === 0 ? 'success' : 'fail',
      ip: r.ip,
      durationMs: r.durationMs,
      requestId: r.requestId,
      createTime: r.createdAt.toISOString(),
    }));
  }
}

/** Control characters replaced: U+0000 would fail the whole batch's insert. */
function clean(text: string): string {
  return text.slice(0, 200).replace(/[\u0000-\u001F\u007F]/g, '\uFFFD');
}
