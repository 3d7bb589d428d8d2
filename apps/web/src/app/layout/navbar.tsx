import { Button } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '@/shared/language-menu';
import type { AppRoute } from '../menu-routes';
import { AppBreadcrumb } from './breadcrumb';
import { ExportSlot } from './export-slot';
import { ThemeMenu } from './theme-menu';
import { AvatarMenu } from './avatar-menu';

interface NavbarProps {
  trail: AppRoute[];
  dashboard: AppRoute | undefined;
  /** The sidebar (or, on a phone, the drawer) is showing. */
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  mobile: boolean;
}

/** Top bar: hamburger, breadcrumb, language, export list, theme colour, avatar. */
export function Navbar({ trail, dashboard, sidebarOpen, onToggleSidebar, mobile }: NavbarProps) {
  const { t } = useTranslation('layout');
  return (
    <div className="app-navbar">
      <Button
        type="text"
        className="navbar-hamburger"
        icon={sidebarOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={onToggleSidebar}
        aria-label={t('toggleSidebar')}
        aria-expanded={sidebarOpen}
        title={t('toggleSidebar')}
      />
      <AppBreadcrumb trail={trail} dashboard={dashboard} />
      <div className="navbar-right">
        <ExportSlot />
        <LanguageMenu className="navbar-action" />
        <ThemeMenu />
        <AvatarMenu compact={mobile} />
      </div>
    </div>
  );
}
