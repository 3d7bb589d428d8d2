import { useMemo, useState } from 'react';
import { Button, Descriptions, Drawer, Form, Input, Segmented, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  PERMS,
  RECONCILE_RESULTS,
  reconcileReason,
  type ReconcileDayItem,
  type ReconcileLineItem,
  type ReconcileResult,
} from '@cbo/contract';
import { request } from '@/shared/request';
import { useLang, useZodRule } from '@/shared/form';
import { useMoney } from '@/shared/money';
import { useExportWords } from '@/shared/export-words';
import { Permit, useButtons } from '@/shared/permission';
import { EmptyState } from '@/shared/empty-state';
import {
  CopyableId,
  ExportButton,
  FormModal,
  callKey,
  formatDateTime,
  useIsMobile,
  timeColumn,
} from '@/shared/list-page';
import { companyName, DayResults, ResultTag, RunStateTag, useReconcileWords } from './reconcile-words';

const PAGE_SIZE = 20;

/**
 * One day of one company: its figures, then its lines with the differences first (the server's
 * order), filtered by result; a difference not yet explained has "Explain" (a modal with the
 * reason), an explained one shows who, when and why. "Export" sends the lines shown to the export centre.
 */
export function DayDrawer({ day, onClose }: { day: ReconcileDayItem | null; onClose: () => void }) {
  const { t } = useTranslation('reconcile');
  const w = useReconcileWords();
  const lang = useLang();
  const { money } = useMoney();
  const isMobile = useIsMobile();
  const buttons = useButtons();
  const col = useExportWords('reconcileExport');
  const [result, setResult] = useState<ReconcileResult | 'all'>('all');
  const [page, setPage] = useState(1);
  const [explaining, setExplaining] = useState<ReconcileLineItem | null>(null);
  const filter = { runId: day?.id ?? 0, ...(result === 'all' ? {} : { result }) };
  const q = useQuery({
    queryKey: [...callKey('reconcileLineQueryPage'), filter, page],
    queryFn: ({ signal }) =>
      request('reconcileLineQueryPage', { query: { ...filter, pageNum: page, pageSize: PAGE_SIZE } }, { signal }),
    enabled: day !== null,
  });
  const canExplain = buttons.has(PERMS.reconcileExplain);

  const columns = useMemo(
    () => [
      {
        title: col('result'),
        dataIndex: 'result',
        key: 'result',
        width: 150,
        render: (v: ReconcileResult) => <ResultTag result={v} />,
      },
      { title: col('op'), dataIndex: 'op', key: 'op', width: 90, render: (v: ReconcileLineItem['op']) => w.op(v) },
      {
        title: col('key'),
        dataIndex: 'key',
        key: 'key',
        width: 220,
        render: (v: string) => <CopyableId value={v} />,
      },
      {
        title: col('providerAmount'),
        dataIndex: 'providerAmount',
        key: 'providerAmount',
        width: 110,
        align: 'right' as const,
        render: (v: number | null) => (v === null ? '-' : money(v)),
      },
      {
        title: col('booksAmount'),
        dataIndex: 'booksAmount',
        key: 'booksAmount',
        width: 110,
        align: 'right' as const,
        render: (v: number | null) => (v === null ? '-' : money(v)),
      },
      {
        title: col('fee'),
        dataIndex: 'fee',
        key: 'fee',
        width: 80,
        align: 'right' as const,
        render: (v: number) => money(v),
      },
      timeColumn<ReconcileLineItem>(col('at'), { dataIndex: 'at', width: 160 }),
      {
        title: col('reason'),
        key: 'reason',
        width: 240,
        render: (_: unknown, r: ReconcileLineItem) =>
          r.explainedAt ? (
            <Space direction="vertical" size={0} data-testid="reconcile-explained">
              <Typography.Text>{r.reason}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('day.explainedBy', { by: r.explainedBy, time: formatDateTime(r.explainedAt) })}
              </Typography.Text>
            </Space>
          ) : r.result !== 'matched' && canExplain ? (
            <Button size="small" onClick={() => setExplaining(r)} data-testid="reconcile-explain">
              {t('day.explain')}
            </Button>
          ) : (
            '-'
          ),
      },
    ],
    [w, money, t, canExplain, lang],
  );

  return (
    <Drawer
      open={day !== null}
      onClose={onClose}
      size={isMobile ? '100%' : 1200}
      title={day ? t('day.title', { provider: companyName(t, day.provider), day: day.day }) : ''}
      destroyOnHidden
      extra={
        day && (
          <Permit perm={PERMS.reconcileExport}>
            <ExportButton call="reconcileExport" getFilters={() => filter} />
          </Permit>
        )
      }
    >
      {day && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions size="small" bordered column={isMobile ? 1 : 3}>
            <Descriptions.Item label={t('list.status')}>
              <RunStateTag state={day.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('list.runBy')}>{w.runBy(day.runBy)}</Descriptions.Item>
            <Descriptions.Item label={t('list.finishTime')}>
              {day.finishTime ? formatDateTime(day.finishTime) : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('list.providerNet')}>{money(day.providerNet)}</Descriptions.Item>
            <Descriptions.Item label={t('list.booksNet')}>{money(day.booksNet)}</Descriptions.Item>
            <Descriptions.Item label={t('list.fees')}>{money(day.fees)}</Descriptions.Item>
            <Descriptions.Item label={t('list.results')} span={isMobile ? 1 : 3}>
              <DayResults day={day} allClear={t('list.allClear')} />
            </Descriptions.Item>
          </Descriptions>
          <Segmented
            value={result}
            onChange={(v) => {
              setResult(v as ReconcileResult | 'all');
              setPage(1);
            }}
            options={[
              { value: 'all', label: t('day.all') },
              ...RECONCILE_RESULTS.map((r) => ({ value: r, label: w.result(r) })),
            ]}
            style={{ maxWidth: '100%', overflowX: 'auto' }}
          />
          <Table<ReconcileLineItem>
            size="small"
            rowKey="id"
            loading={q.isLoading}
            dataSource={q.data?.list ?? []}
            columns={columns}
            scroll={{ x: 1160 }}
            locale={{ emptyText: <EmptyState description={t('day.empty')} /> }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: q.data?.total ?? 0,
              showSizeChanger: false,
              onChange: setPage,
            }}
          />
        </Space>
      )}
      <ExplainModal line={explaining} onClose={() => setExplaining(null)} />
    </Drawer>
  );
}

/** Marks one difference explained with a reason (2-200 characters); the server refuses a second one. */
function ExplainModal({ line, onClose }: { line: ReconcileLineItem | null; onClose: () => void }) {
  const { t } = useTranslation('reconcile');
  const w = useReconcileWords();
  const { money } = useMoney();
  const rule = useZodRule();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <FormModal<{ reason: string }>
      name="reconcileExplain"
      open={line !== null}
      form={form}
      title={t('explain.title')}
      onClose={onClose}
      okText={t('explain.ok')}
      successMessage={t('explain.done')}
      invalidates={['reconcileLineQueryPage', 'reconcileDayQueryPage']}
      onSubmit={(v) => request('reconcileExplain', { body: { id: line!.id, reason: v.reason.trim() } })}
    >
      {line && (
        <Typography.Paragraph type="secondary">
          {t('explain.hint', {
            result: w.result(line.result),
            op: w.op(line.op),
            key: line.key,
            company: line.providerAmount === null ? t('explain.none') : money(line.providerAmount),
            books: line.booksAmount === null ? t('explain.none') : money(line.booksAmount),
          })}
        </Typography.Paragraph>
      )}
      <Form.Item name="reason" label={t('explain.reason')} rules={[rule(reconcileReason, t('explain.reason'))]}>
        <Input.TextArea rows={3} maxLength={200} showCount placeholder={t('explain.placeholder')} />
      </Form.Item>
    </FormModal>
  );
}
