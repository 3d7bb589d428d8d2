import { useMemo } from 'react';
import { Form, Input } from 'antd';
import { PERMS, SUPPLIER_STATUSES, supplierSave, type SupplierItem } from '@cbo/contract';
import type { z } from 'zod';
import { request } from '@/shared/request';
import { FormModal, ListPage, type ColumnsOf, type FiltersOf } from '@/shared/list-page';
import { labelOptions } from '../components/use-options';
import { useCatalogueScreen } from '../components/catalogue-kit';

type Values = z.input<typeof supplierSave>;

/** Operation management → suppliers (menu url assets/suppliers): who devices are bought from; a factory code is 4 letters or digits and unique. */
export default function SuppliersView() {
  const screen = useCatalogueScreen<SupplierItem>({
    section: 'suppliers',
    editPerm: PERMS.supplierEdit,
    name: (row) => row.shortName,
    setStatus: (row, status) => request('supplierEditStatus', { body: { id: row.id, status } }),
    invalidates: ['supplierQueryPage'],
  });
  const { t, lang, rule, edit, col } = screen;

  const filters = useMemo<FiltersOf<'supplierQueryPage'>>(
    () => [
      { type: 'text', name: 'shortName', label: t('suppliers.shortName'), maxLength: 16 },
      { type: 'text', name: 'factoryCode', label: t('suppliers.factoryCode'), maxLength: 4 },
      {
        type: 'select',
        name: 'status',
        label: t('common.status'),
        options: labelOptions('supplierStatus', SUPPLIER_STATUSES, lang),
      },
    ],
    [t, lang],
  );
  const columns = useMemo<ColumnsOf<'supplierQueryPage'>>(
    () => [
      { title: t('suppliers.shortName'), dataIndex: 'shortName', key: 'shortName' },
      { title: t('suppliers.factoryCode'), dataIndex: 'factoryCode', key: 'factoryCode', width: 110 },
      { title: t('suppliers.companyName'), dataIndex: 'companyName', key: 'companyName' },
      {
        title: t('suppliers.personInCharge'),
        dataIndex: 'personInCharge',
        key: 'personInCharge',
        render: (v: string) => v || '-',
      },
      { title: t('suppliers.area'), dataIndex: 'area', key: 'area', render: (v: string) => v || '-' },
      col.status('supplierStatus'),
      col.createTime(),
      ...screen.actions,
    ],
    [t, col, screen.actions],
  );

  return (
    <ListPage
      listCall="supplierQueryPage"
      rowKey="id"
      title={screen.title}
      filters={filters}
      columns={columns}
      exportCall="supplierExport"
      exportPerm={PERMS.supplierExport}
      toolbar={screen.addButton}
    >
      <FormModal<Values>
        {...screen.modal}
        name="supplier"
        initialValues={edit.record ? { ...edit.record } : {}}
        onSubmit={(v) => request('supplierSave', { body: { ...v, id: edit.record?.id } })}
      >
        <Form.Item
          name="shortName"
          label={t('suppliers.shortName')}
          rules={[rule(supplierSave.shape.shortName, t('suppliers.shortName'))]}
        >
          <Input maxLength={16} showCount />
        </Form.Item>
        <Form.Item
          name="factoryCode"
          label={t('suppliers.factoryCode')}
          rules={[rule(supplierSave.shape.factoryCode, t('suppliers.factoryCode'))]}
        >
          <Input maxLength={4} showCount />
        </Form.Item>
        <Form.Item
          name="companyName"
          label={t('suppliers.companyName')}
          rules={[rule(supplierSave.shape.companyName, t('suppliers.companyName'))]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="personInCharge"
          label={t('suppliers.personInCharge')}
          rules={[rule(supplierSave.shape.personInCharge, t('suppliers.personInCharge'))]}
        >
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="area" label={t('suppliers.area')} rules={[rule(supplierSave.shape.area, t('suppliers.area'))]}>
          <Input maxLength={32} />
        </Form.Item>
      </FormModal>
    </ListPage>
  );
}
