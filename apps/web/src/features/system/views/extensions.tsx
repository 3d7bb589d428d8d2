import { useMemo } from 'react';
import { App, Button, Popconfirm, Tag } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EXTENSION_STATUSES, PERMS, type ExtensionItem } from '@cbo/contract';
import { request } from '@/shared/request';
import { translateName } from '@/shared/i18n';
import { useButtons } from '@/shared/permission';
import { callKey, formatDateTime, ListPage, optionsOf, type ColumnsOf, type FiltersOf } from '@/shared/list-page';
import { useCodeTicket } from '../components/code-ticket';

/**
 * System management → expansion tools (menu url system/extensions): the extended functions with
 * their activation time and status. Activating (and re-activating) one asks for an SMS code
 * (spec 4); closing asks for a confirmation.
 */
export default function ExtensionsView() {
  const { t, i18n } = useTranslation('sysExtension');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const buttons = useButtons();
  const ticket = useCodeTicket();
  const canChange = buttons.has(PERMS.extensionStatus);

  const change = useMutation({
    mutationFn: ({ id, status }: { id: number; status: ExtensionItem['status'] }) =>
      status === 'activated'
        ? ticket.run((tk) => request('extensionEditStatus', { body: { id, status, ticket: tk } }))
        : request('extensionEditStatus', { body: { id, status } }),
    onSuccess: async (row) => {
      void message.success(t(row.status === 'activated' ? 'activatedMsg' : 'closedMsg'));
      await queryClient.invalidateQueries({ queryKey: callKey('extensionQueryPage') });
    },
  });

  const filters = useMemo<FiltersOf<'extensionQueryPage'>>(
    () => [{ type: 'select', name: 'status', label: t('status'), options: optionsOf(EXTENSION_STATUSES, (s) => t(`statuses.${s}`)) }],
    [t],
  );
  const columns = useMemo<ColumnsOf<'extensionQueryPage'>>(
    () => [
      { title: t('name'), dataIndex: 'name', key: 'name', render: (v: string) => translateName(i18n, v) },
      {
        title: t('status'),
        dataIndex: 'status',
        key: 'status',
        render: (v: ExtensionItem['status']) => <Tag color={v === 'activated' ? 'success' : 'default'}>{t(`statuses.${v}`)}</Tag>,
      },
      { title: t('activateTime'), dataIndex: 'activateTime', key: 'activateTime', render: (v: string | null) => formatDateTime(v) },
      ...(canChange
        ? [
            {
              title: t('kit:actions'),
              key: 'actions',
              fixed: 'right' as const,
              render: (_: unknown, row: ExtensionItem) =>
                row.status === 'activated' ? (
                  <Popconfirm title={t('confirmClose', { name: translateName(i18n, row.name) })} onConfirm={() => change.mutateAsync({ id: row.id, status: 'closed' }).catch(() => undefined)}>
                    <Button type="link" size="small" danger>
                      {t('close')}
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button type="link" size="small" onClick={() => change.mutate({ id: row.id, status: 'activated' })}>
                    {row.activateTime ? t('reactivate') : t('activate')}
                  </Button>
                ),
            },
          ]
        : []),
    ],
    [t, i18n, canChange, change],
  );

  return (
    <ListPage listCall="extensionQueryPage" rowKey="id" title={t('title')} filters={filters} columns={columns}>
      {ticket.dialog}
    </ListPage>
  );
}
