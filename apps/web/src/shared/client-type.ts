import type { ClientType } from '@cbo/contract';

/**
 * The console's terminal, sent as ClientType and in the live channel's query.
 * It equals the contract's CONSOLE_CLIENT_TYPE (client-type.test.ts checks it); it is written
 * here because the contract's auth module builds its schemas when loaded, and importing it from
 * start-up code would put the whole validation library into the login screen's first bundle.
 */
export const CLIENT_TYPE = 'MANAGE_PC' satisfies ClientType;
