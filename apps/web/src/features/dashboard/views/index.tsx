import { Card, Col, Empty, Row, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_PATH } from '@cbo/contract';
import { request } from '@/shared/request';
import { callKey } from '@/shared/list-page';
import { useFleetOverview } from '../use-fleet-overview';
import { FLEET_WIDGETS, isKnownWidget, WIDGETS, type Piece } from '../components/widgets';

/**
 * The dashboard (menu url dashboard/index). It shows the widgets the server grants the account
 * at /dashboard (menuDashboard), each by name: a row of numbers, a row of trends, and panels
 * (what needs attention, the latest device events, the account). Every number is counted by the
 * server from live data and links to the list of exactly the rows it counts; the fleet's numbers
 * are counted again when the live channel says something changed.
 */
export default function DashboardView() {
  const { t } = useTranslation('dashboard');
  const config = useQuery({
    queryKey: callKey('menuDashboard', { path: DASHBOARD_PATH }),
    queryFn: ({ signal }) => request('menuDashboard', { query: { path: DASHBOARD_PATH } }, { signal }),
  });
  const widgets = (config.data?.widgets ?? []).filter(isKnownWidget);
  const needsUser = widgets.includes('account') || widgets.includes('recentLogins');
  const user = useQuery({
    queryKey: callKey('userInfo'),
    queryFn: ({ signal }) => request('userInfo', {}, { signal }),
    enabled: needsUser,
  });
  const overview = useFleetOverview(widgets.some((w) => FLEET_WIDGETS.includes(w)));

  if (config.isPending || (needsUser && user.isPending)) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }

  const pieces = widgets.flatMap((w) => WIDGETS[w]({ overview: overview.data, user: user.data }));
  if (!pieces.length) {
    return (
      <Card>
        <Empty description={t('empty')} />
      </Card>
    );
  }
  const inArea = (area: Piece['area']) => pieces.filter((p) => p.area === area);

  return (
    <div className="dashboard" data-testid="dashboard">
      {(['stats', 'charts', 'panels'] as const).map((area) => {
        const list = inArea(area);
        if (!list.length) return null;
        return (
          <Row key={area} gutter={[16, 16]} style={{ marginBottom: 16 }}>
            {list.map((p) => (
              <Col key={p.key} {...span(area, p, list.length)}>
                {p.node}
              </Col>
            ))}
          </Row>
        );
      })}
    </div>
  );
}

/** Six numbers across at 1440 px, three at 800, two on a phone; charts and panels side by side from 1200 px. */
function span(area: Piece['area'], p: Piece, count: number) {
  if (area === 'stats') return { xs: 24, sm: 12, md: 8, xl: count <= 4 ? 6 : 4 };
  if (area === 'charts') return { xs: 24, xl: count === 1 ? 24 : 12 };
  return p.wide ? { xs: 24, xl: 16 } : { xs: 24, xl: 8 };
}
