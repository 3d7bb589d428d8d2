/**
 * The outlet module's edge: the types other modules name in their needs (type-only imports; lint
 * allows `import type` of a module's ports.ts and nothing else of it). The values behind them are
 * the outlet module's services, handed over by src/wiring/.
 */
import type { OutletService } from './outlet.service.js';
import type { OutletScope } from './outlet.scope.js';

/** Outlets (outlet.service.ts): the records, their binding to devices, what the rental engine and the network ask. */
export type Outlets = OutletService;

/** What the rental engine needs of an outlet: its status, billing rule and who shares its orders. */
export type OutletForOrder = NonNullable<Awaited<ReturnType<OutletService['forOrder']>>>;

/** The outlet as the rental engine uses it: the outlet of an order and the recovery of its cost at a settle. */
export type OutletsForOrders = Pick<OutletService, 'forOrder' | 'recoverCost'>;

/** Facts about outlets the network module shows or checks (`outlets.facts`). */
export type OutletFacts = OutletService['facts'];

/** Scopes of outlets (outlet.scope.ts): a region's, an agent's or one outlet, resolved to its outlets. */
export type OutletScopes = OutletScope;
