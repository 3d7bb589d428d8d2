import { useMemo } from 'react';
import { Card, Skeleton, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { exportLabels, labelOf, labels, PERMS, type Lang } from '@cbo/contract';
import { useButtons } from '@/shared/permission';
import { useLang } from '@/shared/form';
import { useMoney } from '@/shared/money';
import { flowKindText } from '@/shared/flow-kind';
import {
  CopyableId,
  ListPage,
  timeColumn,
  type ColumnsOf,
  type ListColumn,
  type ListPageProps,
  type PagedCall,
} from '@/shared/list-page';

/** A group of the contract's words (a state's labels). */
type Words = Parameters<typeof labelOf>[0];

/**
 * The column kinds of the customer's tabs, headed by `title(key)`: most tabs are another screen's
 * list, headed with the words of its export sheet (the contract's, one home).
 */
function columnKinds(title: (key: string) => string, lang: Lang, money: (minor: number) => string) {
  return {
    /** An order, deposit or refund number: one line with a copy button. */
    id: <R,>(key: string): ListColumn<R, false> => ({
      title: title(key),
      dataIndex: key,
      key,
      width: 200,
      render: (v: string | null) => <CopyableId value={v} />,
    }),
    /** An amount, right-aligned in the business's currency. */
    money: <R,>(key: string): ListColumn<R, false> => ({
      title: title(key),
      dataIndex: key,
      key,
      width: 100,
      align: 'right',
      render: (v: number) => money(v),
    }),
    time: <R,>(key: string) => timeColumn<R>(title(key), { dataIndex: key }),
    /** A text cut to its column ('-' when empty). */
    text: <R,>(key: string, width = 150): ListColumn<R, false> => ({
      title: title(key),
      dataIndex: key,
      key,
      width,
      ellipsis: true,
    }),
    /** A state in the contract's words, as a tag (`plain`: as words). */
    label: <R,>(key: string, group: Words, width = 120, plain = false): ListColumn<R, false> => ({
      title: title(key),
      dataIndex: key,
      key,
      width,
      render: (v: string) => (plain ? labelOf(group, v, lang) : <Tag>{labelOf(group, v, lang)}</Tag>),
    }),
  };
}

/** A column heading of another screen's list: the words of its export sheet. */
function sheetHeading(call: keyof typeof exportLabels, lang: Lang) {
  const columns = exportLabels[call].columns as Record<string, Record<Lang, string>>;
  return (key: string) => columns[key]?.[lang] ?? key;
}

/** The columns of each tab, in the reader's language and the business's currency. */
function useTabColumns() {
  const { t } = useTranslation(['network', 'kit']);
  const lang = useLang();
  const { money } = useMoney();
  return useMemo(() => {
    const of = (call: keyof typeof exportLabels) => columnKinds(sheetHeading(call, lang), lang, money);
    const own = columnKinds((key) => t(key), lang, money);
    const order = of('orderExport');
    const deposit = of('depositExport');
    const refund = of('refundOrderExport');
    const voucher = of('voucherOrderExport');
    const flow = of('fundFlowUserExport');
    return {
      orders: [
        order.id('orderNo'),
        order.label('status', labels.order.orderStatus),
        order.text('deviceSn'),
        order.text('rentOutletName'),
        order.money('depositAmount'),
        order.money('paidAmount'),
        order.money('refundAmount'),
        order.time('createTime'),
      ] satisfies ColumnsOf<'orderQueryPage'>,
      deposits: [
        deposit.id('depositNo'),
        deposit.id('orderNo'),
        deposit.label('state', labels.deposit.depositState, 140),
        deposit.money('amount'),
        deposit.money('feeTaken'),
        deposit.money('returnedAmount'),
        deposit.text('remark', 160),
        deposit.time('createTime'),
        deposit.time('finishTime'),
      ] satisfies ColumnsOf<'depositQueryPage'>,
      refunds: [
        refund.id('refundNo'),
        refund.id('orderNo'),
        refund.label('type', labels.order.refundType, 120, true),
        refund.label('status', labels.order.refundStatus),
        refund.money('amount'),
        refund.text('reason', 160),
        refund.time('createTime'),
        refund.time('finishTime'),
      ] satisfies ColumnsOf<'refundOrderQueryPage'>,
      coupons: [
        { ...own.text('customer.coupon', 160), dataIndex: 'couponName', key: 'couponName' },
        { ...own.label('customer.couponType', labels.coupon.couponType, 120, true), dataIndex: 'type', key: 'type' },
        {
          ...own.label('customer.couponStatus', labels.coupon.userCouponStatus, 100),
          dataIndex: 'status',
          key: 'status',
        },
        {
          ...own.label('customer.couponSource', labels.coupon.couponSource, 110, true),
          dataIndex: 'source',
          key: 'source',
        },
        { ...own.time('customer.validTo'), dataIndex: 'validTo', key: 'validTo' },
        { ...own.id('customer.usedOn'), dataIndex: 'orderNo', key: 'orderNo' },
        { ...own.money('customer.deduction'), dataIndex: 'deduction', key: 'deduction' },
        { ...own.time('customer.received'), dataIndex: 'createTime', key: 'createTime' },
      ] satisfies ColumnsOf<'userCouponQueryPage'>,
      vouchers: [
        voucher.id('voucherOrderNo'),
        voucher.text('voucherName'),
        voucher.label('status', labels.voucher.voucherOrderStatus),
        voucher.money('price'),
        {
          title: sheetHeading('voucherOrderExport', lang)('usesLeft'),
          key: 'usesLeft',
          width: 100,
          render: (_: unknown, r) => `${r.usesLeft} / ${r.uses}`,
        },
        voucher.money('refundAmount'),
        voucher.time('validUntil'),
        voucher.time('createTime'),
      ] satisfies ColumnsOf<'voucherOrderQueryPage'>,
      flow: [
        flow.time('time'),
        {
          title: sheetHeading('fundFlowUserExport', lang)('kind'),
          dataIndex: 'kind',
          key: 'kind',
          width: 120,
          render: (v: string) => flowKindText(v, lang),
        },
        {
          title: sheetHeading('fundFlowUserExport', lang)('accountName'),
          dataIndex: 'accountCode',
          key: 'account',
          width: 130,
          render: (v: string) =>
            labelOf(labels.ledger.accountKind, v.split(':')[0] as keyof typeof labels.ledger.accountKind, lang),
        },
        // The customer's side: a credit adds to what is kept for them, a debit takes from it.
        { ...own.money('customer.in'), dataIndex: 'credit', key: 'credit', render: (v: number) => (v ? money(v) : '') },
        { ...own.money('customer.out'), dataIndex: 'debit', key: 'debit', render: (v: number) => (v ? money(v) : '') },
        flow.id('orderNo'),
        flow.text('memo', 220),
      ] satisfies ColumnsOf<'fundFlowUser'>,
      signIns: [
        { ...own.time('customer.signInTime'), dataIndex: 'createTime', key: 'createTime' },
        {
          ...own.label('members.terminal', labels.common.terminal, 150, true),
          dataIndex: 'terminal',
          key: 'terminal',
          // A terminal the contract does not name shows as it was recorded.
          render: (v: string) =>
            Object.hasOwn(labels.common.terminal, v)
              ? labelOf(labels.common.terminal, v as keyof typeof labels.common.terminal, lang)
              : v,
        },
        {
          title: t('customer.ip'),
          dataIndex: 'ip',
          key: 'ip',
          width: 140,
          render: (v: string | null) => v ?? '-',
        },
        { ...own.time('customer.lastSeen'), dataIndex: 'lastSeenTime', key: 'lastSeenTime' },
        { ...own.time('customer.signOut'), dataIndex: 'signOutTime', key: 'signOutTime' },
      ] satisfies ColumnsOf<'memberSignInQueryPage'>,
      freezes: [
        { ...own.time('customer.freezeTime'), dataIndex: 'createTime', key: 'createTime' },
        {
          title: t('customer.freezeAction'),
          dataIndex: 'status',
          key: 'status',
          width: 110,
          render: (v: number) => (
            <Tag color={v === 1 ? 'error' : 'success'}>{v === 1 ? t('common.freeze') : t('common.unfreeze')}</Tag>
          ),
        },
        { ...own.text('common.reason', 220), dataIndex: 'reason', key: 'reason' },
        {
          title: t('customer.operator'),
          dataIndex: 'operatorName',
          key: 'operatorName',
          width: 150,
          render: (v: string | null) => v ?? '-',
        },
      ] satisfies ColumnsOf<'memberFreezeQueryPage'>,
    };
  }, [t, lang, money]);
}

/** The customer's tabs: each a list of the module that owns it, filtered by the customer. */
export function CustomerTabs({ userId }: { userId: number }) {
  const { t } = useTranslation(['network', 'kit']);
  const buttons = useButtons();
  const columns = useTabColumns();
  const params = useMemo(() => ({ userId }), [userId]);

  if (buttons.loading)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  /** A tab shown when the account holds `perm` (none: always); `remember` keeps its column choices. */
  const tab = <K extends PagedCall>(
    key: keyof typeof columns,
    perm: string | null,
    list: Pick<ListPageProps<K>, 'listCall' | 'rowKey' | 'columns' | 'title' | 'params'>,
    remember = true,
  ) =>
    perm && !buttons.has(perm)
      ? null
      : {
          key,
          label: t(`customer.tabs.${key}`),
          children: (
            <ListPage<K>
              {...list}
              title={list.title ?? t(`customer.tabs.${key}`)}
              settingsKey={remember ? `customer.${key}` : undefined}
            />
          ),
        };
  const items = [
    tab('orders', PERMS.orderQuery, {
      listCall: 'orderQueryPage',
      params,
      rowKey: 'id',
      columns: columns.orders,
      title: t('customer.ordersTitle'),
    }),
    tab('deposits', PERMS.depositQuery, {
      listCall: 'depositQueryPage',
      params,
      rowKey: 'id',
      columns: columns.deposits,
    }),
    tab('refunds', PERMS.refundQuery, {
      listCall: 'refundOrderQueryPage',
      params,
      rowKey: 'refundNo',
      columns: columns.refunds,
    }),
    tab('coupons', PERMS.userCouponQuery, {
      listCall: 'userCouponQueryPage',
      params,
      rowKey: 'id',
      columns: columns.coupons,
    }),
    tab('vouchers', PERMS.voucherOrderQuery, {
      listCall: 'voucherOrderQueryPage',
      params,
      rowKey: 'id',
      columns: columns.vouchers,
    }),
    tab('flow', PERMS.flowUser, { listCall: 'fundFlowUser', params, rowKey: 'id', columns: columns.flow }),
    tab('signIns', null, { listCall: 'memberSignInQueryPage', params, rowKey: 'id', columns: columns.signIns }, false),
    tab('freezes', null, { listCall: 'memberFreezeQueryPage', params, rowKey: 'id', columns: columns.freezes }, false),
  ].filter((x) => x !== null);
  return <Tabs className="customer-tabs" items={items} destroyOnHidden />;
}
