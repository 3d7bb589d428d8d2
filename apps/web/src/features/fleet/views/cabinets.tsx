import { useMemo } from 'react';
import { Button, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONNECTION_STATES, NET_MODES, PERMS } from '@cbo/contract';
import { ListPage, detailColumn, formatDateTime, useOverlay, type ColumnsOf, type FiltersOf } from '@/shared/list-page';
import { CabinetDetailDrawer } from '../components/cabinet-detail';
import { OnlineBadge, ServerAddress, batterySummary } from '../components/cabinet-text';
import { SignalBars } from '../components/signal-bars';
import { useLiveCabinetRows } from '../use-fleet-live';

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
      { type: 'text', name: 'sn', label: t('cabinet.sn'), maxLength: 17 },
      {
        type: 'select',
        name: 'connection',
        label: t('cabinet.online'),
        options: CONNECTION_STATES.map((c) => ({ value: c, label: t(c === 'online' ? 'cabinet.onlineYes' : c === 'offline' ? 'cabinet.onlineNo' : 'cabinet.neverConnected') })),
      },
      { type: 'select', name: 'bound', label: t('cabinet.bound'), options: yesNo(t('cabinet.boundYes'), t('cabinet.boundNo')) },
      { type: 'select', name: 'netMode', label: t('cabinet.netMode'), options: NET_MODES.map((m) => ({ value: m, label: m })) },
      { type: 'text', name: 'firmware', label: t('cabinet.firmware'), maxLength: 32 },
      { type: 'text', name: 'iccid', label: 'ICCID', maxLength: 22 },
    ],
    [t, yesNo],
  );

  const columns = useMemo<ColumnsOf<'cabinetQueryPage'>>(
    () => [
      {
        title: t('cabinet.sn'),
        dataIndex: 'sn',
        key: 'sn',
        fixed: 'left',
        sortable: true,
        render: (v: string) => (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => detail.show(v)}>
            {v}
          </Button>
        ),
      },
      { title: t('cabinet.online'), key: 'online', render: (_: unknown, row) => <OnlineBadge row={row} /> },
      { title: t('cabinet.signal'), dataIndex: 'csq', key: 'csq', sortable: true, render: (v: number | null) => <SignalBars csq={v} /> },
      { title: t('cabinet.netMode'), dataIndex: 'netMode', key: 'netMode', render: (v: string | null) => v ?? '-' },
      { title: t('cabinet.firmware'), dataIndex: 'firmwareMain', key: 'firmwareMain', sortable: true, render: (v: string | null) => v ?? '-' },
      { title: 'ICCID', dataIndex: 'iccid', key: 'iccid', render: (v: string | null) => v ?? '-' },
      {
        title: t('cabinet.slotsFree'),
        key: 'freeSlots',
        sortable: true,
        render: (_: unknown, row) => (row.slots === null ? '-' : `${row.slots} / ${row.freeSlots ?? '-'}`),
      },
      { title: t('cabinet.battery'), key: 'battery', render: (_: unknown, row) => batterySummary(t, row) },
      { title: t('cabinet.server'), key: 'server', render: (_: unknown, row) => <ServerAddress row={row} /> },
      {
        title: t('cabinet.heartbeatSec'),
        dataIndex: 'heartbeatSec',
        key: 'heartbeatSec',
        render: (v: number | null) => (v === null ? '-' : t('cabinet.seconds', { value: v })),
      },
      {
        title: t('cabinet.bound'),
        key: 'bound',
        render: (_: unknown, row) => (row.bound ? <Tag color="blue">{row.outletName ?? t('cabinet.boundYes')}</Tag> : <Tag>{t('cabinet.boundNo')}</Tag>),
      },
      {
        title: t('cabinet.lastHeartbeat'),
        dataIndex: 'lastHeartbeatAt',
        key: 'lastHeartbeatAt',
        sortable: true,
        width: 170,
        render: (v: string | null) => (v ? formatDateTime(v) : <Typography.Text type="secondary">{t('cabinet.never')}</Typography.Text>),
      },
      detailColumn(t, (row) => detail.show(row.sn)),
    ],
    [t, detail.show],
  );

  return (
    <ListPage
      listCall="cabinetQueryPage"
      rowKey="sn"
      title={t('cabinet.title')}
      filters={filters}
      columns={columns}
      exportCall="cabinetExport"
      exportPerm={PERMS.cabinetExport}
    >
      <CabinetDetailDrawer sn={detail.record} open={detail.open} onClose={detail.hide} />
    </ListPage>
  );
}
