import { useState, type ReactNode } from 'react';
import { Alert, Button, Space, Table, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMS, type OrderDetail } from '@cbo/contract';
import { request } from '@/shared/request';
import { useButtons } from '@/shared/permission';
import { useMoney } from '@/shared/money';
import { EmptyState } from '@/shared/empty-state';
import { CopyableId, DetailDrawer, callKey, formatDateTime, type DetailItem, timeColumn } from '@/shared/list-page';
import { OrderActionModal } from './order-actions';
import { actionsFor, detailRefreshInterval, timelineInOrder, timelineNote, type OrderAction } from './order-rules';
import { AuthStateTag, OrderStatusTag, RefundStatusTag, SimulatedTag, useOrderWords } from './order-words';
import { CustomerLink } from '@/shared/customer-link';

const ACTION_PERM: Record<OrderAction, string> = {
  end: PERMS.orderEnd,
  suspend: PERMS.orderSuspend,
  refund: PERMS.refundAmount,
  init: PERMS.orderInit,
};

/**
 * One order: what it is, its billing rule as it was at the rent, the timeline from the scan to the
 * shares, the shares along the profit chain, its refunds, and the staff actions its state and the
 * person's permissions allow.
 */
export function OrderDetailDrawer({
  orderNo,
  open,
  onClose,
}: {
  orderNo: string | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('order');
  const w = useOrderWords();
  const { money } = useMoney();
  const buttons = useButtons();
  const [action, setAction] = useState<OrderAction | null>(null);
  const detail = useQuery({
    queryKey: [...callKey('orderDetail'), orderNo],
    queryFn: ({ signal }) => request('orderDetail', { query: { orderNo: orderNo! } }, { signal }),
    enabled: open && Boolean(orderNo),
    // A power bank out or money on its way: the drawer follows it without a reload (stops once final).
    refetchInterval: (q) => (open ? detailRefreshInterval(q.state.data) : false),
  });
  const d = detail.data;
  const offered = d ? actionsFor(d).filter((a) => buttons.has(ACTION_PERM[a])) : [];
  const actionLabel: Record<OrderAction, string> = {
    end: t('actions.end'),
    suspend: t('actions.suspend'),
    refund: t('actions.refund'),
    init: t('actions.init'),
  };

  return (
    <DetailDrawer
      open={open}
      onClose={onClose}
      width={880}
      title={t('detail.title', { orderNo: orderNo ?? '' })}
      loading={detail.isPending}
      extra={
        offered.length > 0 && (
          <Space wrap>
            {offered.map((a) => (
              <Button
                key={a}
                danger={a === 'init'}
                type={a === 'refund' ? 'primary' : 'default'}
                onClick={() => setAction(a)}
              >
                {actionLabel[a]}
              </Button>
            ))}
          </Space>
        )
      }
      items={d ? detailItems(d) : []}
    >
      {d && (
        <>
          {d.archived && <Alert style={{ marginTop: 16 }} type="info" showIcon message={t('detail.archived')} />}
          <Section title={t('detail.timeline')}>
            {d.timeline.length === 0 ? (
              <EmptyState />
            ) : (
              <Timeline
                items={timelineInOrder(d.timeline).map((e, i) => ({
                  key: i,
                  color:
                    e.event === 'ejectFailed' || e.event === 'refundFailed' || e.event === 'authFailed'
                      ? 'red'
                      : e.event === 'refunded' ||
                          e.event === 'shared' ||
                          e.event === 'authCaptured' ||
                          e.event === 'authReleased'
                        ? 'green'
                        : 'blue',
                  content: (
                    <div>
                      <Space size={8} wrap>
                        <Typography.Text strong>{w.event(e.event)}</Typography.Text>
                        {e.amount !== null && <Typography.Text>{money(e.amount)}</Typography.Text>}
                        <Typography.Text type="secondary">{formatDateTime(e.time)}</Typography.Text>
                      </Space>
                      {(e.actor || e.note) && (
                        <div>
                          <Typography.Text type="secondary">{timelineNote(e, t)}</Typography.Text>
                        </div>
                      )}
                    </div>
                  ),
                }))}
              />
            )}
          </Section>
          <Section title={t('detail.shares')}>
            <Table
              size="small"
              pagination={false}
              rowKey={(s) => `${s.party}:${s.partyId ?? ''}`}
              dataSource={d.shares}
              locale={{ emptyText: <EmptyState description={t('detail.noShares')} /> }}
              columns={[
                {
                  title: t('detail.party'),
                  key: 'party',
                  width: 200,
                  render: (_: unknown, s) => (s.name ? `${w.party(s.party)} · ${s.name}` : w.party(s.party)),
                },
                {
                  title: t('detail.ratio'),
                  dataIndex: 'ratio',
                  key: 'ratio',
                  width: 90,
                  render: (v: number) => `${v}%`,
                },
                {
                  title: t('detail.shareAmount'),
                  dataIndex: 'amount',
                  key: 'amount',
                  width: 120,
                  align: 'right',
                  render: (v: number) => money(v),
                },
              ]}
            />
          </Section>
          <Section title={t('detail.refunds')}>
            <Table
              size="small"
              pagination={false}
              rowKey="id"
              dataSource={d.refunds}
              scroll={{ x: 560 }}
              locale={{ emptyText: <EmptyState description={t('detail.noRefunds')} /> }}
              columns={[
                {
                  title: t('refunds.refundNo'),
                  dataIndex: 'refundNo',
                  key: 'refundNo',
                  width: 170,
                  render: (v: string) => <CopyableId value={v} />,
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
                  title: t('refunds.status'),
                  dataIndex: 'status',
                  key: 'status',
                  width: 140,
                  render: (v: OrderDetail['refunds'][number]['status']) => <RefundStatusTag status={v} />,
                },
                {
                  title: t('refunds.reasonCode'),
                  dataIndex: 'reasonCode',
                  key: 'reasonCode',
                  width: 150,
                  ellipsis: true,
                  render: (v: OrderDetail['refunds'][number]['reasonCode'], r: OrderDetail['refunds'][number]) =>
                    r.reason ? `${w.refundReason(v)} · ${r.reason}` : w.refundReason(v),
                },
                timeColumn(t('refunds.createTime')),
              ]}
            />
          </Section>
        </>
      )}
      <OrderActionModal action={action} order={d} onClose={() => setAction(null)} />
    </DetailDrawer>
  );

  function detailItems(o: OrderDetail): DetailItem[] {
    const b = o.billing;
    const isPowerBank = o.deviceType === 'powerBank';
    const items: (DetailItem | false)[] = [
      {
        key: 'status',
        label: t('fields.status'),
        value: (
          <Space size={4} wrap>
            <OrderStatusTag status={o.status} />
            <SimulatedTag simulated={o.simulated} />
          </Space>
        ),
      },
      { key: 'deviceType', label: t('fields.deviceType'), value: w.deviceType(o.deviceType) },
      { key: 'user', label: t('fields.user'), value: <CustomerLink userId={o.userId}>{o.userMobile}</CustomerLink> },
      { key: 'payMode', label: t('fields.payMode'), value: w.payMode(o.payMode) },
      {
        key: 'deviceSn',
        label: t('fields.deviceSn'),
        value: o.slot !== null ? `${o.deviceSn} · ${t('fields.slotNo', { slot: o.slot })}` : o.deviceSn,
      },
      isPowerBank && { key: 'powerBankId', label: t('fields.powerBankId'), value: o.powerBankId },
      // A cable order: the package bought and the code the customer types on the cable.
      o.deviceType === 'cable' && {
        key: 'package',
        label: t('fields.package'),
        value: o.packageName ? t('fields.packageValue', { name: o.packageName, hours: o.packageHours }) : null,
      },
      o.deviceType === 'cable' && {
        key: 'unlockCode',
        label: t('fields.unlockCode'),
        value: <CopyableId value={o.unlockCode} />,
      },
      { key: 'rentOutlet', label: t('fields.rentOutlet'), value: o.rentOutletName },
      isPowerBank && {
        key: 'returnOutlet',
        label: t('fields.returnOutlet'),
        value: o.returnOutletName ? `${o.returnOutletName}${o.returnDeviceSn ? ` · ${o.returnDeviceSn}` : ''}` : null,
      },
      o.deviceType !== 'cable' && {
        key: 'deposit',
        label: o.payMode === 'prepayment' ? t('fields.prepayment') : t('fields.depositAmount'),
        value: money(o.depositAmount),
      },
      // A deposit-free order: its authorization (the amount frozen at the rent, and where it stands).
      ...(o.authState
        ? [
            { key: 'authState', label: t('fields.authState'), value: <AuthStateTag state={o.authState} /> },
            { key: 'authAmount', label: t('fields.authAmount'), value: money(o.authAmount) },
            { key: 'authReference', label: t('fields.authReference'), value: <CopyableId value={o.authReference} /> },
          ]
        : []),
      { key: 'original', label: t('fields.originalAmount'), value: money(o.originalAmount) },
      ...(o.voucherDeduction > 0
        ? [{ key: 'voucher', label: t('fields.voucherDeduction'), value: money(o.voucherDeduction) }]
        : []),
      ...(o.couponDeduction > 0
        ? [{ key: 'coupon', label: t('fields.couponDeduction'), value: money(o.couponDeduction) }]
        : []),
      ...(o.memberDeduction > 0
        ? [{ key: 'member', label: t('fields.memberDeduction'), value: money(o.memberDeduction) }]
        : []),
      { key: 'generated', label: t('fields.generatedAmount'), value: money(o.generatedAmount) },
      { key: 'consumption', label: t('fields.consumptionStatus'), value: w.consumption(o.consumptionStatus) },
      { key: 'source', label: t('fields.source'), value: w.source(o.source) },
      { key: 'payChannel', label: t('fields.payChannel'), value: o.payChannel ? w.channel(o.payChannel) : null },
      { key: 'payConfig', label: t('fields.payConfigName'), value: o.payConfigName },
      { key: 'paid', label: t('fields.paidAmount'), value: money(o.paidAmount) },
      { key: 'refunded', label: t('fields.refundAmount'), value: money(o.refundAmount) },
      ...(o.refundPendingAmount > 0
        ? [{ key: 'refundPending', label: t('fields.refundPendingTitle'), value: money(o.refundPendingAmount) }]
        : []),
      { key: 'billed', label: t('fields.billedMinutes'), value: t('fields.minutes', { count: o.billedMinutes }) },
      o.deviceType !== 'cable' && {
        key: 'suspended',
        label: t('fields.suspendedMinutes'),
        value: t('fields.minutes', { count: o.suspendedMinutes }),
      },
      {
        key: 'paymentKind',
        label: t('fields.paymentKind'),
        value: o.paymentKind ? w.paymentKind(o.paymentKind) : null,
      },
      { key: 'payReference', label: t('fields.payReference'), value: o.payReference },
      { key: 'start', label: t('fields.startTime'), value: o.startTime ? formatDateTime(o.startTime) : null },
      { key: 'end', label: t('fields.endTime'), value: o.endTime ? formatDateTime(o.endTime) : null },
      { key: 'created', label: t('fields.createTime'), value: formatDateTime(o.createTime) },
      {
        key: 'billing',
        label: t('fields.billing'),
        span: 2,
        value:
          o.deviceType === 'cable'
            ? t('detail.cableRule', { hours: o.packageHours, price: money(b.pricePerPeriod) })
            : o.deviceType === 'bluetooth'
              ? t('detail.bluetoothRule', {
                  price: money(b.pricePerPeriod),
                  daily: money(b.dailyCap),
                  prepayment: money(b.totalCap),
                })
              : t('detail.billingRule', {
                  free: b.freeMinutes,
                  price: money(b.pricePerPeriod),
                  period: b.periodMinutes,
                  daily: money(b.dailyCap),
                  total: money(b.totalCap),
                  deposit: money(b.deposit),
                  days: b.buyOutDays,
                }),
      },
    ];
    return items.filter((i): i is DetailItem => i !== false);
  }
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section style={{ marginTop: 20 }}>
      <Typography.Title level={5} style={{ marginBottom: 12 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}
