/**
 * The system module's edge: the types other modules name in their needs (type-only imports; lint
 * allows `import type` of a module's ports.ts and nothing else of it). The values behind them are
 * the system module's services, handed over by src/wiring/.
 */
import type { ConfigService } from './config.service.js';
import type { ProblemTypeService } from './problem-type.service.js';

export type { ConfigGroup } from './config.service.js';

/**
 * The global configuration (config.service.ts): each group's settings, device payment
 * configurations. A group's shape is the contract's (`PayConfig`, `RangeConfig`, ...).
 */
export type Config = ConfigService;

/** The problem types repair tickets are filed under (problem-type.service.ts). */
export type ProblemTypes = ProblemTypeService;
