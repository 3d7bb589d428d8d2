import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { VoucherAddRequest, VoucherItem, VoucherQuery, VoucherUpdateRequest } from '@cbo/contract';
import { isUniqueViolation, type Db } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import { AppError } from '../../platform/http/app-error.js';
import type { VoucherNeeds } from './needs.js';
import { vchOrder, vchVoucher } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

type VoucherRow = typeof vchVoucher.$inferSelect;
type VoucherFilter = Omit<VoucherQuery, 'pageNum' | 'pageSize'>;

/** A voucher's terms as its form gives them: an add and an edit write the same columns. */
function termsOf(req: VoucherAddRequest, scopeId: number | null) {
  return {
    name: req.name,
    price: req.price,
    freeMinutes: req.freeMinutes,
    uses: req.uses,
    validDays: req.validDays,
    stock: req.stock,
    scopeType: req.scopeType,
    scopeId,
    status: req.status,
  };
}

/** Vouchers on sale: staff create and edit them; the list, the detail, and what the app offers at an outlet. */
export class VoucherService {
  constructor(
    private readonly db: Db,
    private readonly needs: VoucherNeeds,
  ) {}

  private where(f: VoucherFilter): SQL | undefined {
    const c: SQL[] = [];
    if (f.name) c.push(ilike(vchVoucher.name, containing(f.name)));
    if (f.status) c.push(eq(vchVoucher.status, f.status));
    if (f.scopeType) c.push(eq(vchVoucher.scopeType, f.scopeType));
    return c.length ? and(...c) : undefined;
  }

  async count(f: VoucherFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(vchVoucher).where(this.where(f));
    return Number(r!.n);
  }

  async rows(f: VoucherFilter, offset: number, limit: number): Promise<VoucherItem[]> {
    const rows = await this.db
      .select()
      .from(vchVoucher)
      .where(this.where(f))
      .orderBy(desc(vchVoucher.createdAt), desc(vchVoucher.id))
      .limit(limit)
      .offset(offset);
    return this.items(rows);
  }

  async detail(id: number): Promise<VoucherItem> {
    const [row] = await this.db.select().from(vchVoucher).where(eq(vchVoucher.id, id));
    if (!row) throw new AppError('VOUCHER_NOT_FOUND');
    return (await this.items([row]))[0]!;
  }

  async add(req: VoucherAddRequest, opts: { simulated?: boolean } = {}): Promise<VoucherItem> {
    nameAuditTarget(req.name);
    const scopeId = await this.checkScope(req);
    await this.nameFree(req.name);
    try {
      const [row] = await this.db
        .insert(vchVoucher)
        .values({ ...termsOf(req, scopeId), simulated: opts.simulated ?? false })
        .returning();
      return (await this.items([row!]))[0]!;
    } catch (err) {
      if (isUniqueViolation(err, 'vch_voucher_name_uq')) throw new AppError('VOUCHER_NAME_TAKEN');
      throw err;
    }
  }

  /** Edits a voucher; the passes sold keep their copy of the terms, and the stock never goes below what was sold (decided in the update). */
  async update(req: VoucherUpdateRequest): Promise<VoucherItem> {
    nameAuditTarget(req.name);
    const scopeId = await this.checkScope(req);
    await this.nameFree(req.name, req.id);
    try {
      const [row] = await this.db
        .update(vchVoucher)
        .set({ ...termsOf(req, scopeId), updatedAt: new Date() })
        .where(and(eq(vchVoucher.id, req.id), sql`${vchVoucher.sold} <= ${req.stock}`))
        .returning();
      if (!row) {
        const [was] = await this.db.select({ sold: vchVoucher.sold }).from(vchVoucher).where(eq(vchVoucher.id, req.id));
        throw was ? new AppError('VOUCHER_STOCK_BELOW_SOLD', { sold: was.sold }) : new AppError('VOUCHER_NOT_FOUND');
      }
      return (await this.items([row]))[0]!;
    } catch (err) {
      if (isUniqueViolation(err, 'vch_voucher_name_uq')) throw new AppError('VOUCHER_NAME_TAKEN');
      throw err;
    }
  }

  /** The vouchers on sale, with some left, that hold at this place (the platform's, its agents', its outlet's). */
  async onSaleAt(place: { outletId: number; agentIds: number[] }): Promise<VoucherRow[]> {
    return this.db
      .select()
      .from(vchVoucher)
      .where(
        and(eq(vchVoucher.status, 'onSale'), sql`${vchVoucher.sold} < ${vchVoucher.stock}`, holdsAt(vchVoucher, place)),
      )
      .orderBy(asc(vchVoucher.price), asc(vchVoucher.id));
  }

  private async nameFree(name: string, id?: number): Promise<void> {
    const [r] = await this.db
      .select({ id: vchVoucher.id })
      .from(vchVoucher)
      .where(and(eq(vchVoucher.name, name), id ? ne(vchVoucher.id, id) : undefined));
    if (r) throw new AppError('VOUCHER_NAME_TAKEN');
  }

  private async checkScope(req: { scopeType: string; scopeId?: number | null }): Promise<number | null> {
    if (req.scopeType === 'platform') return null;
    const id = req.scopeId!;
    const names = await this.needs.scopeNames(req.scopeType as 'agent' | 'outlet', [id]);
    if (!names.has(id)) throw new AppError('VOUCHER_SCOPE_NOT_FOUND');
    return id;
  }

  private async items(rows: VoucherRow[]): Promise<VoucherItem[]> {
    const ids = (kind: string) => rows.flatMap((r) => (r.scopeType === kind && r.scopeId ? [r.scopeId] : []));
    const [agents, outlets] = await Promise.all([
      this.needs.scopeNames('agent', ids('agent')),
      this.needs.scopeNames('outlet', ids('outlet')),
    ]);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      price: r.price,
      freeMinutes: r.freeMinutes,
      uses: r.uses,
      validDays: r.validDays,
      stock: r.stock,
      sold: r.sold,
      scopeType: r.scopeType as VoucherItem['scopeType'],
      scopeId: r.scopeId,
      scopeName: r.scopeId ? ((r.scopeType === 'agent' ? agents : outlets).get(r.scopeId) ?? null) : null,
      status: r.status as VoucherItem['status'],
      createTime: r.createdAt.toISOString(),
    }));
  }
}

/** A voucher's (or a pass's) scope holds at this place: the platform's, one of its agents', or its outlet's. */
export function holdsAt(
  t: typeof vchVoucher | typeof vchOrder,
  place: { outletId: number | null; agentIds: number[] },
): SQL {
  return or(
    eq(t.scopeType, 'platform'),
    place.outletId ? and(eq(t.scopeType, 'outlet'), eq(t.scopeId, place.outletId)) : undefined,
    place.agentIds.length ? and(eq(t.scopeType, 'agent'), inArray(t.scopeId, place.agentIds)) : undefined,
  )!;
}
