import { Breadcrumb } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { translateTitle } from '../route-title';
import { DASHBOARD_PATH, type AppRoute } from '../menu-routes';

/**
 * the breadcrumb always starts with the dashboard, then the groups and the screen.
 * Groups are plain text (they are not screens); the current screen is the last, unlinked item.
 */
export function AppBreadcrumb({ trail, dashboard }: { trail: AppRoute[]; dashboard: AppRoute | undefined }) {
  const { i18n } = useTranslation();
  const titled = trail.filter((r) => r.name && r.path !== DASHBOARD_PATH);
  const dashboardTitle = translateTitle(i18n, dashboard?.name ?? 'menu.dashboard');
  const items = [
    {
      key: DASHBOARD_PATH,
      title: titled.length > 0 ? <Link to={DASHBOARD_PATH}>{dashboardTitle}</Link> : dashboardTitle,
    },
    ...titled.map((r, i) => {
      const text = translateTitle(i18n, r.name);
      const isLast = i === titled.length - 1;
      return { key: r.path, title: !isLast && r.url ? <Link to={r.path}>{text}</Link> : text };
    }),
  ];
  return <Breadcrumb className="app-breadcrumb" items={items} />;
}
