import { useMemo } from 'react';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACCESS_KINDS, type ApiItem } from '@cbo/contract';
import { ListPage, optionsOf, type ColumnsOf, type FiltersOf } from '@/shared/list-page';
import { useNameText } from '../components/identity-data';

const METHOD_COLORS: Record<string, string> = { GET: 'blue', POST: 'green', PUT: 'orange', DELETE: 'red' };
const MODULES = ['identity', 'system', 'fleet'] as const;

/** System management → interfaces (menu url system/interfaces): the routes the server really has. */
export default function InterfacesView() {
  const { t } = useTranslation(['identity', 'kit']);
  const nameText = useNameText();

  const filters = useMemo<FiltersOf<'apiQueryPage'>>(
    () => [
      { type: 'text', name: 'nameOrPath', label: t('interfaces.nameOrPath'), maxLength: 100 },
      { type: 'select', name: 'method', label: t('interfaces.method'), options: optionsOf(['GET', 'POST', 'PUT', 'DELETE'], (m) => m) },
      { type: 'select', name: 'accessKind', label: t('interfaces.access'), options: optionsOf(ACCESS_KINDS, (k) => t(`interfaces.accessKinds.${k}`)) },
      { type: 'select', name: 'module', label: t('interfaces.module'), options: optionsOf(MODULES, (m) => m) },
    ],
    [t],
  );

  const columns = useMemo<ColumnsOf<'apiQueryPage'>>(
    () => [
      { title: t('interfaces.method'), dataIndex: 'method', key: 'method', render: (v: string) => <Tag color={METHOD_COLORS[v]}>{v}</Tag> },
      { title: t('interfaces.path'), dataIndex: 'path', key: 'path', render: (v: string) => <Typography.Text copyable={{ text: v }}>{v}</Typography.Text> },
      {
        title: t('interfaces.name'),
        dataIndex: 'name',
        key: 'name',
        render: (v: string) => (
          <Typography.Text ellipsis={{ tooltip: v }} style={{ width: 280 }}>
            {v}
          </Typography.Text>
        ),
      },
      { title: t('interfaces.module'), dataIndex: 'module', key: 'module' },
      {
        title: t('interfaces.access'),
        dataIndex: 'access',
        key: 'access',
        render: (v: string) =>
          v === 'public' || v === 'authenticated' ? <Tag>{t(`interfaces.accessKinds.${v}`)}</Tag> : <Typography.Text code>{v}</Typography.Text>,
      },
      {
        title: t('interfaces.menus'),
        key: 'menus',
        render: (_: unknown, r: ApiItem) =>
          r.menus.length ? (
            <Space size={[0, 4]} wrap>
              {r.menus.map((m) => (
                <Tag key={m.id}>{nameText(m.name)}</Tag>
              ))}
            </Space>
          ) : (
            <Typography.Text type="secondary">{t('interfaces.none')}</Typography.Text>
          ),
      },
      { title: t('interfaces.present'), dataIndex: 'present', key: 'present', render: (v: boolean) => <Tag color={v ? 'success' : 'default'}>{t(v ? 'interfaces.presentYes' : 'interfaces.presentNo')}</Tag> },
    ],
    [t, nameText],
  );

  return <ListPage listCall="apiQueryPage" rowKey="id" title={t('interfaces.title')} filters={filters} columns={columns} />;
}
