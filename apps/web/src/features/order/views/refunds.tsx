import { useMemo } from 'react';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_RANGE_DAYS, REFUND_STATUSES, REFUND_TYPES, type RefundItem } from '@cbo/contract';
import { useMoney } from '@/shared/money';
import { CopyableId, DetailDrawer, ListPage, formatDateTime, optionsOf, useOverlay, type ColumnsOf, type FiltersOf } from '@/shared/list-page';
import { RefundStatusTag, useOrderWords } from '../components/order-words';
import { UserSelect } from '@/shared/search-select';

/** Order management → refund records (menu url order/refunds): every refund started, with its state at the payment company. */
export default function RefundsView() {
  const { t } = useTranslation(['order', 'kit']);
  const w = useOrderWords();
  const { money } = useMoney();
  const detail = useOverlay<RefundItem>();

  const filters = useMemo<FiltersOf<'refundOrderQueryPage'>>(
    () => [
      { type: 'text', name: 'refundNo', label: t('refunds.refundNo'), maxLength: 32 },
      { type: 'text', name: 'orderNo', label: t('fields.orderNo'), maxLength: 32 },
      { type: 'select', name: 'status', label: t('refunds.status'), options: optionsOf(REFUND_STATUSES, w.refundStatus) },
      { type: 'select', name: 'type', label: t('refunds.type'), options: optionsOf(REFUND_TYPES, w.refundType) },
      { type: 'custom', name: 'userId', label: t('fields.user'), render: () => <UserSelect placeholder={t('fields.userPlaceholder')} /> },
      { type: 'dateRange', name: 'created', begin: 'beginTime', end: 'endTime', label: t('refunds.createTime'), maxDays: MAX_RANGE_DAYS },
    ],
    [t, w],
  );

  const columns = useMemo<ColumnsOf<'refundOrderQueryPage'>>(
    () => [
      {
        title: t('refunds.refundNo'),
        dataIndex: 'refundNo',
        key: 'refundNo',
        fixed: 'left',
        width: 200,
        render: (v: string, r) => (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => detail.show(r)}>
            {v}
          </Button>
        ),
      },
      { title: t('fields.orderNo'), dataIndex: 'orderNo', key: 'orderNo', width: 210, render: (v: string) => <CopyableId value={v} /> },
      { title: t('refunds.status'), dataIndex: 'status', key: 'status', width: 150, render: (v: RefundItem['status']) => <RefundStatusTag status={v} /> },
      { title: t('refunds.amount'), dataIndex: 'amount', key: 'amount', width: 110, align: 'right', render: (v: number) => money(v) },
      { title: t('fields.user'), dataIndex: 'userMobile', key: 'userMobile', width: 130, ellipsis: true },
      { title: t('refunds.reason'), dataIndex: 'reason', key: 'reason', width: 150, ellipsis: true },
      { title: t('refunds.createTime'), dataIndex: 'createTime', key: 'createTime', width: 170, render: (v: string) => formatDateTime(v) },
      { title: t('refunds.type'), dataIndex: 'type', key: 'type', width: 110, defaultHidden: true, render: (v: RefundItem['type']) => w.refundType(v) },
      { title: t('refunds.creator'), dataIndex: 'creator', key: 'creator', width: 120, ellipsis: true, defaultHidden: true },
      { title: t('refunds.providerReference'), dataIndex: 'providerReference', key: 'providerReference', width: 200, defaultHidden: true, render: (v: string | null) => <CopyableId value={v} /> },
      { title: t('refunds.failReason'), dataIndex: 'failReason', key: 'failReason', width: 160, ellipsis: true, defaultHidden: true },
      { title: t('refunds.finishTime'), dataIndex: 'finishTime', key: 'finishTime', width: 170, defaultHidden: true, render: (v: string | null) => (v ? formatDateTime(v) : '-') },
    ],
    [t, w, money, detail.show],
  );

  const r = detail.record;
  return (
    <ListPage listCall="refundOrderQueryPage" rowKey="id" title={t('refunds.title')} filters={filters} columns={columns} emptyText={t('refunds.empty')}>
      <DetailDrawer
        open={detail.open}
        onClose={detail.hide}
        title={t('refunds.detailTitle', { refundNo: r?.refundNo ?? '' })}
        items={
          r
            ? [
                { key: 'refundNo', label: t('refunds.refundNo'), value: <CopyableId value={r.refundNo} /> },
                { key: 'orderNo', label: t('fields.orderNo'), value: <CopyableId value={r.orderNo} /> },
                { key: 'status', label: t('refunds.status'), value: <RefundStatusTag status={r.status} /> },
                { key: 'type', label: t('refunds.type'), value: w.refundType(r.type) },
                { key: 'amount', label: t('refunds.amount'), value: <Typography.Text strong>{money(r.amount)}</Typography.Text> },
                { key: 'user', label: t('fields.user'), value: r.userMobile },
                { key: 'creator', label: t('refunds.creator'), value: r.creator },
                { key: 'providerReference', label: t('refunds.providerReference'), value: r.providerReference },
                { key: 'createTime', label: t('refunds.createTime'), value: formatDateTime(r.createTime) },
                { key: 'finishTime', label: t('refunds.finishTime'), value: r.finishTime ? formatDateTime(r.finishTime) : null },
                { key: 'reason', label: t('refunds.reason'), value: r.reason, span: 2 },
                { key: 'failReason', label: t('refunds.failReason'), value: r.failReason, span: 2 },
              ]
            : []
        }
      />
    </ListPage>
  );
}
