import dayjs, { type Dayjs } from 'dayjs';
import {
  MAX_RANGE_DAYS,
  errorMessage,
  refundAmountRequest,
  type Lang,
  type OrderDetail,
  type OrderItem,
  type OrderStatus,
  type OrderTimelineEntry,
  type RefundItem,
} from '@cbo/contract';

/**
 * What the order screens decide without asking the server: which staff actions an order offers,
 * how much of it may be refunded, and the range the archive of older orders reads. The server
 * decides again (it is the one that refuses); these keep the console from offering what it
 * would refuse.
 */

export type OrderAction = 'end' | 'suspend' | 'refund' | 'init';

/** States an order can still be initialised from (spec 4; ORDER_CANNOT_INIT: not finished or closed). */
const INIT_FROM: readonly OrderStatus[] = ['ejecting', 'using', 'pendingPayment', 'awaitingDeduction', 'refundFailed'];

/** What may still be refunded of an order: paid less refunded, never below 0 (spec 5). */
export function refundableOf(o: Pick<OrderItem, 'paidAmount' | 'refundAmount'>): number {
  return Math.max(0, o.paidAmount - o.refundAmount);
}

/** The staff actions an order in its state offers (each also needs its permission). */
export function actionsFor(
  o: Pick<OrderItem, 'status' | 'paidAmount' | 'refundAmount'> & { archived?: boolean },
): OrderAction[] {
  const out: OrderAction[] = [];
  // ORDER_ARCHIVED: an order older than 30 days is read-only.
  if (o.archived) return out;
  // spec 4: ending and suspending apply only while using.
  if (o.status === 'using') out.push('end', 'suspend');
  // ORDER_REFUND_NOT_ALLOWED: something paid and no refund running now.
  if (o.status !== 'refunding' && refundableOf(o) > 0) out.push('refund');
  if (INIT_FROM.includes(o.status)) out.push('init');
  return out;
}

/**
 * Where an order refund stands in its review: null when it is not waiting for one (decided, or a
 * deposit refund, reviewed in the deposit screen); 'only' when one approval sends it; 'first' or
 * 'second' of two (above the second-approval threshold).
 */
export function approvalStep(
  r: Pick<RefundItem, 'status' | 'type' | 'approvalsNeeded' | 'approvals'>,
): 'only' | 'first' | 'second' | null {
  if (r.status !== 'initiated' || r.type === 'deposit') return null;
  if (r.approvalsNeeded < 2) return 'only';
  return r.approvals.length === 0 ? 'first' : 'second';
}

/**
 * Whether an account may review a refund (issue 31, maker-checker): it holds the review permission,
 * the refund waits for a review, the account did not apply for it, and for the second of two
 * approvals it did not give the first. The server refuses the same (REFUND_OWN_APPLICATION,
 * REFUND_SAME_APPROVER); this only keeps a button from being offered that would be refused.
 */
export function canReviewRefund(
  r: Pick<RefundItem, 'status' | 'type' | 'approvalsNeeded' | 'approvals' | 'creatorId'>,
  me: number | null | undefined,
  hasPermission: boolean,
): boolean {
  const step = approvalStep(r);
  if (!hasPermission || step === null) return false;
  // The account not known yet (the session loads first in the console): the server decides.
  if (me === null || me === undefined) return true;
  if (r.creatorId === me) return false;
  return step !== 'second' || r.approvals[0]?.accountId !== me;
}

/** Refund states the payment company moves on without staff: the records list asks again while a row is in one. */
const REFUND_MOVING: readonly RefundItem['status'][] = ['approved', 'refunding'];
/** How often the refund records ask again while a refund shown is on its way (the company answers within seconds). */
export const REFUND_REFRESH_MS = 5_000;
export function refundListRefreshInterval(rows: readonly Pick<RefundItem, 'status'>[]): number | false {
  return rows.some((r) => REFUND_MOVING.includes(r.status)) ? REFUND_REFRESH_MS : false;
}

/**
 * Why a refund amount (smallest units) is refused, in a language, or null when it may be sent:
 * the contract's own rule (a whole amount above 0), then not above what is refundable.
 */
export function refundAmountProblem(
  amount: number | null | undefined,
  refundable: number,
  lang: Lang,
  formatRefundable: (v: number) => string,
): string | null {
  const parsed = refundAmountRequest.shape.amount.safeParse(amount ?? undefined);
  if (!parsed.success || amount === null || amount === undefined)
    return errorMessage('ORDER_REFUND_AMOUNT', lang, { refundable: formatRefundable(refundable) });
  if (amount > refundable)
    return errorMessage('ORDER_REFUND_AMOUNT', lang, { refundable: formatRefundable(refundable) });
  return null;
}

/**
 * The archive's default range: the 30 days that end where "the last 30 days" begin (spec 5: a
 * query never mixes older and newer data, and spans at most 30 days).
 */
export function archiveDefaultRange(now: Dayjs = dayjs()): [Dayjs, Dayjs] {
  const end = now.subtract(MAX_RANGE_DAYS, 'day').startOf('day').subtract(1, 'second');
  return [end.subtract(MAX_RANGE_DAYS, 'day').add(1, 'second').startOf('day'), end];
}

/** Whether a picked range reaches into the last 30 days (the archive holds only older orders). */
export function reachesRecent(
  range: readonly (Dayjs | null | undefined)[] | null | undefined,
  now: Dayjs = dayjs(),
): boolean {
  const end = range?.[1];
  if (!end) return false;
  return end.isAfter(now.subtract(MAX_RANGE_DAYS, 'day'));
}

/** How often an open order detail asks again: while something may still happen to the order on its own. */
export const DETAIL_REFRESH_MS = 5_000;
/** States that change without staff (the cabinet, the customer or the payment company moves them on). */
const MOVING: readonly OrderStatus[] = ['ejecting', 'using', 'pendingPayment', 'awaitingDeduction', 'refunding'];

/**
 * The detail's refresh interval: every DETAIL_REFRESH_MS while the order is moving (a power bank
 * out, a payment or refund on its way), never once it is final or archived.
 */
export function detailRefreshInterval(
  o: (Pick<OrderDetail, 'status' | 'archived'> & Partial<Pick<OrderDetail, 'authState'>>) | undefined,
): number | false {
  if (!o || o.archived) return false;
  // A deposit-free order ended or closed whose authorization is still frozen: its release is on its way.
  const releasing = o.authState === 'authorized' && (o.status === 'finished' || o.status === 'closed');
  return MOVING.includes(o.status) || releasing ? DETAIL_REFRESH_MS : false;
}

/** The timeline oldest first; events of the same instant keep the server's order. */
export function timelineInOrder(entries: readonly OrderTimelineEntry[]): OrderTimelineEntry[] {
  return entries
    .map((e, i) => ({ e, i, t: Date.parse(e.time) }))
    .sort((a, b) => a.t - b.t || a.i - b.i)
    .map((x) => x.e);
}

type Translate = (key: string, params?: Record<string, unknown>) => string;

/**
 * A timeline entry's actor and note in the reader's language. The server writes a few notes in fixed
 * shapes (order.engine.ts, accessory-orders.ts, order.refunds.ts): "slot 3 PB…", "12 min", "24 h",
 * "Cable 24 h, position 5", "30 min: reason", "prepayment used up", "1/2"; each is put in words here.
 * Anything else (a reason typed by a person, a payment reference) is shown as it was written.
 */
export function timelineNote(e: Pick<OrderTimelineEntry, 'event' | 'actor' | 'note'>, t: Translate): string {
  const actor = e.actor === 'system' ? t('timelineNote.system') : e.actor;
  let note = e.note;
  if (note) {
    let m: RegExpMatchArray | null;
    if (e.event === 'ejectSent' && (m = note.match(/^slot (\d+) (\S+)$/)))
      note = t('timelineNote.slot', { slot: m[1], powerBank: m[2] });
    else if (e.event === 'fee' && (m = note.match(/^(\d+) min$/)))
      note = t('timelineNote.minutes', { count: Number(m[1]) });
    else if (e.event === 'fee' && (m = note.match(/^(\d+) h$/)))
      note = t('timelineNote.hours', { count: Number(m[1]) });
    else if (e.event === 'codeIssued' && (m = note.match(/^(.*) (\d+) h, position (\d+)$/)))
      note = t('timelineNote.package', { name: m[1], hours: m[2], position: m[3] });
    else if (e.event === 'suspended' && (m = note.match(/^(\d+) min: (.*)$/s)))
      note = t('timelineNote.suspended', { minutes: m[1], reason: m[2] });
    else if (e.event === 'ended' && note === 'prepayment used up') note = t('timelineNote.prepaymentUsedUp');
    else if (e.event === 'refundApproved' && (m = note.match(/^([12])\/2$/)))
      note = t('timelineNote.approval', { n: m[1] });
    else if (e.event === 'memberDeducted') note = t('timelineNote.memberLevel', { level: note });
    else if (e.event === 'couponUsed' && /^\d+$/.test(note)) note = t('timelineNote.coupon', { id: note });
  }
  return [actor, note].filter(Boolean).join(' · ');
}

/** Tag colours of the order states: running blue, money owed orange, done green, stopped grey, refund trouble red. */
export const STATUS_COLOR: Record<OrderStatus, string> = {
  ejecting: 'processing',
  using: 'blue',
  pendingPayment: 'orange',
  awaitingDeduction: 'gold',
  finished: 'success',
  closed: 'default',
  refunding: 'purple',
  refundFailed: 'error',
};
