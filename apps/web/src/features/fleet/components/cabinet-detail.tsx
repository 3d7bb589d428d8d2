import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Drawer, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMS, type CommandItem, type PageResult } from '@cbo/contract';
import { callKey, CopyableId, formatDateTime, useIsMobile, timeColumn } from '@/shared/list-page';
import { Permit } from '@/shared/permission';
import { request, ApiError } from '@/shared/request';
import { useCommandLive, useLiveCabinetDetail } from '../use-fleet-live';
import { CabinetSlots } from './cabinet-slots';
import { CommandStateTag, CommandTimeline } from './command-timeline';
import { SignalBars } from './signal-bars';
import { OnlineBadge, ServerAddress, batterySummary, hostPort } from './cabinet-text';
import { EmptyState } from '@/shared/empty-state';

const RECENT_COMMANDS = 10;

/**
 * A cabinet's detail: its facts, the picture of its slots (kept current by DEVICE_CABINET), its
 * recent commands (kept current by DEVICE_COMMAND), and its MQTT credentials for those allowed,
 * only after a click.
 */
export function CabinetDetailDrawer({
  sn,
  open,
  onClose,
}: {
  sn: string | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['fleet', 'kit']);
  const isMobile = useIsMobile();
  // A live message carries the list row, and the slots when they changed; the detail merges both.
  const detail = useLiveCabinetDetail(sn, open);

  const cab = detail.data;
  return (
    <Drawer
      open={open}
      title={t('cabinet.detailTitle', { sn: sn ?? '' })}
      onClose={onClose}
      size={isMobile ? '100%' : 720}
      destroyOnHidden
    >
      {detail.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : !cab ? (
        <Alert type="error" showIcon title={t('cabinet.loadFailed')} />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions
            bordered
            size="small"
            column={isMobile ? 1 : 2}
            items={[
              { key: 'sn', label: t('cabinet.sn'), children: <CopyableId value={cab.sn} /> },
              { key: 'online', label: t('cabinet.online'), children: <OnlineBadge row={cab} withReason /> },
              { key: 'csq', label: t('cabinet.signal'), children: <SignalBars csq={cab.csq} /> },
              { key: 'netMode', label: t('cabinet.netMode'), children: cab.netMode ?? '-' },
              {
                key: 'firmware',
                label: t('cabinet.firmware'),
                children: cab.firmwareMain
                  ? `${cab.firmwareMain}${cab.firmwareBoard ? ` / ${cab.firmwareBoard}` : ''}`
                  : '-',
              },
              {
                key: 'model',
                label: t('cabinet.model'),
                children: [cab.model, cab.hwVersion].filter(Boolean).join(' / ') || '-',
              },
              { key: 'imei', label: 'IMEI', children: <CopyableId value={cab.imei} /> },
              { key: 'iccid', label: 'ICCID', children: <CopyableId value={cab.iccid} /> },
              { key: 'battery', label: t('cabinet.battery'), children: batterySummary(t, cab) },
              { key: 'server', label: t('cabinet.server'), children: <ServerAddress row={cab} /> },
              {
                key: 'heartbeat',
                label: t('cabinet.heartbeatSec'),
                children: cab.heartbeatSec === null ? '-' : t('cabinet.seconds', { value: cab.heartbeatSec }),
              },
              {
                key: 'ftp',
                label: t('cabinet.ftp'),
                children: cab.ftpHost
                  ? `${hostPort(cab.ftpHost, cab.ftpPort)}${cab.ftpUser ? ` (${cab.ftpUser})` : ''}`
                  : '-',
              },
              {
                key: 'bound',
                label: t('cabinet.bound'),
                children: cab.bound ? (
                  <Tag color="blue">{cab.outletName ?? t('cabinet.boundYes')}</Tag>
                ) : (
                  <Tag>{t('cabinet.boundNo')}</Tag>
                ),
              },
              {
                key: 'lastHeartbeatAt',
                label: t('cabinet.lastHeartbeat'),
                children: formatDateTime(cab.lastHeartbeatAt),
              },
              { key: 'registeredAt', label: t('cabinet.registeredAt'), children: formatDateTime(cab.registeredAt) },
              { key: 'stockedInAt', label: t('cabinet.stockedInAt'), children: formatDateTime(cab.stockedInAt) },
            ]}
          />
          <Permit perm={PERMS.cabinetSecret}>
            <SecretReveal sn={cab.sn} />
          </Permit>
          <Card
            size="small"
            title={t('slots.title')}
            extra={
              cab.inventoryAt && (
                <Typography.Text type="secondary">
                  {t('cabinet.inventoryAt', { time: formatDateTime(cab.inventoryAt) })}
                </Typography.Text>
              )
            }
          >
            <CabinetSlots slots={cab.slotList} slotCount={cab.slots ?? undefined} />
          </Card>
          <RecentCommands sn={cab.sn} />
        </Space>
      )}
    </Drawer>
  );
}

/** The cabinet's MQTT credentials (protocol.md): fetched only when asked for, never kept. */
function SecretReveal({ sn }: { sn: string }) {
  const { t } = useTranslation('fleet');
  const [shown, setShown] = useState(false);
  const secret = useQuery({
    queryKey: callKey('cabinetSecret', { sn }),
    queryFn: ({ signal }) => request('cabinetSecret', { query: { sn } }, { signal }),
    enabled: shown,
    gcTime: 0,
    staleTime: 0,
  });
  if (!shown)
    return (
      <Button icon={<EyeOutlined />} onClick={() => setShown(true)}>
        {t('cabinet.showSecret')}
      </Button>
    );
  if (!secret.data) return <Skeleton.Input active size="small" />;
  return (
    <Card
      size="small"
      title={t('cabinet.credentials')}
      extra={
        <Button size="small" type="link" onClick={() => setShown(false)}>
          {t('cabinet.hideSecret')}
        </Button>
      }
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'clientId',
            label: 'clientId',
            children: (
              <Typography.Text copyable code>
                {secret.data.clientId}
              </Typography.Text>
            ),
          },
          {
            key: 'username',
            label: 'username',
            children: (
              <Typography.Text copyable code>
                {secret.data.username}
              </Typography.Text>
            ),
          },
          {
            key: 'secret',
            label: 'password',
            children: (
              <Typography.Text copyable code data-testid="cabinet-secret">
                {secret.data.secret}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** The last commands to one cabinet, newest first, updated as their states change. */
export function RecentCommands({ sn }: { sn: string }) {
  const { t } = useTranslation(['fleet', 'kit']);
  const queryClient = useQueryClient();
  const input = { sn, pageNum: 1, pageSize: RECENT_COMMANDS };
  const key = callKey('commandQueryPage', input);
  const commands = useQuery({
    queryKey: key,
    // Silent: an account that may see cabinets but not commands gets a line here, not a toast.
    queryFn: ({ signal }) => request('commandQueryPage', { query: input }, { signal, silent: true }),
  });
  useCommandLive((cmd) => {
    if (cmd.sn !== sn) return;
    queryClient.setQueryData<PageResult<CommandItem>>(key, (old) => {
      if (!old) return old;
      const known = old.list.some((c) => c.id === cmd.id);
      const list = known
        ? old.list.map((c) => (c.id === cmd.id ? cmd : c))
        : [cmd, ...old.list].slice(0, RECENT_COMMANDS);
      return { list, total: known ? old.total : old.total + 1 };
    });
  });
  // Cached pages of this cabinet's commands elsewhere are stale once the drawer closes.
  useEffect(() => () => void queryClient.invalidateQueries({ queryKey: callKey('commandQueryPage') }), [queryClient]);

  return (
    <Card size="small" title={t('command.recent')}>
      {commands.error ? (
        <Typography.Text type="secondary">
          {commands.error instanceof ApiError && commands.error.message
            ? commands.error.message
            : t('command.loadFailed')}
        </Typography.Text>
      ) : (
        <Table<CommandItem>
          size="small"
          rowKey="id"
          loading={commands.isPending}
          dataSource={commands.data?.list ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <EmptyState description={t('command.none')} /> }}
          expandable={{ expandedRowRender: (c) => <CommandTimeline command={c} /> }}
          columns={[
            timeColumn(t('command.time'), { dataIndex: 'createdAt' }),
            {
              key: 'type',
              title: t('command.type'),
              dataIndex: 'type',
              render: (v: string) => t(`command.types.${v}`),
            },
            {
              key: 'state',
              title: t('command.stateLabel'),
              render: (_: unknown, c) => <CommandStateTag state={c.state} percent={c.percent} />,
            },
            {
              key: 'createdBy',
              title: t('command.by'),
              dataIndex: 'createdBy',
              render: (v: string | null) => v ?? t('command.server'),
            },
          ]}
        />
      )}
    </Card>
  );
}
