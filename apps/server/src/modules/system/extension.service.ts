import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { ExtensionItem } from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Principal } from '../../platform/http/routes.js';
import type { ConfigService } from './config.service.js';
import { sysExtension } from './tables.js';

/**
 * Extended functions the product offers beyond plain rental ("expansion tools"). Each
 * is seeded closed; names are i18n keys the console translates. Other modules ask `isActive`.
 */
export const EXTENSIONS = [
  { code: 'depositFree', name: 'sysExtension.names.depositFree' },
  { code: 'coupons', name: 'sysExtension.names.coupons' },
  { code: 'membership', name: 'sysExtension.names.membership' },
  { code: 'orderSeparation', name: 'sysExtension.names.orderSeparation' },
  { code: 'cablePackages', name: 'sysExtension.names.cablePackages' },
  { code: 'bluetoothChargers', name: 'sysExtension.names.bluetoothChargers' },
  { code: 'advertising', name: 'sysExtension.names.advertising' },
] as const;

export class ExtensionService {
  constructor(
    private readonly db: Db,
    private readonly config: ConfigService,
  ) {}

  async seed(): Promise<void> {
    for (const e of EXTENSIONS) await this.db.insert(sysExtension).values(e).onConflictDoNothing();
  }

  /** The extension list (the list kit's source): how many match the status, and a slice of them. */
  async count(f: { status?: 'activated' | 'closed' }): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(sysExtension).where(f.status ? eq(sysExtension.status, f.status) : undefined);
    return Number(r!.n);
  }

  async rows(f: { status?: 'activated' | 'closed' }, offset: number, limit: number): Promise<ExtensionItem[]> {
    const where: SQL | undefined = f.status ? eq(sysExtension.status, f.status) : undefined;
    const rows = await this.db.select().from(sysExtension).where(where).orderBy(asc(sysExtension.id)).limit(limit).offset(offset);
    return rows.map(item);
  }

  /** Activation and re-activation need a ticket from a checked code; closing does not. */
  async editStatus(p: Principal, req: { id: number; status: 'activated' | 'closed'; ticket?: string }): Promise<ExtensionItem> {
    if (req.status === 'activated') await this.config.requireTicket(p, req.ticket);
    const [current] = await this.db.select().from(sysExtension).where(eq(sysExtension.id, req.id));
    if (!current) throw new AppError('NOT_FOUND');
    if (current.status === req.status) throw new AppError('EXTENSION_SAME_STATUS');
    const now = new Date();
    const [row] = await this.db
      .update(sysExtension)
      .set({ status: req.status, updatedBy: p.accountId, updatedAt: now, ...(req.status === 'activated' ? { activatedAt: now } : {}) })
      .where(and(eq(sysExtension.id, req.id), eq(sysExtension.status, current.status)))
      .returning();
    if (!row) throw new AppError('CONFLICT');
    return item(row);
  }

  async isActive(code: string): Promise<boolean> {
    const [row] = await this.db.select({ status: sysExtension.status }).from(sysExtension).where(eq(sysExtension.code, code));
    return row?.status === 'activated';
  }
}

function item(r: typeof sysExtension.$inferSelect): ExtensionItem {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    status: r.status as ExtensionItem['status'],
    activateTime: r.activatedAt?.toISOString() ?? null,
    updateTime: r.updatedAt.toISOString(),
  };
}
