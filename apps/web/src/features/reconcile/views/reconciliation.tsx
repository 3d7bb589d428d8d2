import { useMemo, useState } from 'react';
import dayjs from 'dayjs';
import { Button, DatePicker, Tooltip, Typography } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMS, type ReconcileDayItem } from '@cbo/contract';
import { request } from '@/shared/request';
import { useMoney } from '@/shared/money';
import { Permit } from '@/shared/permission';
import { ListPage, callKey, type ColumnsOf, type FiltersOf, timeColumn } from '@/shared/list-page';
import { DayDrawer } from '../components/day-drawer';
import { RunModal } from '../components/run-modal';
import { companyName, DayResults, RunStateTag, useReconcileWords } from '../components/reconcile-words';

/**
 * Financial management → reconciliation (menu url reconcile/reconciliation): each day and payment
 * company with its results (a bar and a tag per difference), what is left to explain and the
 * day's totals; a day opens its lines; "Run now" reconciles a chosen day again.
 */
export default function ReconciliationView() {
  const { t } = useTranslation('reconcile');
  const w = useReconcileWords();
  const { money } = useMoney();
  // The day open in the drawer, by id: its figures are read from the list's latest answer.
  const [open, setOpen] = useState<ReconcileDayItem | null>(null);
  const [running, setRunning] = useState(false);
  const providers = useQuery({
    queryKey: callKey('reconcileProviders'),
    queryFn: ({ signal }) => request('reconcileProviders', {}, { signal }),
  });
  const providerList = providers.data?.providers ?? [];

  const filters = useMemo<FiltersOf<'reconcileDayQueryPage'>>(
    () => [
      {
        type: 'select',
        name: 'provider',
        label: t('list.provider'),
        options: providerList.map((p) => ({ value: p, label: companyName(t, p) })),
      },
      {
        type: 'custom',
        name: 'days',
        label: t('list.days'),
        width: 2,
        render: () => <DatePicker.RangePicker style={{ width: '100%' }} />,
        toInput: (v) => {
          const [a, b] = Array.isArray(v) ? (v as dayjs.Dayjs[]) : [];
          return { beginDay: a?.format('YYYY-MM-DD'), endDay: b?.format('YYYY-MM-DD') };
        },
      },
      {
        type: 'select',
        name: 'differences',
        label: t('list.differences'),
        options: [{ value: 'true', label: t('list.onlyDifferences') }],
      },
    ],
    [t, providerList],
  );

  const columns = useMemo<ColumnsOf<'reconcileDayQueryPage'>>(
    () => [
      {
        title: t('list.day'),
        dataIndex: 'day',
        key: 'day',
        fixed: 'left',
        width: 120,
        render: (v: string, r) => (
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            onClick={() => setOpen(r)}
            data-testid="reconcile-day"
          >
            {v}
          </Button>
        ),
      },
      {
        title: t('list.provider'),
        dataIndex: 'provider',
        key: 'provider',
        width: 100,
        render: (p: string) => companyName(t, p),
      },
      {
        title: t('list.status'),
        dataIndex: 'status',
        key: 'status',
        width: 100,
        render: (v: ReconcileDayItem['status'], r) =>
          v === 'failed' ? (
            <Tooltip title={t('list.failed', { error: r.error ?? '' })}>
              <span>
                <RunStateTag state={v} />
              </span>
            </Tooltip>
          ) : (
            <RunStateTag state={v} />
          ),
      },
      {
        title: t('list.results'),
        key: 'results',
        width: 330,
        render: (_: unknown, r) => <DayResults day={r} allClear={t('list.allClear')} />,
      },
      {
        title: t('list.unexplained'),
        dataIndex: 'unexplained',
        key: 'unexplained',
        width: 90,
        align: 'right',
        render: (v: number) => (v > 0 ? <Typography.Text type="danger">{v}</Typography.Text> : v),
      },
      {
        title: t('list.providerNet'),
        dataIndex: 'providerNet',
        key: 'providerNet',
        width: 110,
        align: 'right',
        render: (v: number) => money(v),
      },
      {
        title: t('list.booksNet'),
        dataIndex: 'booksNet',
        key: 'booksNet',
        width: 110,
        align: 'right',
        render: (v: number) => money(v),
      },
      {
        title: t('list.fees'),
        dataIndex: 'fees',
        key: 'fees',
        width: 90,
        align: 'right',
        render: (v: number) => money(v),
      },
      {
        title: t('list.runBy'),
        dataIndex: 'runBy',
        key: 'runBy',
        width: 110,
        ellipsis: true,
        render: (v: string) => w.runBy(v),
      },
      timeColumn(t('list.finishTime'), { dataIndex: 'finishTime', width: 160, hidden: true }),
    ],
    [t, w, money],
  );

  return (
    <ListPage
      listCall="reconcileDayQueryPage"
      rowKey="id"
      title={t('list.title')}
      filters={filters}
      columns={columns}
      emptyText={t('list.empty')}
      toolbar={
        <Permit perm={PERMS.reconcileRun}>
          <Button
            type="primary"
            icon={<PlayCircleOutlined />}
            onClick={() => setRunning(true)}
            data-testid="reconcile-run"
          >
            {t('run.action')}
          </Button>
        </Permit>
      }
    >
      {(list) => (
        <>
          <RunModal open={running} providers={providerList} onClose={() => setRunning(false)} />
          <DayDrawer day={open && (list.rows.find((r) => r.id === open.id) ?? open)} onClose={() => setOpen(null)} />
        </>
      )}
    </ListPage>
  );
}
