/**
 * Order separation's edge: the types other modules name in their needs (type-only imports; lint
 * allows `import type` of a module's ports.ts and nothing else of it). The values behind them are
 * the separation module's services, handed over by src/wiring/.
 */
import type { SeparationServices } from './index.js';

/** Order separation's part in a share, as the order engine calls it (none while the function is closed). */
export type SeparationForOrders = SeparationServices['forOrders'];
