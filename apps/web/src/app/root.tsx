import { useMemo } from 'react';
import ConfigProvider from 'antd/es/config-provider';
import type { ThemeConfig } from 'antd/es/config-provider/context';
import { BrowserRouter } from 'react-router';
import { StartFeedback } from '@/shared/feedback';
import { useReducedMotion, useThemeColor } from '@/shared/theme';
import { useAntdLocale } from '@/shared/ui-locale';
import { AppRoutes } from './app-routes';

/**
 * Notices (a finished export) open at the bottom left of the content area (layout.css moves them
 * past the sidebar): the list's filters and buttons are at the top, its pagination at the bottom
 * right, so they cover none of them.
 */
/** vue-element-admin's sidebar palette. */
const SIDEBAR = { bg: '#304156', subBg: '#1f2d3d', hoverBg: '#263445', text: '#bfcbd9' };

function themeFor(colorPrimary: string, motion: boolean): ThemeConfig {
  return {
    token: { colorPrimary, colorLink: colorPrimary, borderRadius: 4, motion },
    components: {
      Layout: { siderBg: SIDEBAR.bg, bodyBg: '#f0f2f5', headerBg: '#fff' },
      Menu: {
        darkItemBg: SIDEBAR.bg,
        darkSubMenuItemBg: SIDEBAR.subBg,
        darkPopupBg: SIDEBAR.bg,
        darkItemColor: SIDEBAR.text,
        darkItemHoverBg: SIDEBAR.hoverBg,
        darkItemHoverColor: '#fff',
        darkItemSelectedBg: SIDEBAR.hoverBg,
        darkItemSelectedColor: colorPrimary,
        itemBorderRadius: 0,
        itemMarginInline: 0,
        itemMarginBlock: 0,
      },
    },
  };
}

/**
 * Providers around the whole console (antd's <App> with every kind of feedback wraps the signed-in
 * shell only, so /login does not load dialogs and notifications): antd's locale follows the language (ui-locale.ts) and its
 * theme the stored colour, so both switch without a reload; its animations stop when the system
 * asks for reduced motion.
 */
export function Root() {
  const locale = useAntdLocale();
  const colorPrimary = useThemeColor();
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => themeFor(colorPrimary, !reducedMotion), [colorPrimary, reducedMotion]);
  return (
    <ConfigProvider locale={locale} theme={theme}>
      <StartFeedback />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ConfigProvider>
  );
}
