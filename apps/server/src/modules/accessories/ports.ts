/**
 * The accessories module's edge: the types other modules name in their needs (type-only imports;
 * lint allows `import type` of a module's ports.ts and nothing else of it). The values behind them
 * are the accessories module's services, handed over by src/wiring/.
 */
export type { AccessoriesForOrders } from './order-port.js';
export type { RepairOperations } from './repair.operations.js';
