import { def, type ErrorDef } from '../platform/error-def.js';

/** Errors of the statistics domain: codes 1014xx. */
export const statsErrors = {
  STATS_TIME_ZONE: def(
    101401,
    'The time zone named for the buckets is not an IANA zone the server knows.',
    '时区无效：{zone}',
    '時區無效：{zone}',
    'Unknown time zone: {zone}',
  ),
} as const satisfies Record<string, ErrorDef>;
