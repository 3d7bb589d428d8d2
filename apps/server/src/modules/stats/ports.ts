/**
 * The statistics module's edge: the types other modules name when they hand it something (type-only
 * imports; lint allows `import type` of a module's ports.ts and nothing else of it).
 */
export type { ActionProvider } from './needs.js';
