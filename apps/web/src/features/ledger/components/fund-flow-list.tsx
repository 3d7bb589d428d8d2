import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_RANGE_DAYS, PERMS, type FlowScope } from '@cbo/contract';
import { useMoney } from '@/shared/money';
import { CopyableId, ListPage, timeColumn, type ColumnsOf, type FiltersOf } from '@/shared/list-page';
import { FLOW_KINDS, flowKindLabel } from './flow-kinds';
import { UserSelect } from '@/shared/search-select';
import { useLang } from '@/shared/form';
import { CustomerLink } from '@/shared/customer-link';

/** The list and export call of each fund flow (the contract keeps one pair per scope). */
const CALLS = {
  platform: { list: 'fundFlowPlatform', export: 'fundFlowPlatformExport' },
  user: { list: 'fundFlowUser', export: 'fundFlowUserExport' },
  account: { list: 'fundFlowAccount', export: 'fundFlowAccountExport' },
} as const satisfies Record<FlowScope, { list: string; export: string }>;

/**
 * A fund flow (spec 2, financial management): the ledger's entries of one group of accounts, a
 * line per account side of a transaction, newest first. Balances are sums of these entries; the
 * trial balance shows that their debits equal their credits.
 */
export function FundFlowList({ scope }: { scope: FlowScope }) {
  const { t } = useTranslation(['ledger', 'kit']);
  const { money } = useMoney();
  const lang = useLang();
  const calls = CALLS[scope];

  const filters = useMemo<FiltersOf<'fundFlowPlatform'>>(
    () => [
      {
        type: 'dateRange',
        name: 'time',
        begin: 'beginTime',
        end: 'endTime',
        label: t('flow.time'),
        maxDays: MAX_RANGE_DAYS,
      },
      { type: 'text', name: 'orderNo', label: t('flow.orderNo'), maxLength: 32 },
      {
        type: 'select',
        name: 'kind',
        label: t('flow.kind'),
        options: FLOW_KINDS.map((k) => ({ value: k, label: flowKindLabel(lang, k) })),
      },
      {
        type: 'text',
        name: 'accountCode',
        label: t('flow.accountCode'),
        maxLength: 40,
        placeholder: t(`flow.accountCodeHint.${scope}`),
      },
      ...(scope === 'user'
        ? [
            {
              type: 'custom' as const,
              name: 'userId',
              label: t('flow.user'),
              render: () => <UserSelect placeholder={t('flow.userPlaceholder')} />,
            },
          ]
        : []),
    ],
    [t, scope, lang],
  );

  const columns = useMemo<ColumnsOf<'fundFlowPlatform'>>(
    () => [
      { ...timeColumn(t('flow.time'), { dataIndex: 'time' }), fixed: 'left' },
      {
        title: t('flow.kind'),
        dataIndex: 'kind',
        key: 'kind',
        width: 110,
        ellipsis: true,
        render: (v: string) => flowKindLabel(lang, v),
      },
      // A customer's balance or deposit is named by their phone, linked to the customer screen.
      {
        title: t('flow.account'),
        dataIndex: 'accountName',
        key: 'accountName',
        width: 250,
        ellipsis: true,
        render: (v: string, r) => <CustomerLink userId={r.userId}>{v}</CustomerLink>,
      },
      {
        title: t('flow.debit'),
        dataIndex: 'debit',
        key: 'debit',
        width: 110,
        align: 'right',
        render: (v: number) => (v ? money(v) : ''),
      },
      {
        title: t('flow.credit'),
        dataIndex: 'credit',
        key: 'credit',
        width: 110,
        align: 'right',
        render: (v: number) => (v ? money(v) : ''),
      },
      {
        title: t('flow.orderNo'),
        dataIndex: 'orderNo',
        key: 'orderNo',
        width: 200,
        render: (v: string | null) => <CopyableId value={v} />,
      },
      { title: t('flow.memo'), dataIndex: 'memo', key: 'memo', width: 210, ellipsis: true },
      {
        title: t('flow.accountCode'),
        dataIndex: 'accountCode',
        key: 'accountCode',
        width: 170,
        defaultHidden: true,
        render: (v: string) => <CopyableId value={v} />,
      },
      {
        title: t('flow.transaction'),
        dataIndex: 'transactionKey',
        key: 'transactionKey',
        width: 240,
        defaultHidden: true,
        render: (v: string) => <CopyableId value={v} />,
      },
    ],
    [t, money, lang],
  );

  return (
    <ListPage
      listCall={calls.list}
      rowKey="id"
      title={t(`flow.title.${scope}`)}
      filters={filters}
      columns={columns}
      exportCall={calls.export}
      exportPerm={PERMS.flowExport}
      emptyText={t('flow.empty')}
    />
  );
}
