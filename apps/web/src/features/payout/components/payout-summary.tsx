import { Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '@/shared/request';
import { useMoney } from '@/shared/money';
import { callKey } from '@/shared/list-page';

/** What waits for review and what is with the payment company, above the list. */
export function PayoutSummary() {
  const { t } = useTranslation('payout');
  const { money } = useMoney();
  const summary = useQuery({
    queryKey: callKey('payoutSummary'),
    queryFn: ({ signal }) => request('payoutSummary', {}, { signal, silent: true }),
  });
  const s = summary.data;
  if (!s) {
    return (
      <Card size="small">
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      </Card>
    );
  }
  const cards = [
    { key: 'pending', amount: s.pendingAmount, count: s.pendingCount, attention: s.pendingCount > 0 },
    { key: 'paying', amount: s.payingAmount, count: s.payingCount, attention: false },
  ];
  return (
    <Row gutter={[12, 12]}>
      {cards.map((c) => (
        <Col key={c.key} flex="1 1 200px">
          <Card size="small" style={{ height: '100%' }} data-testid={`payout-summary-${c.key}`}>
            <Statistic
              title={t(`summary.${c.key}`)}
              value={money(c.amount)}
              valueStyle={{ fontSize: 18, color: c.attention ? '#fa541c' : undefined }}
            />
            <Typography.Text type="secondary">{t('summary.count', { count: c.count })}</Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
