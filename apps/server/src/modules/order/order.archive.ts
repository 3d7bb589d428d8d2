import { and, asc, count, desc, eq, getTableColumns, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import { MAX_RANGE_DAYS, type OrderFilter, type OrderItem, type PageResult } from '@cbo/contract';
import { query, type Db, inTransaction } from '../../platform/db/database.js';
import { escapeLike } from '../../platform/db/paging.js';
import { AppError } from '../../platform/http/app-error.js';
import { checkTimeRange } from '../../platform/http/time-range.js';
import type { OrderRow } from './order.core.js';
import { orderItem } from './order.queries.js';
import { ordEvent, ordEventArchive, ordOrder, ordOrderArchive } from './tables.js';

const DAY = 86_400_000;
/** The states an order is archived in: final, nothing left to happen to it (spec 4). */
export const ARCHIVED_STATES = ['finished', 'closed'] as const;
/** Orders moved per batch (one transaction each). */
export const ARCHIVE_BATCH = 500;

/** Where "the last 30 days" begin (spec 5): older orders belong to the archive. */
export const archiveBorder = (now = Date.now()) => new Date(now - MAX_RANGE_DAYS * DAY);

/**
 * The live orders list's range: at most 30 days inside the last 30 days (the default). A range
 * wholly older is the archive's (its own message says where to look); one across the border mixes.
 */
export function liveRange(beginTime?: string, endTime?: string): { begin: Date; end: Date | null } {
  const r = checkTimeRange(beginTime, endTime);
  const border = archiveBorder();
  if (!r.begin && !r.end) return { begin: border, end: null };
  const begin = r.begin ?? new Date((r.end?.getTime() ?? Date.now()) - MAX_RANGE_DAYS * DAY);
  if (begin < border) throw new AppError(r.end && r.end <= border ? 'ORDER_RANGE_IN_ARCHIVE' : 'DATE_RANGE_MIXED');
  return { begin, end: r.end };
}

/**
 * The archive's range: at most 30 days, ending before the last 30 days begin; without one, the 30
 * days before them. A range reaching into the last 30 days is the live list's; one across mixes.
 */
export function archiveRange(beginTime?: string, endTime?: string): { begin: Date; end: Date } {
  const r = checkTimeRange(beginTime, endTime);
  const border = archiveBorder();
  if (!r.begin && !r.end) return { begin: new Date(border.getTime() - MAX_RANGE_DAYS * DAY), end: border };
  const end = r.end ?? new Date();
  const begin = r.begin ?? new Date(end.getTime() - MAX_RANGE_DAYS * DAY);
  if (end > border) throw new AppError(begin < border ? 'DATE_RANGE_MIXED' : 'ORDER_RANGE_NOT_ARCHIVED');
  return { begin, end };
}

/**
 * A filter as the server applies it: the caller's, plus where an operator's view of orders begins
 * (`visibleFrom`, ISO; set by the server from the operator order visibility days, never by a client:
 * the contract's filter has no such field, so a body's is dropped).
 */
export type ScopedOrderFilter = OrderFilter & { visibleFrom?: string };

/** The same filters on either table (their columns are the same). */
export function orderConditions(
  t: typeof ordOrder | typeof ordOrderArchive,
  f: ScopedOrderFilter,
  range: { begin: Date; end: Date | null },
): SQL {
  const c: SQL[] = [gte(t.createdAt, range.begin)];
  if (f.visibleFrom) c.push(gte(t.createdAt, new Date(f.visibleFrom)));
  if (range.end) c.push(lte(t.createdAt, range.end));
  if (f.status) c.push(eq(t.status, f.status));
  if (f.orderNo) c.push(eq(t.orderNo, f.orderNo));
  if (f.deviceSn) {
    const like = `%${escapeLike(f.deviceSn)}%`;
    c.push(or(ilike(t.sn, like), ilike(t.returnSn, like), ilike(t.powerBankId, like))!);
  }
  if (f.deviceType) c.push(eq(t.deviceType, f.deviceType));
  if (f.outletId) c.push(or(eq(t.outletId, f.outletId), eq(t.returnOutletId, f.outletId))!);
  if (f.userId) c.push(eq(t.userId, f.userId));
  if (f.paymentKind) c.push(eq(t.paymentKind, f.paymentKind));
  if (f.simulated !== undefined) c.push(eq(t.simulated, f.simulated));
  if (f.userType) c.push(eq(t.simulated, f.userType === 'demo'));
  return and(...c)!;
}

const names = (cols: Record<string, { name: string }>) =>
  sql.raw(
    Object.values(cols)
      .map((c) => `"${c.name}"`)
      .join(', '),
  );
/** The live tables' columns, in the archive's words: the archive has each of them (and archived_at). */
const ORDER_COLS = names(getTableColumns(ordOrder));
const EVENT_COLS = names(getTableColumns(ordEvent));

/**
 * The archive of orders older than 30 days (spec 5): the job that moves final orders there, and
 * what reads them. A batch is one transaction (copy into the archive, delete from the live
 * tables), so a process killed at any moment leaves every order in exactly one place; the rows
 * are claimed with FOR UPDATE SKIP LOCKED, so two processes never move one order twice, and an
 * order a staff action holds is left for the next run.
 */
export class OrderArchive {
  constructor(private readonly db: Db) {}

  /** Moves one batch of final orders older than `before`; answers how many moved. */
  async moveBatch(before: Date = archiveBorder(), size = ARCHIVE_BATCH): Promise<number> {
    return inTransaction(this.db, async (tx) => {
      // A payment still pending (a deposit on its way back) keeps the order live until it settles.
      const ids = (
        await query<{ id: string }>(
          tx,
          sql`select o.id from ord_order o
              where o.status in ('finished', 'closed') and o.created_at < ${before}
                and not exists (select 1 from ord_payment p where p.order_no = o.order_no and p.status = 'pending')
                and not exists (select 1 from ord_refund r where r.order_id = o.id and r.status = 'refunding')
              order by o.created_at, o.id
              limit ${size}
              for update of o skip locked`,
        )
      ).map((r) => Number(r.id));
      if (!ids.length) return 0;
      const idList = sql`any(${`{${ids.join(',')}}`}::bigint[])`;
      await tx.execute(
        sql`insert into ord_order_archive (${ORDER_COLS}) select ${ORDER_COLS} from ord_order where id = ${idList} on conflict (id) do nothing`,
      );
      await tx.execute(
        sql`insert into ord_event_archive (${EVENT_COLS}) select ${EVENT_COLS} from ord_event where order_id = ${idList} on conflict (id) do nothing`,
      );
      await tx.execute(sql`delete from ord_event where order_id = ${idList}`);
      await tx.execute(sql`delete from ord_order where id = ${idList}`);
      return ids.length;
    });
  }

  /** Moves batches until none is left (or `maxBatches` ran); answers how many orders moved. */
  async run(before: Date = archiveBorder(), maxBatches = 100): Promise<number> {
    let moved = 0;
    for (let i = 0; i < maxBatches; i++) {
      const n = await this.moveBatch(before);
      moved += n;
      if (n < ARCHIVE_BATCH) break;
    }
    return moved;
  }

  // ------------------------------------------------------------------ reading

  /**
   * What a read of the archive applies: the range rules, and a user type, which spec 5 requires of
   * every query of older data (ORDER_ARCHIVE_USER_TYPE). The page, the export's count (asked when
   * the export starts, so a refused export stores nothing) and its rows all pass here.
   */
  private where(f: ScopedOrderFilter): SQL {
    const range = archiveRange(f.beginTime, f.endTime);
    if (!f.userType) throw new AppError('ORDER_ARCHIVE_USER_TYPE');
    return orderConditions(ordOrderArchive, f, range);
  }

  async count(f: ScopedOrderFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(ordOrderArchive).where(this.where(f));
    return Number(r!.n);
  }

  async rows(f: ScopedOrderFilter, offset: number, limit: number): Promise<OrderItem[]> {
    const rows = await this.db
      .select()
      .from(ordOrderArchive)
      .where(this.where(f))
      .orderBy(desc(ordOrderArchive.createdAt), desc(ordOrderArchive.id))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => orderItem(r));
  }

  async page(q: ScopedOrderFilter & { pageNum: number; pageSize: number }): Promise<PageResult<OrderItem>> {
    this.where(q); // refuses a bad range or a missing user type before anything is read
    const [total, list] = await Promise.all([this.count(q), this.rows(q, (q.pageNum - 1) * q.pageSize, q.pageSize)]);
    return { list, total };
  }

  /** An archived order by its number, if it is there. */
  async find(orderNo: string, db: Db = this.db): Promise<OrderRow | null> {
    const [o] = await db.select().from(ordOrderArchive).where(eq(ordOrderArchive.orderNo, orderNo));
    if (!o) return null;
    const { archivedAt: _archivedAt, ...row } = o;
    return row;
  }

  async isArchived(orderNo: string, db: Db = this.db): Promise<boolean> {
    const [o] = await db
      .select({ id: ordOrderArchive.id })
      .from(ordOrderArchive)
      .where(eq(ordOrderArchive.orderNo, orderNo));
    return Boolean(o);
  }

  async timeline(orderId: number): Promise<(typeof ordEventArchive.$inferSelect)[]> {
    return this.db
      .select()
      .from(ordEventArchive)
      .where(eq(ordEventArchive.orderId, orderId))
      .orderBy(asc(ordEventArchive.id));
  }
}
