import { useMemo, useRef, useState, type Key } from 'react';
import {
  Alert,
  Button,
  Col,
  Drawer,
  Flex,
  Form,
  Input,
  Progress,
  Row,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  BATCH_STORAGE_MAX,
  MAX_RANGE_DAYS,
  PERMS,
  firmwareUpgradeRequest,
  type CabinetItem,
  type FirmwareBatchDetail,
  type FirmwareBatchItem,
} from '@cbo/contract';
import { useZodRule } from '@/shared/form';
import {
  ListPage,
  callKey,
  detailColumn,
  formatDateTime,
  useIsMobile,
  useListQuery,
  useOverlay,
  useRowAction,
  type ColumnsOf,
  type FiltersOf,
} from '@/shared/list-page';
import { Permit } from '@/shared/permission';
import { request } from '@/shared/request';
import { CommandStateTag, isFinished, reasonText } from '../components/command-timeline';
import { OnlineBadge } from '../components/cabinet-text';
import { batchProgress, offlineChosen, rowPercent } from '../components/firmware-progress';
import { useCommandLive } from '../use-fleet-live';
import { useUrlFilters } from '@/shared/list-page';

/** A batch's progress (batchProgress: from its rows when shown, else its counts), succeeded share in green. */
function BatchProgress({
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
      {
        title: t('firmware.time'),
        dataIndex: 'createdAt',
        key: 'createdAt',
        width: 180,
        render: (v: string) => formatDateTime(v),
      },
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

type BatchRow = FirmwareBatchDetail['items'][number];

/** How often an open batch with running cabinets is read again. */
const BATCH_REREAD_MS = 5000;

/** Counts of a batch recomputed from its rows, so they move with the live rows. */
function countRows(items: BatchRow[]) {
  const succeeded = items.filter((i) => i.state === 'succeeded').length;
  const failed = items.filter((i) => i.state === 'failed' || i.state === 'expired').length;
  return { total: items.length, succeeded, failed, running: items.length - succeeded - failed };
}

/** One batch: a progress bar per cabinet, moved on by DEVICE_COMMAND messages of the batch. */
function BatchDrawer({ id, open, onClose }: { id: number | undefined; open: boolean; onClose: () => void }) {
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
              {
                key: 'updatedAt',
                title: t('firmware.updatedAt'),
                dataIndex: 'updatedAt',
                render: (v: string) => formatDateTime(v),
              },
            ]}
          />
        </Space>
      )}
    </Drawer>
  );
}

interface UpgradeForm {
  version?: string;
  url?: string;
  sha256?: string;
}

/** A new batch: cabinets chosen in a table (kept across pages and searches), version and URL. */
function UpgradeDrawer({
  open,
  onClose,
  onStarted,
}: {
  open: boolean;
  onClose: () => void;
  onStarted: (b: FirmwareBatchItem) => void;
}) {
  const { t } = useTranslation(['fleet', 'kit']);
  const isMobile = useIsMobile();
  const rule = useZodRule();
  const [form] = Form.useForm<UpgradeForm>();
  const [selected, setSelected] = useState<Key[]>([]);
  // The chosen rows (antd keeps those of other pages), for their online state; the page on screen
  // is the fresher view of its own rows.
  const [chosenRows, setChosenRows] = useState<CabinetItem[]>([]);
  const [search, setSearch] = useState<{ sn?: string; online?: 'true' | 'false'; firmware?: string }>({});
  const cabinets = useListQuery({
    listCall: 'cabinetQueryPage',
    params: search,
    defaultSort: { orderBy: 'sn', order: 'ascend' },
    enabled: open,
  });

  const upgrade = useRowAction<{ sns: string[]; version: string; url: string; sha256?: string }, FirmwareBatchItem>({
    confirm: (body) => ({
      title: t('firmware.confirmTitle', { value: body.sns.length, version: body.version }),
      content: (
        <>
          <p style={{ margin: 0 }}>{t('firmware.confirmText')}</p>
          {offline.length > 0 && (
            <Typography.Text type="danger" data-testid="firmware-confirm-offline">
              {t('firmware.offlineChosen', {
                value: offline.length,
                sns: offline.slice(0, 5).join(', ') + (offline.length > 5 ? '…' : ''),
              })}
            </Typography.Text>
          )}
        </>
      ),
      okText: t('firmware.action'),
      danger: true,
    }),
    call: (body) => request('firmwareUpgrade', { body }),
    onDone: (b) => {
      form.resetFields();
      setSelected([]);
      setChosenRows([]);
      onStarted(b);
    },
    invalidates: ['firmwareQueryPage'],
  });

  const tooMany = selected.length > BATCH_STORAGE_MAX;
  const onlineBySn = new Map<string, boolean>([...chosenRows, ...cabinets.rows].map((r) => [r.sn, r.online]));
  const offline = offlineChosen(selected.map(String), onlineBySn);
  const untickOffline = () => {
    setSelected((keys) => keys.filter((k) => !offline.includes(String(k))));
    setChosenRows((rows) => rows.filter((r) => !offline.includes(r.sn)));
  };
  const submit = async () => {
    let v: UpgradeForm;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    if (selected.length === 0 || tooMany) return;
    upgrade.run({
      sns: selected.map(String),
      version: v.version!.trim(),
      url: v.url!.trim(),
      ...(v.sha256?.trim() ? { sha256: v.sha256.trim() } : {}),
    });
  };

  return (
    <Drawer
      open={open}
      title={t('firmware.action')}
      onClose={onClose}
      size={isMobile ? '100%' : 820}
      destroyOnHidden
      footer={
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text type={tooMany ? 'danger' : 'secondary'} data-testid="firmware-selected">
            {t('firmware.selected', { value: selected.length, max: BATCH_STORAGE_MAX })}
          </Typography.Text>
          <Space>
            <Button onClick={onClose}>{t('common:cancel')}</Button>
            <Button
              type="primary"
              loading={upgrade.pending}
              disabled={selected.length === 0 || tooMany}
              onClick={() => void submit()}
            >
              {t('firmware.action')}
            </Button>
          </Space>
        </Flex>
      }
    >
      <Form<UpgradeForm> form={form} name="firmwareUpgrade" layout="vertical" disabled={upgrade.pending}>
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <Form.Item
              name="version"
              label={t('firmware.version')}
              rules={[rule(firmwareUpgradeRequest.shape.version, t('firmware.version'))]}
            >
              <Input placeholder="2.4.0" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={16}>
            <Form.Item
              name="url"
              label={t('firmware.url')}
              rules={[rule(firmwareUpgradeRequest.shape.url, t('firmware.url'))]}
            >
              <Input placeholder="https://…/firmware.bin" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="sha256"
          label={t('firmware.sha256')}
          rules={[rule(firmwareUpgradeRequest.shape.sha256, t('firmware.sha256'))]}
        >
          <Input spellCheck={false} />
        </Form.Item>
      </Form>
      <Typography.Title level={5}>{t('firmware.pickCabinets')}</Typography.Title>
      {selected.length === 0 && (
        <Alert type="info" showIcon style={{ marginBottom: 8 }} title={t('firmware.pickHint')} />
      )}
      {offline.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          data-testid="firmware-offline-warning"
          title={t('firmware.offlineChosen', {
            value: offline.length,
            sns: offline.slice(0, 5).join(', ') + (offline.length > 5 ? '…' : ''),
          })}
          action={
            <Button size="small" onClick={untickOffline}>
              {t('firmware.untickOffline')}
            </Button>
          }
        />
      )}
      <Flex wrap gap={8} style={{ marginBottom: 8 }}>
        <Input.Search
          allowClear
          placeholder={t('cabinet.sn')}
          maxLength={17}
          style={{ width: 200 }}
          onSearch={(v) => setSearch((s) => ({ ...s, sn: v.trim() || undefined }))}
        />
        <Select
          allowClear
          placeholder={t('cabinet.online')}
          style={{ width: 140 }}
          options={[
            { value: 'true', label: t('cabinet.onlineYes') },
            { value: 'false', label: t('cabinet.onlineNo') },
          ]}
          onChange={(v?: 'true' | 'false') => setSearch((s) => ({ ...s, online: v }))}
        />
        <Input.Search
          allowClear
          placeholder={t('cabinet.firmware')}
          maxLength={32}
          style={{ width: 160 }}
          onSearch={(v) => setSearch((s) => ({ ...s, firmware: v.trim() || undefined }))}
        />
      </Flex>
      <Table
        size="small"
        rowKey="sn"
        loading={cabinets.isFetching}
        dataSource={cabinets.rows}
        scroll={{ x: 'max-content' }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys, rows) => {
            setSelected(keys);
            setChosenRows(rows.filter((r): r is CabinetItem => Boolean(r)));
          },
          preserveSelectedRowKeys: true,
        }}
        pagination={{
          current: cabinets.pageNum,
          pageSize: cabinets.pageSize,
          total: cabinets.total,
          size: 'small',
          simple: isMobile,
          onChange: (p, s) => cabinets.setPage(p, s),
        }}
        columns={[
          { key: 'sn', title: t('cabinet.sn'), dataIndex: 'sn' },
          { key: 'online', title: t('cabinet.online'), render: (_: unknown, r) => <OnlineBadge row={r} /> },
          { key: 'firmware', title: t('cabinet.firmware'), render: (_: unknown, r) => r.firmwareMain ?? '-' },
          { key: 'netMode', title: t('cabinet.netMode'), dataIndex: 'netMode', render: (v: string | null) => v ?? '-' },
        ]}
      />
    </Drawer>
  );
}
