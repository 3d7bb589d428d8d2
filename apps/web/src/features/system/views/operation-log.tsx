import { useMemo } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  actionLabel,
  auditTargetIn,
  errorByCode,
  OPERATION_RESULTS,
  PERMS,
  type OperationLogItem,
} from '@cbo/contract';
import {
  ListPage,
  RowDetailDrawer,
  detailColumn,
  formatDateTime,
  useOverlay,
  type ColumnsOf,
  type FiltersOf,
  timeColumn,
} from '@/shared/list-page';
import { useLang } from '@/shared/form';
import { translateName } from '@/shared/i18n';
import { accountLogFilters, ResultTag, useAccountWords } from '@/shared/account-words';

/**
 * System management → operation log (menu url system/operation-log): every change made by staff,
 * written by the platform for every mutating call (who, from which terminal, what, on what, the
 * result, from where, how long it took, when).
 */
export default function OperationLogView() {
  const { t } = useTranslation(['system', 'kit']);
  const lang = useLang();
  const detail = useOverlay<OperationLogItem>();
  const words = useAccountWords();
  const { accountType, terminal } = words;
  const resultTag = (row: OperationLogItem) => <ResultTag result={row.result} />;
  // The action in the viewer's language (the contract's words for the call), the target by the
  // name it had when the change was made: data as stored (an order number, an SN, a user name); a
  // settings group or function named by its contract label, a seeded role's or menu's name by its key.
  const { i18n } = useTranslation();
  const action = (row: OperationLogItem) => actionLabel(row.call, lang) ?? row.behaviour;
  const targetText = (row: OperationLogItem) => {
    if (!row.targetName) return row.target ?? '-';
    const read = auditTargetIn(row.targetName, lang);
    return read !== row.targetName ? read : translateName(i18n, row.targetName);
  };
  const failText = (code: number) => errorByCode(code)?.msg[lang].replace(/\{\w+\}/g, '…') ?? String(code);

  const filters = useMemo<FiltersOf<'operationLogQueryPage'>>(
    () =>
      accountLogFilters(
        words,
        {
          userName: t('operationLog.userName'),
          accountType: t('operationLog.accountType'),
          terminal: t('operationLog.terminal'),
          result: t('operationLog.result'),
          ip: t('operationLog.ip'),
          time: t('operationLog.time'),
        },
        OPERATION_RESULTS,
        [{ type: 'text', name: 'behaviour', label: t('operationLog.behaviour') }],
      ),
    [t, words],
  );

  const columns = useMemo<ColumnsOf<'operationLogQueryPage'>>(
    () => [
      {
        title: t('operationLog.userName'),
        dataIndex: 'userName',
        key: 'userName',
        fixed: 'left',
        width: 140,
        ellipsis: true,
        render: (v: string | null) => v ?? '-',
      },
      {
        title: t('operationLog.result'),
        dataIndex: 'result',
        key: 'result',
        width: 110,
        render: (_: unknown, row) => resultTag(row),
      },
      {
        title: t('operationLog.behaviour'),
        dataIndex: 'behaviour',
        key: 'behaviour',
        width: 240,
        ellipsis: true,
        render: (_: string, row) => action(row),
      },
      // Wide enough for an order number or an SN whole; a longer name (a batch of devices) is cut, whole in its tooltip.
      {
        title: t('operationLog.target'),
        dataIndex: 'target',
        key: 'target',
        width: 220,
        ellipsis: true,
        render: (_: string | null, row) => targetText(row),
      },
      timeColumn(t('operationLog.time'), { width: 180 }),
      {
        title: t('operationLog.duration'),
        dataIndex: 'durationMs',
        key: 'durationMs',
        width: 110,
        render: (v: number | null) => (v === null ? '-' : t('operationLog.ms', { n: v })),
      },
      {
        title: t('operationLog.ip'),
        dataIndex: 'ip',
        key: 'ip',
        width: 150,
        copyable: true,
        defaultHidden: true,
        render: (v: string | null) => v || '-',
      },
      {
        title: t('operationLog.accountType'),
        dataIndex: 'accountType',
        key: 'accountType',
        width: 130,
        ellipsis: true,
        defaultHidden: true,
        render: (v: string) => accountType(v),
      },
      {
        title: t('operationLog.terminal'),
        dataIndex: 'terminal',
        key: 'terminal',
        width: 110,
        ellipsis: true,
        defaultHidden: true,
        render: (v: string | null) => terminal(v),
      },
      detailColumn(t, detail.show),
    ],
    [t, lang, i18n, detail.show],
  );

  return (
    <ListPage
      listCall="operationLogQueryPage"
      rowKey="id"
      title={t('operationLog.title')}
      filters={filters}
      columns={columns}
      exportCall="operationLogExport"
      exportPerm={PERMS.operationLogExport}
    >
      <RowDetailDrawer
        overlay={detail}
        title={t('operationLog.detailTitle')}
        items={(row) => [
          { key: 'userName', label: t('operationLog.userName'), value: row.userName },
          { key: 'accountType', label: t('operationLog.accountType'), value: accountType(row.accountType) },
          { key: 'terminal', label: t('operationLog.terminal'), value: terminal(row.terminal) },
          { key: 'time', label: t('operationLog.time'), value: formatDateTime(row.createTime) },
          { key: 'behaviour', label: t('operationLog.behaviour'), value: action(row), span: 2 },
          {
            key: 'request',
            label: t('operationLog.request'),
            value: <Typography.Text code>{`${row.method} ${row.path}`}</Typography.Text>,
            span: 2,
          },
          {
            key: 'target',
            label: t('operationLog.target'),
            value: row.targetName && row.target ? `${targetText(row)} (${row.target})` : targetText(row),
          },
          { key: 'result', label: t('operationLog.result'), value: resultTag(row) },
          ...(row.resultCode !== 0
            ? [
                {
                  key: 'reason',
                  label: t('operationLog.reason'),
                  value: `${row.resultCode} ${failText(row.resultCode)}`,
                  span: 2 as const,
                },
              ]
            : []),
          { key: 'ip', label: t('operationLog.ip'), value: row.ip },
          {
            key: 'duration',
            label: t('operationLog.duration'),
            value: row.durationMs === null ? null : t('operationLog.ms', { n: row.durationMs }),
          },
          // The id the request's log lines carry (and its answer's x-request-id): from a complaint to the server log.
          {
            key: 'requestId',
            label: t('operationLog.requestId'),
            value: row.requestId ? (
              <Typography.Text code copyable>
                {row.requestId}
              </Typography.Text>
            ) : null,
            span: 2,
          },
        ]}
      />
    </ListPage>
  );
}
