import { useMemo } from 'react';
import { Button, Dropdown, Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CABINET_SLOT_COUNTS,
  DEVICE_TYPES,
  label,
  MODEL_STATUSES,
  modelSave,
  PERMS,
  type ModelItem,
  type ModelStatus,
} from '@cbo/contract';
import type { z } from 'zod';
import { request } from '@/shared/request';
import { useButtons } from '@/shared/permission';
import { useLang, useZodRule } from '@/shared/form';
import {
  FormModal,
  ListPage,
  useOverlay,
  useRowAction,
  type ColumnsOf,
  type FiltersOf,
  actionsColumn,
  AddButton,
} from '@/shared/list-page';
import { labelOptions } from '../components/use-options';
import { useCatalogueColumns } from '../components/catalogue-kit';

type Values = z.input<typeof modelSave>;
const STATUS_COLOR: Record<ModelStatus, string> = {
  normal: 'success',
  paused: 'warning',
  hidden: 'default',
  deleted: 'error',
};

/**
 * Operation management → model management (menu url assets/models): every device has a model;
 * a model is normal, paused, hidden or deleted (final), and only a normal one is given to devices.
 */
export default function ModelsView() {
  const { t } = useTranslation(['assets', 'kit']);
  const lang = useLang();
  const rule = useZodRule();
  const buttons = useButtons();
  const canEdit = buttons.has(PERMS.modelEdit);
  const edit = useOverlay<ModelItem>();
  const col = useCatalogueColumns();
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('deviceType', form);
  const setStatus = useRowAction<ModelItem & { next: ModelStatus }>({
    confirm: (row) =>
      row.next === 'deleted'
        ? { title: t('models.confirmDelete', { name: `${row.productName} ${row.model}` }), danger: true }
        : null,
    call: (row) => request('modelEditStatus', { body: { id: row.id, status: row.next } }),
    success: t('common.statusChanged'),
    invalidates: ['modelQueryPage'],
  });

  const filters = useMemo<FiltersOf<'modelQueryPage'>>(
    () => [
      { type: 'text', name: 'productName', label: t('models.productName'), maxLength: 16 },
      { type: 'text', name: 'model', label: t('models.model'), maxLength: 16 },
      {
        type: 'select',
        name: 'deviceType',
        label: t('common.deviceType'),
        options: labelOptions('deviceType', DEVICE_TYPES, lang),
      },
      {
        type: 'select',
        name: 'status',
        label: t('common.status'),
        options: labelOptions('modelStatus', MODEL_STATUSES, lang),
      },
    ],
    [t, lang],
  );
  const columns = useMemo<ColumnsOf<'modelQueryPage'>>(
    () => [
      { title: t('models.productName'), dataIndex: 'productName', key: 'productName', sortable: true },
      { title: t('models.model'), dataIndex: 'model', key: 'model', sortable: true },
      {
        title: t('common.deviceType'),
        dataIndex: 'deviceType',
        key: 'deviceType',
        render: (v: ModelItem['deviceType']) => label('assets', 'deviceType', v, lang),
      },
      {
        title: t('models.slotCount'),
        dataIndex: 'slotCount',
        key: 'slotCount',
        width: 80,
        render: (v: number | null) => v ?? '-',
      },
      { title: t('models.devices'), dataIndex: 'devices', key: 'devices', width: 90 },
      col.status('modelStatus', (v) => STATUS_COLOR[v as ModelStatus]),
      {
        title: t('common.remark'),
        dataIndex: 'remark',
        key: 'remark',
        defaultHidden: true,
        render: (v: string) => v || '-',
      },
      col.createTime({ sortable: true }),
      ...actionsColumn<ModelItem>(t, canEdit, (row) =>
        row.status === 'deleted' ? (
          '-'
        ) : (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => edit.show(row)}>
              {t('common.edit')}
            </Button>
            <Dropdown
              trigger={['click']}
              menu={{
                items: MODEL_STATUSES.filter((s) => s !== row.status).map((s) => ({
                  key: s,
                  label: label('assets', 'modelStatus', s, lang),
                  danger: s === 'deleted',
                })),
                onClick: ({ key }) => setStatus.run({ ...row, next: key as ModelStatus }),
              }}
            >
              <Button type="link" size="small">
                {t('models.setStatus')}
              </Button>
            </Dropdown>
          </Space>
        ),
      ),
    ],
    [t, lang, col, canEdit, edit, setStatus.run],
  );

  return (
    <ListPage
      listCall="modelQueryPage"
      rowKey="id"
      title={t('models.title')}
      filters={filters}
      columns={columns}
      exportCall="modelExport"
      exportPerm={PERMS.modelExport}
      toolbar={
        <AddButton perm={PERMS.modelEdit} onClick={() => edit.show()}>
          {t('common.add')}
        </AddButton>
      }
    >
      <FormModal<Values>
        open={edit.open}
        form={form}
        name="model"
        title={edit.record ? t('models.editTitle') : t('models.addTitle')}
        onClose={edit.hide}
        initialValues={
          edit.record
            ? {
                productName: edit.record.productName,
                model: edit.record.model,
                deviceType: edit.record.deviceType,
                slotCount: edit.record.slotCount ?? undefined,
                remark: edit.record.remark,
              }
            : { deviceType: 'powerBank', remark: '' }
        }
        invalidates={['modelQueryPage', 'modelOptions']}
        onSubmit={(v) =>
          request('modelSave', {
            body: { ...v, id: edit.record?.id, slotCount: v.deviceType === 'cabinet' ? v.slotCount : undefined },
          })
        }
      >
        <Form.Item
          name="productName"
          label={t('models.productName')}
          rules={[rule(modelSave.shape.productName, t('models.productName'))]}
        >
          <Input maxLength={16} showCount />
        </Form.Item>
        <Form.Item
          name="model"
          label={t('models.model')}
          extra={t('models.modelHint')}
          rules={[rule(modelSave.shape.model, t('models.model'))]}
        >
          <Input maxLength={16} showCount />
        </Form.Item>
        <Form.Item
          name="deviceType"
          label={t('common.deviceType')}
          rules={[rule(modelSave.shape.deviceType, t('common.deviceType'))]}
        >
          <Select options={labelOptions('deviceType', DEVICE_TYPES, lang)} />
        </Form.Item>
        {type === 'cabinet' && (
          <Form.Item
            name="slotCount"
            label={t('models.slotCount')}
            rules={[rule(modelSave.shape.slotCount.unwrap(), t('models.slotCount'))]}
          >
            <InputNumber
              style={{ width: '100%' }}
              min={CABINET_SLOT_COUNTS.min}
              max={CABINET_SLOT_COUNTS.max}
              precision={0}
            />
          </Form.Item>
        )}
        <Form.Item name="remark" label={t('common.remark')} rules={[rule(modelSave.shape.remark, t('common.remark'))]}>
          <Input.TextArea maxLength={64} showCount rows={2} />
        </Form.Item>
      </FormModal>
    </ListPage>
  );
}
