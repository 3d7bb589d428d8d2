import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { periodic, type Periodic } from '../jobs/periodic.js';
import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { query, type Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { verifyImage, type VerifiedImage } from './image.js';
import type { FileStorage, PublicFolder } from './storage.js';
import { sysFile } from './tables.js';
import { nameAuditTarget } from '../audit/target.js';

/** What an uploaded file is for; avatars go to /files/avatars/, the rest to /files/images/. */
export type UploadKind = 'avatar' | 'icon' | 'image';

/**
 * A column of some module's table that may hold the address of an uploaded file. `contains`:
 * the address may be part of a longer text (a settings value); otherwise the column is the address.
 */
export interface FileReference {
  column: PgColumn;
  contains?: boolean;
}

export interface UploadLimits {
  /** Bytes one account may store in a UTC day. */
  dailyBytes: number;
  /** Uploads one account may make in a minute. */
  perMinute: number;
}

/** An unreferenced file is kept this long, so an upload can be saved into a form first. */
export const SWEEP_GRACE_MS = 24 * 3600_000;
const SWEEP_EVERY_MS = 3600_000;
const SWEEP_BATCH = 200;

/**
 * Reads the one file of a multipart upload. Whatever is wrong with the request (not multipart,
 * no boundary, broken parts, no file, an empty file, two files, too large) is a catalogue error,
 * never a 500.
 */
export async function readSingleFile(req: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError('FILE_MISSING');
  let bytes: Buffer | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11 } })) {
      if (part.type !== 'file') continue;
      // The file as the operator picked it names the upload's operation-log entry (a service
      // that stores it on a record names that record instead).
      nameAuditTarget(part.filename);
      bytes = await part.toBuffer();
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('FILE_TOO_LARGE', { mb: +(maxBytes / 1024 / 1024).toFixed(2) });
    if (code === 'FST_FILES_LIMIT') throw new AppError('FILE_TOO_MANY');
    req.log.info({ err: (err as Error).message, code }, 'upload refused: unreadable multipart body');
    throw new AppError('BAD_REQUEST');
  }
  if (!bytes || bytes.length === 0) throw new AppError('FILE_MISSING');
  return bytes;
}

/**
 * Image uploads: one reader for every upload call, a per-account quota decided by one
 * conditional upsert, a record of every stored file, and the sweep that deletes files nothing
 * refers to.
 */
export class Uploads {
  private readonly references: FileReference[] = [];
  private sweeper: Periodic | null = null;
  /** The clock the quota's day and minute are read from (tests set a fixed one). */
  clock: () => Date = () => new Date();

  constructor(
    private readonly db: Db,
    private readonly files: FileStorage,
    private readonly limits: UploadLimits,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Columns that keep a file alive; every module that stores addresses of uploads adds its own. */
  addReferences(refs: readonly FileReference[]): void {
    this.references.push(...refs);
  }

  /**
   * Reads, verifies and stores one uploaded image for an account. `check` applies the caller's own
   * rule (a menu icon's size) to the decoded image before anything is counted or stored.
   */
  async acceptImage(
    req: FastifyRequest,
    accountId: number,
    opts: { kind: UploadKind; maxBytes: number; check?: (image: VerifiedImage) => void },
  ): Promise<{ url: string; image: VerifiedImage }> {
    const bytes = await readSingleFile(req, opts.maxBytes);
    const image = verifyImage(bytes);
    opts.check?.(image);
    const url = await this.store(accountId, opts.kind, image.ext, bytes);
    return { url, image };
  }

  /** Charges the quota and records the file in one transaction, then writes it. */
  async store(accountId: number, kind: UploadKind, ext: string, bytes: Buffer): Promise<string> {
    const folder: PublicFolder = kind === 'avatar' ? 'avatars' : 'images';
    const url = this.files.newUrl(folder, ext);
    await this.db.transaction(async (tx) => {
      await this.charge(tx, accountId, bytes.length);
      await tx.insert(sysFile).values({ url, ownerId: accountId, kind, size: bytes.length });
    });
    try {
      await this.files.write(url, bytes);
    } catch (err) {
      await this.db.delete(sysFile).where(sql`${sysFile.url} = ${url}`);
      throw err;
    }
    return url;
  }

  /**
   * Adds one upload of `size` bytes to the account's day and minute, only if both stay within
   * their limits: a single upsert whose condition sees the latest row, so any number of
   * concurrent uploads together stay within the quota.
   */
  private async charge(tx: Pick<Db, 'execute'>, accountId: number, size: number): Promise<void> {
    const { dailyBytes, perMinute } = this.limits;
    const mb = +(dailyBytes / 1024 / 1024).toFixed(2);
    if (size > dailyBytes) throw new AppError('UPLOAD_DAILY_LIMIT', { mb });
    const now = this.clock();
    const day = now.toISOString().slice(0, 10);
    const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString();
    const dayOf = sql.raw(`case when q.day = excluded.day then q.day_bytes else 0 end`);
    const minuteOf = sql.raw(`case when q.minute = excluded.minute then q.minute_count else 0 end`);
    const charged = await query<{ day_bytes: number }>(
      tx,
      sql`
      insert into sys_upload_quota as q (account_id, day, day_bytes, minute, minute_count)
      values (${accountId}, ${day}::date, ${size}, ${minute}::timestamptz, 1)
      on conflict (account_id) do update
         set day_bytes = ${dayOf} + excluded.day_bytes,
             minute_count = ${minuteOf} + 1,
             day = excluded.day,
             minute = excluded.minute
       where ${dayOf} + excluded.day_bytes <= ${dailyBytes}
         and ${minuteOf} + 1 <= ${perMinute}
      returning day_bytes`,
    );
    if (charged.length > 0) return;
    // Refused: read the row only to say which limit it was.
    const [row] = await query<{ busy: boolean }>(
      tx,
      sql`
      select (minute = ${minute}::timestamptz and minute_count >= ${perMinute}) as busy
        from sys_upload_quota where account_id = ${accountId}`,
    );
    if (row?.busy) throw new AppError('UPLOAD_TOO_FREQUENT', { count: perMinute });
    throw new AppError('UPLOAD_DAILY_LIMIT', { mb });
  }

  /**
   * Deletes files older than the grace period that no reference column names. Rows are claimed
   * with FOR UPDATE SKIP LOCKED and deleted in the same statement, so two processes sweeping
   * at once never both take a file; the bytes go before the claim commits (a crash leaves a row
   * whose file is gone, which the next sweep clears). `at` is the sweep's clock.
   */
  async sweep(at: Date = new Date()): Promise<number> {
    const cutoff = new Date(at.getTime() - SWEEP_GRACE_MS).toISOString();
    const unreferenced: SQL[] = this.references.map((r) => {
      const table = sql.identifier(getTableName(r.column.table));
      const column = sql.identifier(r.column.name);
      return r.contains
        ? sql`not exists (select 1 from ${table} where position(f.url in ${column}) > 0)`
        : sql`not exists (select 1 from ${table} where ${column} = f.url)`;
    });
    let removed = 0;
    for (;;) {
      const batch = await this.db.transaction(async (tx) => {
        const rows = await query<{ url: string }>(
          tx,
          sql`
          delete from sys_file d
           where d.id in (
             select f.id from sys_file f
              where f.created_at < ${cutoff}::timestamptz ${unreferenced.length ? sql`and ${sql.join(unreferenced, sql` and `)}` : sql``}
              order by f.id limit ${SWEEP_BATCH}
              for update of f skip locked)
          returning d.url`,
        );
        for (const r of rows) await this.files.remove(r.url);
        return rows.length;
      });
      removed += batch;
      if (batch < SWEEP_BATCH) return removed;
    }
  }

  /** Sweeps now and every hour; errors go to the log (the next sweep retries). */
  startSweeper(): void {
    this.sweeper ??= periodic(
      'upload sweep',
      SWEEP_EVERY_MS,
      async () => {
        const n = await this.sweep();
        if (n > 0) this.log.info({ removed: n }, 'unreferenced uploads removed');
      },
      this.log,
      { firstMs: 0 },
    );
    this.sweeper.start();
  }

  async stopSweeper(): Promise<void> {
    await this.sweeper?.stop();
  }
}
