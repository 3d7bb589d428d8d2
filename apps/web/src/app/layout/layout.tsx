import { useEffect, useMemo, useState } from 'react';
import { Drawer, Layout } from 'antd';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useI18nRevision } from '@/shared/i18n';
import { usePublicParam } from '@/shared/public-param';
import { getBrandName, getSidebarOpen, setBrandName, setSidebarOpen } from '@/shared/settings';
import { affixRoutes, DASHBOARD_PATH, findRouteTrail, resolveScreen, type AppRoute } from '../menu-routes';
import { toRouteObjects } from '../route-objects';
import { ForbiddenOrMissing } from '../forbidden';
import { translateTitle, useDocumentTitle } from '../route-title';
import { Navbar } from './navbar';
import { Sidebar } from './sidebar';
import { TagsView } from './tags-view';
import { addTag, getTags, pruneTags, setTags, useTags, withAffix } from './tags-store';
import { useIsMobile } from './use-is-mobile';
import { emptyViewCache, refreshView, retainViews, visitView, type ViewCache } from './view-cache';
import { ViewHost } from './view-host';
import './layout.css';

export const SIDEBAR_WIDTH = 210;
const SIDEBAR_COLLAPSED_WIDTH = 54;

/**
 * The console layout (vue-element-admin's shape): sidebar, top bar, tab bar and the
 * screens. Below 992 px the sidebar becomes a drawer that closes on navigation.
 */
export function AppLayout({ routes }: { routes: AppRoute[] }) {
  const { pathname, search } = useLocation();
  const { t, i18n } = useTranslation('layout');
  const mobile = useIsMobile();
  const [desktopOpen, setDesktopOpen] = useState(getSidebarOpen);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const resolution = useMemo(() => resolveScreen(routes, pathname), [routes, pathname]);
  const trail = useMemo(() => (resolution.type === 'screen' ? resolution.trail : []), [resolution]);
  const leaf = trail.at(-1);
  const routeObjects = useMemo(() => toRouteObjects(routes), [routes]);
  const dashboard = useMemo(() => findRouteTrail(routes, DASHBOARD_PATH)?.at(-1), [routes]);

  const brandParam = usePublicParam('brandName');
  const logo = usePublicParam('navLogo');
  const footer = usePublicParam('footerMessage');
  useEffect(() => {
    if (brandParam) setBrandName(brandParam);
  }, [brandParam]);
  const brand = brandParam || getBrandName();
  // After a language switch the new language's menu words arrive after the switch itself: until then the
  // title reads the stored name. Drawn again when they arrive, so the title follows (it stayed in the old
  // language now and then before).
  useI18nRevision();
  // An address without a route of the account is, until the server says otherwise, "no permission".
  useDocumentTitle(
    leaf ? translateTitle(i18n, leaf.name) : resolution.type === 'unknown' ? i18n.t('errors:forbidden.title') : '',
    brand,
  );

  // The tab bar: the fixed dashboard tab first, the current screen added, and tabs restored
  // from a reload dropped when this account can no longer open them.
  const tags = useTags();
  useEffect(() => {
    // Fixed tabs: the dashboard from the start; another fixed route (the range settings) joins
    // the bar when first opened and then stays, without a close button.
    const open = new Set([pathname, ...getTags().map((x) => x.path)]);
    const others = affixRoutes(routes).filter((r) => r.path !== dashboard?.path && open.has(r.path));
    const fixed = [...(dashboard ? [dashboard] : []), ...others];
    const affix = fixed.map((r) => ({ path: r.path, fullPath: r.path, title: r.name, affix: true }));
    let next = pruneTags(getTags(), (p) => resolveScreen(routes, p).type === 'screen');
    if (leaf) next = addTag(next, { path: pathname, fullPath: pathname + search, title: leaf.name });
    setTags(withAffix(next, affix));
  }, [routes, dashboard, leaf, pathname, search]);

  // Screens kept alive: the current one joins (evicting the least recently used past the cap),
  // screens whose tab was closed leave. Derived during render so a new screen shows at once.
  const [cache, setCache] = useState<ViewCache>(emptyViewCache);
  const tagPaths = useMemo(() => new Set(tags.map((x) => x.path)), [tags]);
  let liveCache = resolution.type === 'screen' ? visitView(cache, pathname, search) : cache;
  liveCache = retainViews(liveCache, (p) => p === pathname || tagPaths.has(p));
  if (liveCache !== cache) setCache(liveCache);

  useEffect(() => setDrawerOpen(false), [pathname, mobile]);

  const sidebarOpen = mobile ? drawerOpen : desktopOpen;
  const contentLeft = mobile ? 0 : desktopOpen ? SIDEBAR_WIDTH : SIDEBAR_COLLAPSED_WIDTH;
  // Notices (a finished export) open at the bottom left of the content area, past the sidebar
  // (layout.css): where a list has neither its filters, its buttons nor its pagination.
  useEffect(() => {
    document.documentElement.style.setProperty('--app-content-left', `${contentLeft}px`);
  }, [contentLeft]);
  const toggleSidebar = () => {
    if (mobile) {
      setDrawerOpen((o) => !o);
      return;
    }
    setDesktopOpen(!desktopOpen);
    setSidebarOpen(!desktopOpen);
  };

  const sidebar = (
    <Sidebar
      routes={routes}
      trail={trail}
      collapsed={!mobile && !desktopOpen}
      brandName={brand || t('appName')}
      logo={logo}
      footer={footer}
    />
  );

  return (
    <Layout className={`app-layout${mobile ? ' is-mobile' : ''}`} hasSider={!mobile}>
      {mobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={SIDEBAR_WIDTH}
          closable={false}
          className="app-sidebar-drawer"
          styles={{ body: { padding: 0 }, section: { background: 'var(--sidebar-bg)' } }}
        >
          {sidebar}
        </Drawer>
      ) : (
        <Layout.Sider
          className="app-sidebar"
          width={SIDEBAR_WIDTH}
          collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
          collapsed={!desktopOpen}
          trigger={null}
        >
          {sidebar}
        </Layout.Sider>
      )}
      <Layout className="app-main" style={{ marginLeft: contentLeft }}>
        <header className="app-header">
          <Navbar
            trail={trail}
            dashboard={dashboard}
            sidebarOpen={sidebarOpen}
            onToggleSidebar={toggleSidebar}
            mobile={mobile}
          />
          <TagsView tags={tags} activePath={pathname} onRefresh={(p) => setCache((c) => refreshView(c, p))} />
        </header>
        <Layout.Content className="app-content">
          {resolution.type === 'redirect' && <Navigate to={resolution.to} replace />}
          {resolution.type === 'unknown' && <ForbiddenOrMissing pathname={pathname} />}
          <ViewHost routes={routeObjects} cache={liveCache} activePath={resolution.type === 'screen' ? pathname : ''} />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
