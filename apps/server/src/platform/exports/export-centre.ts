import fs from 'node:fs';
import crypto from 'node:crypto';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import {
  api,
  EXPORT_MAX_ROWS,
  LIVE_TYPES,
  type ExportError,
  type ExportLogItem,
  type ExportProgressData,
  type ExportResultData,
  type ExportCall,
  type ExportStarted,
  type Lang,
  type PageResult,
  type Translations,
} from '@cbo/contract';
import { query, type Database, type Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import type { FileStorage } from '../files/storage.js';
import type { LiveHub } from '../live/live-hub.js';
import { stamp } from '../time-zone.js';
import { sysExportLog } from './tables.js';
import { nameAuditTarget } from '../audit/target.js';

/** One kind of export a module offers: its columns, how many rows match, and a page of them. */
export interface ExportKind<P> {
  title: Translations;
  columns: { header: Translations; key: string; width?: number }[];
  count(params: P): Promise<number>;
  /** Rows as the file shows them, in the language and time zone of the person who asked. */
  rows(
    params: P,
    offset: number,
    limit: number,
    ctx: { lang: Lang; timeZone: string },
  ): Promise<Record<string, unknown>[]>;
}

/**
 * Kinds under which jobs were queued before each kind became the name of its export call: a job
 * stored under one of them still runs after an upgrade.
 */
const FORMER_KINDS: Record<string, ExportCall> = {
  loginLog: 'loginLogExport',
  manage: 'manageExport',
  operationLog: 'operationLogExport',
  problemType: 'problemTypeExport',
  fleetCabinet: 'cabinetExport',
  fleetPowerBank: 'powerBankExport',
  fleetForcedEject: 'forcedEjectExport',
};

const JOBS_CHANNEL = 'cbo_jobs';
const PAGE = 1000;
/** A job whose heartbeat is older than this is hung, even if its worker lives. */
const STALE_SECONDS = 60;
/** How often a running job raises its heartbeat, slow pages or not. */
const HEARTBEAT_MS = 10_000;
/** How often every worker looks for jobs of workers that are gone. */
const RECOVER_MS = 10_000;
/** Advisory-lock namespace under which each export worker marks itself alive (its key: claimed_by). */
const WORKERS_LOCK_NS = 727_002;
const MAX_ATTEMPTS = 3;
const MAX_QUEUED_PER_ACCOUNT = 3;
/** Transaction lock class (with the account id) under which an account's exports are queued. */
const EXPORT_LOCK = 727201;

/**
 * The export centre, a platform service every module's lists export through. A request is checked (rows to export, not above 20,000)
 * and queued as a row of sys_export_log; workers on any process claim rows with
 * FOR UPDATE SKIP LOCKED, stream the xlsx to disk, raise the progress as they go, and push
 * EXPORT_RESULT when done. An interrupted job is resumed (rewritten from the start) up to three
 * attempts, then ends as failed with a reason: never stuck part way.
 */
export class ExportService {
  private readonly kinds = new Map<string, ExportKind<unknown>>();
  /** This worker's advisory-lock key; `claimed_by` of its jobs is `w<key>`. */
  private readonly workerKey = crypto.randomInt(1, 2 ** 31 - 1);
  private readonly workerId = `w${this.workerKey}`;
  private running = false;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private recoverTimer: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly files: FileStorage,
    private readonly live: LiveHub,
    private readonly log: FastifyBaseLogger,
  ) {}

  private get db(): Db {
    return this.database.db;
  }

  /** Registers a kind: the name of the contract call that starts it (list-kit.ts does this). */
  register<P>(kind: ExportCall, def: ExportKind<P>): void {
    this.kinds.set(kind, def as ExportKind<unknown>);
  }

  async start<P>(accountId: number, kind: ExportCall, params: P, lang: Lang, timeZone: string): Promise<ExportStarted> {
    const def = this.kinds.get(kind);
    if (!def) throw new AppError('NOT_FOUND');
    const rows = await def.count(params);
    if (rows === 0) throw new AppError('NO_EXPORT_DATA');
    if (rows > EXPORT_MAX_ROWS) throw new AppError('EXPORT_TOO_MANY', { max: EXPORT_MAX_ROWS });
    const fileName = `${def.title[lang]}_${stamp(new Date(), timeZone)}.xlsx`;
    // An export changes no record: its entry names the file the export centre will hold.
    nameAuditTarget(fileName);
    // The account's queued exports are counted and the new one stored under the account's
    // transaction lock, so exports started together cannot all see room for themselves.
    const row = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${EXPORT_LOCK}, ${accountId}::int)`);
      const [queued] = await tx
        .select({ n: count() })
        .from(sysExportLog)
        .where(and(eq(sysExportLog.accountId, accountId), inArray(sysExportLog.status, ['pending', 'running'])));
      if (Number(queued!.n) >= MAX_QUEUED_PER_ACCOUNT) throw new AppError('EXPORT_BUSY');
      const [inserted] = await tx
        .insert(sysExportLog)
        .values({ accountId, kind, params: { filter: params, timeZone }, lang, fileName, rowCount: rows })
        .returning({ id: sysExportLog.id });
      return inserted;
    });
    await this.database.notify(JOBS_CHANNEL, String(row!.id));
    return { exportId: row!.id, fileName };
  }

  async list(accountId: number, pageNum: number, pageSize: number): Promise<PageResult<ExportLogItem>> {
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(sysExportLog)
        .where(eq(sysExportLog.accountId, accountId))
        .orderBy(desc(sysExportLog.id))
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize),
      this.db.select({ n: count() }).from(sysExportLog).where(eq(sysExportLog.accountId, accountId)),
    ]);
    return { list: rows.map(toItem), total: Number(total!.n) };
  }

  /** Exports waiting and being written now, across every process (GET /metrics; the status index answers it). */
  async queue(): Promise<{ pending: number; running: number }> {
    const rows = await this.db
      .select({ status: sysExportLog.status, n: count() })
      .from(sysExportLog)
      .where(inArray(sysExportLog.status, ['pending', 'running']))
      .groupBy(sysExportLog.status);
    const of = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
    return { pending: of('pending'), running: of('running') };
  }

  /** The file of a finished export, for the account that made it only. */
  async fileFor(accountId: number, id: number): Promise<{ path: string; fileName: string }> {
    const [row] = await this.db.select().from(sysExportLog).where(eq(sysExportLog.id, id));
    // Another account's export answers "not found": its existence is not the caller's business.
    if (!row || row.accountId !== accountId) throw new AppError('NOT_FOUND');
    if (row.status !== 'done' || !row.filePath || !fs.existsSync(row.filePath)) throw new AppError('EXPORT_NOT_READY');
    return { path: row.filePath, fileName: row.fileName };
  }

  /**
   * Starts the worker: marks itself alive, takes back at once the jobs of workers that are gone
   * (a restart resumes an interrupted export without waiting for its heartbeat to age), does so
   * again every few seconds, and waits for NOTIFY.
   */
  async startWorker(): Promise<void> {
    this.running = true;
    await this.database.markAlive(WORKERS_LOCK_NS, this.workerKey);
    await this.recover();
    this.recoverTimer = setInterval(
      () =>
        void this.recover().then(
          () => this.poke(),
          (err: unknown) => this.log.warn({ err }, 'export recovery failed'),
        ),
      RECOVER_MS,
    ).unref();
    this.unlisten = await this.database.listen(JOBS_CHANNEL, () => this.poke());
    this.loop = this.run();
  }

  async stopWorker(): Promise<void> {
    this.running = false;
    if (this.recoverTimer) clearInterval(this.recoverTimer);
    await this.unlisten?.();
    this.poke();
    await this.loop;
  }

  private poke(): void {
    const w = this.wake;
    this.wake = null;
    w?.();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let job: typeof sysExportLog.$inferSelect | undefined;
      try {
        job = await this.claim();
      } catch (err) {
        if (!this.running) return;
        this.log.error({ err }, 'export claim failed');
      }
      if (job) {
        await this.execute(job);
        continue;
      }
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 5_000).unref();
      });
    }
  }

  private async claim() {
    const res = await query<{ id: number }>(
      this.db,
      sql`
      update sys_export_log set status = 'running', attempts = attempts + 1, claimed_by = ${this.workerId},
             heartbeat_at = now(), progress = 0
       where id = (select id from sys_export_log where status = 'pending' order by id for update skip locked limit 1)
      returning id`,
    );
    const id = res[0]?.id;
    if (id === undefined) return undefined;
    const [job] = await this.db
      .select()
      .from(sysExportLog)
      .where(eq(sysExportLog.id, Number(id)));
    return job;
  }

  /**
   * Interrupted jobs: back to pending while attempts remain, else failed with the reason. A job is
   * interrupted when its worker is gone (on PostgreSQL: no live process holds the worker's lock;
   * on the embedded database, which serves one process: any worker but this one) or when its
   * heartbeat is older than STALE_SECONDS (hung).
   */
  async recover(): Promise<void> {
    const workerGone =
      this.database.engine === 'pglite'
        ? sql`claimed_by is distinct from ${this.workerId}`
        : sql`claimed_by is null or claimed_by not in (
            select 'w' || objid::text from pg_locks
             where locktype = 'advisory' and classid::bigint = ${WORKERS_LOCK_NS} and objsubid = 2 and granted)`;
    await this.db.execute(sql`
      update sys_export_log
         set status = case when attempts >= ${MAX_ATTEMPTS} then 'failed' else 'pending' end,
             claimed_by = null,
             error = case when attempts >= ${MAX_ATTEMPTS} then ${'interrupted' satisfies ExportError} else error end,
             finished_at = case when attempts >= ${MAX_ATTEMPTS} then now() else finished_at end
       where id in (
         select id from sys_export_log
          where status = 'running' and (heartbeat_at < now() - make_interval(secs => ${STALE_SECONDS}) or ${workerGone})
            for update skip locked)`);
  }

  private async execute(job: typeof sysExportLog.$inferSelect): Promise<void> {
    const def = this.kinds.get(FORMER_KINDS[job.kind] ?? job.kind);
    const lang = job.lang as Lang;
    const { filter, timeZone } = job.params as { filter: unknown; timeZone: string };
    const path = this.files.exportPath(job.id);
    // Alive but slow (a long page) is not hung: the heartbeat goes on between progress steps.
    const beat = setInterval(() => {
      void this.db
        .update(sysExportLog)
        .set({ heartbeatAt: new Date() })
        .where(and(eq(sysExportLog.id, job.id), eq(sysExportLog.status, 'running')))
        .catch(() => undefined);
    }, HEARTBEAT_MS).unref();
    try {
      if (!def) throw new Error(`unknown export kind ${job.kind}`);
      const total = Math.min(await def.count(filter), EXPORT_MAX_ROWS);
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: true });
      const ws = wb.addWorksheet(def.title[lang]);
      ws.columns = def.columns.map((c) => ({ header: c.header[lang], key: c.key, width: c.width ?? 18 }));
      ws.getRow(1).font = { bold: true };
      ws.getRow(1).commit();
      let written = 0;
      let lastProgress = -1;
      while (written < total) {
        const rows = await def.rows(filter, written, Math.min(PAGE, total - written), { lang, timeZone });
        if (!rows.length) break;
        for (const r of rows) ws.addRow(neutraliseRow(r)).commit();
        written += rows.length;
        const progress = Math.min(99, Math.floor((written / Math.max(total, 1)) * 100));
        if (progress !== lastProgress) {
          lastProgress = progress;
          await this.db
            .update(sysExportLog)
            .set({ progress, heartbeatAt: new Date() })
            .where(eq(sysExportLog.id, job.id));
          await this.live.publish(job.accountId, LIVE_TYPES.exportProgress, {
            id: job.id,
            exportSpeed: `${progress}%`,
          } satisfies ExportProgressData);
        }
      }
      ws.commit();
      await wb.commit();
      await this.db
        .update(sysExportLog)
        .set({ status: 'done', progress: 100, rowCount: written, filePath: path, finishedAt: new Date(), error: null })
        .where(eq(sysExportLog.id, job.id));
      await this.live.publish(job.accountId, LIVE_TYPES.exportResult, {
        id: job.id,
        fileName: job.fileName,
        fileUrl: downloadUrl(job.id),
        exportSpeed: '100%',
      } satisfies ExportResultData);
    } catch (err) {
      this.log.error({ err, exportId: job.id }, 'export failed');
      fs.rmSync(path, { force: true });
      await this.db
        .update(sysExportLog)
        .set({ status: 'failed', error: 'serverError' satisfies ExportError, finishedAt: new Date() })
        .where(eq(sysExportLog.id, job.id))
        .catch(() => undefined);
      await this.live
        .publish(job.accountId, LIVE_TYPES.exportResult, {
          id: job.id,
          fileName: job.fileName,
          fileUrl: null,
          error: 'serverError',
        } satisfies ExportResultData)
        .catch(() => undefined);
    } finally {
      clearInterval(beat);
    }
  }
}

/**
 * A number written as text (`-12`, `-1,234.50`, a mobile `+86 139…`) or dashes only (an empty
 * value): digits, separators and a sign, no name or reference a formula could call.
 */
const PLAIN_NUMBER = /^[+-]?\d[\d ,.]*$|^-+$/;
/** What makes a spreadsheet read a cell as a formula: = + - @, and tab or carriage return before them. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text a partner or customer wrote (an outlet's name, a reason, a remark) is data, never a
 * formula. The xlsx types it as text, but a copy to CSV or a paste into another sheet makes a
 * cell beginning with = + - @ (or a tab or carriage return) live again: `=HYPERLINK(...)` turns
 * into a link that sends the sheet's data away, `@SUM(...)` into a calculation. As OWASP advises
 * (CSV injection), such a text cell starts with a single quote, shown as written. Numbers stay
 * numbers, and text that is only a number (`-12`, `-1,234.50`, `+86 139…`) or dashes is left as it is.
 */
export function neutraliseCell(value: unknown): unknown {
  if (typeof value !== 'string' || !FORMULA_START.test(value) || PLAIN_NUMBER.test(value)) return value;
  return `'${value}`;
}

function neutraliseRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = neutraliseCell(v);
  return out;
}

export function downloadUrl(id: number): string {
  return `${api.exportDownload.path}?id=${id}`;
}

function toItem(r: typeof sysExportLog.$inferSelect): ExportLogItem {
  return {
    id: r.id,
    fileName: r.fileName,
    createTime: r.createdAt.toISOString(),
    exportSpeed: `${r.status === 'done' ? 100 : r.progress}%`,
    fileUrl: r.status === 'done' ? downloadUrl(r.id) : null,
    status: r.status as ExportLogItem['status'],
    rowCount: r.rowCount,
    error: r.error,
  };
}
