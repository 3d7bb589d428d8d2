import { Alert, Button, Card, Col, Flex, Row, Skeleton, Statistic, Table, Tooltip, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TrialBalance } from '@cbo/contract';
import { request } from '@/shared/request';
import { useMoney, toUnits } from '@/shared/money';
import { EmptyState } from '@/shared/empty-state';
import { CopyableId, callKey, useIsMobile } from '@/shared/list-page';
import { balanceCheck } from '../components/trial-balance-check';

type Account = TrialBalance['accounts'][number];

/**
 * Financial management → trial balance (menu url ledger/trial-balance): the debit and credit
 * totals of every ledger account. Every movement is balanced, so the totals are equal; a
 * difference means the books are wrong and is shown as an error, with its amount.
 */
export default function TrialBalanceView() {
  const { t } = useTranslation(['ledger', 'common']);
  const { money, currency, digits } = useMoney();
  const isMobile = useIsMobile();
  const tb = useQuery({
    queryKey: callKey('ledgerTrialBalance'),
    queryFn: ({ signal }) => request('ledgerTrialBalance', {}, { signal }),
  });
  const d = tb.data;
  const check = d ? balanceCheck(d) : null;

  return (
    <Flex vertical gap={16}>
      <Card
        size="small"
        title={t('trial.title')}
        extra={
          <Tooltip title={t('common:refresh')}>
            <Button
              aria-label={t('common:refresh')}
              icon={<ReloadOutlined spin={tb.isFetching && !tb.isPending} />}
              onClick={() => void tb.refetch()}
            />
          </Tooltip>
        }
      >
        {tb.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : d && check ? (
          <>
            <Row gutter={[16, 16]}>
              <Col xs={24} md={8}>
                <Statistic
                  title={t('trial.totalDebit')}
                  value={toUnits(d.totalDebit, currency)}
                  precision={digits}
                  suffix={currency ?? undefined}
                />
              </Col>
              <Col xs={24} md={8}>
                <Statistic
                  title={t('trial.totalCredit')}
                  value={toUnits(d.totalCredit, currency)}
                  precision={digits}
                  suffix={currency ?? undefined}
                />
              </Col>
              <Col xs={24} md={8}>
                <Statistic title={t('trial.accounts')} value={d.accounts.length} />
              </Col>
            </Row>
            <Alert
              style={{ marginTop: 16 }}
              showIcon
              type={check.balanced ? 'success' : 'error'}
              message={
                check.balanced
                  ? t('trial.balanced')
                  : t('trial.unbalanced', { difference: money(Math.abs(check.difference)) })
              }
              description={
                check.balanced
                  ? t('trial.balancedHint')
                  : check.totalsMatchAccounts
                    ? t('trial.unbalancedHint')
                    : t('trial.totalsMismatch')
              }
            />
          </>
        ) : (
          <EmptyState />
        )}
      </Card>
      <Card size="small" title={t('trial.byAccount')}>
        <Table<Account>
          size={isMobile ? 'small' : 'middle'}
          rowKey="code"
          loading={tb.isFetching}
          dataSource={d?.accounts ?? []}
          scroll={{ x: 640 }}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          locale={{ emptyText: <EmptyState description={t('trial.empty')} /> }}
          columns={[
            {
              title: t('trial.code'),
              dataIndex: 'code',
              key: 'code',
              width: 200,
              render: (v: string) => <CopyableId value={v} />,
            },
            { title: t('trial.name'), dataIndex: 'name', key: 'name', width: 220, ellipsis: true },
            {
              title: t('flow.debit'),
              dataIndex: 'debit',
              key: 'debit',
              width: 150,
              align: 'right',
              render: (v: number) => money(v),
            },
            {
              title: t('flow.credit'),
              dataIndex: 'credit',
              key: 'credit',
              width: 150,
              align: 'right',
              render: (v: number) => money(v),
            },
            {
              title: t('trial.balance'),
              key: 'balance',
              width: 150,
              align: 'right',
              render: (_: unknown, a) => (
                <Typography.Text type={a.debit - a.credit < 0 ? 'secondary' : undefined}>
                  {money(a.debit - a.credit)}
                </Typography.Text>
              ),
            },
          ]}
          summary={() =>
            d && d.accounts.length > 0 ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={2}>
                  <Typography.Text strong>{t('trial.total')}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  <Typography.Text strong>{money(d.totalDebit)}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  <Typography.Text strong>{money(d.totalCredit)}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  <Typography.Text strong>{money(d.totalDebit - d.totalCredit)}</Typography.Text>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('trial.hint')}
        </Typography.Paragraph>
      </Card>
    </Flex>
  );
}
