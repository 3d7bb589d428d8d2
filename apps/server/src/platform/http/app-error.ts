import { Errors, type ErrorName } from '@cbo/contract';

/**
 * A failure the caller should see: a catalogue name and the values for its message.
 * Thrown anywhere below a route; the one error handler turns it into the envelope in the
 * caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly errorName: ErrorName,
    readonly params?: Record<string, unknown>,
    /**
     * The refusal's own bookkeeping must stand: what the request wrote before refusing (a counted
     * wrong guess) commits with the refusal instead of rolling back. Only for refusals whose
     * writes are exactly that bookkeeping.
     */
    readonly opts: { keep?: boolean } = {},
  ) {
    super(errorName);
    this.name = 'AppError';
  }
  get code(): number {
    return Errors[this.errorName].code;
  }
}

/** HTTP status that goes with a code; the envelope's code is what the console reads. */
export function httpStatusOf(name: ErrorName): number {
  switch (name) {
    case 'NOT_SIGNED_IN':
    case 'SESSION_EXPIRED':
    case 'SIGNED_IN_ELSEWHERE':
    case 'ACCOUNT_FROZEN':
      return 401;
    case 'FORBIDDEN':
      return 403;
    case 'NOT_FOUND':
      return 404;
    case 'CONFLICT':
      return 409;
    case 'PAYLOAD_TOO_LARGE':
      return 413;
    case 'TOO_FREQUENT':
    case 'RATE_LIMITED':
    case 'LOGIN_LOCKED':
    case 'CODE_TOO_FREQUENT':
    case 'SMS_NUMBER_DAILY':
    case 'SMS_ADDRESS_LIMIT':
    case 'SMS_PAUSED':
    case 'EXPORT_BUSY':
      return 429;
    case 'INTERNAL':
      return 500;
    default:
      return 400;
  }
}
