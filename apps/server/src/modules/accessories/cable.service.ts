import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import {
  CODE_RATE_MAX,
  CODE_RATE_WINDOW_SECONDS,
  type CableCodeItem,
  type CableFilter,
  type CableItem,
  type CableQuery,
  type PackageTier,
  type PageResult,
} from '@cbo/contract';
import { isUniqueViolation, type Db, inTransaction } from '../../platform/db/database.js';
import { deviceCount, deviceWhere } from './device-filter.js';
import { AppError } from '../../platform/http/app-error.js';
import { codeAt, newSecret } from './offline-code.js';
import type { AccessoriesNeeds, Actor } from './needs.js';
import { OutletNames } from './outlet-binding.js';
import { checkModel, checkPackageRange } from './packages.js';
import { accCable, accCableCode } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

type CableRow = typeof accCable.$inferSelect;

/**
 * Charging cables and their ring of offline codes (docs/offline-codes.md). Issuing locks the
 * cable's row: the position read, the code written and the position moved on happen under one
 * lock, so two issues at once never hand out one position twice or skip one, and the rate limit
 * counts codes under the same lock.
 */
export class CableService {
  /** The clock codes are stamped and rate-limited by (tests set their own). */
  clock: () => Date = () => new Date();

  constructor(
    private readonly db: Db,
    private readonly needs: AccessoriesNeeds,
    private readonly outletNames: OutletNames,
  ) {}

  count(f: CableFilter): Promise<number> {
    return deviceCount(this.db, accCable, f);
  }

  async rows(
    q: CableFilter & Pick<CableQuery, 'orderBy' | 'order'>,
    offset: number,
    limit: number,
  ): Promise<CableItem[]> {
    const col = q.orderBy === 'id' ? accCable.id : q.orderBy === 'position' ? accCable.position : accCable.createdAt;
    const rows = await this.db
      .select()
      .from(accCable)
      .where(deviceWhere(accCable, q))
      .orderBy((q.order === 'ascend' ? asc : desc)(col), asc(accCable.id))
      .limit(limit)
      .offset(offset);
    return this.items(rows);
  }

  private async items(rows: CableRow[]): Promise<CableItem[]> {
    if (!rows.length) return [];
    const names = await this.needs.models.names([
      ...new Set(rows.map((r) => r.modelId).filter((v): v is number => v !== null)),
    ]);
    const outlets = await this.outletNames.of(rows.map((r) => r.outletId));
    const last = await this.db
      .select({ cableId: accCableCode.cableId, at: sql<string>`max(${accCableCode.issuedAt})` })
      .from(accCableCode)
      .where(sql`${accCableCode.cableId} in ${rows.map((r) => r.id)}`)
      .groupBy(accCableCode.cableId);
    const lastAt = new Map(last.map((l) => [l.cableId, new Date(l.at).toISOString()]));
    return rows.map((r) => ({
      id: r.id,
      modelId: r.modelId,
      modelName: r.modelId === null ? null : (names.get(r.modelId) ?? null),
      outletId: r.outletId,
      outletName: r.outletId === null ? null : (outlets.get(r.outletId) ?? null),
      packages: r.packages,
      position: r.position,
      // Positions are issued one by one from 0, so the position is the count of codes issued.
      codesIssued: r.position,
      lastCodeTime: lastAt.get(r.id) ?? null,
      createTime: r.createdAt.toISOString(),
      updateTime: r.updatedAt.toISOString(),
    }));
  }

  async get(id: string): Promise<CableItem> {
    const rows = await this.db.select().from(accCable).where(eq(accCable.id, id));
    if (!rows.length) throw new AppError('NOT_FOUND');
    return (await this.items(rows))[0]!;
  }

  /** A new cable with its own secret; an ID already added is refused (the primary key decides). */
  async add(input: { deviceId: string; modelId: number; packages: PackageTier[] }, by: Actor): Promise<CableItem> {
    nameAuditTarget(input.deviceId);
    await checkModel(this.needs.models, input.modelId, 'cable');
    await checkPackageRange(this.needs.settings, input.packages);
    const inserted = await this.db
      .insert(accCable)
      .values({
        id: input.deviceId,
        modelId: input.modelId,
        packages: input.packages,
        secret: newSecret(),
        createdBy: by.id,
      })
      .onConflictDoNothing()
      .returning({ id: accCable.id })
      .catch((e: unknown) => {
        throw isUniqueViolation(e) ? new AppError('ACC_DEVICE_EXISTS') : e;
      });
    if (!inserted.length) throw new AppError('ACC_DEVICE_EXISTS');
    return this.get(input.deviceId);
  }

  /** New model and tiers; the secret and the ring position stay. */
  async update(input: { deviceId: string; modelId: number; packages: PackageTier[] }): Promise<CableItem> {
    nameAuditTarget(input.deviceId);
    await checkModel(this.needs.models, input.modelId, 'cable');
    await checkPackageRange(this.needs.settings, input.packages);
    const done = await this.db
      .update(accCable)
      .set({ modelId: input.modelId, packages: input.packages, updatedAt: new Date() })
      .where(eq(accCable.id, input.deviceId))
      .returning({ id: accCable.id });
    if (!done.length) throw new AppError('NOT_FOUND');
    return this.get(input.deviceId);
  }

  /** The code of a purchased duration (one of the cable's tiers) at the next position of its ring. */
  async issue(id: string, hours: number, by: Actor, db: Db = this.db): Promise<CableCodeItem> {
    nameAuditTarget(id);
    return this.next(
      id,
      by,
      (cable) => {
        if (!cable.packages.some((t) => t.hours === hours)) throw new AppError('ACC_PACKAGE_NOT_FOUND', { hours });
        return { hours, kind: 'issue' as const };
      },
      db,
    );
  }

  /** Seconds before the rate limit lets another code of this cable out (0: now); a read, the issue decides again under the lock. */
  async codeWait(id: string): Promise<number> {
    const now = this.clock();
    const recent = await this.db
      .select({ at: accCableCode.issuedAt })
      .from(accCableCode)
      .where(
        and(
          eq(accCableCode.cableId, id),
          gt(accCableCode.issuedAt, new Date(now.getTime() - CODE_RATE_WINDOW_SECONDS * 1000)),
        ),
      )
      .orderBy(asc(accCableCode.issuedAt));
    return rateWait(recent, now);
  }

  /** A new code for the duration of the last one, at the next position (the last stays valid until a later one is typed). */
  async reissue(id: string, by: Actor): Promise<CableCodeItem> {
    nameAuditTarget(id);
    return this.next(id, by, (_cable, last) => {
      if (!last) throw new AppError('ACC_NO_CODE_YET');
      return { hours: last.hours, kind: 'reissue' as const };
    });
  }

  private async next(
    id: string,
    by: Actor,
    decide: (
      cable: CableRow,
      last: typeof accCableCode.$inferSelect | undefined,
    ) => { hours: number; kind: 'issue' | 'reissue' },
    db: Db = this.db,
  ): Promise<CableCodeItem> {
    // Inside a caller's transaction (an order's) this is a savepoint of it: the code commits with the order.
    return inTransaction(db, async (tx) => {
      const [cable] = await tx.select().from(accCable).where(eq(accCable.id, id)).for('update');
      if (!cable) throw new AppError('NOT_FOUND');
      const now = this.clock();
      const since = new Date(now.getTime() - CODE_RATE_WINDOW_SECONDS * 1000);
      const recent = await tx
        .select({ at: accCableCode.issuedAt })
        .from(accCableCode)
        .where(and(eq(accCableCode.cableId, id), gt(accCableCode.issuedAt, since)))
        .orderBy(asc(accCableCode.issuedAt));
      const wait = rateWait(recent, now);
      if (wait > 0) throw new AppError('ACC_CODE_RATE_LIMITED', { seconds: wait });
      const [last] = await tx
        .select()
        .from(accCableCode)
        .where(eq(accCableCode.cableId, id))
        .orderBy(desc(accCableCode.position))
        .limit(1);
      const { hours, kind } = decide(cable, last);
      const position = cable.position;
      const [row] = await tx
        .insert(accCableCode)
        .values({
          cableId: id,
          position,
          hours,
          code: codeAt(cable.secret, position, hours),
          kind,
          issuedBy: by.id,
          issuedByName: by.name,
          issuedAt: now,
        })
        .returning();
      await tx
        .update(accCable)
        .set({ position: position + 1 })
        .where(eq(accCable.id, id));
      return codeItem(row!);
    });
  }

  async codes(cableId: string, pageNum: number, pageSize: number): Promise<PageResult<CableCodeItem>> {
    const [list, [total]] = await Promise.all([
      this.db
        .select()
        .from(accCableCode)
        .where(eq(accCableCode.cableId, cableId))
        .orderBy(desc(accCableCode.position))
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize),
      this.db.select({ n: count() }).from(accCableCode).where(eq(accCableCode.cableId, cableId)),
    ]);
    return { list: list.map(codeItem), total: Number(total!.n) };
  }

  /** The secret of a cable, for flashing the device (and for tests that act as the device). */
  async secretOf(id: string): Promise<string> {
    const [r] = await this.db.select({ secret: accCable.secret }).from(accCable).where(eq(accCable.id, id));
    if (!r) throw new AppError('NOT_FOUND');
    return r.secret;
  }
}

/** Seconds until the oldest code of the window leaves it when the window is full (then one more may be issued), else 0. */
function rateWait(recent: { at: Date }[], now: Date): number {
  if (recent.length < CODE_RATE_MAX) return 0;
  return Math.max(
    1,
    Math.ceil(
      (recent[recent.length - CODE_RATE_MAX]!.at.getTime() + CODE_RATE_WINDOW_SECONDS * 1000 - now.getTime()) / 1000,
    ),
  );
}

function codeItem(r: typeof accCableCode.$inferSelect): CableCodeItem {
  return {
    id: r.id,
    cableId: r.cableId,
    position: r.position,
    hours: r.hours,
    code: r.code,
    kind: r.kind as CableCodeItem['kind'],
    issuedBy: r.issuedByName,
    issueTime: r.issuedAt.toISOString(),
  };
}
