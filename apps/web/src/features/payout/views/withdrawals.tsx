import { useMemo, useState } from 'react';
import { Button, Space, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  MAX_RANGE_DAYS,
  PAYOUT_FAILURE_REASONS,
  PAYOUT_METHODS,
  PAYOUT_PARTIES,
  PAYOUT_STATES,
  PERMS,
  type PayoutItem,
} from '@cbo/contract';
import { request } from '@/shared/request';
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
import { PayoutAuditModal, PayoutBatchAuditModal } from '../components/payout-audit';
import { PayoutSummary } from '../components/payout-summary';
import { useExportWords } from '@/shared/export-words';
import { PayoutStateTag, usePayoutWords } from '../components/payout-words';

/**
 * Financial management → withdrawal management (menu url payout/withdrawals): the partners'
 * applications with what waits above them, each one's review (approve or reject with a reason,
 * by permission), its detail with the state history and the party's balance, and the export.
 */
export default function WithdrawalsView() {
  const { t } = useTranslation(['payout', 'kit']);
  const w = usePayoutWords();
  const { money } = useMoney();
  // The export sheet's words (the contract's): the screen, the filter and the file say the same.
  const col = useExportWords('payoutExport');
  const buttons = useButtons();
  const canAudit = buttons.has(PERMS.payoutAudit);
  const detail = useOverlay<PayoutItem>();
  const [auditing, setAuditing] = useState<PayoutItem | null>(null);
  // The batch review: rows waiting for review are selectable; the selection is kept across pages.
  const [selected, setSelected] = useState<PayoutItem[]>([]);
  const [batch, setBatch] = useState<PayoutItem[] | null>(null);

  const filters = useMemo<FiltersOf<'payoutQueryPage'>>(
    () => [
      { type: 'text', name: 'applicationNo', maxLength: 32 },
      { type: 'select', name: 'status', options: optionsOf(PAYOUT_STATES, w.state) },
      { type: 'select', name: 'partyKind', options: optionsOf(PAYOUT_PARTIES, w.party) },
      { type: 'select', name: 'method', options: optionsOf(PAYOUT_METHODS, w.method) },
      {
        type: 'dateRange',
        name: 'created',
        begin: 'beginTime',
        end: 'endTime',
        label: col('createTime'),
        maxDays: MAX_RANGE_DAYS,
      },
    ],
    [w, col],
  );

  const columns = useMemo<ColumnsOf<'payoutQueryPage'>>(
    () => [
      linkColumn('applicationNo', detail.show, 210),
      {
        dataIndex: 'status',
        key: 'status',
        width: 150,
        render: (v: PayoutItem['status']) => <PayoutStateTag state={v} />,
      },
      { dataIndex: 'partyName', key: 'partyName', width: 140, ellipsis: true },
      { dataIndex: 'method', key: 'method', width: 80, render: (v: PayoutItem['method']) => w.method(v) },
      { dataIndex: 'amount', key: 'amount', width: 100, align: 'right', render: (v: number) => money(v) },
      { dataIndex: 'fee', key: 'fee', width: 80, align: 'right', render: (v: number) => money(v) },
      { dataIndex: 'actualAmount', key: 'actualAmount', width: 100, align: 'right', render: (v: number) => money(v) },
      timeColumn(undefined, { width: 160 }),
      {
        dataIndex: 'partyKind',
        key: 'partyKind',
        width: 110,
        defaultHidden: true,
        render: (v: PayoutItem['partyKind']) => w.party(v),
      },
      { dataIndex: 'payeeName', key: 'payeeName', width: 120, ellipsis: true, defaultHidden: true },
      { dataIndex: 'payeeAccount', key: 'payeeAccount', width: 160, ellipsis: true, defaultHidden: true },
      {
        dataIndex: 'failureReason',
        key: 'failureReason',
        width: 180,
        ellipsis: true,
        defaultHidden: true,
        render: (v: PayoutItem['failureReason']) => (v ? w.failure(v) : '-'),
      },
      { dataIndex: 'reviewer', key: 'reviewer', width: 120, ellipsis: true, defaultHidden: true },
      timeColumn(undefined, { dataIndex: 'reviewTime', width: 160, hidden: true }),
      timeColumn(undefined, { dataIndex: 'finishTime', width: 160, hidden: true }),
      {
        dataIndex: 'providerReference',
        key: 'providerReference',
        width: 200,
        defaultHidden: true,
        render: (v: string | null) => <CopyableId value={v} />,
      },
      {
        title: t('kit:actions'),
        key: 'actions',
        fixed: 'right',
        width: 110,
        render: (_: unknown, r: PayoutItem) =>
          r.status === 'initiated' && canAudit ? (
            <Button type="link" size="small" danger onClick={() => setAuditing(r)}>
              {t('audit.action')}
            </Button>
          ) : (
            '-'
          ),
      },
    ],
    [t, w, money, detail.show, canAudit],
  );

  return (
    <ListPage
      listCall="payoutQueryPage"
      rowKey="id"
      filters={filters}
      columns={columns}
      exportCall="payoutExport"
      exportPerm={PERMS.payoutExport}
      emptyText={t('list.empty')}
      above={() => <PayoutSummary />}
      tableProps={
        canAudit
          ? {
              rowSelection: {
                selectedRowKeys: selected.map((r) => r.id),
                preserveSelectedRowKeys: true,
                getCheckboxProps: (r: PayoutItem) => ({ disabled: r.status !== 'initiated' }),
                onChange: (_keys, rows) => setSelected(rows.filter((r): r is PayoutItem => Boolean(r))),
              },
            }
          : undefined
      }
      toolbar={
        canAudit ? (
          <Button disabled={!selected.length} onClick={() => setBatch(selected)} data-testid="payout-batch">
            {t('batch.action', { count: selected.length })}
          </Button>
        ) : undefined
      }
    >
      <PayoutAuditModal withdrawal={auditing} onClose={() => setAuditing(null)} />
      <PayoutBatchAuditModal withdrawals={batch} onClose={() => setBatch(null)} onDone={() => setSelected([])} />
      <PayoutDetailDrawer id={detail.record?.id ?? null} open={detail.open} onClose={detail.hide} />
    </ListPage>
  );
}

/** One withdrawal read fresh from the server: its fields, the party's balance now and every change of state. */
function PayoutDetailDrawer({ id, open, onClose }: { id: number | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('payout');
  const w = usePayoutWords();
  const { money } = useMoney();
  const col = useExportWords('payoutExport');
  const q = useQuery({
    queryKey: [...callKey('payoutDetail'), id],
    queryFn: ({ signal }) => request('payoutDetail', { query: { id: id! } }, { signal }),
    enabled: open && id !== null,
  });
  const r = q.data;
  return (
    <DetailDrawer
      open={open}
      onClose={onClose}
      width={780}
      loading={q.isLoading}
      title={t('detail.title', { applicationNo: r?.applicationNo ?? '' })}
      items={
        r
          ? [
              {
                key: 'applicationNo',
                label: col('applicationNo'),
                value: <CopyableId value={r.applicationNo} />,
                span: 2,
              },
              { key: 'status', label: col('status'), value: <PayoutStateTag state={r.status} /> },
              { key: 'method', label: col('method'), value: w.method(r.method) },
              {
                key: 'party',
                label: col('partyName'),
                value: `${r.partyName} (${w.party(r.partyKind)} #${r.partyId})`,
                span: 2,
              },
              {
                key: 'payeeAccount',
                label: col('payeeAccount'),
                value: <CopyableId value={r.payeeAccount} />,
                span: 2,
              },
              { key: 'payeeName', label: col('payeeName'), value: r.payeeName },
              {
                key: 'amount',
                label: col('amount'),
                value: <Typography.Text strong>{money(r.amount)}</Typography.Text>,
              },
              { key: 'fee', label: col('fee'), value: money(r.fee) },
              { key: 'actualAmount', label: col('actualAmount'), value: money(r.actualAmount) },
              {
                key: 'balance',
                label: t('detail.balance'),
                value: <span data-testid="payout-party-balance">{money(r.balance)}</span>,
              },
              { key: 'withdrawable', label: t('detail.withdrawable'), value: money(r.withdrawable) },
              ...(r.owed > 0
                ? [
                    {
                      key: 'owed',
                      label: t('detail.owed'),
                      value: <Typography.Text type="danger">{money(r.owed)}</Typography.Text>,
                    },
                  ]
                : []),
              {
                key: 'failureReason',
                label: col('failureReason'),
                value: r.failureReason ? w.failure(r.failureReason) : null,
              },
              { key: 'rejectReason', label: col('rejectReason'), value: r.rejectReason },
              { key: 'reviewer', label: col('reviewer'), value: r.reviewer },
              {
                key: 'reviewTime',
                label: col('reviewTime'),
                value: r.reviewTime ? formatDateTime(r.reviewTime) : null,
              },
              { key: 'createTime', label: col('createTime'), value: formatDateTime(r.createTime) },
              {
                key: 'mode',
                label: t('detail.mode'),
                value: r.automatic ? t('detail.automatic') : t('detail.reviewed'),
              },
              {
                key: 'providerReference',
                label: col('providerReference'),
                value: <CopyableId value={r.providerReference} />,
                span: 2,
              },
              {
                key: 'history',
                label: t('detail.history'),
                span: 2,
                value: (
                  <Timeline
                    style={{ marginTop: 8, marginBottom: -16 }}
                    items={r.history.map((h) => ({
                      key: `${h.status}-${h.time}`,
                      children: (
                        <Space direction="vertical" size={0}>
                          <Space size={8} wrap>
                            <PayoutStateTag state={h.status} />
                            <Typography.Text type="secondary">{formatDateTime(h.time)}</Typography.Text>
                          </Space>
                          <Typography.Text>{historyActor(h.actor, t)}</Typography.Text>
                          {h.note && (
                            <Typography.Text type="secondary">
                              {h.status === 'failed' && isFailure(h.note)
                                ? w.failure(h.note)
                                : h.note === 'automatic'
                                  ? t('detail.automatic')
                                  : h.note}
                            </Typography.Text>
                          )}
                        </Space>
                      ),
                    }))}
                  />
                ),
              },
            ]
          : []
      }
    />
  );
}

const historyActor = (actor: string, t: (k: string) => string) =>
  actor === 'system' ? t('detail.system') : actor === 'payment company' ? t('detail.company') : actor;
const isFailure = (v: string): v is NonNullable<PayoutItem['failureReason']> =>
  (PAYOUT_FAILURE_REASONS as readonly string[]).includes(v);
