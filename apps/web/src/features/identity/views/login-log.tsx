import { useMemo } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOGIN_RESULTS, PERMS, type LoginLogItem } from '@cbo/contract';
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
import { accountLogFilters, ResultTag } from '@/shared/account-words';
import { useLoginLogText } from '../components/login-log-text';

/** System management → login log (menu url system/login-log): every sign-in attempt. */
export default function LoginLogView() {
  const { t } = useTranslation(['identity', 'kit']);
  const text = useLoginLogText();
  const detail = useOverlay<LoginLogItem>();

  const filters = useMemo<FiltersOf<'loginLogQueryPage'>>(
    () =>
      accountLogFilters(
        text,
        {
          userName: t('loginLog.userName'),
          accountType: t('loginLog.accountTypeLabel'),
          terminal: t('loginLog.terminalLabel'),
          result: t('loginLog.resultLabel'),
          ip: t('loginLog.ip'),
          time: t('loginLog.time'),
        },
        LOGIN_RESULTS,
      ),
    [t, text],
  );

  const columns = useMemo<ColumnsOf<'loginLogQueryPage'>>(
    () => [
      {
        title: t('loginLog.userName'),
        dataIndex: 'userName',
        key: 'userName',
        fixed: 'left',
        width: 140,
        ellipsis: true,
      },
      {
        title: t('loginLog.resultLabel'),
        dataIndex: 'result',
        key: 'result',
        width: 180,
        ellipsis: true,
        render: (_: unknown, row) => (
          <>
            <ResultTag result={row.result} />
            {row.result === 'fail' && row.failReason && (
              <Typography.Text type="secondary">{text.failReason(row.failReason)}</Typography.Text>
            )}
          </>
        ),
      },
      // Newest first, as the server orders them; the call takes no sort yet.
      timeColumn(t('loginLog.time'), { width: 180 }),
      {
        title: t('loginLog.accountTypeLabel'),
        dataIndex: 'accountType',
        key: 'accountType',
        width: 120,
        ellipsis: true,
        render: (v: string) => text.accountType(v),
      },
      {
        title: t('loginLog.terminalLabel'),
        dataIndex: 'terminal',
        key: 'terminal',
        width: 120,
        ellipsis: true,
        render: (v: string) => text.terminal(v),
      },
      { title: t('loginLog.ip'), dataIndex: 'ip', key: 'ip', width: 140, copyable: true },
      { title: t('loginLog.userAgent'), dataIndex: 'userAgent', key: 'userAgent', width: 200, ellipsis: true },
      detailColumn(t, detail.show),
    ],
    [t, text, detail.show],
  );

  return (
    <ListPage
      listCall="loginLogQueryPage"
      rowKey="id"
      title={t('loginLog.title')}
      filters={filters}
      columns={columns}
      exportCall="loginLogExport"
      exportPerm={PERMS.loginLogExport}
    >
      <RowDetailDrawer
        overlay={detail}
        title={t('loginLog.detailTitle')}
        items={(row) => [
          { key: 'userName', label: t('loginLog.userName'), value: row.userName },
          { key: 'accountType', label: t('loginLog.accountTypeLabel'), value: text.accountType(row.accountType) },
          { key: 'terminal', label: t('loginLog.terminalLabel'), value: text.terminal(row.terminal) },
          {
            key: 'result',
            label: t('loginLog.resultLabel'),
            value: <ResultTag result={row.result} />,
          },
          ...(row.result === 'fail'
            ? [
                {
                  key: 'failReason',
                  label: t('loginLog.failReason'),
                  value: text.failReason(row.failReason),
                  span: 2 as const,
                },
              ]
            : []),
          { key: 'ip', label: t('loginLog.ip'), value: row.ip },
          { key: 'time', label: t('loginLog.time'), value: formatDateTime(row.createTime) },
          {
            key: 'userAgent',
            label: t('loginLog.userAgent'),
            value: row.userAgent && (
              <Typography.Text style={{ wordBreak: 'break-all' }}>{row.userAgent}</Typography.Text>
            ),
            span: 2,
          },
        ]}
      />
    </ListPage>
  );
}
