import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { ORDER_STATUSES, type OrderTimelineEntry, type RefundItem } from '@cbo/contract';
import {
  REFUND_REFRESH_MS,
  actionsFor,
  approvalStep,
  canReviewRefund,
  detailRefreshInterval,
  refundListRefreshInterval,
  archiveDefaultRange,
  reachesRecent,
  refundAmountProblem,
  refundableOf,
  timelineInOrder,
  timelineNote,
} from './order-rules';

const fmt = (v: number) => (v / 100).toFixed(2);

describe('where a refund stands in its review', () => {
  const r: Pick<RefundItem, 'status' | 'type' | 'approvalsNeeded' | 'approvals'> = {
    status: 'initiated',
    type: 'order',
    approvalsNeeded: 1,
    approvals: [],
  };
  it('one approval below the threshold; first and second above it; nothing once decided or for a deposit refund', () => {
    expect(approvalStep(r)).toBe('only');
    expect(approvalStep({ ...r, approvalsNeeded: 2 })).toBe('first');
    expect(
      approvalStep({ ...r, approvalsNeeded: 2, approvals: [{ by: 'a', time: '2026-11-26T10:00:00Z', accountId: 2 }] }),
    ).toBe('second');
    expect(approvalStep({ ...r, type: 'deposit' })).toBeNull();
    for (const status of ['approved', 'rejected', 'refunding', 'complete', 'failed'] as const)
      expect(approvalStep({ ...r, status })).toBeNull();
  });
});

describe('who is offered the review of a refund (maker-checker)', () => {
  const r: Pick<RefundItem, 'status' | 'type' | 'approvalsNeeded' | 'approvals' | 'creatorId'> = {
    status: 'initiated',
    type: 'order',
    approvalsNeeded: 1,
    approvals: [],
    creatorId: 5,
  };
  it('never its requester, whatever the amount; never the first approver for the second approval; never without the permission', () => {
    expect(canReviewRefund(r, 7, true)).toBe(true);
    expect(canReviewRefund(r, 5, true)).toBe(false);
    expect(canReviewRefund(r, 7, false)).toBe(false);
    const second = { ...r, approvalsNeeded: 2, approvals: [{ by: 'bob', time: '2026-11-26T10:00:00Z', accountId: 7 }] };
    expect(canReviewRefund(second, 7, true)).toBe(false);
    expect(canReviewRefund(second, 5, true)).toBe(false);
    expect(canReviewRefund(second, 8, true)).toBe(true);
    expect(canReviewRefund({ ...r, status: 'approved' }, 7, true)).toBe(false);
    expect(canReviewRefund({ ...r, type: 'deposit', creatorId: null }, 7, true)).toBe(false);
  });
});

describe('the refund records ask again while a refund is on its way', () => {
  it('every few seconds while a row is approved or at the payment company, never once all are final', () => {
    expect(refundListRefreshInterval([{ status: 'complete' }, { status: 'refunding' }])).toBe(REFUND_REFRESH_MS);
    expect(refundListRefreshInterval([{ status: 'approved' }])).toBe(REFUND_REFRESH_MS);
    expect(
      refundListRefreshInterval([
        { status: 'complete' },
        { status: 'initiated' },
        { status: 'failed' },
        { status: 'rejected' },
      ]),
    ).toBe(false);
    expect(refundListRefreshInterval([])).toBe(false);
  });
});

describe('staff actions an order offers', () => {
  it('ends and suspends only a using order (spec 4)', () => {
    for (const status of ORDER_STATUSES) {
      const offered = actionsFor({ status, paidAmount: 0, refundAmount: 0 });
      expect(offered.includes('end'), status).toBe(status === 'using');
      expect(offered.includes('suspend'), status).toBe(status === 'using');
    }
  });

  it('refunds what was paid and not yet refunded, never while a refund runs', () => {
    expect(actionsFor({ status: 'finished', paidAmount: 300, refundAmount: 0 })).toContain('refund');
    expect(actionsFor({ status: 'finished', paidAmount: 300, refundAmount: 300 })).not.toContain('refund');
    expect(actionsFor({ status: 'finished', paidAmount: 0, refundAmount: 0 })).not.toContain('refund');
    expect(actionsFor({ status: 'refunding', paidAmount: 300, refundAmount: 100 })).not.toContain('refund');
    expect(actionsFor({ status: 'refundFailed', paidAmount: 300, refundAmount: 100 })).toContain('refund');
  });

  it('initialises an order not yet finished or closed', () => {
    expect(actionsFor({ status: 'ejecting', paidAmount: 0, refundAmount: 0 })).toContain('init');
    expect(actionsFor({ status: 'awaitingDeduction', paidAmount: 0, refundAmount: 0 })).toContain('init');
    expect(actionsFor({ status: 'finished', paidAmount: 0, refundAmount: 0 })).not.toContain('init');
    expect(actionsFor({ status: 'closed', paidAmount: 0, refundAmount: 0 })).not.toContain('init');
  });
});

describe('refund amount (spec 5: above 0, not above what was paid)', () => {
  it('is refundable up to paid less refunded', () => {
    expect(refundableOf({ paidAmount: 500, refundAmount: 200 })).toBe(300);
    expect(refundableOf({ paidAmount: 100, refundAmount: 150 })).toBe(0);
  });

  it('accepts 1 up to the refundable amount', () => {
    expect(refundAmountProblem(1, 300, 'en_US', fmt)).toBeNull();
    expect(refundAmountProblem(300, 300, 'en_US', fmt)).toBeNull();
  });

  it("refuses 0, nothing, a fraction of a cent and more than is left, with the server's own words", () => {
    for (const bad of [0, -5, null, 1.5])
      expect(refundAmountProblem(bad, 300, 'en_US', fmt)).toBe(
        'The refund amount must be more than 0 and at most the refundable amount (3.00)',
      );
    expect(refundAmountProblem(301, 300, 'zh_CN', fmt)).toBe('退款金额须大于 0 且不超过可退金额（3.00）');
    expect(refundAmountProblem(301, 300, 'zh_TW', fmt)).toBe('退款金額須大於 0 且不超過可退金額（3.00）');
  });
});

describe('the archive of orders older than 30 days (spec 5)', () => {
  const now = dayjs('2026-11-23T17:00:00');

  it('defaults to the 30 days before the last 30, never mixing the two', () => {
    const [begin, end] = archiveDefaultRange(now);
    expect(end.isBefore(now.subtract(30, 'day'))).toBe(true);
    expect(end.diff(begin, 'day', true)).toBeLessThanOrEqual(30);
    expect(reachesRecent([begin, end], now)).toBe(false);
  });

  it('sees a range that reaches into the last 30 days', () => {
    expect(reachesRecent([now.subtract(40, 'day'), now.subtract(20, 'day')], now)).toBe(true);
    expect(reachesRecent([now.subtract(40, 'day'), now.subtract(31, 'day')], now)).toBe(false);
    expect(reachesRecent(null, now)).toBe(false);
  });
});

describe('the order timeline', () => {
  it('reads oldest first and keeps the server order of one instant', () => {
    const e = (time: string, event: OrderTimelineEntry['event']): OrderTimelineEntry => ({
      time,
      event,
      amount: null,
      actor: null,
      note: null,
    });
    const sorted = timelineInOrder([
      e('2026-01-01T10:05:00Z', 'returned'),
      e('2026-01-01T10:00:00Z', 'created'),
      e('2026-01-01T10:05:00Z', 'fee'),
      e('2026-01-01T10:00:00Z', 'paid'),
    ]);
    expect(sorted.map((x) => x.event)).toEqual(['created', 'paid', 'returned', 'fee']);
  });
});

describe('the detail follows a moving order', () => {
  it('asks again every 5 s while the order can change by itself, never once final or archived', () => {
    const moving = ['ejecting', 'using', 'pendingPayment', 'awaitingDeduction', 'refunding'];
    for (const status of ORDER_STATUSES)
      expect([status, detailRefreshInterval({ status, archived: false })]).toEqual([
        status,
        moving.includes(status) ? 5_000 : false,
      ]);
    expect(detailRefreshInterval({ status: 'using', archived: true })).toBe(false);
    expect(detailRefreshInterval(undefined)).toBe(false);
  });

  it('follows a deposit-free order ended or closed until its authorization is released or paid', () => {
    expect(detailRefreshInterval({ status: 'closed', archived: false, authState: 'authorized' })).toBe(5_000);
    expect(detailRefreshInterval({ status: 'finished', archived: false, authState: 'authorized' })).toBe(5_000);
    expect(detailRefreshInterval({ status: 'finished', archived: false, authState: 'paid' })).toBe(false);
    expect(detailRefreshInterval({ status: 'closed', archived: false, authState: 'released' })).toBe(false);
    expect(detailRefreshInterval({ status: 'closed', archived: false, authState: null })).toBe(false);
  });

  it('offers no action on an archived order', () => {
    for (const status of ORDER_STATUSES)
      expect(actionsFor({ status, paidAmount: 300, refundAmount: 0, archived: true })).toEqual([]);
  });
});

describe('a timeline note in the reader language', () => {
  it('puts the server-written shapes in words in each language and leaves typed text as written', async () => {
    const { initI18n, changeLanguage } = await import('../../../shared/i18n');
    const i18n = await initI18n('zh_CN', { everything: true });
    const t = (key: string, params?: Record<string, unknown>) =>
      i18n.t(`order:${key}`, params as never) as unknown as string;
    const note = (event: OrderTimelineEntry['event'], actor: string | null, text: string | null) =>
      timelineNote({ event, actor, note: text }, t);
    expect(note('ejectSent', 'SIMC0001', 'slot 3 PB000012')).toBe('SIMC0001 · 3 号仓位，充电宝 PB000012');
    expect(note('fee', null, '12 min')).toBe('12 分钟');
    expect(note('ended', 'system', 'prepayment used up')).toBe('系统 · 预付金额已用完');
    expect(note('refundApproved', 'ops', '1/2')).toBe('ops · 第 1 / 2 次审批');
    expect(note('closed', 'ops', 'slot 3 customer asked')).toBe('ops · slot 3 customer asked');
    await changeLanguage('en_US');
    expect(note('fee', null, '1 min')).toBe('1 minute');
    expect(note('codeIssued', 'CB01', 'Cable 24 h, position 5')).toBe('CB01 · Cable, 24 h, code position 5');
    expect(note('suspended', 'ops', '30 min: lift broken')).toBe('ops · 30 minutes: lift broken');
  });
});
