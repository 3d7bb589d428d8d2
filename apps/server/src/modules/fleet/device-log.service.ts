import { and, count, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { DeviceLogItem, DeviceLogKind, DeviceLogQuery, PageResult } from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { GroupCommit } from '../../platform/db/group-commit.js';
import { checkTimeRange } from '../../platform/http/time-range.js';
import { escapeLike } from '../identity/login-log.service.js';
import { devLog } from './tables.js';

/** A refusal repeated by a misconfigured cabinet is written once a minute, not on every retry. */
const REFUSAL_REPEAT_MS = 60_000;

export interface DeviceLogEntry {
  sn: string | null;
  kind: DeviceLogKind;
  reason: string;
  address?: string | null;
  detail?: string | null;
}

/** The device log: refused connections and messages, online and offline changes with their reason. */
export class DeviceLogService {
  private readonly lastRefusal = new Map<string, number>();
  /** Lines of many cabinets (a fleet coming online after a restart) go in one insert. */
  private readonly lines = new GroupCommit<DeviceLogEntry, void>(async (entries) => {
    await this.db.insert(devLog).values(
      entries.map((e) => ({
        sn: e.sn?.slice(0, 40) ?? null,
        kind: e.kind,
        reason: e.reason.slice(0, 32),
        address: e.address?.slice(0, 64) ?? null,
        detail: e.detail?.slice(0, 255) ?? null,
      })),
    );
    return entries.map(() => undefined);
  });

  constructor(private readonly db: Db) {}

  async record(e: DeviceLogEntry): Promise<void> {
    if (e.kind === 'refused') {
      const key = `${e.sn ?? ''}|${e.reason}|${e.address ?? ''}`;
      const now = Date.now();
      const last = this.lastRefusal.get(key);
      if (last !== undefined && now - last < REFUSAL_REPEAT_MS) return;
      this.lastRefusal.set(key, now);
      if (this.lastRefusal.size > 10_000) this.lastRefusal.clear();
    }
    await this.lines.add(e);
  }

  async page(q: DeviceLogQuery): Promise<PageResult<DeviceLogItem>> {
    const range = checkTimeRange(q.beginTime, q.endTime);
    const conds: SQL[] = [];
    if (q.sn) conds.push(ilike(devLog.sn, `%${escapeLike(q.sn)}%`));
    if (q.kind) conds.push(eq(devLog.kind, q.kind));
    if (range.begin) conds.push(gte(devLog.createdAt, range.begin));
    if (range.end) conds.push(lte(devLog.createdAt, range.end));
    const where = conds.length ? and(...conds) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(devLog)
        .where(where)
        .orderBy(desc(devLog.id))
        .limit(q.pageSize)
        .offset((q.pageNum - 1) * q.pageSize),
      this.db.select({ n: count() }).from(devLog).where(where),
    ]);
    return {
      list: rows.map((r) => ({
        id: r.id,
        sn: r.sn,
        kind: r.kind as DeviceLogKind,
        reason: r.reason,
        address: r.address,
        detail: r.detail,
        createdAt: r.createdAt.toISOString(),
      })),
      total: Number(total!.n),
    };
  }
}
