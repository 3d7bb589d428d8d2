import type { FastifyBaseLogger } from 'fastify';
import { and, count, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type {
  CommandFilter,
  CommandItem,
  CommandSendRequest,
  FirmwareBatchDetail,
  FirmwareBatchItem,
  FirmwareUpgradeRequest,
  ForcedEjectFilter,
  ForcedEjectItem,
  ForcedEjectRequest,
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
 * firmware batches (`firmware.service.ts`). This class builds them, reads the command list (the
 * list kit's source: `count` and `rows`), and gives the routes the methods they call.
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

  private where(f: CommandFilter): SQL | undefined {
    const range = checkTimeRange(f.beginTime, f.endTime);
    const c: SQL[] = [];
    if (f.sn) c.push(ilike(devCommand.sn, `%${escapeLike(f.sn)}%`));
    if (f.type) c.push(eq(devCommand.type, f.type));
    if (f.state) c.push(eq(devCommand.state, f.state));
    if (f.batchId) c.push(eq(devCommand.batchId, f.batchId));
    if (range.begin) c.push(gte(devCommand.createdAt, range.begin));
    if (range.end) c.push(lte(devCommand.createdAt, range.end));
    return c.length ? and(...c) : undefined;
  }

  async count(f: CommandFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(devCommand).where(this.where(f));
    return Number(r!.n);
  }

  /** Newest first. */
  async rows(f: CommandFilter, offset: number, limit: number): Promise<CommandItem[]> {
    const rows = await this.db
      .select()
      .from(devCommand)
      .where(this.where(f))
      .orderBy(desc(devCommand.createdAt), desc(devCommand.id))
      .limit(limit)
      .offset(offset);
    return rows.map(toCommandItem);
  }
}
