import type { CallName } from '@cbo/contract';

/**
 * Query keys are the call name, then its input: `['loginLogQueryPage', { pageNum: 1, ... }]`.
 * Invalidating `[name]` refreshes every cached page of that call, wherever it is shown
 * (the export centre invalidates `['exportLogList']`, a saved form its list call).
 */
export function callKey<K extends CallName>(name: K, input?: unknown): readonly unknown[] {
  return input === undefined ? [name] : [name, input];
}
