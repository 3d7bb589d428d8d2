import { useCallback, useMemo } from 'react';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACCESS_KINDS, api, callName, type ApiItem } from '@cbo/contract';
import { ListPage, optionsOf, type ColumnsOf, type FiltersOf } from '@/shared/list-page';
import { useLang } from '@/shared/form';
import { useNameText } from '../components/identity-data';

const METHOD_COLORS: Record<string, string> = { GET: 'blue', POST: 'green', PUT: 'orange', DELETE: 'red' };
/** Every module that declares calls, in the contract's order. */
const MODULES = [...new Set(Object.values(api).map((c) => c.module))];

/** System management → interfaces (menu url system/interfaces): the routes the server really has. */
export default function InterfacesView() {
  const { t } = useTranslation(['identity', 'kit']);
  const nameText = useNameText();
  // A route's name is its call's, in the reader's language (the contract's words), so a language
  // switch renames the rows at once; a removed route keeps the name it was stored with.
  const lang = useLang();
  const moduleText = useCallback((m: string) => t(`interfaces.modules.${m}`, { defaultValue: m }), [t]);

  const filters = useMemo<FiltersOf<'apiQueryPage'>>(
    () => [
      { type: 'text', name: 'nameOrPath', label: t('interfaces.nameOrPath'), maxLength: 100 },
      {
        type: 'select',
        name: 'method',
        label: t('interfaces.method'),
        options: optionsOf(['GET', 'POST', 'PUT', 'DELETE'], (m) => m),
      },
      {
        type: 'select',
        name: 'accessKind',
        label: t('interfaces.access'),
        options: optionsOf(ACCESS_KINDS, (k) => t(`interfaces.accessKinds.${k}`)),
      },
      { type: 'select', name: 'module', label: t('interfaces.module'), options: optionsOf(MODULES, moduleText) },
    ],
    [t, moduleText],
  );

  const columns = useMemo<ColumnsOf<'apiQueryPage'>>(
    () => [
      {
        title: t('interfaces.method'),
        dataIndex: 'method',
        key: 'method',
        width: 100,
        render: (v: string) => <Tag color={METHOD_COLORS[v]}>{v}</Tag>,
      },
      { title: t('interfaces.path'), dataIndex: 'path', key: 'path', width: 300, ellipsis: true },
      {
        title: t('interfaces.name'),
        dataIndex: 'name',
        key: 'name',
        width: 220,
        ellipsis: true,
        render: (v: string, r: ApiItem) => callName(r.call, lang) ?? v,
      },
      {
        title: t('interfaces.present'),
        dataIndex: 'present',
        key: 'present',
        width: 110,
        render: (v: boolean) => (
          <Tag color={v ? 'success' : 'default'}>{t(v ? 'interfaces.presentYes' : 'interfaces.presentNo')}</Tag>
        ),
      },
      {
        title: t('interfaces.module'),
        dataIndex: 'module',
        key: 'module',
        width: 110,
        ellipsis: true,
        render: moduleText,
      },
      {
        title: t('interfaces.access'),
        dataIndex: 'access',
        key: 'access',
        width: 150,
        ellipsis: true,
        render: (v: string) => (v === 'public' || v === 'authenticated' ? t(`interfaces.accessKinds.${v}`) : v),
      },
      {
        title: t('interfaces.menus'),
        key: 'menus',
        width: 180,
        ellipsis: true,
        render: (_: unknown, r: ApiItem) =>
          r.menus.length ? (
            r.menus.map((m) => nameText(m.name)).join(', ')
          ) : (
            <Typography.Text type="secondary">{t('interfaces.none')}</Typography.Text>
          ),
      },
    ],
    [t, nameText, lang, moduleText],
  );

  return (
    <ListPage listCall="apiQueryPage" rowKey="id" title={t('interfaces.title')} filters={filters} columns={columns} />
  );
}
