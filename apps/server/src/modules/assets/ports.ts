/**
 * The assets module's edge: the types other modules name in their needs (type-only imports; lint
 * allows `import type` of a module's ports.ts and nothing else of it). The values behind them are
 * the assets module's services, handed over by src/wiring/.
 */
import type { AssetRemoval } from './asset-removal.js';
import type { ModelService } from './model.service.js';
import type { StockService } from './stock.service.js';

export type { DeviceRowRemover } from './asset-removal.js';

/** Device models (model.service.ts): whether a device may be given one now, their names. */
export type Models = ModelService;

/** Stock movements (stock.service.ts): installs and removals with the outlets' bindings, cabinets stocked in. */
export type Stock = StockService;

/** The delete of a device's asset row (asset-removal.ts). */
export type AssetRemovals = AssetRemoval;
