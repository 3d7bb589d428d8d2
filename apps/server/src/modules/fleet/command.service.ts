import type { FastifyBaseLogger } from 'fastify';
import { and, count, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type {
  CommandItem,
  CommandQuery,
  CommandSendRequest,
  FirmwareBatchDetail,
  FirmwareBatchItem,
  FirmwareQuery,
  FirmwareUpgradeRequest,
  ForcedEjectFilter,
  ForcedEjectItem,
  ForcedEjectRequest,
  PageResult,
} from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { checkTimeRange } from '../../platform/http/time-range.js';
import { escapeLike } from '../../platform/db/paging.js';
import type { CabinetService } from './cabinet.service.js';
import { CommandReplies } from './command-replies.js';
import { toCommandItem, type Actor, type Downlink } from './command-rows.js';
import { CommandSender } from './command-sender.js';
import type { FleetLive } from './fleet-live.js';
import { FirmwareService } from './firmware.service.js';
import { ForcedEjectService } from './forced-eject.service.js';
import type { SlotWriter } from './slot-state.js';
import { devCommand } from './tables.js';

/**
 * Commands to cabinets, one class per job: sending (`command-sender.ts`), replies, expiry and the
 * inventory check (`command-replies.ts`), the forced-eject list (`forced-eject.service.ts`) and
 * firmware batches (`firmware.service.ts`). This class builds them, answers the command list, and
 * gives the routes and the export centre the methods they call by their existing names.
 */
export class CommandService {
  readonly sender: CommandSender;
  readonly replies: CommandReplies;
  readonly forcedEjects: ForcedEjectService;
  readonly firmware: FirmwareService;

  constructor(
    private readonly db: Db,
    cabinets: CabinetService,
    slots: SlotWriter,
    live: FleetLive,
    log: FastifyBaseLogger,
  ) {
    this.sender = new CommandSender(db, live, log);
    this.replies = new CommandReplies(db, this.sender, cabinets, slots, live, log);
    this.forcedEjects = new ForcedEjectService(db, this.sender);
    this.firmware = new FirmwareService(db, this.sender);
  }

  attach(downlink: Downlink): void {
    this.sender.attach(downlink);
  }

  send(req: CommandSendRequest, by: Actor | null): Promise<CommandItem> {
    return this.sender.send(req, by);
  }
  forcedEject(req: ForcedEjectRequest, by: Actor): Promise<ForcedEjectItem> {
    return this.forcedEjects.eject(req, by);
  }
  forcedEjectCount(f: ForcedEjectFilter): Promise<number> {
    return this.forcedEjects.count(f);
  }
  forcedEjectRows(f: ForcedEjectFilter, offset: number, limit: number): Promise<ForcedEjectItem[]> {
    return this.forcedEjects.rows(f, offset, limit);
  }
  upgrade(req: FirmwareUpgradeRequest, by: Actor): Promise<FirmwareBatchItem> {
    return this.firmware.upgrade(req, by);
  }
  firmwarePage(q: FirmwareQuery): Promise<PageResult<FirmwareBatchItem>> {
    return this.firmware.page(q);
  }
  firmwareDetail(id: number): Promise<FirmwareBatchDetail> {
    return this.firmware.detail(id);
  }

  // ------------------------------------------------------------------------------------------
  // The command list

  async item(id: string): Promise<CommandItem | null> {
    const [row] = await this.db.select().from(devCommand).where(eq(devCommand.id, id));
    return row ? toCommandItem(row) : null;
  }

  async detail(id: string): Promise<CommandItem> {
    const item = await this.item(id);
    if (!item) throw new AppError('NOT_FOUND');
    return item;
  }

  async page(q: CommandQuery): Promise<PageResult<CommandItem>> {
    const range = checkTimeRange(q.beginTime, q.endTime);
    const c: SQL[] = [];
    if (q.sn) c.push(ilike(devCommand.sn, `%${escapeLike(q.sn)}%`));
    if (q.type) c.push(eq(devCommand.type, q.type));
    if (q.state) c.push(eq(devCommand.state, q.state));
    if (q.batchId) c.push(eq(devCommand.batchId, q.batchId));
    if (range.begin) c.push(gte(devCommand.createdAt, range.begin));
    if (range.end) c.push(lte(devCommand.createdAt, range.end));
    const where = c.length ? and(...c) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(devCommand)
        .where(where)
        .orderBy(desc(devCommand.createdAt), desc(devCommand.id))
        .limit(q.pageSize)
        .offset((q.pageNum - 1) * q.pageSize),
      this.db.select({ n: count() }).from(devCommand).where(where),
    ]);
    return { list: rows.map(toCommandItem), total: Number(total!.n) };
  }
}
