import { useMemo } from 'react';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ASSET_STATES, DEVICE_TYPES, label, PERMS, yesNo, type AssetItem } from '@cbo/contract';
import { useLang } from '@/shared/form';
import { ListPage, useDeviceDelete, type ColumnsOf, type FiltersOf, timeColumn } from '@/shared/list-page';
import { useButtons } from '@/shared/permission';
import { request } from '@/shared/request';
import { outletText } from '../components/outlet-text';
import { labelOptions, useWarehouseOptions } from '../components/use-options';

const STATE_COLOR = { inStock: 'green', outOfStock: 'orange', inBusiness: 'blue' } as const;

/**
 * Asset management (menu url assets/device-assets): every device the business owns and where it
 * is now (in stock in a warehouse, out of stock in circulation, in business in an outlet), the
 * result of its movements.
 */
export default function DeviceAssetsView() {
  const { t } = useTranslation(['assets', 'kit']);
  const lang = useLang();
  const warehouses = useWarehouseOptions();

  const filters = useMemo<FiltersOf<'assetQueryPage'>>(
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
        name: 'deviceType',
        label: t('common.deviceType'),
        options: labelOptions('deviceType', DEVICE_TYPES, lang),
      },
      {
        type: 'select',
        name: 'state',
        label: t('assets.state'),
        options: labelOptions('assetState', ASSET_STATES, lang),
      },
      { type: 'select', name: 'warehouseId', label: t('common.warehouse'), options: warehouses },
    ],
    [t, lang, warehouses],
  );
  const buttons = useButtons();
  const canDelete = buttons.has(PERMS.assetDelete);
  // Offered for a device in no outlet, no dispatch under audit and not an agent's (the server decides all the same).
  const remove = useDeviceDelete<AssetItem>(
    (r) => r.deviceId,
    (r) => request('assetDelete', { query: { deviceId: r.deviceId } }),
    ['assetQueryPage'],
  );
  const columns = useMemo<ColumnsOf<'assetQueryPage'>>(
    () => [
      { title: t('common.deviceId'), dataIndex: 'deviceId', key: 'deviceId', sortable: true },
      {
        title: t('common.deviceType'),
        dataIndex: 'deviceType',
        key: 'deviceType',
        render: (v: AssetItem['deviceType']) => label('assets', 'deviceType', v, lang),
      },
      { title: t('common.model'), dataIndex: 'modelName', key: 'modelName', render: (v: string | null) => v ?? '-' },
      {
        title: t('assets.state'),
        dataIndex: 'state',
        key: 'state',
        render: (v: AssetItem['state']) => <Tag color={STATE_COLOR[v]}>{label('assets', 'assetState', v, lang)}</Tag>,
      },
      {
        title: t('common.warehouse'),
        dataIndex: 'warehouseName',
        key: 'warehouseName',
        render: (v: string | null) => v ?? '-',
      },
      {
        title: t('common.outlet'),
        dataIndex: 'outletName',
        key: 'outletName',
        width: 160,
        ellipsis: true,
        render: (v: string | null, r: AssetItem) => outletText(v, r.outletId),
      },
      {
        title: t('assets.pending'),
        dataIndex: 'pendingApplicationNo',
        key: 'pendingApplicationNo',
        defaultHidden: true,
        render: (v: string | null) => (v ? <Tag color="processing">{v}</Tag> : '-'),
      },
      {
        title: t('assets.agentDevice'),
        dataIndex: 'agentDevice',
        key: 'agentDevice',
        defaultHidden: true,
        render: (v: boolean) => yesNo(v, lang),
      },
      timeColumn(t('assets.updateTime'), { dataIndex: 'updateTime', sortable: true }),
      ...(canDelete
        ? [
            {
              title: t('kit:actions'),
              key: 'actions',
              fixed: 'right' as const,
              width: 80,
              render: (_: unknown, row: AssetItem) =>
                row.state === 'inBusiness' || row.agentDevice || row.pendingApplicationNo ? null : (
                  <Button type="link" size="small" danger onClick={() => remove.run(row)}>
                    {t('kit:deviceDelete.ok')}
                  </Button>
                ),
            },
          ]
        : []),
    ],
    [t, lang, canDelete, remove.run],
  );

  return (
    <ListPage
      listCall="assetQueryPage"
      rowKey="deviceId"
      title={t('assets.title')}
      filters={filters}
      columns={columns}
      defaultSort={{ orderBy: 'updateTime', order: 'descend' }}
      exportCall="assetExport"
      exportPerm={PERMS.assetExport}
    />
  );
}
