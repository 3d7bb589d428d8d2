import { useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Form, Input, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { exportLabels, labelOf, labels, memberFreezeReason, PERMS, type Lang, type MemberDetail } from '@cbo/contract';
import { request } from '@/shared/request';
import { useButtons } from '@/shared/permission';
import { useLang, useZodRule } from '@/shared/form';
import { useMoney } from '@/shared/money';
import { errorText } from '@/shared/errors';
import { EmptyState } from '@/shared/empty-state';
import { flowKindText } from '@/shared/flow-kind';
import {
  CopyableId,
  FormModal,
  ListPage,
  callKey,
  formatDateTime,
  useRowAction,
  type ColumnsOf,
} from '@/shared/list-page';
import { SimulatedTag, StatusTag, useNetLabel } from '../components/network-data';

/** A time, or '-' when there is none. */
const time = (v: string | null) => (v ? formatDateTime(v) : '-');

/** A column heading of another screen's list: the words of its export sheet (the contract's, one home). */
function heading(call: keyof typeof exportLabels, key: string, lang: Lang): string {
  const columns = exportLabels[call].columns as Record<string, Record<Lang, string>>;
  return columns[key]?.[lang] ?? key;
}

/**
 * User management → a customer (menu url network/customer, /member/detail?id=, hidden from the
 * sidebar): one customer in one place, opened from wherever a customer is named (the user list,
 * orders, refunds, deposits, coupons, vouchers, fund flows). The header is memberDetail; each tab
 * is the list of the module that owns it, filtered by the customer (userId), shown when the
 * account holds that list's permission here (the screen's buttons).
 */
export default function CustomerView() {
  const { t } = useTranslation(['network', 'kit']);
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  const id = /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
  const detail = useQuery({
    queryKey: callKey('memberDetail', { id }),
    queryFn: ({ signal }) => request('memberDetail', { query: { id: id! } }, { signal, silent: true }),
    enabled: id !== null,
    retry: false,
  });

  if (id === null) return <EmptyState description={t('customer.noId')} />;
  if (detail.isError) return <Alert type="error" showIcon message={errorText(detail.error)} />;
  return (
    <Flex vertical gap={16} className="customer-page">
      {detail.data ? (
        <CustomerHeader customer={detail.data} />
      ) : (
        <Card>
          <Skeleton active />
        </Card>
      )}
      <CustomerTabs userId={id} />
    </Flex>
  );
}

function CustomerHeader({ customer: c }: { customer: MemberDetail }) {
  const { t } = useTranslation(['network', 'kit']);
  const net = useNetLabel();
  const { money } = useMoney();
  const buttons = useButtons();
  const rule = useZodRule();
  const [freezing, setFreezing] = useState(false);
  const invalidates = ['memberDetail', 'memberFreezeQueryPage', 'memberQueryPage'] as const;
  const unfreeze = useRowAction<MemberDetail>({
    confirm: (row) => ({ title: t('members.unfreezeConfirm', { name: row.nickname }) }),
    call: (row) => request('memberUpdateStatus', { body: { id: row.id, status: 0 } }),
    success: t('common.unfrozen'),
    invalidates: [...invalidates],
  });
  const last = c.lastFreeze;
  const phone = `+${c.areaCode} ${c.mobile}`;
  const items: { key: string; label: ReactNode; children: ReactNode }[] = [
    {
      key: 'mobile',
      label: t('common.mobile'),
      children: <Typography.Text copyable={{ text: phone }}>{phone}</Typography.Text>,
    },
    { key: 'registered', label: t('members.registered'), children: formatDateTime(c.createTime) },
    { key: 'terminal', label: t('members.terminal'), children: net.terminal(c.terminal) },
    { key: 'level', label: t('members.level'), children: <Tag>{net.memberLevel(c.level)}</Tag> },
    { key: 'status', label: t('common.status'), children: <StatusTag status={c.status} reason={c.freezeReason} /> },
    {
      key: 'balance',
      label: t('members.balance'),
      children: <Typography.Text strong>{money(c.balance)}</Typography.Text>,
    },
    {
      key: 'deposit',
      label: t('customer.depositHeld'),
      children: <Typography.Text strong>{money(c.deposit)}</Typography.Text>,
    },
    { key: 'orders', label: t('customer.orderCount'), children: c.orderCount },
    {
      key: 'lastSignIn',
      label: t('customer.lastSignIn'),
      children: c.lastSignInTime ? formatDateTime(c.lastSignInTime) : t('customer.never'),
    },
    {
      key: 'lastFreeze',
      label: t('customer.lastFreeze'),
      children: last
        ? t(last.status === 1 ? 'customer.frozenBy' : 'customer.unfrozenBy', {
            name: last.operatorName ?? '-',
            time: formatDateTime(last.time),
          }) + (last.reason ? ` · ${last.reason}` : '')
        : '-',
    },
  ];
  return (
    <Card size="small">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Space size={8} wrap>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="customer-title">
            {c.nickname}
          </Typography.Title>
          <SimulatedTag simulated={c.simulated} />
        </Space>
        {buttons.has(PERMS.memberStatus) &&
          (c.status === 0 ? (
            <Button danger onClick={() => setFreezing(true)}>
              {t('common.freeze')}
            </Button>
          ) : (
            <Button onClick={() => unfreeze.run(c)}>{t('common.unfreeze')}</Button>
          ))}
      </Flex>
      {c.duplicateOf !== null && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('customer.duplicateOf', { id: c.duplicateOf })}
        />
      )}
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3, xxl: 5 }} items={items} />
      <FormModal<{ reason: string }>
        open={freezing}
        title={t('members.freezeTitle', { name: c.nickname })}
        onClose={() => setFreezing(false)}
        onSubmit={(v) => request('memberUpdateStatus', { body: { id: c.id, status: 1, reason: v.reason } })}
        invalidates={[...invalidates]}
        successMessage={t('common.frozen')}
      >
        <Typography.Paragraph type="secondary">{t('members.freezeHint')}</Typography.Paragraph>
        <Form.Item name="reason" label={t('common.reason')} rules={[rule(memberFreezeReason, t('common.reason'))]}>
          <Input maxLength={32} showCount />
        </Form.Item>
      </FormModal>
    </Card>
  );
}

/** The customer's tabs: each a list of the module that owns it, filtered by the customer. */
function CustomerTabs({ userId }: { userId: number }) {
  const { t } = useTranslation(['network', 'kit']);
  const buttons = useButtons();
  const lang = useLang();
  const { money } = useMoney();
  const params = useMemo(() => ({ userId }), [userId]);

  const orderColumns = useMemo<ColumnsOf<'orderQueryPage'>>(
    () => [
      {
        title: heading('orderExport', 'orderNo', lang),
        dataIndex: 'orderNo',
        key: 'orderNo',
        width: 200,
        render: (v: string) => <CopyableId value={v} />,
      },
      {
        title: heading('orderExport', 'status', lang),
        dataIndex: 'status',
        key: 'status',
        width: 120,
        render: (v: keyof typeof labels.order.orderStatus) => <Tag>{labelOf(labels.order.orderStatus, v, lang)}</Tag>,
      },
      {
        title: heading('orderExport', 'deviceSn', lang),
        dataIndex: 'deviceSn',
        key: 'deviceSn',
        width: 150,
        ellipsis: true,
      },
      {
        title: heading('orderExport', 'rentOutletName', lang),
        dataIndex: 'rentOutletName',
        key: 'rentOutletName',
        width: 150,
        ellipsis: true,
        render: (v: string | null) => v ?? '-',
      },
      {
        title: heading('orderExport', 'depositAmount', lang),
        dataIndex: 'depositAmount',
        key: 'depositAmount',
        width: 100,
        align: 'right',
        render: (v: number) => money(v),
      },
      {
        title: heading('orderExport', 'paidAmount', lang),
        dataIndex: 'paidAmount',
        key: 'paidAmount',
        width: 100,
        align: 'right',
        render: (v: number) => money(v),
      },
      {
        title: heading('orderExport', 'refundAmount', lang),
        dataIndex: 'refundAmount',
        key: 'refundAmount',
        width: 100,
        align: 'right',
        render: (v: number) => money(v),
      },
      {
        title: heading('orderExport', 'createTime', lang),
        dataIndex: 'createTime',
        key: 'createTime',
        width: 170,
        render: time,
      },
    ],
    [lang, money],
  );
  const depositColumns = useMemo<ColumnsOf<'depositQueryPage'>>(
    () => [
      {
        title: heading('depositExport', 'depositNo', lang),
        dataIndex: 'depositNo',
        key: 'depositNo',
        width: 200,
        render: (v: string) => <CopyableId value={v} />,
      },
      {
        title: heading('depositExport', 'orderNo', lang),
        dataIndex: 'orderNo',
        key: 'orderNo',
        width: 200,
        render: (v: string) => <CopyableId value={v} />,
      },
      {
        title: heading('depositExport', 'state', lang),
        dataIndex: 'state',
        key: 'state',
        width: 140,
        render: (v: keyof typeof labels.deposit.depositState) => (
          <Tag>{labelOf(labels.deposit.depositState, v, lang)}</Tag>
        ),
      },
      {
        title: heading('depositExport', 'amount', lang),
        dataIndex: 'amount',
        key: 'amount',
        width: 100,
        align: 'right',
        render: (v: number) => money(v),
      },
      {
        title: heading('depositExport', 'feeTaken', lang),
        dataIndex: 'feeTaken',
        key: 'feeTaken',
        width: 100,
        align: 'right',
        render: (v: number) => money(v),
      },
      {
        title: heading('depositExport', 'returnedAmount', lang),
        dataIndex: 'returnedAmount',
        key: 'returnedAmount',
        width: 100,
        align: 'right',
        render: (v: number) => money(v),
      },
      {
        title: heading('depositExport', 'remark', lang),
        dataIndex: 'remark',
        key: 'remark',
        width: 160,
        ellipsis: true,
        render: (v: string | null) => v ?? '-',
      },
      {
        title: heading('depositExport', 'createTime', lang),
        dataIndex: 'createTime',
        key: 'createTime',
        width: 170,
        render: time,
      },
      {
        title: heading('depositExport', 'finishTime', lang),
        dataIndex: 'finishTime',
        key: 'finishTime',
        width: 170,
        render: time,
      },
    ],
    [lang, money],
  );
  const refundColumns = useMemo<ColumnsOf<'refundOrderQueryPage'>>(
    () => [
      {
        title: heading('refundOrderExport', 'refundNo', lang),
        dataIndex: 'refundNo',
        key: 'refundNo',
        width: 200,
        render: (v: string) => <CopyableId value={v} />,
      },
      {
        title: heading('refundOrderExport', 'orderNo', lang),
        dataIndex: 'orderNo',
        key: 'orderNo',
        width: 200,
        render: (v: string) => <CopyableId value={v} />,
      },
      {
        title: heading('refundOrderExport', 'type', lang),
        dataIndex: 'type',
        key: 'type',
        width: 120,
        render: (v: keyof typeof labels.order.refundType) => labelOf(labels.order.refundType, v, lang),
      },
      {
        title: heading('refundOrderExport', 'status', lang),
        dataIndex: 'status',
        key: 'status',
        width: 120,
        render: (v: keyof typeof labels.order.refundStatus) => <Tag>{labelOf(labels.order.refundStatus, v, lang)}</Tag>,
      },
      {
        title: heading('refundOrderExport', 'amount', lang),
        dataIndex: 'amount',
        key: 'amount',
        width: 100,
        align: 'right',
        render: (v: number) => money(v),
      },
      {
        title: heading('refundOrderExport', 'reason', lang),
        dataIndex: 'reason',
        key: 'reason',
        width: 160,
        ellipsis: true,
      },
      {
        title: heading('refundOrderExport', 'createTime', lang),
        dataIndex: 'createTime',
        key: 'createTime',
        width: 170,
        render: time,
      },
      {
        title: heading('refundOrderExport', 'finishTime', lang),
        dataIndex: 'finishTime',
        key: 'finishTime',
        width: 170,
        render: time,
      },
    ],
    [lang, money],
  );
  const couponColumns = useMemo<ColumnsOf<'userCouponQueryPage'>>(
    () => [
      { title: t('customer.coupon'), dataIndex: 'couponName', key: 'couponName', width: 160, ellipsis: true },
      {
        title: t('customer.couponType'),
        dataIndex: 'type',
        key: 'type',
        width: 120,
        render: (v: keyof typeof labels.coupon.couponType) => labelOf(labels.coupon.couponType, v, lang),
      },
      {
        title: t('customer.couponStatus'),
        dataIndex: 'status',
        key: 'status',
        width: 100,
        render: (v: keyof typeof labels.coupon.userCouponStatus) => (
          <Tag>{labelOf(labels.coupon.userCouponStatus, v, lang)}</Tag>
        ),
      },
      {
        title: t('customer.couponSource'),
        dataIndex: 'source',
        key: 'source',
        width: 110,
        render: (v: keyof typeof labels.coupon.couponSource) => labelOf(labels.coupon.couponSource, v, lang),
      },
      { title: t('customer.validTo'), dataIndex: 'validTo', key: 'validTo', width: 170, render: time },
      {
        title: t('customer.usedOn'),
        dataIndex: 'orderNo',
        key: 'orderNo',
        width: 200,
        render: (v: string | null) => <CopyableId value={v} />,
      },
      {
        title: t('customer.deduction'),
        dataIndex: 'deduction',
        key: 'deduction',
        width: 100,
        align: 'right',
        render: (v: number) => money(v),
      },
      { title: t('customer.received'), dataIndex: 'createTime', key: 'createTime', width: 170, render: time },
    ],
    [t, lang, money],
  );
  const voucherColumns = useMemo<ColumnsOf<'voucherOrderQueryPage'>>(
    () => [
      {
        title: heading('voucherOrderExport', 'voucherOrderNo', lang),
        dataIndex: 'voucherOrderNo',
        key: 'voucherOrderNo',
        width: 200,
        render: (v: string) => <CopyableId value={v} />,
      },
      {
        title: heading('voucherOrderExport', 'voucherName', lang),
        dataIndex: 'voucherName',
        key: 'voucherName',
        width: 150,
        ellipsis: true,
      },
      {
        title: heading('voucherOrderExport', 'status', lang),
        dataIndex: 'status',
        key: 'status',
        width: 120,
        render: (v: keyof typeof labels.voucher.voucherOrderStatus) => (
          <Tag>{labelOf(labels.voucher.voucherOrderStatus, v, lang)}</Tag>
        ),
      },
      {
        title: heading('voucherOrderExport', 'price', lang),
        dataIndex: 'price',
        key: 'price',
        width: 100,
        align: 'right',
        render: (v: number) => money(v),
      },
      {
        title: heading('voucherOrderExport', 'usesLeft', lang),
        key: 'usesLeft',
        width: 100,
        render: (_: unknown, r) => `${r.usesLeft} / ${r.uses}`,
      },
      {
        title: heading('voucherOrderExport', 'refundAmount', lang),
        dataIndex: 'refundAmount',
        key: 'refundAmount',
        width: 100,
        align: 'right',
        render: (v: number) => money(v),
      },
      {
        title: heading('voucherOrderExport', 'validUntil', lang),
        dataIndex: 'validUntil',
        key: 'validUntil',
        width: 170,
        render: time,
      },
      {
        title: heading('voucherOrderExport', 'createTime', lang),
        dataIndex: 'createTime',
        key: 'createTime',
        width: 170,
        render: time,
      },
    ],
    [lang, money],
  );
  const flowColumns = useMemo<ColumnsOf<'fundFlowUser'>>(
    () => [
      { title: heading('fundFlowUserExport', 'time', lang), dataIndex: 'time', key: 'time', width: 170, render: time },
      {
        title: heading('fundFlowUserExport', 'kind', lang),
        dataIndex: 'kind',
        key: 'kind',
        width: 120,
        render: (v: string) => flowKindText(v, lang),
      },
      {
        title: heading('fundFlowUserExport', 'accountName', lang),
        dataIndex: 'accountCode',
        key: 'account',
        width: 130,
        render: (v: string) =>
          labelOf(labels.ledger.accountKind, v.split(':')[0] as keyof typeof labels.ledger.accountKind, lang),
      },
      // The customer's side: a credit adds to what is kept for them, a debit takes from it.
      {
        title: t('customer.in'),
        dataIndex: 'credit',
        key: 'credit',
        width: 100,
        align: 'right',
        render: (v: number) => (v ? money(v) : ''),
      },
      {
        title: t('customer.out'),
        dataIndex: 'debit',
        key: 'debit',
        width: 100,
        align: 'right',
        render: (v: number) => (v ? money(v) : ''),
      },
      {
        title: heading('fundFlowUserExport', 'orderNo', lang),
        dataIndex: 'orderNo',
        key: 'orderNo',
        width: 200,
        render: (v: string | null) => <CopyableId value={v} />,
      },
      {
        title: heading('fundFlowUserExport', 'memo', lang),
        dataIndex: 'memo',
        key: 'memo',
        width: 220,
        ellipsis: true,
      },
    ],
    [t, lang, money],
  );
  const signInColumns = useMemo<ColumnsOf<'memberSignInQueryPage'>>(
    () => [
      { title: t('customer.signInTime'), dataIndex: 'createTime', key: 'createTime', width: 170, render: time },
      {
        title: t('members.terminal'),
        dataIndex: 'terminal',
        key: 'terminal',
        width: 150,
        render: (v: string) =>
          Object.hasOwn(labels.common.terminal, v)
            ? labelOf(labels.common.terminal, v as keyof typeof labels.common.terminal, lang)
            : v,
      },
      { title: t('customer.ip'), dataIndex: 'ip', key: 'ip', width: 140, render: (v: string | null) => v ?? '-' },
      { title: t('customer.lastSeen'), dataIndex: 'lastSeenTime', key: 'lastSeenTime', width: 170, render: time },
      { title: t('customer.signOut'), dataIndex: 'signOutTime', key: 'signOutTime', width: 170, render: time },
    ],
    [t, lang],
  );
  const freezeColumns = useMemo<ColumnsOf<'memberFreezeQueryPage'>>(
    () => [
      { title: t('customer.freezeTime'), dataIndex: 'createTime', key: 'createTime', width: 170, render: time },
      {
        title: t('customer.freezeAction'),
        dataIndex: 'status',
        key: 'status',
        width: 110,
        render: (v: number) => (
          <Tag color={v === 1 ? 'error' : 'success'}>{v === 1 ? t('common.freeze') : t('common.unfreeze')}</Tag>
        ),
      },
      {
        title: t('common.reason'),
        dataIndex: 'reason',
        key: 'reason',
        width: 220,
        ellipsis: true,
        render: (v: string | null) => v ?? '-',
      },
      {
        title: t('customer.operator'),
        dataIndex: 'operatorName',
        key: 'operatorName',
        width: 150,
        render: (v: string | null) => v ?? '-',
      },
    ],
    [t],
  );

  const tab = (key: string, label: string, content: ReactNode, perm?: string) =>
    perm && !buttons.has(perm) ? null : { key, label, children: content };
  const items = [
    tab(
      'orders',
      t('customer.tabs.orders'),
      <ListPage
        listCall="orderQueryPage"
        settingsKey="customer.orders"
        rowKey="id"
        title={t('customer.ordersTitle')}
        params={params}
        columns={orderColumns}
      />,
      PERMS.orderQuery,
    ),
    tab(
      'deposits',
      t('customer.tabs.deposits'),
      <ListPage
        listCall="depositQueryPage"
        settingsKey="customer.deposits"
        rowKey="id"
        title={t('customer.tabs.deposits')}
        params={params}
        columns={depositColumns}
      />,
      PERMS.depositQuery,
    ),
    tab(
      'refunds',
      t('customer.tabs.refunds'),
      <ListPage
        listCall="refundOrderQueryPage"
        settingsKey="customer.refunds"
        rowKey="refundNo"
        title={t('customer.tabs.refunds')}
        params={params}
        columns={refundColumns}
      />,
      PERMS.refundQuery,
    ),
    tab(
      'coupons',
      t('customer.tabs.coupons'),
      <ListPage
        listCall="userCouponQueryPage"
        settingsKey="customer.coupons"
        rowKey="id"
        title={t('customer.tabs.coupons')}
        params={params}
        columns={couponColumns}
      />,
      PERMS.userCouponQuery,
    ),
    tab(
      'vouchers',
      t('customer.tabs.vouchers'),
      <ListPage
        listCall="voucherOrderQueryPage"
        settingsKey="customer.vouchers"
        rowKey="id"
        title={t('customer.tabs.vouchers')}
        params={params}
        columns={voucherColumns}
      />,
      PERMS.voucherOrderQuery,
    ),
    tab(
      'flow',
      t('customer.tabs.flow'),
      <ListPage
        listCall="fundFlowUser"
        settingsKey="customer.flow"
        rowKey="id"
        title={t('customer.tabs.flow')}
        params={params}
        columns={flowColumns}
      />,
      PERMS.flowUser,
    ),
    tab(
      'signIns',
      t('customer.tabs.signIns'),
      <ListPage
        listCall="memberSignInQueryPage"
        rowKey="id"
        title={t('customer.tabs.signIns')}
        params={params}
        columns={signInColumns}
      />,
    ),
    tab(
      'freezes',
      t('customer.tabs.freezes'),
      <ListPage
        listCall="memberFreezeQueryPage"
        rowKey="id"
        title={t('customer.tabs.freezes')}
        params={params}
        columns={freezeColumns}
      />,
    ),
  ].filter((x) => x !== null);

  if (buttons.loading)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  return <Tabs className="customer-tabs" items={items} destroyOnHidden />;
}
