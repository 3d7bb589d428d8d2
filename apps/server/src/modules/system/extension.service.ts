import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { EXTENSION_CODES, labels, type ExtensionCode, type ExtensionItem } from '@cbo/contract';
import { query, type Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Principal } from '../../platform/http/routes.js';
import type { ConfigService } from './config.service.js';
import type { ConfigGroup, GroupValue } from './config.defaults.js';
import { sysExtension, sysParam } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

/**
 * Extended functions the product offers beyond plain rental ("expansion tools"). Each
 * is seeded closed; names are i18n keys the console translates. What each one gates is
 * EXTENSION_GATES (the contract); the guard, the menus and the order engine ask `isActive`.
 */
export const EXTENSIONS = EXTENSION_CODES.map((code) => ({ code, name: `sysExtension.names.${code}` }));

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
    const [r] = await this.db
      .select({ n: count() })
      .from(sysExtension)
      .where(f.status ? eq(sysExtension.status, f.status) : undefined);
    return Number(r!.n);
  }

  async rows(f: { status?: 'activated' | 'closed' }, offset: number, limit: number): Promise<ExtensionItem[]> {
    const where: SQL | undefined = f.status ? eq(sysExtension.status, f.status) : undefined;
    const rows = await this.db
      .select()
      .from(sysExtension)
      .where(where)
      .orderBy(asc(sysExtension.id))
      .limit(limit)
      .offset(offset);
    return rows.map(item);
  }

  /** Activation and re-activation need a ticket from a checked code; closing does not. */
  async editStatus(
    p: Principal,
    req: { id: number; status: 'activated' | 'closed'; ticket?: string },
  ): Promise<ExtensionItem> {
    if (req.status === 'activated') await this.config.requireTicket(p, req.ticket);
    const [current] = await this.db.select().from(sysExtension).where(eq(sysExtension.id, req.id));
    if (!current) throw new AppError('NOT_FOUND');
    // The function by its label's address: the operation log shows its name in the reader's language.
    nameAuditTarget(`system.extensionName.${current.code}`);
    if (current.status === req.status) throw new AppError('EXTENSION_SAME_STATUS');
    const now = new Date();
    const [row] = await this.db
      .update(sysExtension)
      .set({
        status: req.status,
        updatedBy: p.accountId,
        updatedAt: now,
        ...(req.status === 'activated' ? { activatedAt: now } : {}),
      })
      .where(and(eq(sysExtension.id, req.id), eq(sysExtension.status, current.status)))
      .returning();
    if (!row) throw new AppError('CONFLICT');
    return item(row);
  }

  /**
   * Whether a function is activated now. Read on every ask, never cached: one indexed row, asked
   * only by the calls of the function and once per settle; two server processes on one database
   * then never disagree, and a switch is seen by the next request of every process. Pass the
   * settle's transaction so the decision is read with the order's own writes.
   */
  async isActive(code: ExtensionCode, db: Pick<Db, 'select'> = this.db): Promise<boolean> {
    const [row] = await db
      .select({ status: sysExtension.status })
      .from(sysExtension)
      .where(eq(sysExtension.code, code));
    return activated(row?.status);
  }

  /**
   * Whether an extended function is activated, and a settings group beside it, by one statement (the settle asks
   * both of every return; two statements before). Read on every ask, like `isActive` and `config.read`: nothing is
   * cached, so two server processes never disagree.
   */
  async isActiveWith<G extends ConfigGroup>(
    code: ExtensionCode,
    group: G,
  ): Promise<{ active: boolean; values: GroupValue<G> }> {
    const [row] = await query<{ params: Record<string, string | null> | null; status: string | null }>(
      this.db,
      sql`select (select json_object_agg(${sysParam.paramKey}, ${sysParam.paramValue}) from ${sysParam}
                  where ${sysParam.paramType} = ${group}) as params,
                 (select ${sysExtension.status} from ${sysExtension} where ${sysExtension.code} = ${code}) as status`,
    );
    return {
      active: activated(row?.status),
      values: this.config.valuesOf(group, new Map(Object.entries(row?.params ?? {}))),
    };
  }

  /** The functions activated now (one read of the seven rows): what the menus are filtered by. */
  async activeCodes(): Promise<Set<string>> {
    const rows = await this.db
      .select({ code: sysExtension.code })
      .from(sysExtension)
      .where(eq(sysExtension.status, 'activated'));
    return new Set(rows.map((r) => r.code));
  }

  /** Refuses with EXTENSION_CLOSED (the function named in the caller's language) unless activated. */
  async require(code: ExtensionCode, db?: Pick<Db, 'select'>): Promise<void> {
    if (!(await this.isActive(code, db)))
      throw new AppError('EXTENSION_CLOSED', { name: labels.system.extensionName[code] });
  }

  /**
   * Activates functions without a code ticket: only the server itself does this (the demo network
   * activates what it uses, tests what they use), never a call. A function already activated is left
   * as it is (the same conditional update as editStatus).
   */
  async activate(codes: readonly ExtensionCode[]): Promise<void> {
    if (!codes.length) return;
    const now = new Date();
    await this.db
      .update(sysExtension)
      .set({ status: 'activated', activatedAt: now, updatedAt: now })
      .where(and(inArray(sysExtension.code, [...codes]), eq(sysExtension.status, 'closed')));
  }

  /** Closes functions without a call (tests of the closed state). */
  async close(codes: readonly ExtensionCode[]): Promise<void> {
    if (!codes.length) return;
    await this.db
      .update(sysExtension)
      .set({ status: 'closed', updatedAt: new Date() })
      .where(and(inArray(sysExtension.code, [...codes]), eq(sysExtension.status, 'activated')));
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

/** What "activated" means for an extended function's stored status: the one place of that rule. */
function activated(status: string | null | undefined): boolean {
  return status === 'activated';
}
