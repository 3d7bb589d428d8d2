import { Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '@/shared/request';
import { useMoney } from '@/shared/money';
import { callKey, formatDateTime } from '@/shared/list-page';
import { useOrderWords } from './order-words';

/**
 * Refund records → the refunds PAID in the window, by reason (issue 31): count and amount paid
 * back per preset reason and in all. A refund counts at its final approval (the product's
 * "refunded"), so the window is the dates picked in the filter read as paid dates (the last 30
 * days when none is picked); the heading names the window the server answered.
 */
export function RefundReasonStatsCard({ beginTime, endTime }: { beginTime?: unknown; endTime?: unknown }) {
  const { t } = useTranslation('order');
  const w = useOrderWords();
  const { money } = useMoney();
  const query = {
    ...(typeof beginTime === 'string' && beginTime ? { beginTime } : {}),
    ...(typeof endTime === 'string' && endTime ? { endTime } : {}),
  };
  const stats = useQuery({
    queryKey: [...callKey('refundOrderReasonStats'), query],
    queryFn: ({ signal }) => request('refundOrderReasonStats', { query }, { signal, silent: true }),
  });
  const d = stats.data;
  return (
    <div style={{ marginBottom: 12 }} data-testid="refund-reason-stats">
      <Typography.Text type="secondary">
        {d
          ? t('reasonStats.title', { begin: formatDateTime(d.beginTime), end: formatDateTime(d.endTime) })
          : t('reasonStats.titleLoading')}
      </Typography.Text>
      <Row gutter={[12, 12]} style={{ marginTop: 8 }}>
        {d ? (
          [
            ...d.list.map((x) => ({
              key: x.reasonCode,
              title: w.refundReason(x.reasonCode),
              count: x.count,
              amount: x.amount,
            })),
            { key: 'all', title: t('reasonStats.total'), count: d.count, amount: d.amount },
          ].map((c) => (
            <Col key={c.key} flex="1 1 150px">
              <Card size="small" style={{ height: '100%' }} data-reason={c.key}>
                <Statistic
                  title={c.title}
                  value={money(c.amount)}
                  styles={{ content: { fontSize: 18, fontWeight: c.key === 'all' ? 600 : undefined } }}
                />
                <Typography.Text type="secondary">{t('reasonStats.count', { count: c.count })}</Typography.Text>
              </Card>
            </Col>
          ))
        ) : (
          <Col span={24}>
            <Card size="small">
              <Skeleton active paragraph={{ rows: 1 }} title={false} />
            </Card>
          </Col>
        )}
      </Row>
    </div>
  );
}
