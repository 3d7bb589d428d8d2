import { Card, Col, Empty, Row, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '@/shared/request';
import { callKey } from '@/shared/list-page';
import { AccountWidget } from '../components/account-widget';

const DASHBOARD_PATH = '/dashboard';

/**
 * The dashboard (menu url dashboard/index). It shows the widgets the server grants the account
 * at /dashboard, and only widgets backed by real data: statistics appear once they exist.
 */
export default function DashboardView() {
  const { t } = useTranslation('dashboard');
  const config = useQuery({
    queryKey: callKey('menuDashboard', { path: DASHBOARD_PATH }),
    queryFn: ({ signal }) => request('menuDashboard', { query: { path: DASHBOARD_PATH } }, { signal }),
  });
  const user = useQuery({ queryKey: callKey('userInfo'), queryFn: ({ signal }) => request('userInfo', {}, { signal }) });

  if (config.isPending || user.isPending) {
    return (
      <Card>
        <Skeleton active avatar paragraph={{ rows: 4 }} />
      </Card>
    );
  }

  const widgets = config.data?.widgets ?? [];
  const showAccount = widgets.includes('account') && user.data;
  if (!showAccount) {
    return (
      <Card>
        <Empty description={t('empty')} />
      </Card>
    );
  }

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16} xxl={12}>
        <AccountWidget user={user.data} showRecent={widgets.includes('recentLogins')} />
      </Col>
    </Row>
  );
}
