import { Button, Dropdown } from 'antd';
import { BgColorsOutlined, CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { THEME_COLORS } from '@/shared/settings';
import { setTheme, useThemeColor } from '@/shared/theme';

/** Colour names for the seven theme colours, in THEME_COLORS order. */
const COLOR_KEYS = ['teal', 'blue', 'purple', 'magenta', 'volcano', 'gold', 'cyan'] as const;

/** The theme colour menu: the choice is stored and applies at once. */
export function ThemeMenu() {
  const { t } = useTranslation('layout');
  const current = useThemeColor();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: THEME_COLORS.map((color, i) => ({
          key: color,
          label: (
            <span className="theme-option">
              <span className="theme-swatch" style={{ background: color }} />
              {t(`colors.${COLOR_KEYS[i]}`)}
              {color.toLowerCase() === current.toLowerCase() && <CheckOutlined className="theme-check" />}
            </span>
          ),
        })),
        onClick: ({ key }) => setTheme(key),
      }}
    >
      <Button
        type="text"
        className="navbar-action"
        icon={<BgColorsOutlined />}
        aria-label={t('themeColor')}
        title={t('themeColor')}
      />
    </Dropdown>
  );
}
