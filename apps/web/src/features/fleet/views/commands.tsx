import { useMemo } from 'react';
import { Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { COMMAND_STATES, COMMAND_TYPES, MAX_RANGE_DAYS } from '@cbo/contract';
import { ListPage, callKey, optionsOf, type ColumnsOf, type FiltersOf, timeColumn } from '@/shared/list-page';
import { CommandStateTag, reasonText } from '../components/command-timeline';
import { useCommandLive } from '../use-fleet-live';
import { useUrlFilters } from '@/shared/list-page';

/**
 * Device management → commands (menu url fleet/commands): every command sent to a cabinet, by
 * whom, its state now and why it failed, newest first; filtered by cabinet, type, state and time
 * (the dashboard links here with a state and the last 24 hours).
 */
export default function CommandsView() {
  const { t } = useTranslation(['fleet', 'kit']);
  const queryClient = useQueryClient();
  // A row on screen takes the state a DEVICE_COMMAND message carries.
  useCommandLive((cmd) => {
    queryClient.setQueriesData<{ list: (typeof cmd)[]; total: number }>(
      { queryKey: callKey('commandQueryPage') },
      (old) =>
        old && old.list.some((r) => r.id === cmd.id)
          ? { ...old, list: old.list.map((r) => (r.id === cmd.id ? cmd : r)) }
          : old,
    );
  });

  const filters = useMemo<FiltersOf<'commandQueryPage'>>(
    () => [
      { type: 'text', name: 'sn', label: t('cabinet.sn'), maxLength: 17, placeholder: t('cabinet.snPlaceholder') },
      {
        type: 'select',
        name: 'type',
        label: t('command.type'),
        options: optionsOf(COMMAND_TYPES, (c) => t(`command.types.${c}`)),
      },
      {
        type: 'select',
        name: 'state',
        label: t('command.stateLabel'),
        options: optionsOf(COMMAND_STATES, (s) => t(`command.state.${s}`)),
      },
      {
        type: 'dateRange',
        name: 'timeRange',
        begin: 'beginTime',
        end: 'endTime',
        label: t('command.time'),
        maxDays: MAX_RANGE_DAYS,
        showTime: true,
      },
    ],
    [t],
  );
  const fromUrl = useUrlFilters(filters);

  const columns = useMemo<ColumnsOf<'commandQueryPage'>>(
    () => [
      timeColumn(t('command.time'), { dataIndex: 'createdAt' }),
      {
        title: t('cabinet.sn'),
        dataIndex: 'sn',
        key: 'sn',
        render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
      },
      { title: t('command.type'), dataIndex: 'type', key: 'type', render: (v: string) => t(`command.types.${v}`) },
      {
        title: t('command.stateLabel'),
        key: 'state',
        render: (_: unknown, c) => <CommandStateTag state={c.state} percent={c.percent} />,
      },
      {
        title: t('command.reason'),
        dataIndex: 'reason',
        key: 'reason',
        render: (v: string | null) => (v ? reasonText(t, v) : '-'),
      },
      {
        title: t('command.by'),
        dataIndex: 'createdBy',
        key: 'createdBy',
        render: (v: string | null) => v ?? t('command.server'),
      },
      timeColumn(t('command.finishedAt'), { dataIndex: 'finishedAt' }),
    ],
    [t],
  );

  return (
    <ListPage
      key={fromUrl.key}
      listCall="commandQueryPage"
      rowKey="id"
      title={t('command.listTitle')}
      filters={fromUrl.filters}
      columns={columns}
    />
  );
}
