import { and, count, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type {
  CommandState,
  FirmwareBatchDetail,
  FirmwareBatchItem,
  FirmwareQuery,
  FirmwareUpgradeRequest,
} from '@cbo/contract';

/** What the batch list filters by: its query without the paging. */
type FirmwareFilter = Omit<FirmwareQuery, 'pageNum' | 'pageSize'>;
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { checkTimeRange } from '../../platform/http/time-range.js';
import { escapeLike } from '../../platform/db/paging.js';
import type { Actor, CommandRow } from './command-rows.js';
import type { CommandSender } from './command-sender.js';
import { devCabinet, devCommand, devFirmwareBatch } from './tables.js';
import { batchRunningSql } from './overview-conditions.js';
import { nameAuditTargets } from '../../platform/audit/target.js';

/**
 * Firmware batches: one upgrade command per cabinet, recorded together with the batch before any
 * is sent; a cabinet offline at that moment fails at once (reason `offline`) instead of waiting.
 * A batch's progress is counted from its commands' states.
 */
export class FirmwareService {
  constructor(
    private readonly db: Db,
    private readonly sender: CommandSender,
  ) {}

  async upgrade(req: FirmwareUpgradeRequest, by: Actor): Promise<FirmwareBatchItem> {
    const sns = [...new Set(req.sns)];
    nameAuditTargets(sns);
    if (!this.sender.connected) throw new AppError('GATEWAY_DOWN');
    const { batchId, pending } = await this.db.transaction(async (tx) => {
      const cabs = await tx
        .select({ sn: devCabinet.sn, online: devCabinet.online })
        .from(devCabinet)
        .where(inArray(devCabinet.sn, sns));
      if (cabs.length !== sns.length) throw new AppError('DEVICE_NOT_FOUND');
      const online = new Map(cabs.map((c) => [c.sn, c.online]));
      const [batch] = await tx
        .insert(devFirmwareBatch)
        .values({
          version: req.version,
          url: req.url,
          sha256: req.sha256 ?? null,
          total: sns.length,
          createdBy: by.id,
          createdByName: by.name,
        })
        .returning({ id: devFirmwareBatch.id });
      const data = { version: req.version, url: req.url, ...(req.sha256 ? { sha256: req.sha256 } : {}) };
      const pending: CommandRow[] = [];
      for (const sn of sns) {
        const row = await this.sender.record(tx, {
          sn,
          type: 'upgrade',
          data,
          targetSlot: null,
          targetPowerBankId: null,
          batchId: batch!.id,
          by,
          offline: !online.get(sn),
        });
        if (row.state === 'pending') pending.push(row);
      }
      return { batchId: batch!.id, pending };
    });
    for (const row of pending) await this.sender.dispatch(row);
    const [item] = await this.batchRows(eq(devFirmwareBatch.id, batchId), 0, 1);
    return item!;
  }

  private async batchRows(where: SQL | undefined, offset: number, limit: number): Promise<FirmwareBatchItem[]> {
    const rows = await this.db
      .select({
        b: devFirmwareBatch,
        running: sql<number>`count(${devCommand.id}) filter (where ${devCommand.state} in ('pending', 'sent', 'acknowledged'))::int`,
        succeeded: sql<number>`count(${devCommand.id}) filter (where ${devCommand.state} = 'succeeded')::int`,
        failed: sql<number>`count(${devCommand.id}) filter (where ${devCommand.state} in ('failed', 'expired'))::int`,
      })
      .from(devFirmwareBatch)
      .leftJoin(devCommand, eq(devCommand.batchId, devFirmwareBatch.id))
      .where(where)
      .groupBy(devFirmwareBatch.id)
      .orderBy(desc(devFirmwareBatch.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ b, running, succeeded, failed }) => ({
      id: b.id,
      version: b.version,
      url: b.url,
      sha256: b.sha256,
      total: b.total,
      running: Number(running),
      succeeded: Number(succeeded),
      failed: Number(failed),
      createdBy: b.createdByName,
      createdAt: b.createdAt.toISOString(),
    }));
  }

  private where(f: FirmwareFilter): SQL | undefined {
    const range = checkTimeRange(f.beginTime, f.endTime);
    const c: SQL[] = [];
    if (f.version) c.push(ilike(devFirmwareBatch.version, `%${escapeLike(f.version)}%`));
    if (range.begin) c.push(gte(devFirmwareBatch.createdAt, range.begin));
    if (range.end) c.push(lte(devFirmwareBatch.createdAt, range.end));
    if (f.running !== undefined) c.push(batchRunningSql(f.running));
    return c.length ? and(...c) : undefined;
  }

  /** The batch list (the list kit's source): how many batches match, and a slice of them, newest first. */
  async count(f: FirmwareFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(devFirmwareBatch).where(this.where(f));
    return Number(r!.n);
  }

  rows(f: FirmwareFilter, offset: number, limit: number): Promise<FirmwareBatchItem[]> {
    return this.batchRows(this.where(f), offset, limit);
  }

  async detail(id: number): Promise<FirmwareBatchDetail> {
    const [batch] = await this.batchRows(eq(devFirmwareBatch.id, id), 0, 1);
    if (!batch) throw new AppError('NOT_FOUND');
    const items = await this.db
      .select({ c: devCommand, firmwareMain: devCabinet.firmwareMain })
      .from(devCommand)
      .innerJoin(devCabinet, eq(devCabinet.sn, devCommand.sn))
      .where(eq(devCommand.batchId, id))
      .orderBy(devCommand.sn);
    return {
      ...batch,
      items: items.map(({ c, firmwareMain }) => ({
        sn: c.sn,
        commandId: c.id,
        state: c.state as CommandState,
        percent: c.percent,
        reason: c.reason,
        firmwareMain,
        updatedAt: (c.finishedAt ?? c.acknowledgedAt ?? c.sentAt ?? c.createdAt).toISOString(),
      })),
    };
  }
}
