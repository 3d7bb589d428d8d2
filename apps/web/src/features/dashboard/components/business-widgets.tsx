import { Card, Empty, Flex, List, Skeleton, Typography, theme } from 'antd';
import { AlertOutlined, ShopOutlined, UserAddOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StatsActionItem } from '@cbo/contract';
import { callKey } from '@/shared/list-page';
import { request } from '@/shared/request';
import { useScreenPath } from '../use-fleet-overview';
import { todayWindow } from './order-widgets';
import { listLink, StatCard } from './stat-card';

/** The figures follow the business as it changes: counted again every minute. */
const RECOUNT_MS = 60_000;

/** Today's new customers and active cabinets (stats/business), beside the order figures. */
export function BusinessStat({ which }: { which: 'newUsers' | 'activeCabinets' }) {
  const { t } = useTranslation('dashboard');
  const q = useQuery({
    queryKey: [...callKey('statsBusiness'), 'today'],
    queryFn: ({ signal }) => request('statsBusiness', { query: todayWindow() }, { signal }),
    refetchInterval: RECOUNT_MS,
  });
  const d = q.data;
  // Without the member list's permission the server leaves new users out; so does the dashboard.
  if (d && which === 'newUsers' && d.newUsers === null) return null;
  return (
    <StatCard
      testId={`stat-business-${which}`}
      title={t(`business.${which}`)}
      value={d ? (which === 'newUsers' ? d.newUsers : d.activeCabinets) : undefined}
      tone="primary"
      icon={which === 'newUsers' ? <UserAddOutlined /> : <ShopOutlined />}
      footer={t(`business.${which}Hint`)}
    />
  );
}

/**
 * The things that need someone's action now (stats/actions): each module contributes its own
 * (offline and faulty cabinets, repair tickets, deposit refunds to audit, ...), the server leaves
 * out what the account may not open, and each count links to its list filtered to exactly those rows.
 */
export function ActionsCard() {
  const { t } = useTranslation('dashboard');
  const q = useQuery({
    queryKey: callKey('statsActions'),
    queryFn: ({ signal }) => request('statsActions', {}, { signal }),
    refetchInterval: RECOUNT_MS,
  });
  return (
    <Card size="small" title={t('business.actions')} style={{ height: '100%' }} data-testid="actions-card">
      {!q.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : !q.data.list.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('business.noActions')} />
      ) : (
        <List size="small" dataSource={q.data.list} renderItem={(item) => <ActionRow item={item} />} />
      )}
    </Card>
  );
}

function ActionRow({ item }: { item: StatsActionItem }) {
  const { token } = theme.useToken();
  const to = listLink(useScreenPath(item.screen), item.query);
  const style = {
    fontWeight: 600,
    fontSize: 16,
    fontVariantNumeric: 'tabular-nums' as const,
    color: item.count > 0 ? undefined : token.colorTextTertiary,
  };
  const n = (
    <span data-testid={`action-${item.key}`} style={style}>
      {item.count}
    </span>
  );
  return (
    <List.Item extra={to && item.count > 0 ? <Link to={to}>{n}</Link> : n}>
      <Flex gap={8} align="center">
        <AlertOutlined style={{ color: item.count > 0 ? token.colorWarning : token.colorTextQuaternary }} />
        <Typography.Text>{item.title}</Typography.Text>
      </Flex>
    </List.Item>
  );
}
