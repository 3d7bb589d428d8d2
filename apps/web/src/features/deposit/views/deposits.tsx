import { useMemo, useState } from 'react';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEPOSIT_CHANNELS, DEPOSIT_STATES, MAX_RANGE_DAYS, PERMS, type DepositItem } from '@cbo/contract';
import { useButtons } from '@/shared/permission';
import { useMoney } from '@/shared/money';
import {
  CopyableId,
  DetailDrawer,
  ListPage,
  formatDateTime,
  optionsOf,
  useOverlay,
  type ColumnsOf,
  type FiltersOf,
  linkColumn,
  timeColumn,
} from '@/shared/list-page';
import { depositActionFor, type DepositAction } from '../components/deposit-logic';
import { DepositRefundModal } from '../components/deposit-refund';
import { DepositStats } from '../components/deposit-stats';
import { OutletSelect, UserSelect } from '@/shared/search-select';
import { DepositStateTag, useDepositWords } from '../components/deposit-words';
import { CustomerLink } from '@/shared/customer-link';
import { useExportWords } from '@/shared/export-words';

/**
 * Order management → deposit orders (menu url deposit/deposits): the deposit part of every rental,
 * the figures of the filter above the list, and the refund of a deposit nothing went back from
 * (asked, then audited), each button by permission.
 */
export default function DepositsView() {
  const { t } = useTranslation(['deposit', 'kit']);
  const w = useDepositWords();
  const { money } = useMoney();
  // The export sheet's words (the contract's): the screen, the filter and the file say the same.
  const col = useExportWords('depositExport');
  const buttons = useButtons();
  const detail = useOverlay<DepositItem>();
  const [step, setStep] = useState<{ action: DepositAction; deposit: DepositItem } | null>(null);
  const allowed = useMemo(
    () => ({ ask: buttons.has(PERMS.depositRefund), audit: buttons.has(PERMS.depositAudit) }),
    [buttons],
  );

  const filters = useMemo<FiltersOf<'depositQueryPage'>>(
    () => [
      { type: 'text', name: 'depositNo', maxLength: 32 },
      { type: 'text', name: 'orderNo', maxLength: 32 },
      { type: 'select', name: 'state', options: optionsOf(DEPOSIT_STATES, w.state) },
      {
        type: 'custom',
        name: 'userId',
        label: t('orders.user'),
        render: () => <UserSelect placeholder={t('orders.userPlaceholder')} />,
      },
      {
        type: 'custom',
        name: 'outletId',
        label: t('orders.outlet'),
        render: () => <OutletSelect placeholder={t('kit:any')} />,
      },
      {
        type: 'dateRange',
        name: 'created',
        begin: 'beginTime',
        end: 'endTime',
        label: col('createTime'),
        maxDays: MAX_RANGE_DAYS,
      },
      { type: 'select', name: 'channel', options: optionsOf(DEPOSIT_CHANNELS, w.channel) },
    ],
    [t, w, col],
  );

  const columns = useMemo<ColumnsOf<'depositQueryPage'>>(
    () => [
      linkColumn('depositNo', detail.show, 190),
      {
        dataIndex: 'state',
        key: 'state',
        width: 120,
        render: (v: DepositItem['state']) => <DepositStateTag state={v} />,
      },
      { dataIndex: 'orderNo', key: 'orderNo', width: 200, render: (v: string) => <CopyableId value={v} /> },
      {
        dataIndex: 'userMobile',
        key: 'userMobile',
        width: 160,
        ellipsis: true,
        render: (_: string, r) => <CustomerLink userId={r.userId}>{r.userMobile}</CustomerLink>,
      },
      { dataIndex: 'amount', key: 'amount', width: 100, align: 'right', render: (v: number) => money(v) },
      {
        dataIndex: 'returnedAmount',
        key: 'returnedAmount',
        width: 100,
        align: 'right',
        render: (v: number) => money(v),
      },
      timeColumn(undefined),
      { dataIndex: 'outletName', key: 'outletName', width: 150, ellipsis: true, defaultHidden: true },
      {
        dataIndex: 'feeTaken',
        key: 'feeTaken',
        width: 100,
        align: 'right',
        defaultHidden: true,
        render: (v: number) => money(v),
      },
      {
        dataIndex: 'refundFee',
        key: 'refundFee',
        width: 100,
        align: 'right',
        defaultHidden: true,
        render: (v: number) => money(v),
      },
      {
        dataIndex: 'channel',
        key: 'channel',
        width: 120,
        defaultHidden: true,
        render: (v: DepositItem['channel']) => w.channel(v),
      },
      {
        dataIndex: 'payReference',
        key: 'payReference',
        width: 200,
        defaultHidden: true,
        render: (v: string | null) => <CopyableId value={v} />,
      },
      { dataIndex: 'remark', key: 'remark', width: 160, ellipsis: true, defaultHidden: true },
      timeColumn(undefined, { dataIndex: 'finishTime', hidden: true }),
      {
        title: t('kit:actions'),
        key: 'actions',
        fixed: 'right',
        width: 100,
        render: (_: unknown, r: DepositItem) => {
          const action = depositActionFor(r);
          if (!action || !allowed[action]) return '-';
          return (
            <Button
              type="link"
              size="small"
              danger={action === 'audit'}
              onClick={() => setStep({ action, deposit: r })}
            >
              {action === 'ask' ? t('refund.ask') : t('refund.audit')}
            </Button>
          );
        },
      },
    ],
    [t, w, money, detail.show, allowed],
  );

  const r = detail.record;
  return (
    <ListPage
      listCall="depositQueryPage"
      rowKey="id"
      filters={filters}
      columns={columns}
      exportCall="depositExport"
      exportPerm={PERMS.depositExport}
      emptyText={t('orders.empty')}
      above={(list) => <DepositStats input={list.input} />}
    >
      <DepositRefundModal action={step?.action ?? null} deposit={step?.deposit} onClose={() => setStep(null)} />
      <DetailDrawer
        open={detail.open}
        onClose={detail.hide}
        title={t('orders.detailTitle', { depositNo: r?.depositNo ?? '' })}
        items={
          r
            ? [
                { key: 'depositNo', label: col('depositNo'), value: <CopyableId value={r.depositNo} /> },
                { key: 'orderNo', label: col('orderNo'), value: <CopyableId value={r.orderNo} /> },
                { key: 'state', label: col('state'), value: <DepositStateTag state={r.state} /> },
                { key: 'channel', label: col('channel'), value: w.channel(r.channel) },
                {
                  key: 'user',
                  label: t('orders.user'),
                  value: <CustomerLink userId={r.userId}>{r.userMobile}</CustomerLink>,
                },
                { key: 'outlet', label: t('orders.outlet'), value: r.outletName },
                {
                  key: 'amount',
                  label: col('amount'),
                  value: <Typography.Text strong>{money(r.amount)}</Typography.Text>,
                },
                { key: 'feeTaken', label: col('feeTaken'), value: money(r.feeTaken) },
                { key: 'refundFee', label: col('refundFee'), value: money(r.refundFee) },
                { key: 'returned', label: col('returnedAmount'), value: money(r.returnedAmount) },
                { key: 'payReference', label: col('payReference'), value: <CopyableId value={r.payReference} /> },
                {
                  key: 'refundReference',
                  label: t('orders.refundReference'),
                  value: <CopyableId value={r.refundReference} />,
                },
                { key: 'applicant', label: t('orders.applicant'), value: r.applicant },
                { key: 'auditor', label: t('orders.auditor'), value: r.auditor },
                { key: 'createTime', label: col('createTime'), value: formatDateTime(r.createTime) },
                {
                  key: 'finishTime',
                  label: col('finishTime'),
                  value: r.finishTime ? formatDateTime(r.finishTime) : null,
                },
                { key: 'remark', label: col('remark'), value: r.remark, span: 2 },
              ]
            : []
        }
      />
    </ListPage>
  );
}
