import { useMemo, useRef, useState } from 'react';
import { Button, Tag } from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_RANGE_DAYS, PERMS } from '@cbo/contract';
import {
  ListPage,
  callKey,
  detailColumn,
  useOverlay,
  type ColumnsOf,
  type FiltersOf,
  timeColumn,
} from '@/shared/list-page';
import { Permit } from '@/shared/permission';
import { useCommandLive } from '../use-fleet-live';
import { useUrlFilters } from '@/shared/list-page';
import { BatchDrawer, BatchProgress } from '../components/firmware-batch';
import { UpgradeDrawer } from '../components/firmware-upgrade';

/**
 * Device management → firmware upgrade (menu url fleet/firmware): past upgrade batches with their
 * counts, and a new batch: pick cabinets, a version and a file URL, confirm, then watch each
 * cabinet's download and result live.
 */
export default function FirmwareView() {
  const { t } = useTranslation(['fleet', 'kit']);
  const queryClient = useQueryClient();
  const detail = useOverlay<number>();
  const [upgradeOpen, setUpgradeOpen] = useState(false);

  // Counts move with every command of a batch; refresh the list at most every 2 s, not per message.
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useCommandLive((cmd) => {
    if (cmd.batchId === null || pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = undefined;
      void queryClient.invalidateQueries({ queryKey: callKey('firmwareQueryPage') });
    }, 2000);
  });

  const filters = useMemo<FiltersOf<'firmwareQueryPage'>>(
    () => [
      { type: 'text', name: 'version', label: t('firmware.version'), maxLength: 32 },
      {
        type: 'dateRange',
        name: 'timeRange',
        begin: 'beginTime',
        end: 'endTime',
        label: t('firmware.time'),
        maxDays: MAX_RANGE_DAYS,
      },
      {
        type: 'select',
        name: 'running',
        label: t('firmware.runningLabel'),
        options: [
          { value: 'true', label: t('firmware.runningYes') },
          { value: 'false', label: t('firmware.runningNo') },
        ],
      },
    ],
    [t],
  );
  const fromUrl = useUrlFilters(filters);
  const columns = useMemo<ColumnsOf<'firmwareQueryPage'>>(
    () => [
      timeColumn(t('firmware.time'), { dataIndex: 'createdAt', width: 180 }),
      {
        title: t('firmware.progress'),
        key: 'progress',
        width: 200,
        render: (_: unknown, b) => <BatchProgress b={b} />,
      },
      {
        title: t('firmware.version'),
        dataIndex: 'version',
        key: 'version',
        width: 120,
        ellipsis: true,
        render: (v: string) => <Tag color="blue">{v}</Tag>,
      },
      {
        title: t('firmware.counts'),
        key: 'counts',
        width: 260,
        ellipsis: true,
        render: (_: unknown, b) =>
          t('firmware.countsText', { total: b.total, running: b.running, succeeded: b.succeeded, failed: b.failed }),
      },
      { title: t('firmware.url'), dataIndex: 'url', key: 'url', width: 200, ellipsis: true },
      { title: t('firmware.by'), dataIndex: 'createdBy', key: 'createdBy', width: 120, ellipsis: true },
      detailColumn(t, (b) => detail.show(b.id)),
    ],
    [t, detail.show],
  );

  return (
    <ListPage
      key={fromUrl.key}
      listCall="firmwareQueryPage"
      rowKey="id"
      title={t('firmware.title')}
      filters={fromUrl.filters}
      columns={columns}
      toolbar={
        <Permit perm={PERMS.firmwareUpgrade}>
          <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setUpgradeOpen(true)}>
            {t('firmware.action')}
          </Button>
        </Permit>
      }
    >
      <UpgradeDrawer
        open={upgradeOpen}
        onClose={() => setUpgradeOpen(false)}
        onStarted={(b) => {
          setUpgradeOpen(false);
          detail.show(b.id);
        }}
      />
      <BatchDrawer id={detail.record} open={detail.open} onClose={detail.hide} />
    </ListPage>
  );
}
