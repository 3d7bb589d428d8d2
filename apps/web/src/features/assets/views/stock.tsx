import { useMemo, useState } from 'react';
import { Button, Space, Tag } from 'antd';
import { ExportOutlined, ImportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEVICE_TYPES, label, PERMS, STOCK_REASONS, type MovementItem, type StockReason } from '@cbo/contract';
import { Permit } from '@/shared/permission';
import { useLang } from '@/shared/form';
import { ListPage, type ColumnsOf, type FiltersOf, timeColumn } from '@/shared/list-page';
import { MovementDrawer, type MovementKindOfDrawer } from '../components/movement-drawer';
import { labelOptions, useWarehouseOptions } from '../components/use-options';

const KIND_COLOR = {
  putIn: 'green',
  takeOut: 'orange',
  dispatch: 'blue',
  install: 'purple',
  removal: 'default',
} as const;

/**
 * Operation management → stock in/out (menu url assets/stock): every movement of a device
 * between warehouses and circulation, newest first, and putting devices in or taking them out by
 * list, ID range or xlsx. Dispatches between warehouses go through the dispatch audit.
 */
export default function StockView() {
  const { t } = useTranslation(['assets', 'kit']);
  const lang = useLang();
  const [open, setOpen] = useState<MovementKindOfDrawer | null>(null);
  const warehouses = useWarehouseOptions();

  const filters = useMemo<FiltersOf<'movementQueryPage'>>(
    () => [
      {
        type: 'text',
        name: 'deviceId',
        label: t('common.deviceId'),
        maxLength: 17,
        placeholder: t('stock.searchPlaceholder'),
      },
      {
        type: 'select',
        name: 'kind',
        label: t('stock.kind'),
        options: labelOptions('movementKind', ['putIn', 'takeOut', 'dispatch'], lang),
      },
      {
        type: 'select',
        name: 'reason',
        label: t('common.reason'),
        options: labelOptions('stockReason', STOCK_REASONS, lang),
      },
      { type: 'select', name: 'warehouseId', label: t('common.warehouse'), options: warehouses },
      {
        type: 'select',
        name: 'deviceType',
        label: t('common.deviceType'),
        options: labelOptions('deviceType', DEVICE_TYPES, lang),
      },
      { type: 'dateRange', name: 'time', begin: 'beginTime', end: 'endTime', label: t('common.time') },
    ],
    [t, lang, warehouses],
  );
  const columns = useMemo<ColumnsOf<'movementQueryPage'>>(
    () => [
      { title: t('common.deviceId'), dataIndex: 'deviceId', key: 'deviceId' },
      {
        title: t('stock.kind'),
        dataIndex: 'kind',
        key: 'kind',
        render: (v: MovementItem['kind']) => (
          <Tag color={KIND_COLOR[v]}>{label('assets', 'movementKind', v, lang)}</Tag>
        ),
      },
      {
        title: t('common.deviceType'),
        dataIndex: 'deviceType',
        key: 'deviceType',
        render: (v: MovementItem['deviceType']) => label('assets', 'deviceType', v, lang),
      },
      {
        title: t('common.reason'),
        dataIndex: 'reason',
        key: 'reason',
        render: (v: string) =>
          (STOCK_REASONS as readonly string[]).includes(v)
            ? label('assets', 'stockReason', v as StockReason, lang)
            : v || '-',
      },
      {
        title: t('stock.from'),
        dataIndex: 'fromWarehouseName',
        key: 'fromWarehouseName',
        render: (v: string | null) => v ?? '-',
      },
      {
        title: t('stock.to'),
        dataIndex: 'toWarehouseName',
        key: 'toWarehouseName',
        render: (v: string | null) => v ?? '-',
      },
      {
        title: t('stock.application'),
        dataIndex: 'applicationNo',
        key: 'applicationNo',
        defaultHidden: true,
        render: (v: string | null) => v ?? '-',
      },
      { title: t('common.operator'), dataIndex: 'operatorName', key: 'operatorName' },
      timeColumn(t('common.time')),
    ],
    [t, lang],
  );

  return (
    <ListPage
      listCall="movementQueryPage"
      rowKey="id"
      title={t('stock.title')}
      filters={filters}
      columns={columns}
      exportCall="movementExport"
      exportPerm={PERMS.stockExport}
      toolbar={
        <Space wrap>
          <Permit perm={PERMS.stockPutIn}>
            <Button type="primary" icon={<ImportOutlined />} onClick={() => setOpen('putIn')}>
              {t('stock.putIn')}
            </Button>
          </Permit>
          <Permit perm={PERMS.stockTakeOut}>
            <Button icon={<ExportOutlined />} onClick={() => setOpen('takeOut')}>
              {t('stock.takeOut')}
            </Button>
          </Permit>
        </Space>
      }
    >
      <MovementDrawer kind={open ?? 'putIn'} open={open !== null} onClose={() => setOpen(null)} />
    </ListPage>
  );
}
