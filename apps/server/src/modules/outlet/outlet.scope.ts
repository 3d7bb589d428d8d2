import { asc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { OutletNetwork } from './needs.js';
import { outOutlet } from './tables.js';

export type ScopeKind = 'all' | 'region' | 'agent' | 'outlet';

/** A statistics scope as the outlet module answers it: what it is called and the outlets in it now. */
export interface OutletScopeAnswer {
  kind: ScopeKind;
  id: number | null;
  name: string | null;
  outlets: { id: number; name: string }[];
}

/**
 * Statistics scopes (Operational data, issue 16): everything, one region, one agent or one outlet,
 * answered as the outlets in it now (a region's outlets by their region, an agent's by their
 * agent), so the statistics module filters its rollups by outlet. An unknown region, agent or
 * outlet is refused (STATS_REGION_NOT_FOUND, STATS_AGENT_NOT_FOUND, STATS_OUTLET_NOT_FOUND); more than one at
 * once too (STATS_SCOPE_ONE). Every statistics call that takes a scope (order figures, operational
 * data, financial data, operation report) resolves it here.
 */
export class OutletScope {
  constructor(
    private readonly db: Db,
    private readonly network: Pick<OutletNetwork, 'names'>,
  ) {}

  async resolve(q: { regionId?: number; agentId?: number; outletId?: number }): Promise<OutletScopeAnswer> {
    const given = (['regionId', 'agentId', 'outletId'] as const).filter((k) => q[k] !== undefined);
    if (given.length > 1) throw new AppError('STATS_SCOPE_ONE');
    const list = (where?: SQL) =>
      this.db
        .select({ id: outOutlet.id, name: outOutlet.name })
        .from(outOutlet)
        .where(where)
        .orderBy(asc(outOutlet.id));
    if (q.outletId !== undefined) {
      const rows = await list(eq(outOutlet.id, q.outletId));
      if (!rows.length) throw new AppError('STATS_OUTLET_NOT_FOUND');
      return { kind: 'outlet', id: q.outletId, name: rows[0]!.name, outlets: rows };
    }
    for (const [kind, id] of [
      ['region', q.regionId],
      ['agent', q.agentId],
    ] as const) {
      if (id === undefined) continue;
      const name = (await this.network.names(kind, [id])).get(id);
      if (name === undefined)
        throw new AppError(kind === 'region' ? 'STATS_REGION_NOT_FOUND' : 'STATS_AGENT_NOT_FOUND');
      return {
        kind,
        id,
        name,
        outlets: await list(eq(kind === 'region' ? outOutlet.regionId : outOutlet.agentId, id)),
      };
    }
    return { kind: 'all', id: null, name: null, outlets: await list() };
  }
}
