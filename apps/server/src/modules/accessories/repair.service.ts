import { and, count, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { RepairCreate, RepairFilter, RepairItem } from '@cbo/contract';
import { query, type Db } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import { AppError } from '../../platform/http/app-error.js';
import { checkTimeRange } from '../../platform/http/time-range.js';
import type { AccessoriesNeeds, Actor, DeviceRemoval } from './needs.js';
import { accRepairTicket } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

type Row = typeof accRepairTicket.$inferSelect;
const PROBLEM_TYPES_MAX = 500;

/**
 * Repair tickets (problem feedback). A ticket only moves forward: untreated → processing →
 * finished (or untreated → finished). Each step is one conditional update on the status it
 * leaves, so of two handlers acting at once one moves the ticket and the other is told it moved.
 */
export class RepairService {
  constructor(
    private readonly db: Db,
    private readonly needs: AccessoriesNeeds,
    /** How a device leaves its outlet (the outlet module's, a late need: it is built after this one). */
    private readonly removal: DeviceRemoval,
  ) {}

  private where(f: RepairFilter): SQL | undefined {
    const { begin, end } = checkTimeRange(f.beginTime, f.endTime);
    const c: SQL[] = [];
    if (f.no) c.push(ilike(accRepairTicket.no, containing(f.no)));
    if (f.deviceId) c.push(ilike(accRepairTicket.deviceId, containing(f.deviceId)));
    if (f.deviceType) c.push(eq(accRepairTicket.deviceType, f.deviceType));
    if (f.problemTypeId) c.push(eq(accRepairTicket.problemTypeId, f.problemTypeId));
    if (f.status) c.push(eq(accRepairTicket.status, f.status));
    if (begin) c.push(gte(accRepairTicket.createdAt, begin));
    if (end) c.push(lte(accRepairTicket.createdAt, end));
    return c.length ? and(...c) : undefined;
  }

  async count(f: RepairFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(accRepairTicket).where(this.where(f));
    return Number(r!.n);
  }

  async rows(f: RepairFilter, offset: number, limit: number): Promise<RepairItem[]> {
    const rows = await this.db
      .select()
      .from(accRepairTicket)
      .where(this.where(f))
      .orderBy(desc(accRepairTicket.createdAt), desc(accRepairTicket.id))
      .limit(limit)
      .offset(offset);
    return rows.map(item);
  }

  /** The problem types in use, in the order staff gave them. */
  async problemTypes(): Promise<{ id: number; name: string }[]> {
    const rows = await this.needs.problemTypes.rows({ status: 'inUse' }, 0, PROBLEM_TYPES_MAX);
    return rows.map((r) => ({ id: r.id, name: r.name }));
  }

  /** A new untreated ticket; its number is R, the date and the ticket's own sequence number. */
  async create(input: RepairCreate, by: Actor): Promise<RepairItem> {
    const type = (await this.problemTypes()).find((t) => t.id === input.problemTypeId);
    if (!type) throw new AppError('ACC_PROBLEM_TYPE');
    const row = await this.db.transaction(async (tx) => {
      const [seq] = await query<{ id: string }>(
        tx,
        sql`select nextval(pg_get_serial_sequence('acc_repair_ticket', 'id')) as id`,
      );
      const id = Number(seq!.id);
      const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
      const [r] = await tx
        .insert(accRepairTicket)
        .values({
          id,
          no: `R${day}${String(id).padStart(6, '0')}`,
          deviceType: input.deviceType,
          deviceId: input.deviceId,
          problemTypeId: type.id,
          problemTypeName: type.name,
          contact: input.contact,
          phone: input.phone,
          description: input.description,
          pictures: JSON.stringify(input.pictures),
          outOfBusiness: input.outOfBusiness,
          createdBy: by.id,
        })
        .returning();
      return r!;
    });
    const done = input.outOfBusiness ? await this.applyOutOfBusiness(row, by) : row;
    // Named last: taking the device out of business unbinds it, which names the device.
    nameAuditTarget(row.no);
    return item(done);
  }

  /** Moves a ticket forward; refused (nothing changed) when it is already at or past that status. */
  async process(
    input: { id: number; status: 'processing' | 'finished'; result?: string; outOfBusiness?: boolean },
    by: Actor,
  ): Promise<RepairItem> {
    const now = new Date();
    const from: RepairItem['status'][] = input.status === 'processing' ? ['untreated'] : ['untreated', 'processing'];
    const [row] = await this.db
      .update(accRepairTicket)
      .set({
        status: input.status,
        handlerId: by.id,
        handlerName: by.name,
        processedAt: sql`coalesce(${accRepairTicket.processedAt}, ${now.toISOString()}::timestamptz)`,
        ...(input.status === 'finished' ? { finishedAt: now } : {}),
        ...(input.result !== undefined ? { result: input.result } : {}),
        ...(input.outOfBusiness ? { outOfBusiness: true } : {}),
      })
      .where(and(eq(accRepairTicket.id, input.id), inArray(accRepairTicket.status, from)))
      .returning();
    if (!row) {
      const [current] = await this.db
        .select({ id: accRepairTicket.id })
        .from(accRepairTicket)
        .where(eq(accRepairTicket.id, input.id));
      throw new AppError(current ? 'ACC_REPAIR_STATE' : 'NOT_FOUND');
    }
    const done = row.outOfBusiness && !row.outOfBusinessApplied ? await this.applyOutOfBusiness(row, by) : row;
    nameAuditTarget(row.no);
    return item(done);
  }

  /**
   * Takes the device out of business by the one removal path (the outlet module unbinds it and the
   * assets record the removal, together) and records that it did. A device bound to no outlet (or
   * unknown, or an agent's) has nothing to take out: the wish stays recorded, unapplied, and the
   * ticket is saved either way. The removal runs in a savepoint of its own, so its refusal undoes
   * only itself.
   */
  private async applyOutOfBusiness(row: Row, by: Actor): Promise<Row> {
    const removal = this.removal;
    try {
      await removal(row.deviceId, `repair ${row.no}`, { id: by.id, name: by.name ?? '' });
    } catch (e) {
      if (e instanceof AppError) return row;
      throw e;
    }
    const [r] = await this.db
      .update(accRepairTicket)
      .set({ outOfBusinessApplied: true })
      .where(eq(accRepairTicket.id, row.id))
      .returning();
    return r ?? row;
  }
}

function item(r: Row): RepairItem {
  return {
    id: r.id,
    no: r.no,
    deviceType: r.deviceType as RepairItem['deviceType'],
    deviceId: r.deviceId,
    problemTypeId: r.problemTypeId,
    problemTypeName: r.problemTypeName,
    contact: r.contact,
    phone: r.phone,
    description: r.description,
    pictures: JSON.parse(r.pictures) as string[],
    status: r.status as RepairItem['status'],
    outOfBusiness: r.outOfBusiness,
    outOfBusinessApplied: r.outOfBusinessApplied,
    handlerName: r.handlerName,
    result: r.result,
    submitTime: r.createdAt.toISOString(),
    processTime: r.processedAt ? r.processedAt.toISOString() : null,
    finishTime: r.finishedAt ? r.finishedAt.toISOString() : null,
  };
}
