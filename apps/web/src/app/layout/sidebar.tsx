import { useEffect, useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { translateTitle } from '../route-title';
import { sidebarRoutes, type AppRoute } from '../menu-routes';
import { menuIcon } from './menu-icon';

type MenuItem = NonNullable<MenuProps['items']>[number];

const DEFAULT_LOGO = '/logo.svg';

interface SidebarProps {
  routes: AppRoute[];
  /** Routes from the top down to the current screen. */
  trail: AppRoute[];
  collapsed: boolean;
  brandName: string;
  logo: string | null;
  footer: string | null;
}

/**
 * The 210 px sidebar: logo and brand name at the top, the permitted menu, the footer
 * message at the bottom. Logo, brand and footer come from the public system parameters.
 */
export function Sidebar({ routes, trail, collapsed, brandName, logo, footer }: SidebarProps) {
  const { t, i18n } = useTranslation('layout');
  const navigate = useNavigate();

  const items = useMemo(() => {
    const toItem = (r: AppRoute, topLevel: boolean): MenuItem => {
      const name = translateTitle(i18n, r.name);
      // A name longer than the 210 px sidebar is cut with "…"; hovering shows it whole.
      const label = (
        <span className="app-menu-label" title={name}>
          {name}
        </span>
      );
      const icon = menuIcon(r.icon, topLevel);
      if (!r.url && !r.external && r.children.length > 0) {
        return { key: r.path, icon, label, children: r.children.map((c) => toItem(c, false)) };
      }
      return { key: r.path, icon, label };
    };
    return sidebarRoutes(routes).map((r) => toItem(r, true));
    // i18n.language: labels are rebuilt when the language changes.
  }, [routes, i18n, i18n.language]);

  const external = useMemo(() => {
    const set = new Set<string>();
    const walk = (rs: AppRoute[]) => rs.forEach((r) => (r.external ? set.add(r.path) : walk(r.children)));
    walk(routes);
    return set;
  }, [routes]);

  const selected = trail.at(-1)?.path;
  const ancestors = useMemo(() => trail.slice(0, -1).map((r) => r.path), [trail]);
  const [openKeys, setOpenKeys] = useState<string[]>(ancestors);
  // Navigating elsewhere (a tab, the breadcrumb) opens the groups leading to the new screen.
  useEffect(() => {
    setOpenKeys((keys) => (ancestors.every((k) => keys.includes(k)) ? keys : [...new Set([...keys, ...ancestors])]));
  }, [ancestors]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (external.has(key)) window.open(key, '_blank', 'noopener,noreferrer');
    else void navigate(key);
  };

  return (
    <div className="app-sidebar-inner">
      <a
        className="app-sidebar-logo"
        href="/"
        onClick={(e) => {
          e.preventDefault();
          void navigate('/');
        }}
        title={brandName}
      >
        <img
          src={logo || DEFAULT_LOGO}
          alt=""
          onError={(e) => {
            if (!e.currentTarget.src.endsWith(DEFAULT_LOGO)) e.currentTarget.src = DEFAULT_LOGO;
          }}
        />
        {!collapsed && <h1>{brandName}</h1>}
      </a>
      <nav className="app-sidebar-menu" aria-label={t('navigation')}>
        <Menu
          mode="inline"
          theme="dark"
          items={items}
          selectedKeys={selected ? [selected] : []}
          inlineCollapsed={collapsed}
          {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
          onClick={onClick}
        />
      </nav>
      {!collapsed && footer && <footer className="app-sidebar-footer">{footer}</footer>}
    </div>
  );
}
