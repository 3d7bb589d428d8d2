import type { RefundReason } from '@cbo/contract';

/**
 * A refund request's reason as stored (issue 31): its preset, or "other" without one (the body
 * older clients send: text only), and its text ('' beside a preset given without text).
 */
export function reasonOf(req: { reasonCode?: RefundReason; reason?: string }): {
  reasonCode: RefundReason;
  reason: string;
} {
  return { reasonCode: req.reasonCode ?? 'other', reason: req.reason ?? '' };
}
