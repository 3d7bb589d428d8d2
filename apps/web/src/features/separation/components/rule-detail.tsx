import { useState } from 'react';
import { Button, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMS, type SeparationOrderItem, type SeparationRuleItem } from '@cbo/contract';
import { EmptyState } from '@/shared/empty-state';
import { callKey, DetailDrawer, formatDateTime, useRowAction, timeColumn } from '@/shared/list-page';
import { useMoney } from '@/shared/money';
import { useButtons } from '@/shared/permission';
import { request } from '@/shared/request';
import { RuleStatusTag, SeparatedOrderTag, useSeparationWords } from './separation-words';

const ORDERS_PAGE = 10;

/**
 * One rule: its terms, each device's counts, and the orders it separated with their restore (a
 * confirmed, once-only ledger movement). Orders are read only by those who may see them.
 */
export function RuleDetail({ rule, onClose }: { rule: SeparationRuleItem | null; onClose: () => void }) {
  const { t } = useTranslation(['separation', 'kit']);
  const w = useSeparationWords();
  const { money } = useMoney();
  const buttons = useButtons();
  const canOrders = buttons.has(PERMS.separationOrderQuery);
  const canRestore = buttons.has(PERMS.separationOrderRestore);
  const [page, setPage] = useState(1);
  const id = rule?.id ?? 0;
  const detail = useQuery({
    queryKey: callKey('separationRuleDetail', { id }),
    queryFn: ({ signal }) => request('separationRuleDetail', { query: { id } }, { signal }),
    enabled: id > 0,
  });
  const ordersInput = { ruleId: id, pageNum: page, pageSize: ORDERS_PAGE };
  const orders = useQuery({
    queryKey: callKey('separationOrderQueryPage', ordersInput),
    queryFn: ({ signal }) => request('separationOrderQueryPage', { query: ordersInput }, { signal }),
    enabled: id > 0 && canOrders,
  });
  const restore = useRowAction<SeparationOrderItem>({
    confirm: (o) => ({
      title: t('orders.restoreConfirm', { orderNo: o.orderNo }),
      content: t('orders.restoreHint', { amount: money(o.amount) }),
      danger: true,
    }),
    call: (o) => request('separationOrderRestore', { body: { id: o.id } }),
    success: t('orders.restored'),
    invalidates: ['separationOrderQueryPage', 'separationRuleDetail', 'separationRuleQueryPage'],
  });
  const d = detail.data ?? (rule ? { ...rule, devices: [] } : null);

  return (
    <DetailDrawer
      open={Boolean(rule)}
      width={960}
      title={rule ? `${rule.name} · ${rule.code}` : ''}
      onClose={onClose}
      loading={detail.isLoading}
      items={
        d
          ? [
              { key: 'status', label: t('fields.status'), value: <RuleStatusTag status={d.status} /> },
              { key: 'type', label: t('fields.type'), value: w.type(d.type) },
              {
                key: 'orderTime',
                label: t('fields.orderTime'),
                value: `${formatDateTime(d.orderBeginTime)} ~ ${formatDateTime(d.orderEndTime)}`,
                span: 2,
              },
              {
                key: 'validTime',
                label: t('fields.validTime'),
                value: `${formatDateTime(d.startTime)} ~ ${formatDateTime(d.endTime)}`,
                span: 2,
              },
              {
                key: 'amount',
                label: t('fields.amountRange'),
                value: `${money(d.startAmount)} ~ ${money(d.capAmount)}`,
              },
              { key: 'count', label: t('fields.countRange'), value: `${d.countStart} ~ ${d.countCap}` },
              {
                key: 'totalCap',
                label: t('fields.totalCap'),
                value: d.totalCap === null ? t('rules.noTotalCap') : money(d.totalCap),
              },
              {
                key: 'separated',
                label: t('fields.separatedAmount'),
                value: `${money(d.separatedAmount)} (${d.separatedCount})`,
              },
              { key: 'creator', label: t('fields.creator'), value: d.creator },
              { key: 'createTime', label: t('fields.createTime'), value: formatDateTime(d.createTime) },
            ]
          : []
      }
    >
      {d && canOrders && (
        <>
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t('orders.title')}
          </Typography.Title>
          <Table<SeparationOrderItem>
            size="small"
            rowKey="id"
            loading={orders.isFetching}
            dataSource={orders.data?.list ?? []}
            scroll={{ x: 1350 }}
            locale={{ emptyText: <EmptyState description={t('orders.empty')} /> }}
            pagination={{
              current: page,
              pageSize: ORDERS_PAGE,
              total: orders.data?.total ?? 0,
              onChange: setPage,
              size: 'small',
              showSizeChanger: false,
            }}
            data-testid="separated-orders"
            columns={[
              {
                title: t('fields.orderNo'),
                dataIndex: 'orderNo',
                key: 'orderNo',
                width: 230,
                fixed: 'left',
                render: (v: string) => (
                  <Typography.Text copyable style={{ whiteSpace: 'nowrap' }}>
                    {v}
                  </Typography.Text>
                ),
              },
              {
                title: t('fields.status'),
                dataIndex: 'status',
                key: 'status',
                width: 90,
                render: (v: SeparationOrderItem['status']) => <SeparatedOrderTag status={v} />,
              },
              {
                title: t('fields.sn'),
                dataIndex: 'sn',
                key: 'sn',
                width: 180,
                render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{v}</span>,
              },
              {
                title: t('fields.orderAmount'),
                dataIndex: 'orderAmount',
                key: 'orderAmount',
                width: 100,
                align: 'right',
                render: (v: number) => money(v),
              },
              {
                title: t('fields.amount'),
                dataIndex: 'amount',
                key: 'amount',
                width: 100,
                align: 'right',
                render: (v: number) => money(v),
              },
              {
                title: t('fields.shares'),
                key: 'shares',
                width: 260,
                render: (_: unknown, o: SeparationOrderItem) =>
                  o.shares.map((s) => (
                    <div key={`${s.kind}:${s.partyId ?? ''}`} style={{ whiteSpace: 'nowrap' }}>
                      {`${w.account(s.kind)}${s.partyId ? ` #${s.partyId}` : ''} · ${money(s.amount)}`}
                    </div>
                  )),
              },
              timeColumn(t('fields.separateTime'), { dataIndex: 'separateTime' }),
              {
                title: t('fields.restoreTime'),
                key: 'restoreTime',
                width: 190,
                render: (_: unknown, o: SeparationOrderItem) =>
                  o.restoreTime
                    ? `${formatDateTime(o.restoreTime)} · ${o.restoredBy ?? ''} · ${money(o.restoredAmount)}`
                    : '-',
              },
              ...(canRestore
                ? [
                    {
                      title: t('kit:actions'),
                      key: 'actions',
                      fixed: 'right' as const,
                      width: 90,
                      render: (_: unknown, o: SeparationOrderItem) =>
                        o.status === 'separated' ? (
                          <Button type="link" size="small" danger onClick={() => restore.run(o)}>
                            {t('orders.restore')}
                          </Button>
                        ) : null,
                    },
                  ]
                : []),
            ]}
          />
        </>
      )}
      {d && (
        <>
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t('orders.devicesTitle')}
          </Typography.Title>
          <Table
            size="small"
            rowKey="sn"
            pagination={d.devices.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
            dataSource={d.devices}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: t('fields.sn'), dataIndex: 'sn', key: 'sn', width: 200 },
              { title: t('fields.matched'), dataIndex: 'matched', key: 'matched', width: 140, align: 'right' },
              { title: t('fields.separated'), dataIndex: 'separated', key: 'separated', width: 140, align: 'right' },
            ]}
          />
        </>
      )}
    </DetailDrawer>
  );
}
