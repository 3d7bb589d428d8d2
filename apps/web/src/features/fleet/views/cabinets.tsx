import { useMemo, useState } from 'react';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, QrcodeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CABINET_CONDITIONS, CABINET_CONNECTIONS, NET_MODES, PERMS, type CabinetItem } from '@cbo/contract';
import {
  ListPage,
  formatDateTime,
  optionsOf,
  useDeviceDelete,
  useOverlay,
  type ColumnsOf,
  type FiltersOf,
} from '@/shared/list-page';
import { CabinetDetailDrawer } from '../components/cabinet-detail';
import { QrLabelsDialog } from '../components/qr-labels';
import { OnlineBadge, ServerAddress, batterySummary } from '../components/cabinet-text';
import { SignalBars } from '../components/signal-bars';
import { useLiveCabinetRows } from '../use-fleet-live';
import { useUrlFilters } from '@/shared/list-page';
import { useButtons } from '@/shared/permission';
import { request } from '@/shared/request';

/**
 * Device management → cabinets (menu url fleet/cabinets): every cabinet in stock with what it last
 * reported, kept current by DEVICE_CABINET; a detail drawer with the slots, live.
 */
export default function CabinetsView() {
  const { t } = useTranslation(['fleet', 'kit']);
  const detail = useOverlay<string>();
  useLiveCabinetRows();

  const yesNo = useMemo(
    () => (yes: string, no: string) => [
      { value: 'true', label: yes },
      { value: 'false', label: no },
    ],
    [],
  );

  const filters = useMemo<FiltersOf<'cabinetQueryPage'>>(
    () => [
      { type: 'text', name: 'sn', label: t('cabinet.sn'), maxLength: 17, placeholder: t('cabinet.snPlaceholder') },
      {
        type: 'select',
        name: 'connection',
        label: t('cabinet.connectionLabel'),
        options: optionsOf(CABINET_CONNECTIONS, (c) => t(`cabinet.connection.${c}`)),
      },
      {
        type: 'select',
        name: 'condition',
        label: t('cabinet.conditionLabel'),
        options: optionsOf(CABINET_CONDITIONS, (c) => t(`cabinet.condition.${c}`)),
      },
      {
        type: 'select',
        name: 'bound',
        label: t('cabinet.bound'),
        options: yesNo(t('cabinet.boundYes'), t('cabinet.boundNo')),
      },
      {
        type: 'select',
        name: 'netMode',
        label: t('cabinet.netMode'),
        options: NET_MODES.map((m) => ({ value: m, label: m })),
      },
      { type: 'text', name: 'firmware', label: t('cabinet.firmware'), maxLength: 32 },
      { type: 'text', name: 'iccid', label: 'ICCID', maxLength: 22 },
    ],
    [t, yesNo],
  );
  const fromUrl = useUrlFilters(filters);
  const buttons = useButtons();
  const canDelete = buttons.has(PERMS.cabinetDelete);
  // spec 5: only an unbound cabinet is offered the delete; the server refuses a bound one all the same.
  // QR labels: the selected rows (a batch) or one row's own.
  const [selected, setSelected] = useState<string[]>([]);
  const labels = useOverlay<string[]>();
  const remove = useDeviceDelete<CabinetItem>(
    (r) => r.sn,
    (r) => request('cabinetDelete', { query: { sn: r.sn } }),
    ['cabinetQueryPage', 'fleetOverview'],
  );

  // The status columns come first and the wide ones last, sized to fit a 1440 px screen; secondary
  // detail (network, ICCID, server, heartbeat interval) is one click away in the column settings and
  // in the drawer. The linked SN opens the detail drawer: there is no second "Details" button.
  const columns = useMemo<ColumnsOf<'cabinetQueryPage'>>(
    () => [
      {
        title: t('cabinet.sn'),
        dataIndex: 'sn',
        key: 'sn',
        fixed: 'left',
        width: 180,
        sortable: true,
        render: (v: string) => (
          <Button
            type="link"
            size="small"
            className="list-cell-id"
            style={{ padding: 0 }}
            onClick={() => detail.show(v)}
          >
            {v}
          </Button>
        ),
      },
      { title: t('cabinet.online'), key: 'online', width: 110, render: (_: unknown, row) => <OnlineBadge row={row} /> },
      {
        title: t('cabinet.bound'),
        key: 'bound',
        width: 150,
        ellipsis: true,
        render: (_: unknown, row) =>
          row.bound ? (
            <Tag color="blue">{row.outletName ?? t('cabinet.boundYes')}</Tag>
          ) : (
            <Tag>{t('cabinet.boundNo')}</Tag>
          ),
      },
      {
        title: t('cabinet.lastHeartbeat'),
        dataIndex: 'lastHeartbeatAt',
        key: 'lastHeartbeatAt',
        sortable: true,
        width: 180,
        render: (v: string | null) =>
          v ? formatDateTime(v) : <Typography.Text type="secondary">{t('cabinet.never')}</Typography.Text>,
      },
      {
        title: t('cabinet.signal'),
        dataIndex: 'csq',
        key: 'csq',
        width: 100,
        sortable: true,
        render: (v: number | null) => <SignalBars csq={v} />,
      },
      {
        title: t('cabinet.slotsFree'),
        key: 'freeSlots',
        width: 120,
        sortable: true,
        render: (_: unknown, row) => (row.slots === null ? '-' : `${row.slots} / ${row.freeSlots ?? '-'}`),
      },
      {
        title: t('cabinet.firmware'),
        dataIndex: 'firmwareMain',
        key: 'firmwareMain',
        width: 110,
        sortable: true,
        defaultHidden: true,
        render: (v: string | null) => v ?? '-',
      },
      {
        title: t('cabinet.battery'),
        key: 'battery',
        width: 200,
        ellipsis: true,
        render: (_: unknown, row) => batterySummary(t, row),
      },
      {
        title: t('cabinet.netMode'),
        dataIndex: 'netMode',
        key: 'netMode',
        width: 100,
        defaultHidden: true,
        render: (v: string | null) => v ?? '-',
      },
      { title: 'ICCID', dataIndex: 'iccid', key: 'iccid', width: 220, copyable: true, defaultHidden: true },
      {
        title: t('cabinet.server'),
        key: 'server',
        width: 180,
        ellipsis: true,
        defaultHidden: true,
        render: (_: unknown, row) => <ServerAddress row={row} />,
      },
      {
        title: t('cabinet.heartbeatSec'),
        dataIndex: 'heartbeatSec',
        key: 'heartbeatSec',
        width: 150,
        defaultHidden: true,
        render: (v: number | null) => (v === null ? '-' : t('cabinet.seconds', { value: v })),
      },
      {
        title: t('kit:actions'),
        key: 'actions',
        fixed: 'right' as const,
        width: canDelete ? 96 : 72,
        // Icons with their words as tooltip and accessible name: the column fits the table at 1440 px.
        render: (_: unknown, row: CabinetItem) => (
          <Space size={0}>
            <Tooltip title={t('qr.label')}>
              <Button
                type="link"
                size="small"
                aria-label={t('qr.label')}
                icon={<QrcodeOutlined />}
                onClick={() => labels.show([row.sn])}
              />
            </Tooltip>
            {canDelete && !row.bound && (
              <Tooltip title={t('kit:deviceDelete.ok')}>
                <Button
                  type="link"
                  size="small"
                  danger
                  aria-label={t('kit:deviceDelete.ok')}
                  icon={<DeleteOutlined />}
                  onClick={() => remove.run(row)}
                />
              </Tooltip>
            )}
          </Space>
        ),
      },
    ],
    [t, detail.show, canDelete, remove.run, labels.show],
  );

  return (
    <ListPage
      key={fromUrl.key}
      listCall="cabinetQueryPage"
      rowKey="sn"
      title={t('cabinet.title')}
      filters={fromUrl.filters}
      columns={columns}
      exportCall="cabinetExport"
      exportPerm={PERMS.cabinetExport}
      tableProps={{
        rowSelection: {
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as string[]),
          preserveSelectedRowKeys: true,
        },
      }}
      toolbar={
        <Button
          icon={<QrcodeOutlined />}
          disabled={!selected.length}
          title={t('qr.selectHint')}
          onClick={() => labels.show(selected)}
        >
          {t('qr.printSelected', { count: selected.length })}
        </Button>
      }
    >
      <CabinetDetailDrawer sn={detail.record} open={detail.open} onClose={detail.hide} />
      <QrLabelsDialog sns={labels.record ?? []} open={labels.open} onClose={labels.hide} />
    </ListPage>
  );
}
