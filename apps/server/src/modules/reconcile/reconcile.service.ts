import { nameAuditTarget } from '../../platform/audit/target.js';
import { and, asc, count, desc, eq, gte, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type {
  ReconcileDayFilter,
  ReconcileDayItem,
  ReconcileLineFilter,
  ReconcileLineItem,
  ReconcileResult,
  ReconcileRunState,
} from '@cbo/contract';
import type { FastifyBaseLogger } from 'fastify';
import { inTransaction, type Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { dayIn, matchDay } from './match.js';
import type { ReconcileNeeds } from './needs.js';
import { rcnLine, rcnRun } from './tables.js';

/** Who runs the daily pass (rcn_run.run_by). */
export const SCHEDULE = 'schedule';
/** A run still "running" after this long was cut short (its process stopped): it may be run again. */
const STALE_RUN_MS = 15 * 60_000;
const DAY_MS = 86_400_000;

type RunRow = typeof rcnRun.$inferSelect;
type LineRow = typeof rcnLine.$inferSelect;

/**
 * The reconciliation: a day's statement of each payment company matched with the books, the
 * result kept per day and company, differences explained by people. It reads the books through
 * its needs and never writes them. A day's run is claimed in the database (a conditional insert
 * for the schedule, a conditional upsert for staff), so two processes never run one day at once
 * and the schedule runs a day once.
 */
export class ReconcileService {
  constructor(
    private readonly db: Db,
    private readonly needs: ReconcileNeeds,
    private readonly log: FastifyBaseLogger,
  ) {}

  // ------------------------------------------------------------------ runs

  /**
   * Staff: reconciles a day now, every company or one. Each company's day is claimed unless it is
   * running (then it is left as it is); none claimed is a refusal (RECONCILE_RUNNING). Answers
   * the day's rows as they are after the run.
   */
  async runNow(day: string, provider: string | undefined, by: string, now = new Date()): Promise<ReconcileDayItem[]> {
    nameAuditTarget(`${day} ${provider ?? '*'}`);
    const providers = await this.chosen(day, provider, now);
    // No company keeps a statement (a provider without one): nothing to reconcile, nothing refused.
    if (!providers.length) return [];
    const claimed: { id: number; provider: string }[] = [];
    for (const p of providers) {
      const id = await this.claim(day, p, by);
      if (id) claimed.push({ id, provider: p });
    }
    if (!claimed.length) throw new AppError('RECONCILE_RUNNING');
    for (const c of claimed) await this.execute(c.id, day, c.provider);
    return this.dayRows(day, provider);
  }

  /**
   * The schedule: reconciles a day once for each company that has no run of it yet (a
   * conditional insert decides between processes). Answers how many companies it ran.
   */
  async runScheduled(day: string): Promise<number> {
    let ran = 0;
    for (const p of await this.needs.providers()) {
      const [row] = await this.db
        .insert(rcnRun)
        .values({ day, provider: p, status: 'running', runBy: SCHEDULE })
        .onConflictDoNothing()
        .returning({ id: rcnRun.id });
      if (!row) continue;
      await this.execute(row.id, day, p);
      ran++;
    }
    return ran;
  }

  /** The day the schedule reconciles at `now`: the day before, in the server's local time, once `at` (HH:MM) has passed. */
  static dueDay(now: Date, at: string): string | null {
    const [h, m] = at.split(':').map(Number) as [number, number];
    if (now.getHours() * 60 + now.getMinutes() < h * 60 + m) return null;
    const y = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
    return `${y.getFullYear()}-${String(y.getMonth() + 1).padStart(2, '0')}-${String(y.getDate()).padStart(2, '0')}`;
  }

  private async chosen(day: string, provider: string | undefined, now: Date): Promise<string[]> {
    // A day is reconciled once it has begun anywhere (the companies' days start before UTC's).
    if (Date.parse(`${day}T00:00:00Z`) > now.getTime() + 14 * 3_600_000) throw new AppError('RECONCILE_DAY_FUTURE');
    const known = await this.needs.providers();
    if (provider && !known.includes(provider)) throw new AppError('RECONCILE_PROVIDER_UNKNOWN', { provider });
    return provider ? [provider] : known;
  }

  /** Claims a day of a company for a run: a new row, or the row again unless it is running (a conditional upsert). */
  private async claim(day: string, provider: string, by: string): Promise<number | null> {
    const [row] = await this.db
      .insert(rcnRun)
      .values({ day, provider, status: 'running', runBy: by })
      .onConflictDoUpdate({
        target: [rcnRun.day, rcnRun.provider],
        set: {
          status: 'running',
          runBy: by,
          startedAt: sql`now()`,
          finishedAt: null,
          error: null,
          runs: sql`${rcnRun.runs} + 1`,
        },
        setWhere: sql`${rcnRun.status} <> 'running' or ${rcnRun.startedAt} < now() - ${`${STALE_RUN_MS / 1000} seconds`}::interval`,
      })
      .returning({ id: rcnRun.id });
    return row?.id ?? null;
  }

  /** Reads both sides, matches them and stores the day's lines and counts; a failure is kept on the run. */
  private async execute(runId: number, day: string, provider: string): Promise<void> {
    try {
      const [statement] = await this.needs.statements(day, provider);
      const timeZone = statement?.timeZone ?? 'UTC';
      const from = new Date(Date.parse(`${day}T00:00:00Z`) - 2 * DAY_MS);
      const to = new Date(Date.parse(`${day}T00:00:00Z`) + 3 * DAY_MS);
      const books = (await this.needs.books(from, to)).filter((b) => b.provider === provider);
      const result = matchDay(statement?.lines ?? [], books, (at) => dayIn(at, timeZone) === day);
      await inTransaction(this.db, async (tx) => {
        // What people explained stays; everything else of the day is this run's.
        await tx.delete(rcnLine).where(and(eq(rcnLine.runId, runId), isNull(rcnLine.explainedAt)));
        for (let i = 0; i < result.lines.length; i += 500) {
          const chunk = result.lines.slice(i, i + 500).map((l) => ({ ...l, runId, at: new Date(l.at) }));
          await tx
            .insert(rcnLine)
            .values(chunk)
            .onConflictDoUpdate({
              target: [rcnLine.runId, rcnLine.ident],
              set: {
                result: sql`excluded.result`,
                reference: sql`excluded.reference`,
                providerAmount: sql`excluded.provider_amount`,
                booksAmount: sql`excluded.books_amount`,
                fee: sql`excluded.fee`,
                at: sql`excluded.at`,
              },
            });
        }
        const counts = await this.countsOf(tx, runId);
        await tx
          .update(rcnRun)
          .set({
            status: 'done',
            ...counts,
            providerNet: result.providerNet,
            booksNet: result.booksNet,
            fees: result.fees,
            finishedAt: new Date(),
          })
          .where(eq(rcnRun.id, runId));
      });
    } catch (err) {
      this.log.error({ err, day, provider }, 'reconciliation failed');
      const msg = err instanceof Error ? err.message : String(err);
      await this.db
        .update(rcnRun)
        .set({ status: 'failed', error: msg.slice(0, 200), finishedAt: new Date() })
        .where(eq(rcnRun.id, runId));
    }
  }

  private async countsOf(tx: Db, runId: number) {
    const rows = await tx
      .select({
        result: rcnLine.result,
        n: count(),
        open: sql<number>`count(*) filter (where ${rcnLine.explainedAt} is null)`,
      })
      .from(rcnLine)
      .where(eq(rcnLine.runId, runId))
      .groupBy(rcnLine.result);
    const n = (r: ReconcileResult) => Number(rows.find((x) => x.result === r)?.n ?? 0);
    return {
      matched: n('matched'),
      providerOnly: n('providerOnly'),
      booksOnly: n('booksOnly'),
      amountDiffers: n('amountDiffers'),
      booksPending: n('booksPending'),
      unexplained: rows.filter((x) => x.result !== 'matched').reduce((s, x) => s + Number(x.open), 0),
    };
  }

  // ------------------------------------------------------------------ explanations

  /** Marks a difference explained, once (a conditional update decides): who, when, why. The books are not touched. */
  async explain(id: number, reason: string, by: string): Promise<ReconcileLineItem> {
    return inTransaction(this.db, async (tx) => {
      const [line] = await tx
        .update(rcnLine)
        .set({ explainedBy: by, explainedAt: new Date(), reason })
        .where(and(eq(rcnLine.id, id), ne(rcnLine.result, 'matched'), isNull(rcnLine.explainedAt)))
        .returning();
      if (line) nameAuditTarget(`${line.op} ${line.key}`);
      if (!line) {
        const [was] = await tx.select().from(rcnLine).where(eq(rcnLine.id, id));
        if (!was) throw new AppError('RECONCILE_LINE_NOT_FOUND');
        throw new AppError(was.result === 'matched' ? 'RECONCILE_LINE_MATCHED' : 'RECONCILE_LINE_EXPLAINED');
      }
      await tx
        .update(rcnRun)
        .set({ unexplained: sql`greatest(${rcnRun.unexplained} - 1, 0)` })
        .where(eq(rcnRun.id, line.runId));
      return lineItem(line);
    });
  }

  // ------------------------------------------------------------------ reads

  /** The companies to choose from: the configured ones and any with a reconciled day. */
  async providers(): Promise<{ providers: string[] }> {
    const rows = await this.db.selectDistinct({ provider: rcnRun.provider }).from(rcnRun);
    const all = new Set([...(await this.needs.providers()), ...rows.map((r) => r.provider)]);
    return { providers: [...all].sort() };
  }

  private async dayRows(day: string, provider?: string): Promise<ReconcileDayItem[]> {
    const rows = await this.db
      .select()
      .from(rcnRun)
      .where(and(eq(rcnRun.day, day), provider ? eq(rcnRun.provider, provider) : undefined))
      .orderBy(asc(rcnRun.provider));
    return rows.map(dayItem);
  }

  /** The reconciled days (a list source: count and rows), newest first. */
  readonly days = {
    where: (f: ReconcileDayFilter): SQL | undefined => {
      const c: SQL[] = [];
      if (f.provider) c.push(eq(rcnRun.provider, f.provider));
      if (f.beginDay) c.push(gte(rcnRun.day, f.beginDay));
      if (f.endDay) c.push(lte(rcnRun.day, f.endDay));
      if (f.differences) c.push(sql`${rcnRun.unexplained} > 0`);
      return c.length ? and(...c) : undefined;
    },
    count: async (f: ReconcileDayFilter): Promise<number> => {
      const [r] = await this.db.select({ n: count() }).from(rcnRun).where(this.days.where(f));
      return Number(r!.n);
    },
    rows: async (f: ReconcileDayFilter, offset: number, limit: number): Promise<ReconcileDayItem[]> => {
      const rows = await this.db
        .select()
        .from(rcnRun)
        .where(this.days.where(f))
        .orderBy(desc(rcnRun.day), asc(rcnRun.provider))
        .limit(limit)
        .offset(offset);
      return rows.map(dayItem);
    },
  };

  /** A day's lines (a list source and the export's), differences first, then by time. */
  readonly lines = {
    where: (f: ReconcileLineFilter): SQL | undefined =>
      and(eq(rcnLine.runId, f.runId), f.result ? eq(rcnLine.result, f.result) : undefined),
    count: async (f: ReconcileLineFilter): Promise<number> => {
      await this.runExists(f.runId);
      const [r] = await this.db.select({ n: count() }).from(rcnLine).where(this.lines.where(f));
      return Number(r!.n);
    },
    rows: async (f: ReconcileLineFilter, offset: number, limit: number): Promise<ReconcileLineItem[]> => {
      const rows = await this.db
        .select()
        .from(rcnLine)
        .where(this.lines.where(f))
        .orderBy(
          sql`case when ${rcnLine.result} = 'matched' then 1 else 0 end`,
          sql`case when ${rcnLine.explainedAt} is null then 0 else 1 end`,
          asc(rcnLine.at),
          asc(rcnLine.id),
        )
        .limit(limit)
        .offset(offset);
      return rows.map(lineItem);
    },
  };

  private async runExists(id: number): Promise<void> {
    const [r] = await this.db.select({ id: rcnRun.id }).from(rcnRun).where(eq(rcnRun.id, id));
    if (!r) throw new AppError('RECONCILE_RUN_NOT_FOUND');
  }
}

function dayItem(r: RunRow): ReconcileDayItem {
  return {
    id: r.id,
    day: r.day,
    provider: r.provider,
    status: r.status as ReconcileRunState,
    matched: r.matched,
    providerOnly: r.providerOnly,
    booksOnly: r.booksOnly,
    amountDiffers: r.amountDiffers,
    booksPending: r.booksPending,
    unexplained: r.unexplained,
    providerNet: Number(r.providerNet),
    booksNet: Number(r.booksNet),
    fees: Number(r.fees),
    runBy: r.runBy,
    startTime: r.startedAt.toISOString(),
    finishTime: r.finishedAt?.toISOString() ?? null,
    error: r.error,
  };
}

function lineItem(r: LineRow): ReconcileLineItem {
  return {
    id: r.id,
    result: r.result as ReconcileResult,
    op: r.op as ReconcileLineItem['op'],
    key: r.key,
    reference: r.reference,
    providerAmount: r.providerAmount,
    booksAmount: r.booksAmount,
    fee: r.fee,
    at: r.at.toISOString(),
    explainedBy: r.explainedBy,
    explainedAt: r.explainedAt?.toISOString() ?? null,
    reason: r.reason,
  };
}
