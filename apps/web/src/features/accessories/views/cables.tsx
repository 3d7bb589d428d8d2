import { useMemo } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { cableAdd, PERMS, type CableItem, type PackageTier } from '@cbo/contract';
import { useZodRule } from '@/shared/form';
import {
  AddButton,
  FormDrawer,
  ListPage,
  optionsOf,
  useDeviceDelete,
  useOverlay,
  type ColumnsOf,
  type FiltersOf,
  timeColumn,
} from '@/shared/list-page';
import { useButtons } from '@/shared/permission';
import { request } from '@/shared/request';
import { CodeDialog } from '../components/code-dialog';
import { ModelSelect, OutletCell } from '../components/device-fields';
import { PackagesInput, PackageTags } from '../components/packages-input';

interface Values {
  deviceId: string;
  modelId: number;
  packages: PackageTier[];
}

/**
 * Device management → charging cables (menu url accessories/cables): cables have no network; each
 * has a model, package tiers and a ring of offline unlock codes the server issues from.
 */
export default function CablesView() {
  const { t } = useTranslation('accessories');
  const rule = useZodRule();
  const buttons = useButtons();
  const edit = useOverlay<CableItem>();
  const code = useOverlay<CableItem>();
  const canEdit = buttons.has(PERMS.cableEdit);
  const canCode = buttons.has(PERMS.cableCode);
  const canDelete = buttons.has(PERMS.cableDelete);
  const remove = useDeviceDelete<CableItem>(
    (r) => r.id,
    (r) => request('cableDelete', { query: { deviceId: r.id } }),
    ['cableQueryPage'],
  );

  const filters = useMemo<FiltersOf<'cableQueryPage'>>(
    () => [
      { type: 'text', name: 'deviceId', label: t('device.id'), maxLength: 17 },
      {
        type: 'select',
        name: 'bound',
        label: t('device.binding'),
        options: optionsOf(['true', 'false'] as const, (v) => t(v === 'true' ? 'device.bound' : 'device.unbound')),
      },
    ],
    [t],
  );
  const columns = useMemo<ColumnsOf<'cableQueryPage'>>(
    () => [
      { title: t('device.id'), dataIndex: 'id', key: 'id', sortable: true, width: 160 },
      {
        title: t('device.model'),
        dataIndex: 'modelName',
        key: 'modelName',
        width: 120,
        ellipsis: true,
        render: (v: string | null) => v ?? '-',
      },
      {
        title: t('device.binding'),
        dataIndex: 'outletName',
        key: 'outletName',
        width: 160,
        ellipsis: true,
        render: (_: unknown, r: CableItem) => <OutletCell outletId={r.outletId} outletName={r.outletName} />,
      },
      {
        title: t('packages.title'),
        dataIndex: 'packages',
        key: 'packages',
        width: 230,
        render: (v: PackageTier[]) => <PackageTags tiers={v} />,
      },
      { title: t('cable.position'), dataIndex: 'position', key: 'position', sortable: true, width: 110 },
      timeColumn(t('cable.lastCode'), { dataIndex: 'lastCodeTime', hidden: true }),
      timeColumn(t('device.createTime'), { sortable: true }),
      ...(canEdit || canCode || canDelete
        ? [
            {
              title: t('kit:actions'),
              key: 'actions',
              fixed: 'right' as const,
              width: 220,
              render: (_: unknown, row: CableItem) => (
                <Space size={0}>
                  {canCode && (
                    <Button type="link" size="small" icon={<KeyOutlined />} onClick={() => code.show(row)}>
                      {t('code.action')}
                    </Button>
                  )}
                  {canEdit && (
                    <Button type="link" size="small" onClick={() => edit.show(row)}>
                      {t('device.edit')}
                    </Button>
                  )}
                  {canDelete && (
                    <Button type="link" size="small" danger onClick={() => remove.run(row)}>
                      {t('kit:deviceDelete.ok')}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]
        : []),
    ],
    [t, canEdit, canCode, canDelete, edit, code, remove.run],
  );

  return (
    <ListPage
      listCall="cableQueryPage"
      rowKey="id"
      title={t('cable.title')}
      filters={filters}
      columns={columns}
      defaultSort={{ orderBy: 'createTime', order: 'descend' }}
      exportCall="cableExport"
      exportPerm={PERMS.cableExport}
      toolbar={
        <AddButton perm={PERMS.cableEdit} onClick={() => edit.show()}>
          {t('cable.add')}
        </AddButton>
      }
    >
      <FormDrawer<Values>
        open={edit.open}
        name="cable"
        title={edit.record ? t('cable.editTitle', { id: edit.record.id }) : t('cable.add')}
        onClose={edit.hide}
        initialValues={
          edit.record
            ? { deviceId: edit.record.id, modelId: edit.record.modelId ?? undefined, packages: edit.record.packages }
            : { packages: [{ name: t('packages.oneHour'), hours: 1, amount: 100 } as PackageTier] }
        }
        invalidates={['cableQueryPage']}
        onSubmit={(v) =>
          edit.record
            ? request('cableUpdate', { body: { ...v, deviceId: edit.record.id } })
            : request('cableAdd', { body: v })
        }
      >
        <Form.Item
          name="deviceId"
          label={t('device.id')}
          rules={[rule(cableAdd.shape.deviceId, t('device.id'))]}
          extra={t('device.idHint')}
        >
          <Input maxLength={17} disabled={!!edit.record} />
        </Form.Item>
        <Form.Item name="modelId" label={t('device.model')} rules={[rule(cableAdd.shape.modelId, t('device.model'))]}>
          <ModelSelect kind="cable" />
        </Form.Item>
        <PackagesInput />
      </FormDrawer>
      <CodeDialog cable={code.record} open={code.open} onClose={code.hide} />
    </ListPage>
  );
}
