import { Drawer, Progress, Skeleton, Space, Table, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type FirmwareBatchDetail, type FirmwareBatchItem } from '@cbo/contract';
import { callKey, useIsMobile, timeColumn } from '@/shared/list-page';
import { request } from '@/shared/request';
import { CommandStateTag, isFinished, reasonText } from './command-timeline';
import { batchProgress, rowPercent } from './firmware-progress';
import { useCommandLive } from '../use-fleet-live';

type BatchRow = FirmwareBatchDetail['items'][number];

/** A batch's progress (batchProgress: from its rows when shown, else its counts), succeeded share in green. */
export function BatchProgress({
  b,
  rows,
}: {
  b: Pick<FirmwareBatchItem, 'total' | 'succeeded' | 'failed' | 'running'>;
  rows?: BatchRow[];
}) {
  const { percent, succeeded } = batchProgress(b, rows);
  return (
    <Progress
      percent={percent}
      success={{ percent: succeeded }}
      size="small"
      status={b.running > 0 ? 'active' : b.failed > 0 ? 'exception' : 'success'}
      style={{ minWidth: 140 }}
      data-testid="batch-progress"
      data-percent={percent}
    />
  );
}

/** How often an open batch with running cabinets is read again. */
const BATCH_REREAD_MS = 5000;

/** Counts of a batch recomputed from its rows, so they move with the live rows. */
function countRows(items: BatchRow[]) {
  const succeeded = items.filter((i) => i.state === 'succeeded').length;
  const failed = items.filter((i) => i.state === 'failed' || i.state === 'expired').length;
  return { total: items.length, succeeded, failed, running: items.length - succeeded - failed };
}

/** One batch: a progress bar per cabinet, moved on by DEVICE_COMMAND messages of the batch. */
export function BatchDrawer({ id, open, onClose }: { id: number | undefined; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['fleet', 'kit']);
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const key = callKey('firmwareDetail', { id });
  // While cabinets are still running the batch is read again every few seconds: live messages move
  // the rows at once, the reread catches whatever the live channel missed (a reconnect, a row
  // whose command the message could not be matched to).
  const batch = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => request('firmwareDetail', { query: { id: id! } }, { signal }),
    enabled: open && id !== undefined,
    refetchInterval: (q) => ((q.state.data?.running ?? 0) > 0 ? BATCH_REREAD_MS : false),
  });
  useCommandLive((cmd) => {
    if (!open || cmd.batchId !== id) return;
    queryClient.setQueryData<FirmwareBatchDetail>(key, (old) => {
      if (!old) return old;
      const items = old.items.map((i) =>
        i.commandId === cmd.id || (i.commandId === null && i.sn === cmd.sn)
          ? {
              ...i,
              commandId: cmd.id,
              state: cmd.state,
              percent: cmd.state === 'succeeded' ? 100 : (cmd.percent ?? i.percent),
              reason: cmd.reason,
              updatedAt: cmd.finishedAt ?? cmd.acknowledgedAt ?? i.updatedAt,
            }
          : i,
      );
      return { ...old, ...countRows(items), items };
    });
  });

  const b = batch.data;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={b ? t('firmware.batchTitle', { id: b.id, version: b.version }) : t('firmware.title')}
      size={isMobile ? '100%' : 720}
      destroyOnHidden
    >
      {!b ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="firmware-batch">
          <Typography.Paragraph style={{ margin: 0 }}>
            <Typography.Text type="secondary">{t('firmware.url')}: </Typography.Text>
            <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
              {b.url}
            </Typography.Text>
            {b.sha256 && (
              <>
                <br />
                <Typography.Text type="secondary">SHA-256: </Typography.Text>
                <Typography.Text code style={{ wordBreak: 'break-all' }}>
                  {b.sha256}
                </Typography.Text>
              </>
            )}
          </Typography.Paragraph>
          <BatchProgress b={b} rows={b.items} />
          <Typography.Text>
            {t('firmware.countsText', { total: b.total, running: b.running, succeeded: b.succeeded, failed: b.failed })}
          </Typography.Text>
          <Table<BatchRow>
            size="small"
            rowKey="sn"
            dataSource={b.items}
            pagination={b.items.length > 20 ? { pageSize: 20, size: 'small' } : false}
            scroll={{ x: 'max-content' }}
            columns={[
              { key: 'sn', title: t('cabinet.sn'), dataIndex: 'sn' },
              {
                key: 'progress',
                title: t('firmware.progress'),
                render: (_: unknown, i) => (
                  <Progress
                    percent={rowPercent(i)}
                    size="small"
                    status={i.state === 'succeeded' ? 'success' : isFinished(i.state) ? 'exception' : 'active'}
                    style={{ width: 140 }}
                    data-sn={i.sn}
                  />
                ),
              },
              {
                key: 'state',
                title: t('command.stateLabel'),
                render: (_: unknown, i) => (
                  <Space size={4} wrap>
                    <CommandStateTag state={i.state} />
                    {i.reason && <Typography.Text type="secondary">{reasonText(t, i.reason)}</Typography.Text>}
                  </Space>
                ),
              },
              {
                key: 'firmwareMain',
                title: t('firmware.now'),
                dataIndex: 'firmwareMain',
                render: (v: string | null) => v ?? '-',
              },
              timeColumn(t('firmware.updatedAt'), { dataIndex: 'updatedAt' }),
            ]}
          />
        </Space>
      )}
    </Drawer>
  );
}
