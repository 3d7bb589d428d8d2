import type { ApiError } from '../request';

/**
 * Forms sending right now, each answering whether it will show an error itself. The request
 * layer's error handler asks them before it raises a toast (`isClaimedByForm`), so an error shown
 * under its field is not shown twice. Kept apart from field-errors.ts (which reads the whole
 * error catalogue) because the error handler is on the sign-in screen's start-up path.
 */
const claims = new Set<(err: ApiError) => boolean>();

export function isClaimedByForm(err: ApiError): boolean {
  for (const claim of claims) if (claim(err)) return true;
  return false;
}

/** Registers a form's claim while it sends; returns the undo. */
export function claimErrors(claim: (err: ApiError) => boolean): () => void {
  claims.add(claim);
  return () => claims.delete(claim);
}
