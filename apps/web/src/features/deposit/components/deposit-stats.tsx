import { Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '@/shared/request';
import { useMoney } from '@/shared/money';
import { callKey } from '@/shared/list-page';
import { statCards, statisticsFilter } from './deposit-logic';

/** The figures of what the list's filters select, above the list (asked with the same filter). */
export function DepositStats({ input }: { input: Record<string, unknown> }) {
  const { t } = useTranslation('deposit');
  const { money } = useMoney();
  const filter = statisticsFilter(input);
  const stats = useQuery({
    queryKey: [...callKey('depositStatistics'), filter],
    queryFn: ({ signal }) => request('depositStatistics', { body: filter }, { signal, silent: true }),
  });
  return (
    <Row gutter={[12, 12]}>
      {(stats.data ? statCards(stats.data) : []).map((c) => (
        <Col key={c.key} flex="1 1 150px">
          <Card size="small" style={{ height: '100%' }}>
            <Statistic
              title={t(`stats.${c.key}`)}
              value={c.split ? `${c.split[0]} / ${c.split[1]}` : money(c.amount)}
              valueStyle={{ fontSize: 18, color: c.attention ? '#fa541c' : undefined }}
            />
            {c.count !== null && (
              <Typography.Text type="secondary">{t('stats.count', { count: c.count })}</Typography.Text>
            )}
          </Card>
        </Col>
      ))}
      {!stats.data && (
        <Col span={24}>
          <Card size="small">
            <Skeleton active paragraph={{ rows: 1 }} title={false} />
          </Card>
        </Col>
      )}
    </Row>
  );
}
