import { useMemo } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMS, SUPPLIER_STATUSES, supplierSave, type SupplierItem } from '@cbo/contract';
import type { z } from 'zod';
import { request } from '@/shared/request';
import { useButtons } from '@/shared/permission';
import { useLang, useZodRule } from '@/shared/form';
import {
  FormModal,
  ListPage,
  useOverlay,
  type ColumnsOf,
  type FiltersOf,
  actionsColumn,
  AddButton,
} from '@/shared/list-page';
import { labelOptions } from '../components/use-options';
import { useCatalogueColumns, usePauseToggle } from '../components/catalogue-kit';

type Values = z.input<typeof supplierSave>;

/** Operation management → suppliers (menu url assets/suppliers): who devices are bought from; a factory code is 4 letters or digits and unique. */
export default function SuppliersView() {
  const { t } = useTranslation(['assets', 'kit']);
  const lang = useLang();
  const rule = useZodRule();
  const canEdit = useButtons().has(PERMS.supplierEdit);
  const edit = useOverlay<SupplierItem>();
  const col = useCatalogueColumns();
  const toggle = usePauseToggle<SupplierItem>({
    name: (row) => row.shortName,
    call: (row, status) => request('supplierEditStatus', { body: { id: row.id, status } }),
    invalidates: ['supplierQueryPage'],
  });

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
      ...actionsColumn<SupplierItem>(t, canEdit, (row) => col.editAndPause(row, edit.show, toggle.run)),
    ],
    [t, col, canEdit, edit, toggle.run],
  );

  return (
    <ListPage
      listCall="supplierQueryPage"
      rowKey="id"
      title={t('suppliers.title')}
      filters={filters}
      columns={columns}
      exportCall="supplierExport"
      exportPerm={PERMS.supplierExport}
      toolbar={
        <AddButton perm={PERMS.supplierEdit} onClick={() => edit.show()}>
          {t('common.add')}
        </AddButton>
      }
    >
      <FormModal<Values>
        open={edit.open}
        name="supplier"
        title={edit.record ? t('suppliers.editTitle') : t('suppliers.addTitle')}
        onClose={edit.hide}
        initialValues={edit.record ? { ...edit.record } : {}}
        invalidates={['supplierQueryPage']}
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
