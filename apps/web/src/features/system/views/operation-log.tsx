import { useMemo } from 'react';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_TYPES, CLIENT_TYPES, errorByCode, MAX_RANGE_DAYS, OPERATION_RESULTS, PERMS, type OperationLogItem } from '@cbo/contract';
import { DetailDrawer, ListPage, detailColumn, formatDateTime, optionsOf, useOverlay, type ColumnsOf, type FiltersOf } from '@/shared/list-page';
import { useLang } from '@/shared/form';

/**
 * System management → operation log (menu url system/operation-log): every change made by staff,
 * written by the platform for every mutating call (who, from which terminal, what, on what, the
 * result, from where, how long it took, when).
 */
export default function OperationLogView() {
  const { t } = useTranslation(['operationLog', 'loginLog', 'kit']);
  const lang = useLang();
  const detail = useOverlay<OperationLogItem>();
  const accountType = (v: string) => t(`loginLog:accountType.${v}`, { defaultValue: v });
  const terminal = (v: string | null) => (v ? t(`loginLog:terminal.${v}`, { defaultValue: v }) : '-');
  const resultTag = (row: OperationLogItem) => <Tag color={row.result === 'success' ? 'success' : 'error'}>{t(`results.${row.result}`)}</Tag>;
  const failText = (code: number) => errorByCode(code)?.msg[lang].replace(/\{\w+\}/g, '…') ?? String(code);

  const filters = useMemo<FiltersOf<'operationLogQueryPage'>>(
    () => [
      { type: 'text', name: 'userName', label: t('userName') },
      { type: 'select', name: 'accountType', label: t('accountType'), options: optionsOf(ACCOUNT_TYPES, (v) => t(`loginLog:accountType.${v}`)) },
      { type: 'select', name: 'terminal', label: t('terminal'), options: optionsOf(CLIENT_TYPES, (v) => t(`loginLog:terminal.${v}`)) },
      { type: 'text', name: 'behaviour', label: t('behaviour') },
      { type: 'select', name: 'result', label: t('result'), options: optionsOf(OPERATION_RESULTS, (v) => t(`results.${v}`)) },
      { type: 'text', name: 'ip', label: t('ip') },
      // spec 5: a range over 30 days is rejected; the form refuses it before the server does.
      { type: 'dateRange', name: 'timeRange', begin: 'beginTime', end: 'endTime', label: t('time'), maxDays: MAX_RANGE_DAYS },
    ],
    [t],
  );

  const columns = useMemo<ColumnsOf<'operationLogQueryPage'>>(
    () => [
      { title: t('userName'), dataIndex: 'userName', key: 'userName', fixed: 'left', render: (v: string | null) => v ?? '-' },
      { title: t('accountType'), dataIndex: 'accountType', key: 'accountType', render: (v: string) => accountType(v) },
      { title: t('terminal'), dataIndex: 'terminal', key: 'terminal', render: (v: string | null) => terminal(v) },
      {
        title: t('behaviour'),
        dataIndex: 'behaviour',
        key: 'behaviour',
        render: (v: string) => (
          <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 260 }}>
            {v}
          </Typography.Text>
        ),
      },
      { title: t('target'), dataIndex: 'target', key: 'target', render: (v: string | null) => v ?? '-' },
      { title: t('result'), dataIndex: 'result', key: 'result', render: (_: unknown, row) => resultTag(row) },
      { title: t('ip'), dataIndex: 'ip', key: 'ip', render: (v: string | null) => v || '-' },
      { title: t('duration'), dataIndex: 'durationMs', key: 'durationMs', render: (v: number | null) => (v === null ? '-' : t('ms', { n: v })) },
      { title: t('time'), dataIndex: 'createTime', key: 'createTime', width: 170, render: (v: string) => formatDateTime(v) },
      detailColumn(t, detail.show),
    ],
    [t, lang, detail.show],
  );

  const row = detail.record;
  return (
    <ListPage
      listCall="operationLogQueryPage"
      rowKey="id"
      title={t('title')}
      filters={filters}
      columns={columns}
      exportCall="operationLogExport"
      exportPerm={PERMS.operationLogExport}
    >
      <DetailDrawer
        open={detail.open}
        title={t('detailTitle')}
        onClose={detail.hide}
        items={
          row
            ? [
                { key: 'userName', label: t('userName'), value: row.userName },
                { key: 'accountType', label: t('accountType'), value: accountType(row.accountType) },
                { key: 'terminal', label: t('terminal'), value: terminal(row.terminal) },
                { key: 'time', label: t('time'), value: formatDateTime(row.createTime) },
                { key: 'behaviour', label: t('behaviour'), value: row.behaviour, span: 2 },
                { key: 'request', label: t('request'), value: <Typography.Text code>{`${row.method} ${row.path}`}</Typography.Text>, span: 2 },
                { key: 'target', label: t('target'), value: row.target },
                { key: 'result', label: t('result'), value: resultTag(row) },
                ...(row.resultCode !== 0 ? [{ key: 'reason', label: t('reason'), value: `${row.resultCode} ${failText(row.resultCode)}`, span: 2 as const }] : []),
                { key: 'ip', label: t('ip'), value: row.ip },
                { key: 'duration', label: t('duration'), value: row.durationMs === null ? null : t('ms', { n: row.durationMs }) },
              ]
            : []
        }
      />
    </ListPage>
  );
}
