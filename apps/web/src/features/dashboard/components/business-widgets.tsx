import { Card, Empty, Flex, List, Skeleton, Typography, theme } from 'antd';
import { AlertOutlined, ShopOutlined, UserAddOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StatsActionItem } from '@cbo/contract';
import { useScreenPath } from '../use-fleet-overview';
import { useDashboardStats } from '../use-dashboard-stats';
import { listLink, StatCard } from './stat-card';

/** Today's new customers and active cabinets (the dashboard call's `business`), beside the order figures. */
export function BusinessStat({ which }: { which: 'newUsers' | 'activeCabinets' }) {
  const { t } = useTranslation('dashboard');
  const q = useDashboardStats();
  const d = q.data?.business;
  // Without the member list's permission the server leaves new users out; so does the dashboard.
  if (d === null || (d && which === 'newUsers' && d.newUsers === null)) return null;
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
 * The things that need someone's action now (the dashboard call's `actions`): each module contributes its own
 * (offline and faulty cabinets, repair tickets, deposit refunds to audit, ...), the server leaves
 * out what the account may not open, and each count links to its list filtered to exactly those rows.
 */
export function ActionsCard() {
  const { t } = useTranslation('dashboard');
  const actions = useDashboardStats().data?.actions;
  if (actions === null) return null;
  return (
    <Card size="small" title={t('business.actions')} style={{ height: '100%' }} data-testid="actions-card">
      {!actions ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : !actions.list.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('business.noActions')} />
      ) : (
        <List size="small" dataSource={actions.list} renderItem={(item) => <ActionRow item={item} />} />
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
