import type { ErrorDef } from '../error-def.js';

/** Errors of the system module (settings, extended functions, scenes, problem types): codes 1002xx. */
export const systemErrors = {} as const satisfies Record<string, ErrorDef>;
