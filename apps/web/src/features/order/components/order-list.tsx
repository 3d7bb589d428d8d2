/*
 * Why one file of over 400 lines (issue 30): it is one list's definition for the list kit, its
 * 28 columns and filters of the order call, the live and the archive variant, and the detail it
 * opens. The columns are data read top to bottom; split across files they would be read apart
 * from the filters and the variant that decides which of them show.
 */
import { useMemo } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  MAX_RANGE_DAYS,
  ORDER_AUTH_STATES,
  ORDER_DEVICE_TYPES,
  ORDER_STATUSES,
  ORDER_USER_TYPES,
  PAYMENT_KINDS,
  PERMS,
  labels,
  type OrderItem,
} from '@cbo/contract';
import { request } from '@/shared/request';
import { useLang } from '@/shared/form';
import { useMoney } from '@/shared/money';
import {
  CopyableId,
  ListPage,
  optionsOf,
  useOverlay,
  useUrlFilters,
  type ColumnsOf,
  type FiltersOf,
  timeColumn,
} from '@/shared/list-page';
import { OrderDetailDrawer } from './order-detail';
import { archiveDefaultRange, reachesRecent } from './order-rules';
import { AuthStateTag, OrderStatusTag, SimulatedTag, useOrderWords } from './order-words';
import { OutletSelect, UserSelect } from '@/shared/search-select';
import { CustomerLink } from '@/shared/customer-link';

/**
 * The order list, of the last 30 days (Orders) or of older ones (the archive): spec 5 keeps the
 * two apart, a query never mixes them and spans at most 30 days, so the archive always carries a
 * range that ends before the last 30 days begin. The live list's call reads the live table, the
 * archive's call the archive table; the server refuses a range that breaks either rule, and its
 * message is shown.
 */
export function OrderList({ archive = false }: { archive?: boolean }) {
  const { t } = useTranslation(['order', 'kit']);
  const w = useOrderWords();
  const lang = useLang();
  const { money } = useMoney();
  const detail = useOverlay<string>();
  const provider = useQuery({
    queryKey: ['ledgerPaymentProvider'],
    queryFn: ({ signal }) => request('ledgerPaymentProvider', {}, { silent: true, signal }),
    staleTime: Infinity,
    retry: false,
  });

  const filters = useMemo<FiltersOf<'orderQueryPage'>>(
    () => [
      { type: 'text', name: 'orderNo', label: t('fields.orderNo'), maxLength: 32 },
      { type: 'select', name: 'status', label: t('fields.status'), options: optionsOf(ORDER_STATUSES, w.status) },
      {
        type: 'text',
        name: 'deviceSn',
        label: t('fields.device'),
        maxLength: 32,
        placeholder: t('fields.devicePlaceholder'),
      },
      {
        type: 'custom',
        name: 'outletId',
        label: t('fields.rentOutlet'),
        render: () => <OutletSelect placeholder={t('kit:any')} />,
      },
      {
        type: 'custom',
        name: 'userId',
        label: t('fields.user'),
        render: () => <UserSelect placeholder={t('fields.userPlaceholder')} />,
      },
      archive
        ? {
            type: 'dateRange',
            name: 'created',
            begin: 'beginTime',
            end: 'endTime',
            label: t('fields.createTime'),
            maxDays: MAX_RANGE_DAYS,
            // Its bound (30 days ago) is an instant, not a day's end: the range keeps its times.
            showTime: true,
            initialValue: archiveDefaultRange(),
            rules: [
              { required: true, message: t('archive.rangeRequired') },
              {
                validator: async (_r, v: Parameters<typeof reachesRecent>[0]) => {
                  if (reachesRecent(v)) throw new Error(t('archive.rangeTooRecent'));
                },
              },
            ],
          }
        : {
            type: 'dateRange',
            name: 'created',
            begin: 'beginTime',
            end: 'endTime',
            label: t('fields.createTime'),
            maxDays: MAX_RANGE_DAYS,
          },
      // Spec 5: older data is read one user type at a time (the server refuses the archive without one,
      // ORDER_ARCHIVE_USER_TYPE); the live list takes it as an ordinary filter.
      archive
        ? {
            type: 'select',
            name: 'userType',
            label: t('fields.userType'),
            options: optionsOf(ORDER_USER_TYPES, w.userType),
            tooltip: t('archive.userTypeHelp'),
            initialValue: 'customer',
            rules: [{ required: true, message: t('archive.userTypeRequired') }],
          }
        : {
            type: 'select',
            name: 'userType',
            label: t('fields.userType'),
            options: optionsOf(ORDER_USER_TYPES, w.userType),
          },
      {
        type: 'select',
        name: 'deviceType',
        label: t('fields.deviceType'),
        options: optionsOf(ORDER_DEVICE_TYPES, w.deviceType),
      },
      {
        type: 'select',
        name: 'paymentKind',
        label: t('fields.paymentKind'),
        options: optionsOf(PAYMENT_KINDS, w.paymentKind),
      },
      // Deposit-free orders by their authorization (the live list: an archived order's authorization is over).
      ...(archive
        ? []
        : [
            {
              type: 'select' as const,
              name: 'authState' as const,
              label: t('fields.authState'),
              options: optionsOf(ORDER_AUTH_STATES, w.authState),
            },
          ]),
    ],
    [t, w, archive],
  );
  // The dashboard's figures link here with their window (and a state): the list starts on exactly the orders they sum.
  const fromUrl = useUrlFilters(filters);

  const columns = useMemo<ColumnsOf<'orderQueryPage'>>(
    () => [
      {
        title: t('fields.orderNo'),
        dataIndex: 'orderNo',
        key: 'orderNo',
        fixed: 'left',
        width: 200,
        // The number opens the detail (no separate Details column): one way to the same drawer.
        render: (v: string) => (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => detail.show(v)}>
            {v}
          </Button>
        ),
      },
      {
        title: t('fields.status'),
        dataIndex: 'status',
        key: 'status',
        width: 120,
        render: (v: OrderItem['status'], r) => (
          <Space size={0} wrap>
            <OrderStatusTag status={v} />
            <SimulatedTag simulated={r.simulated} />
          </Space>
        ),
      },
      {
        title: t('fields.deviceSn'),
        dataIndex: 'deviceSn',
        key: 'deviceSn',
        width: 170,
        // A cable's or Bluetooth charger's order says which it is under the device (power banks are most orders).
        render: (v: string, r) => (
          <Space size={0} wrap>
            <CopyableId value={v} />
            {r.deviceType !== 'powerBank' && <Tag>{w.deviceType(r.deviceType)}</Tag>}
          </Space>
        ),
      },
      { title: t('fields.rentOutlet'), dataIndex: 'rentOutletName', key: 'rentOutletName', width: 140, ellipsis: true },
      {
        title: t('fields.user'),
        dataIndex: 'userMobile',
        key: 'userMobile',
        width: 150,
        ellipsis: true,
        render: (_: string, r) => <CustomerLink userId={r.userId}>{r.userMobile}</CustomerLink>,
      },
      {
        title: t('fields.paidAmount'),
        dataIndex: 'paidAmount',
        key: 'paidAmount',
        width: 100,
        align: 'right',
        render: (v: number) => money(v),
      },
      {
        title: t('fields.refundAmount'),
        dataIndex: 'refundAmount',
        key: 'refundAmount',
        width: 100,
        align: 'right',
        render: (v: number, r: OrderItem) => (
          <>
            {v ? money(v) : '-'}
            {r.refundPendingAmount > 0 && (
              <div>
                <Typography.Text type="warning" style={{ fontSize: 12 }}>
                  {t('fields.refundPending', { amount: money(r.refundPendingAmount) })}
                </Typography.Text>
              </div>
            )}
          </>
        ),
      },
      timeColumn(t('fields.createTime')),
      // Secondary detail: shown from the column settings, and always in the detail drawer.
      {
        title: t('fields.deviceType'),
        dataIndex: 'deviceType',
        key: 'deviceType',
        width: 120,
        defaultHidden: true,
        render: (v: OrderItem['deviceType']) => w.deviceType(v),
      },
      {
        title: t('fields.payMode'),
        dataIndex: 'payMode',
        key: 'payMode',
        width: 110,
        defaultHidden: true,
        render: (v: OrderItem['payMode']) => w.payMode(v),
      },
      {
        title: t('fields.paymentKind'),
        dataIndex: 'paymentKind',
        key: 'paymentKind',
        width: 110,
        defaultHidden: true,
        render: (v: OrderItem['paymentKind']) => (v ? w.paymentKind(v) : '-'),
      },
      {
        title: t('fields.depositAmount'),
        dataIndex: 'depositAmount',
        key: 'depositAmount',
        width: 110,
        align: 'right',
        defaultHidden: true,
        render: (v: number) => money(v),
      },
      {
        title: t('fields.originalAmount'),
        dataIndex: 'originalAmount',
        key: 'originalAmount',
        width: 110,
        align: 'right',
        defaultHidden: true,
        render: (v: number) => money(v),
      },
      {
        title: t('fields.voucherDeduction'),
        dataIndex: 'voucherDeduction',
        key: 'voucherDeduction',
        width: 120,
        align: 'right',
        defaultHidden: true,
        render: (v: number) => money(v),
      },
      {
        title: t('fields.couponDeduction'),
        dataIndex: 'couponDeduction',
        key: 'couponDeduction',
        width: 120,
        align: 'right',
        defaultHidden: true,
        render: (v: number) => money(v),
      },
      {
        title: t('fields.memberDeduction'),
        dataIndex: 'memberDeduction',
        key: 'memberDeduction',
        width: 120,
        align: 'right',
        defaultHidden: true,
        render: (v: number) => money(v),
      },
      {
        title: t('fields.generatedAmount'),
        dataIndex: 'generatedAmount',
        key: 'generatedAmount',
        width: 120,
        align: 'right',
        defaultHidden: true,
        render: (v: number) => money(v),
      },
      {
        title: t('fields.consumptionStatus'),
        dataIndex: 'consumptionStatus',
        key: 'consumptionStatus',
        width: 120,
        defaultHidden: true,
        render: (v: OrderItem['consumptionStatus']) => w.consumption(v),
      },
      {
        title: t('fields.source'),
        dataIndex: 'source',
        key: 'source',
        width: 150,
        defaultHidden: true,
        render: (v: OrderItem['source']) => w.source(v),
      },
      {
        title: t('fields.payChannel'),
        dataIndex: 'payChannel',
        key: 'payChannel',
        width: 120,
        defaultHidden: true,
        render: (v: OrderItem['payChannel']) => (v ? w.channel(v) : '-'),
      },
      {
        title: t('fields.authState'),
        dataIndex: 'authState',
        key: 'authState',
        width: 170,
        defaultHidden: true,
        render: (v: OrderItem['authState'], r: OrderItem) =>
          v ? (
            <>
              <AuthStateTag state={v} />
              <div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('fields.authFrozen', { amount: money(r.authAmount) })}
                </Typography.Text>
              </div>
            </>
          ) : (
            '-'
          ),
      },
      {
        title: t('fields.billedMinutes'),
        dataIndex: 'billedMinutes',
        key: 'billedMinutes',
        width: 120,
        align: 'right',
        defaultHidden: true,
      },
      {
        title: t('fields.powerBankId'),
        dataIndex: 'powerBankId',
        key: 'powerBankId',
        width: 180,
        defaultHidden: true,
        render: (v: string | null) => <CopyableId value={v} />,
      },
      {
        title: t('fields.returnOutlet'),
        dataIndex: 'returnOutletName',
        key: 'returnOutletName',
        width: 150,
        ellipsis: true,
        defaultHidden: true,
      },
      {
        title: t('fields.returnDeviceSn'),
        dataIndex: 'returnDeviceSn',
        key: 'returnDeviceSn',
        width: 170,
        defaultHidden: true,
        render: (v: string | null) => <CopyableId value={v} />,
      },
      timeColumn(t('fields.startTime'), { dataIndex: 'startTime', hidden: true }),
      timeColumn(t('fields.endTime'), { dataIndex: 'endTime', hidden: true }),
      {
        title: t('fields.payReference'),
        dataIndex: 'payReference',
        key: 'payReference',
        width: 200,
        defaultHidden: true,
        render: (v: string | null) => <CopyableId value={v} />,
      },
    ],
    [t, w, money, detail.show],
  );

  return (
    <ListPage
      key={fromUrl.key}
      listCall={archive ? 'orderArchiveQueryPage' : 'orderQueryPage'}
      settingsKey={archive ? 'orderArchive' : undefined}
      rowKey="orderNo"
      title={(range) => (
        <Space size={8} wrap>
          {archive ? t('archive.title') : range ? t('orders.titleRange', { range }) : t('orders.title')}
          {provider.data?.sandbox && <Tag color="warning">{labels.ledger.provider.sandbox[lang]}</Tag>}
        </Space>
      )}
      filters={fromUrl.filters}
      columns={columns}
      exportCall={archive ? 'orderArchiveExport' : 'orderExport'}
      exportPerm={PERMS.orderExport}
      emptyText={archive ? t('archive.empty') : t('orders.empty')}
    >
      {/* Its actions are the buttons held under this screen's menu (the archive's own or the orders'). */}
      <OrderDetailDrawer orderNo={detail.record} open={detail.open} onClose={detail.hide} />
    </ListPage>
  );
}
