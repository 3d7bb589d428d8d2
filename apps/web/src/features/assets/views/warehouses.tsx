import { useMemo } from 'react';
import { Form, Input, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { label, PERMS, WAREHOUSE_STATUSES, WAREHOUSE_TYPES, warehouseSave, type WarehouseItem } from '@cbo/contract';
import type { z } from 'zod';
import { request } from '@/shared/request';
import { callKey, FormModal, ListPage, type ColumnsOf, type FiltersOf } from '@/shared/list-page';
import { labelOptions } from '../components/use-options';
import { useCatalogueScreen } from '../components/catalogue-kit';

type Values = z.input<typeof warehouseSave>;

/**
 * Operation management → warehouse management (menu url assets/warehouses): business, storage
 * and circulation warehouses with their load, the devices in stock there now (counted, not stored).
 */
export default function WarehousesView() {
  const screen = useCatalogueScreen<WarehouseItem>({
    section: 'warehouses',
    editPerm: PERMS.warehouseEdit,
    name: (row) => row.name,
    setStatus: (row, status) => request('warehouseEditStatus', { body: { id: row.id, status } }),
    invalidates: ['warehouseQueryPage', 'warehouseOptions'],
  });
  const { t, lang, rule, edit, col } = screen;

  // A warehouse's area is a region of area management, picked as an outlet's region is.
  const regions = useQuery({
    queryKey: callKey('regionOptions'),
    queryFn: ({ signal }) => request('regionOptions', {}, { signal }),
  });
  const regionOptions = useMemo(
    () => (regions.data ?? []).map((r) => ({ value: r.id, label: r.name })),
    [regions.data],
  );

  const filters = useMemo<FiltersOf<'warehouseQueryPage'>>(
    () => [
      { type: 'text', name: 'name', label: t('warehouses.name'), maxLength: 30 },
      {
        type: 'select',
        name: 'type',
        label: t('warehouses.type'),
        options: labelOptions('warehouseType', WAREHOUSE_TYPES, lang),
      },
      {
        type: 'select',
        name: 'status',
        label: t('common.status'),
        options: labelOptions('warehouseStatus', WAREHOUSE_STATUSES, lang),
      },
      { type: 'select', name: 'regionId', label: t('warehouses.area'), options: regionOptions },
    ],
    [t, lang, regionOptions],
  );
  const columns = useMemo<ColumnsOf<'warehouseQueryPage'>>(
    () => [
      { title: t('warehouses.id'), dataIndex: 'id', key: 'id', width: 70 },
      { title: t('warehouses.name'), dataIndex: 'name', key: 'name', sortable: true },
      {
        title: t('warehouses.type'),
        dataIndex: 'type',
        key: 'type',
        render: (v: WarehouseItem['type']) => label('assets', 'warehouseType', v, lang),
      },
      // The region picked; a warehouse saved before areas were picked shows the text it was given.
      {
        title: t('warehouses.area'),
        dataIndex: 'regionName',
        key: 'area',
        render: (v: string | null, r: WarehouseItem) => v ?? (r.area || '-'),
      },
      { title: t('warehouses.manager'), dataIndex: 'manager', key: 'manager', render: (v: string) => v || '-' },
      { title: t('warehouses.address'), dataIndex: 'address', key: 'address', render: (v: string) => v || '-' },
      { title: t('warehouses.load'), dataIndex: 'load', key: 'load', sortable: true, width: 90 },
      col.status('warehouseStatus'),
      col.createTime({ sortable: true, hidden: true }),
      ...screen.actions,
    ],
    [t, lang, col, screen.actions],
  );

  return (
    <ListPage
      listCall="warehouseQueryPage"
      rowKey="id"
      title={screen.title}
      filters={filters}
      columns={columns}
      exportCall="warehouseExport"
      exportPerm={PERMS.warehouseExport}
      toolbar={screen.addButton}
    >
      <FormModal<Values>
        {...screen.modal}
        name="warehouse"
        initialValues={
          edit.record
            ? {
                name: edit.record.name,
                type: edit.record.type,
                regionId: edit.record.regionId ?? undefined,
                manager: edit.record.manager,
                address: edit.record.address,
              }
            : { type: 'storage' }
        }
        onSubmit={(v) =>
          request('warehouseSave', { body: { ...v, regionId: v.regionId ?? null, id: edit.record?.id } })
        }
      >
        <Form.Item
          name="name"
          label={t('warehouses.name')}
          rules={[rule(warehouseSave.shape.name, t('warehouses.name'))]}
        >
          <Input maxLength={30} showCount />
        </Form.Item>
        <Form.Item
          name="type"
          label={t('warehouses.type')}
          rules={[rule(warehouseSave.shape.type, t('warehouses.type'))]}
        >
          <Select options={labelOptions('warehouseType', WAREHOUSE_TYPES, lang)} />
        </Form.Item>
        <Form.Item
          name="regionId"
          label={t('warehouses.area')}
          extra={
            edit.record && edit.record.regionId === null && edit.record.area
              ? t('warehouses.legacyArea', { area: edit.record.area })
              : t('warehouses.areaHint')
          }
        >
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={regionOptions}
            loading={regions.isPending}
          />
        </Form.Item>
        <Form.Item
          name="manager"
          label={t('warehouses.manager')}
          rules={[rule(warehouseSave.shape.manager, t('warehouses.manager'))]}
        >
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item
          name="address"
          label={t('warehouses.address')}
          rules={[rule(warehouseSave.shape.address, t('warehouses.address'))]}
        >
          <Input maxLength={64} />
        </Form.Item>
      </FormModal>
    </ListPage>
  );
}
