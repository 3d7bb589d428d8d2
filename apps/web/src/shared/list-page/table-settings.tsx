import type { ReactNode } from 'react';
import { Button, Checkbox, Dropdown, Flex, Popover, Space, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, ColumnHeightOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  columnId,
  DENSITIES,
  isLocked,
  isVisible,
  moveColumn,
  orderColumns,
  type Density,
  type LayoutColumn,
  type TablePrefs,
} from './table-layout';

type SettingsColumn = LayoutColumn & { title?: unknown };

interface TableSettingsProps {
  columns: readonly SettingsColumn[];
  prefs: TablePrefs;
  onChange: (prefs: TablePrefs) => void;
  density: Density;
}

/**
 * The table's own toolbar buttons: row density (default, middle, compact) and column settings
 * (show, hide, move up and down, reset). Fixed columns (the row's identity and actions) are
 * listed but locked.
 */
export function TableSettings({ columns, prefs, onChange, density }: TableSettingsProps) {
  const { t } = useTranslation('kit');
  const ordered = orderColumns(columns, prefs);
  const movable = ordered.filter((c) => !isLocked(c)).map(columnId);

  const toggle = (c: SettingsColumn, show: boolean) => {
    const id = columnId(c);
    const hidden = (prefs.hidden ?? []).filter((x) => x !== id);
    const shown = (prefs.shown ?? []).filter((x) => x !== id);
    if (!show) hidden.push(id);
    else if (c.defaultHidden) shown.push(id);
    onChange({ ...prefs, hidden, shown });
  };

  const list = (
    <Flex vertical gap={2} className="list-table-settings" role="list">
      {ordered.map((c) => {
        const id = columnId(c);
        const locked = isLocked(c);
        const i = movable.indexOf(id);
        const label = typeof c.title === 'function' ? id : (c.title as ReactNode);
        return (
          <Flex key={id} align="center" justify="space-between" gap={8} role="listitem">
            <Checkbox checked={isVisible(c, prefs)} disabled={locked} onChange={(e) => toggle(c, e.target.checked)}>
              {label}
            </Checkbox>
            {!locked && (
              <span>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('moveUp')}
                  disabled={i === 0}
                  onClick={() => onChange({ ...prefs, order: moveColumn(movable, id, -1) })}
                />
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('moveDown')}
                  disabled={i === movable.length - 1}
                  onClick={() => onChange({ ...prefs, order: moveColumn(movable, id, 1) })}
                />
              </span>
            )}
          </Flex>
        );
      })}
    </Flex>
  );

  return (
    <Space.Compact>
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: [density],
          items: DENSITIES.map((d) => ({ key: d, label: t(`density.${d}`) })),
          onClick: ({ key }) => onChange({ ...prefs, density: key as Density }),
        }}
      >
        <Tooltip title={t('density.title')}>
          <Button aria-label={t('density.title')} icon={<ColumnHeightOutlined />} />
        </Tooltip>
      </Dropdown>
      <Popover
        trigger="click"
        placement="bottomRight"
        title={
          <Flex justify="space-between" align="center" gap={16}>
            <Typography.Text strong>{t('columns')}</Typography.Text>
            <Button type="link" size="small" onClick={() => onChange({ density: prefs.density })}>
              {t('reset')}
            </Button>
          </Flex>
        }
        content={list}
      >
        <Tooltip title={t('columns')}>
          <Button aria-label={t('columns')} icon={<SettingOutlined />} />
        </Tooltip>
      </Popover>
    </Space.Compact>
  );
}
