import { and, count, desc, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import type { DeviceLogFilter, DeviceLogItem, DeviceLogKind } from '@cbo/contract';
import { jsonRows, type Db } from '../../platform/db/database.js';
import { GroupCommit } from '../../platform/db/group-commit.js';
import { checkTimeRange } from '../../platform/http/time-range.js';
import { escapeLike } from '../../platform/db/paging.js';
import { devLog } from './tables.js';

/** Refusals from one address are gathered per window of this length. */
const REFUSAL_WINDOW_MS = 60_000;
/** Distinct refusals (SN and reason) of one address that get a row of their own per window. */
const DISTINCT_PER_WINDOW = 10;
/** How soon counted repeats reach their row. */
const FLUSH_MS = 5_000;
/** Addresses remembered at most; past it, windows that ended are forgotten. */
const MAX_ADDRESSES = 10_000;

export interface DeviceLogEntry {
  sn: string | null;
  kind: DeviceLogKind;
  reason: string;
  address?: string | null;
  detail?: string | null;
}

/** A row written for a refusal, and the repeats counted for it since its count was last written. */
interface Tally {
  id: Promise<number>;
  unwritten: number;
}

/** One address's refusals in the current window, by `sn|reason` ('*' for the rest). */
interface RefusalWindow {
  start: number;
  rows: Map<string, Tally>;
}

/**
 * The device log: refused connections and messages, online and offline changes with their reason,
 * and every command an operator ordered (written by CommandSender with the command's own record).
 *
 * Refusals cost the sender nothing (junk credentials, hundreds a second), so they cannot each be
 * a row. Per address and minute: the first refusal of each SN and reason gets a row at once (up to
 * ten; beyond, one row `tooMany` for the rest), and repeats only raise that row's `count`,
 * written every few seconds. At most eleven rows per address a minute, and every attempt counted.
 */
export class DeviceLogService {
  private readonly windows = new Map<string, RefusalWindow>();
  private readonly unflushed = new Set<Tally>();
  private flushTimer: NodeJS.Timeout | null = null;
  /** Lines of many cabinets (a fleet coming online after a restart) go in one insert. */
  private readonly lines = new GroupCommit<DeviceLogEntry, number>(async (entries) => {
    const rows = await this.db
      .insert(devLog)
      .values(
        entries.map((e) => ({
          sn: e.sn?.slice(0, 40) ?? null,
          kind: e.kind,
          reason: e.reason.slice(0, 32),
          address: e.address?.slice(0, 64) ?? null,
          detail: e.detail?.slice(0, 255) ?? null,
        })),
      )
      .returning({ id: devLog.id });
    return rows.map((r) => r.id);
  });

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async record(e: DeviceLogEntry): Promise<void> {
    if (e.kind !== 'refused') {
      await this.lines.add(e);
      return;
    }
    const now = this.now();
    const address = e.address ?? '';
    let w = this.windows.get(address);
    if (!w || now - w.start >= REFUSAL_WINDOW_MS) {
      if (!w && this.windows.size >= MAX_ADDRESSES) this.forgetEnded(now);
      w = { start: now, rows: new Map() };
      this.windows.set(address, w);
    }
    let key = `${e.sn ?? ''}|${e.reason}`;
    let entry = e;
    if (!w.rows.has(key) && w.rows.size >= DISTINCT_PER_WINDOW) {
      key = '*';
      entry = {
        sn: null,
        kind: 'refused',
        reason: 'tooMany',
        address: e.address,
        detail: `more than ${DISTINCT_PER_WINDOW} kinds of refusal in a minute; last: ${e.reason} ${e.sn ?? ''}`.trim(),
      };
    }
    const tally = w.rows.get(key);
    if (tally) {
      tally.unwritten++;
      this.unflushed.add(tally);
      this.flushTimer ??= setTimeout(() => void this.flush().catch(() => undefined), FLUSH_MS).unref();
      return;
    }
    const id = this.lines.add(entry);
    w.rows.set(key, { id, unwritten: 0 });
    await id;
  }

  /** Writes the repeats counted so far into their rows' count (one statement). */
  async flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const tallies = [...this.unflushed].filter((t) => t.unwritten > 0);
    this.unflushed.clear();
    if (!tallies.length) return;
    const rows = await Promise.all(
      tallies.map(async (t) => {
        const n = t.unwritten;
        t.unwritten = 0;
        return { id: await t.id, n };
      }),
    );
    await this.db.execute(sql`
      update dev_log d set count = d.count + v.n
        from json_to_recordset(${jsonRows(rows)}) as v(id bigint, n int)
       where d.id = v.id`);
  }

  /** Writes what is counted and stops the timer (server shutdown). */
  async close(): Promise<void> {
    await this.flush();
  }

  private forgetEnded(now: number): void {
    for (const [address, w] of this.windows) if (now - w.start >= REFUSAL_WINDOW_MS) this.windows.delete(address);
    if (this.windows.size >= MAX_ADDRESSES) this.windows.clear();
  }

  private where(f: DeviceLogFilter): SQL | undefined {
    const range = checkTimeRange(f.beginTime, f.endTime);
    const conds: SQL[] = [];
    if (f.sn) conds.push(ilike(devLog.sn, `%${escapeLike(f.sn)}%`));
    if (f.kind) conds.push(eq(devLog.kind, f.kind));
    if (range.begin) conds.push(gte(devLog.createdAt, range.begin));
    if (range.end) conds.push(lte(devLog.createdAt, range.end));
    return conds.length ? and(...conds) : undefined;
  }

  /** The device log list (the list kit's source): how many lines match, and a slice of them, newest first. */
  async count(f: DeviceLogFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(devLog).where(this.where(f));
    return Number(r!.n);
  }

  async rows(f: DeviceLogFilter, offset: number, limit: number): Promise<DeviceLogItem[]> {
    const rows = await this.db
      .select()
      .from(devLog)
      .where(this.where(f))
      .orderBy(desc(devLog.id))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => ({
      id: r.id,
      sn: r.sn,
      kind: r.kind as DeviceLogKind,
      reason: r.reason,
      address: r.address,
      detail: r.detail,
      actor: r.actor,
      count: r.count,
      createdAt: r.createdAt.toISOString(),
    }));
  }
}
