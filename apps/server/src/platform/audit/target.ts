import { AsyncLocalStorage } from 'node:async_hooks';

/** What the service doing a change says about its target, for the change's operation-log entry. */
export interface AuditTarget {
  name?: string;
}

const scope = new AsyncLocalStorage<AuditTarget>();

/** Runs a request's handler with a place for its target's name (registerCall does it for every call). */
export function withAuditTarget<T>(target: AuditTarget, run: () => T): T {
  return scope.run(target, run);
}

/**
 * Names the target of the change being made (an account's user name, a role's name) in its
 * operation-log entry, as it reads now: the entry keeps the name after the target is renamed or
 * deleted. A service calls it where it has the target's row; outside a request it does nothing.
 */
export function nameAuditTarget(name: string | null | undefined): void {
  const target = scope.getStore();
  if (target && name) target.name = name.slice(0, 200);
}

/**
 * Names a change of several targets (a batch of cabinets, of withdrawals): their names in order,
 * as many as fit, the rest cut with an ellipsis.
 */
export function nameAuditTargets(names: readonly (string | null | undefined)[]): void {
  const text = [...new Set(names.filter((n): n is string => !!n))].join(', ');
  nameAuditTarget(text.length > 200 ? `${text.slice(0, 199)}…` : text);
}
