import { useMemo } from 'react';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { EXTENSION_STATUSES, PERMS, type ExtensionItem } from '@cbo/contract';
import { request } from '@/shared/request';
import { reloadMenus } from '@/shared/session';
import { translateName } from '@/shared/i18n';
import { useButtons } from '@/shared/permission';
import { ListPage, optionsOf, useRowAction, type ColumnsOf, type FiltersOf, timeColumn } from '@/shared/list-page';
import { useCodeTicket } from '../components/code-ticket';

/**
 * System management → expansion tools (menu url system/extensions): the extended functions with
 * their activation time and status. Activating (and re-activating) one asks for an SMS code;
 * closing asks for a confirmation.
 */
export default function ExtensionsView() {
  const { t, i18n } = useTranslation('system');
  const buttons = useButtons();
  const ticket = useCodeTicket();
  const canChange = buttons.has(PERMS.extensionStatus);

  // Closing asks first; activating asks for an SMS code instead.
  const change = useRowAction<ExtensionItem, ExtensionItem>({
    confirm: (row) =>
      row.status === 'activated'
        ? { title: t('extensions.confirmClose', { name: translateName(i18n, row.name) }), danger: true }
        : null,
    call: ({ id, status }) =>
      status === 'activated'
        ? request('extensionEditStatus', { body: { id, status: 'closed' } })
        : ticket.run((tk) => request('extensionEditStatus', { body: { id, status: 'activated', ticket: tk } })),
    success: (changed) => t(changed.status === 'activated' ? 'extensions.activatedMsg' : 'extensions.closedMsg'),
    // A switched function's screens and buttons join or leave the menus: the sidebar, the routes and the buttons follow at once.
    invalidates: ['extensionQueryPage', 'menuGetButton'],
    onDone: () => void reloadMenus(),
  });

  const filters = useMemo<FiltersOf<'extensionQueryPage'>>(
    () => [
      {
        type: 'select',
        name: 'status',
        label: t('extensions.status'),
        options: optionsOf(EXTENSION_STATUSES, (s) => t(`extensions.statuses.${s}`)),
      },
    ],
    [t],
  );
  const columns = useMemo<ColumnsOf<'extensionQueryPage'>>(
    () => [
      {
        title: t('extensions.name'),
        dataIndex: 'name',
        key: 'name',
        width: 260,
        ellipsis: true,
        render: (v: string) => translateName(i18n, v),
      },
      {
        title: t('extensions.status'),
        dataIndex: 'status',
        key: 'status',
        width: 120,
        render: (v: ExtensionItem['status']) => (
          <Tag color={v === 'activated' ? 'success' : 'default'}>{t(`extensions.statuses.${v}`)}</Tag>
        ),
      },
      timeColumn(t('extensions.activateTime'), { dataIndex: 'activateTime', width: 180 }),
      ...(canChange
        ? [
            {
              title: t('kit:actions'),
              key: 'actions',
              fixed: 'right' as const,
              width: 120,
              render: (_: unknown, row: ExtensionItem) =>
                row.status === 'activated' ? (
                  <Button type="link" size="small" danger onClick={() => change.run(row)}>
                    {t('extensions.close')}
                  </Button>
                ) : (
                  <Button type="link" size="small" onClick={() => change.run(row)}>
                    {row.activateTime ? t('extensions.reactivate') : t('extensions.activate')}
                  </Button>
                ),
            },
          ]
        : []),
    ],
    [t, i18n, canChange, change.run],
  );

  return (
    <ListPage
      listCall="extensionQueryPage"
      rowKey="id"
      title={t('extensions.title')}
      filters={filters}
      columns={columns}
    >
      {ticket.dialog}
    </ListPage>
  );
}
