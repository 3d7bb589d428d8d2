import { useMemo } from 'react';
import { Button, Descriptions, Flex, Form, Input, Statistic, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  MAX_RANGE_DAYS,
  PERMS,
  VOUCHER_ORDER_STATUSES,
  voucherRefundRequest,
  type VoucherOrderItem,
} from '@cbo/contract';
import { request } from '@/shared/request';
import { useButtons } from '@/shared/permission';
import { useZodRule } from '@/shared/form';
import { useMoney } from '@/shared/money';
import {
  CopyableId,
  DetailDrawer,
  FormModal,
  ListPage,
  callKey,
  useConfirmStep,
  formatDateTime,
  optionsOf,
  useOverlay,
  type ColumnsOf,
  type FiltersOf,
  type ListQuery,
  linkColumn,
  timeColumn,
} from '@/shared/list-page';
import { canRefund, totalsFilter, unusedValue } from '../components/voucher-rules';
import { VoucherOrderStatusTag, useVoucherWords } from '../components/voucher-words';
import { CustomerLink } from '@/shared/customer-link';

/** Order management → voucher orders (menu url voucher/voucher-orders): the customers' purchases, their totals, refunds of the unused part. */
export default function VoucherOrdersView() {
  const { t } = useTranslation(['voucher', 'kit']);
  const w = useVoucherWords();
  const { money } = useMoney();
  const canRefundPerm = useButtons().has(PERMS.voucherOrderRefund);
  const detail = useOverlay<VoucherOrderItem>();
  const refund = useOverlay<VoucherOrderItem>();

  const filters = useMemo<FiltersOf<'voucherOrderQueryPage'>>(
    () => [
      { type: 'text', name: 'voucherOrderNo', maxLength: 32 },
      { type: 'text', name: 'mobile', label: t('fields.mobile'), maxLength: 20 },
      { type: 'select', name: 'status', options: optionsOf(VOUCHER_ORDER_STATUSES, w.orderStatus) },
      {
        type: 'dateRange',
        name: 'created',
        begin: 'beginTime',
        end: 'endTime',
        label: t('fields.boughtTime'),
        maxDays: MAX_RANGE_DAYS,
      },
    ],
    [t, w],
  );

  const columns = useMemo<ColumnsOf<'voucherOrderQueryPage'>>(
    () => [
      linkColumn('voucherOrderNo', detail.show, 190),
      {
        dataIndex: 'status',
        key: 'status',
        width: 100,
        render: (v: VoucherOrderItem['status']) => <VoucherOrderStatusTag status={v} />,
      },
      { dataIndex: 'voucherName', key: 'voucherName', width: 120, ellipsis: true },
      {
        dataIndex: 'userMobile',
        key: 'userMobile',
        width: 130,
        ellipsis: true,
        render: (_: string, r) => <CustomerLink userId={r.userId}>{r.userMobile}</CustomerLink>,
      },
      { dataIndex: 'price', key: 'price', width: 90, align: 'right', render: (v: number) => money(v) },
      {
        dataIndex: 'usesLeft',
        key: 'usesLeft',
        width: 90,
        align: 'right',
        render: (v: number, r) => `${v} / ${r.uses}`,
      },
      { dataIndex: 'usedValue', key: 'usedValue', width: 90, align: 'right', render: (v: number) => money(v) },
      { dataIndex: 'refundAmount', key: 'refundAmount', width: 100, align: 'right', render: (v: number) => money(v) },
      timeColumn(undefined, { dataIndex: 'validUntil', hidden: true }),
      timeColumn(undefined),
      {
        dataIndex: 'payReference',
        key: 'payReference',
        width: 200,
        defaultHidden: true,
        render: (v: string | null) => <CopyableId value={v} />,
      },
      ...(canRefundPerm
        ? [
            {
              title: t('kit:actions'),
              key: 'actions',
              fixed: 'right' as const,
              width: 90,
              render: (_: unknown, row: VoucherOrderItem) =>
                canRefund(row) ? (
                  <Button type="link" size="small" danger onClick={() => refund.show(row)}>
                    {t('orders.refund')}
                  </Button>
                ) : null,
            },
          ]
        : []),
    ],
    [t, money, canRefundPerm, detail.show, refund],
  );

  const r = detail.record;
  return (
    <ListPage
      listCall="voucherOrderQueryPage"
      rowKey="id"
      filters={filters}
      columns={columns}
      exportCall="voucherOrderExport"
      exportPerm={PERMS.voucherOrderExport}
      emptyText={t('orders.empty')}
      toolbar={(list) => <Totals list={list} />}
    >
      <DetailDrawer
        open={detail.open}
        onClose={detail.hide}
        title={t('orders.detailTitle', { no: r?.voucherOrderNo ?? '' })}
        items={
          r
            ? [
                { key: 'no', label: t('fields.voucherOrderNo'), value: <CopyableId value={r.voucherOrderNo} /> },
                { key: 'status', label: t('fields.status'), value: <VoucherOrderStatusTag status={r.status} /> },
                { key: 'voucher', label: t('fields.voucher'), value: r.voucherName },
                {
                  key: 'user',
                  label: t('fields.mobile'),
                  value: <CustomerLink userId={r.userId}>{r.userMobile}</CustomerLink>,
                },
                {
                  key: 'price',
                  label: t('fields.paid'),
                  value: <Typography.Text strong>{money(r.price)}</Typography.Text>,
                },
                { key: 'freeMinutes', label: t('fields.freeMinutes'), value: r.freeMinutes },
                { key: 'uses', label: t('fields.usesLeft'), value: `${r.usesLeft} / ${r.uses}` },
                { key: 'usedValue', label: t('fields.usedValue'), value: money(r.usedValue) },
                { key: 'refundAmount', label: t('fields.refundAmount'), value: money(r.refundAmount) },
                { key: 'validUntil', label: t('fields.validUntil'), value: formatDateTime(r.validUntil) },
                { key: 'createTime', label: t('fields.boughtTime'), value: formatDateTime(r.createTime) },
                {
                  key: 'refundTime',
                  label: t('fields.refundTime'),
                  value: r.refundTime ? formatDateTime(r.refundTime) : null,
                },
                { key: 'payReference', label: t('fields.payReference'), value: <CopyableId value={r.payReference} /> },
                {
                  key: 'refundReference',
                  label: t('fields.refundReference'),
                  value: <CopyableId value={r.refundReference} />,
                },
                { key: 'refundReason', label: t('fields.refundReason'), value: r.refundReason, span: 2 },
                { key: 'failReason', label: t('fields.failReason'), value: r.failReason, span: 2 },
              ]
            : []
        }
      />
      <RefundModal order={refund.record} open={refund.open} onClose={refund.hide} />
    </ListPage>
  );
}

/** The totals of the orders the filter selects (getVoucherOrderAmount): the same filter as the rows. */
function Totals({ list }: { list: ListQuery<'voucherOrderQueryPage'> }) {
  const { t } = useTranslation('voucher');
  const { money } = useMoney();
  const filter = totalsFilter(list.input);
  const totals = useQuery({
    queryKey: [...callKey('voucherOrderAmount'), filter],
    queryFn: ({ signal }) => request('voucherOrderAmount', { body: filter }, { signal, silent: true }),
  });
  const d = totals.data;
  const item = (title: string, value: string | number) => (
    <Statistic title={title} value={value} loading={totals.isLoading} valueStyle={{ fontSize: 16 }} />
  );
  return (
    <Flex gap={24} wrap>
      {item(t('totals.count'), d?.count ?? 0)}
      {item(t('totals.paid'), money(d?.paidAmount ?? 0))}
      {item(t('totals.used'), money(d?.usedValue ?? 0))}
      {item(t('totals.refunded'), money(d?.refundAmount ?? 0))}
    </Flex>
  );
}

/** Refund of a pass's unused part, with a reason, after a confirmation that says how much goes back. */
function RefundModal({
  order,
  open,
  onClose,
}: {
  order: VoucherOrderItem | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('voucher');
  const ask = useConfirmStep();
  const rule = useZodRule();
  const { money } = useMoney();
  const back = order ? unusedValue(order) : 0;
  const confirm = () =>
    ask({
      title: t('orders.refundConfirm', { no: order?.voucherOrderNo ?? '' }),
      content: t('orders.refundConfirmHint', { amount: money(back) }),
      danger: true,
    });
  return (
    <FormModal<{ reason: string }>
      name="voucherRefund"
      open={open && order !== undefined}
      title={`${t('orders.refund')} · ${order?.voucherOrderNo ?? ''}`}
      onClose={onClose}
      invalidates={['voucherOrderQueryPage', 'voucherOrderAmount']}
      successMessage={t('orders.refundStarted')}
      onSubmit={async (v) => {
        await confirm();
        return request('voucherOrderRefund', {
          body: { voucherOrderNo: order!.voucherOrderNo, reason: v.reason.trim() },
        });
      }}
    >
      {order && (
        <Descriptions
          size="small"
          column={3}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'paid', label: t('fields.paid'), children: money(order.price) },
            { key: 'used', label: t('fields.usedValue'), children: money(order.usedValue) },
            {
              key: 'back',
              label: t('orders.refundable'),
              children: <Typography.Text strong>{money(back)}</Typography.Text>,
            },
          ]}
        />
      )}
      <Form.Item
        name="reason"
        label={t('fields.refundReason')}
        rules={[rule(voucherRefundRequest.shape.reason, t('fields.refundReason'))]}
      >
        <Input.TextArea maxLength={64} showCount autoSize={{ minRows: 2 }} />
      </Form.Item>
    </FormModal>
  );
}
