import { useEffect, useMemo, useState } from 'react';
import { Button, Space, Tag, Timeline, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_RANGE_DAYS, PERMS, REFUND_STATUSES, REFUND_TYPES, labels, labelOf, type RefundItem } from '@cbo/contract';
import { request } from '@/shared/request';
import { useLang } from '@/shared/form';
import { useButtons } from '@/shared/permission';
import { useMoney } from '@/shared/money';
import {
  CopyableId,
  DetailDrawer,
  ListPage,
  callKey,
  formatDateTime,
  optionsOf,
  useOverlay,
  type ColumnsOf,
  type FiltersOf,
  linkColumn,
  timeColumn,
} from '@/shared/list-page';
import { RefundStatusTag, useOrderWords } from '../components/order-words';
import { UserSelect } from '@/shared/search-select';
import { useSession } from '@/shared/session';
import { approvalStep, canReviewRefund, refundListRefreshInterval } from '../components/order-rules';
import { useRefundReasonOptions } from '../components/refund-reason';
import { RefundReasonStatsCard } from '../components/refund-reason-stats';
import { RefundAuditModal } from '../components/refund-audit';
import { BalanceRefundModal } from '../components/balance-refund';
import { CustomerLink } from '@/shared/customer-link';

/** The mark of a refund still waiting for approvals: how many it has of how many it needs. */
function ApprovalTag({ r }: { r: RefundItem }) {
  const { t } = useTranslation('order');
  const step = approvalStep(r);
  if (step === 'second') return <Tag color="gold">{t('refunds.needsSecond')}</Tag>;
  if (step === 'first') return <Tag color="gold">{t('refunds.needsTwo')}</Tag>;
  return null;
}

/**
 * Order management → refund records (menu url order/refunds): every refund asked, order and
 * prepayment ones with their review (approve or reject by permission; above the threshold two
 * approvers), and deposit refunds (reviewed in the deposit orders screen), with the state at the
 * payment company, the history in the detail and the export.
 */
export default function RefundsView() {
  const { t } = useTranslation(['order', 'kit']);
  const w = useOrderWords();
  const lang = useLang();
  const { money } = useMoney();
  const buttons = useButtons();
  const canAudit = buttons.has(PERMS.refundAudit);
  const me = useSession().user?.userId;
  const reasonOptions = useRefundReasonOptions();
  const queryClient = useQueryClient();
  const detail = useOverlay<RefundItem>();
  const [reviewing, setReviewing] = useState<RefundItem | undefined>();
  const [refundingBalance, setRefundingBalance] = useState(false);
  const canRefund = buttons.has(PERMS.refundAmount);

  const filters = useMemo<FiltersOf<'refundOrderQueryPage'>>(
    () => [
      { type: 'text', name: 'refundNo', label: t('refunds.refundNo'), maxLength: 32 },
      { type: 'text', name: 'orderNo', label: t('fields.orderNo'), maxLength: 32 },
      {
        type: 'select',
        name: 'status',
        label: t('refunds.status'),
        options: optionsOf(REFUND_STATUSES, w.refundStatus),
      },
      { type: 'select', name: 'type', label: t('refunds.type'), options: optionsOf(REFUND_TYPES, w.refundType) },
      { type: 'select', name: 'reasonCode', label: t('refunds.reasonCode'), options: reasonOptions },
      {
        type: 'custom',
        name: 'userId',
        label: t('fields.user'),
        render: () => <UserSelect placeholder={t('fields.userPlaceholder')} />,
      },
      {
        type: 'dateRange',
        name: 'created',
        begin: 'beginTime',
        end: 'endTime',
        label: t('refunds.createTime'),
        maxDays: MAX_RANGE_DAYS,
      },
    ],
    [t, w, reasonOptions],
  );

  const columns = useMemo<ColumnsOf<'refundOrderQueryPage'>>(
    () => [
      linkColumn('refundNo', detail.show, 180, t('refunds.refundNo')),
      {
        title: t('refunds.status'),
        dataIndex: 'status',
        key: 'status',
        width: 170,
        render: (v: RefundItem['status'], r) => (
          <Space size={4} wrap>
            <RefundStatusTag status={v} />
            <ApprovalTag r={r} />
          </Space>
        ),
      },
      {
        title: t('refunds.type'),
        dataIndex: 'type',
        key: 'type',
        width: 90,
        defaultHidden: true,
        render: (v: RefundItem['type']) => w.refundType(v),
      },
      {
        title: t('refunds.amount'),
        dataIndex: 'amount',
        key: 'amount',
        width: 100,
        align: 'right',
        render: (v: number) => money(v),
      },
      {
        title: t('fields.orderNo'),
        dataIndex: 'orderNo',
        key: 'orderNo',
        width: 215,
        render: (v: string) => <CopyableId value={v || null} />,
      },
      {
        title: t('fields.user'),
        dataIndex: 'userMobile',
        key: 'userMobile',
        width: 125,
        ellipsis: true,
        render: (_: string, r) => <CustomerLink userId={r.userId}>{r.userMobile}</CustomerLink>,
      },
      timeColumn(t('refunds.createTime'), { width: 160 }),
      {
        title: t('refunds.reasonCode'),
        dataIndex: 'reasonCode',
        key: 'reasonCode',
        width: 120,
        ellipsis: true,
        render: (v: RefundItem['reasonCode'], r) =>
          r.reason ? `${w.refundReason(v)} · ${r.reason}` : w.refundReason(v),
      },
      {
        title: t('refunds.reason'),
        dataIndex: 'reason',
        key: 'reason',
        width: 150,
        ellipsis: true,
        defaultHidden: true,
      },
      {
        title: t('refunds.creator'),
        dataIndex: 'creator',
        key: 'creator',
        width: 120,
        ellipsis: true,
        defaultHidden: true,
      },
      {
        title: t('refunds.approvals'),
        dataIndex: 'approvals',
        key: 'approvals',
        width: 160,
        ellipsis: true,
        defaultHidden: true,
        render: (v: RefundItem['approvals']) => (v.length ? v.map((a) => a.by).join(', ') : '-'),
      },
      {
        title: t('refunds.providerReference'),
        dataIndex: 'providerReference',
        key: 'providerReference',
        width: 200,
        defaultHidden: true,
        render: (v: string | null) => <CopyableId value={v} />,
      },
      {
        title: t('refunds.failReason'),
        dataIndex: 'failReason',
        key: 'failReason',
        width: 160,
        ellipsis: true,
        defaultHidden: true,
      },
      timeColumn(t('refunds.finishTime'), { dataIndex: 'finishTime', hidden: true }),
      {
        title: t('kit:actions'),
        key: 'actions',
        fixed: 'right',
        width: 100,
        render: (_: unknown, r: RefundItem) => {
          if (r.type === 'deposit' && r.status === 'initiated')
            return <Typography.Text type="secondary">{t('refunds.depositElsewhere')}</Typography.Text>;
          // Maker-checker: only an account that may approve this row sees Review (never its requester).
          if (!canReviewRefund(r, me, canAudit))
            return approvalStep(r) !== null && canAudit ? (
              <Typography.Text type="secondary">{t('refunds.notYours')}</Typography.Text>
            ) : (
              '-'
            );
          return (
            <Button type="link" size="small" danger onClick={() => setReviewing(r)}>
              {t('refunds.audit')}
            </Button>
          );
        },
      },
    ],
    [t, w, money, detail.show, canAudit, me],
  );

  const r = detail.record;
  // The history and the order's figures, read when the drawer opens (the row may be stale).
  const full = useQuery({
    queryKey: [...callKey('refundOrderDetail'), r?.refundNo],
    queryFn: ({ signal }) =>
      request('refundOrderDetail', { query: { refundNo: r!.refundNo } }, { signal, silent: true }),
    enabled: detail.open && r !== undefined,
  });
  const d = full.data ?? r;
  // The detail is read fresh: when it says more than the row (the payment company answered since), the list is read again.
  const fresh = full.data?.status;
  useEffect(() => {
    if (r && fresh && fresh !== r.status)
      void queryClient.invalidateQueries({ queryKey: callKey('refundOrderQueryPage') });
  }, [fresh, r, queryClient]);
  return (
    <ListPage
      listCall="refundOrderQueryPage"
      rowKey="refundNo"
      title={t('refunds.title')}
      filters={filters}
      columns={columns}
      exportCall="refundOrderExport"
      exportPerm={PERMS.refundExport}
      emptyText={t('refunds.empty')}
      refetchInterval={refundListRefreshInterval}
      above={(list) => <RefundReasonStatsCard beginTime={list.filters.beginTime} endTime={list.filters.endTime} />}
      toolbar={
        canRefund ? (
          <Button type="primary" onClick={() => setRefundingBalance(true)}>
            {t('balanceRefund.open')}
          </Button>
        ) : null
      }
    >
      <DetailDrawer
        open={detail.open}
        onClose={detail.hide}
        title={t('refunds.detailTitle', { refundNo: r?.refundNo ?? '' })}
        loading={full.isLoading}
        items={
          d
            ? [
                // The two numbers are long: each on its own row, so the drawer never scrolls sideways.
                { key: 'refundNo', label: t('refunds.refundNo'), value: <CopyableId value={d.refundNo} />, span: 2 },
                {
                  key: 'orderNo',
                  label: t('fields.orderNo'),
                  value: <CopyableId value={d.orderNo || null} />,
                  span: 2,
                },
                {
                  key: 'status',
                  label: t('refunds.status'),
                  value: (
                    <Space size={4} wrap>
                      <RefundStatusTag status={d.status} />
                      <ApprovalTag r={d} />
                    </Space>
                  ),
                },
                { key: 'type', label: t('refunds.type'), value: w.refundType(d.type) },
                {
                  key: 'amount',
                  label: t('refunds.amount'),
                  value: <Typography.Text strong>{money(d.amount)}</Typography.Text>,
                },
                {
                  key: 'user',
                  label: t('fields.user'),
                  value: <CustomerLink userId={d.userId}>{d.userMobile}</CustomerLink>,
                },
                {
                  key: 'approvals',
                  label: t('refunds.approvals'),
                  value: t('refunds.approvalCount', { done: d.approvals.length, need: d.approvalsNeeded }),
                },
                { key: 'creator', label: t('refunds.creator'), value: d.creator },
                { key: 'providerReference', label: t('refunds.providerReference'), value: d.providerReference },
                { key: 'createTime', label: t('refunds.createTime'), value: formatDateTime(d.createTime) },
                { key: 'reasonCode', label: t('refunds.reasonCode'), value: w.refundReason(d.reasonCode) },
                { key: 'reason', label: t('refunds.reason'), value: d.reason || null, span: 2 },
                { key: 'rejectReason', label: t('refunds.rejectReason'), value: d.rejectReason, span: 2 },
                { key: 'failReason', label: t('refunds.failReason'), value: d.failReason, span: 2 },
              ]
            : []
        }
      >
        {full.data && (
          <>
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              {t('refunds.history')}
            </Typography.Title>
            <Timeline
              items={full.data.history.map((h, i) => ({
                key: i,
                color: h.step === 'failed' || h.step === 'rejected' ? 'red' : h.step === 'complete' ? 'green' : 'blue',
                children: (
                  <div>
                    <Typography.Text strong>{labelOf(labels.order.refundStep, h.step, lang)}</Typography.Text>
                    {h.by ? <Typography.Text type="secondary"> · {h.by}</Typography.Text> : null}
                    <div>
                      <Typography.Text type="secondary">{formatDateTime(h.time)}</Typography.Text>
                      {h.note ? <Typography.Text> · {h.note}</Typography.Text> : null}
                    </div>
                  </div>
                ),
              }))}
            />
          </>
        )}
      </DetailDrawer>
      <RefundAuditModal refund={reviewing} onClose={() => setReviewing(undefined)} />
      <BalanceRefundModal open={refundingBalance} onClose={() => setRefundingBalance(false)} />
    </ListPage>
  );
}
