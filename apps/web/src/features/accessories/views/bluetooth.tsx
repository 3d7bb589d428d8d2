import { useMemo } from 'react';
import { Alert, Button, Col, Form, Input, Row, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bluetoothAdd, PERMS, type BluetoothItem, type PackageTier } from '@cbo/contract';
import { useZodRule } from '@/shared/form';
import {
  AddButton,
  callKey,
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
import { ModelSelect, OutletCell } from '../components/device-fields';
import { plainMoney } from '@/shared/money';
import { MoneyInput } from '@/shared/money-input';
import { PackagesInput, PackageTags } from '../components/packages-input';

interface Values {
  deviceId: string;
  modelId: number;
  packages: PackageTier[];
  hourlyPrice: number;
  dailyCap: number;
  prepayment: number;
}

/**
 * Device management → Bluetooth chargers (menu url accessories/bluetooth): model, package tiers
 * and billing, which stays within the system's Bluetooth settings (prepayment maximum, daily cap,
 * hourly limit); a new charger starts from the default prepayment.
 */
export default function BluetoothView() {
  const { t } = useTranslation('accessories');
  const rule = useZodRule();
  const buttons = useButtons();
  const edit = useOverlay<BluetoothItem>();
  const canEdit = buttons.has(PERMS.bluetoothEdit);
  const canDelete = buttons.has(PERMS.bluetoothDelete);
  const remove = useDeviceDelete<BluetoothItem>(
    (r) => r.id,
    (r) => request('bluetoothDelete', { query: { deviceId: r.id } }),
    ['bluetoothQueryPage'],
  );
  const limits = useQuery({ queryKey: callKey('bluetoothLimits'), queryFn: () => request('bluetoothLimits') });
  const l = limits.data;
  const shape = bluetoothAdd.shape;

  const filters = useMemo<FiltersOf<'bluetoothQueryPage'>>(
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
  const columns = useMemo<ColumnsOf<'bluetoothQueryPage'>>(
    () => [
      { title: t('device.id'), dataIndex: 'id', key: 'id', sortable: true, width: 180 },
      { title: t('device.model'), dataIndex: 'modelName', key: 'modelName', render: (v: string | null) => v ?? '-' },
      {
        title: t('device.binding'),
        dataIndex: 'outletName',
        key: 'outletName',
        width: 160,
        ellipsis: true,
        render: (_: unknown, r: BluetoothItem) => <OutletCell outletId={r.outletId} outletName={r.outletName} />,
      },
      {
        title: t('bluetooth.hourlyPrice'),
        dataIndex: 'hourlyPrice',
        key: 'hourlyPrice',
        sortable: true,
        width: 120,
        render: (v: number) => plainMoney(v),
      },
      {
        title: t('bluetooth.dailyCap'),
        dataIndex: 'dailyCap',
        key: 'dailyCap',
        width: 110,
        render: (v: number) => plainMoney(v),
      },
      {
        title: t('bluetooth.prepayment'),
        dataIndex: 'prepayment',
        key: 'prepayment',
        defaultHidden: true,
        width: 110,
        render: (v: number) => plainMoney(v),
      },
      {
        title: t('packages.title'),
        dataIndex: 'packages',
        key: 'packages',
        render: (v: PackageTier[]) => <PackageTags tiers={v} />,
      },
      timeColumn(t('device.createTime'), { sortable: true }),
      ...(canEdit || canDelete
        ? [
            {
              title: t('kit:actions'),
              key: 'actions',
              fixed: 'right' as const,
              width: 130,
              render: (_: unknown, row: BluetoothItem) => (
                <Space size={0}>
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
    [t, canEdit, canDelete, edit, remove.run],
  );

  return (
    <ListPage
      listCall="bluetoothQueryPage"
      rowKey="id"
      title={t('bluetooth.title')}
      filters={filters}
      columns={columns}
      defaultSort={{ orderBy: 'createTime', order: 'descend' }}
      exportCall="bluetoothExport"
      exportPerm={PERMS.bluetoothExport}
      toolbar={
        <AddButton perm={PERMS.bluetoothEdit} onClick={() => edit.show()}>
          {t('bluetooth.add')}
        </AddButton>
      }
    >
      <FormDrawer<Values>
        open={edit.open}
        name="bluetooth"
        title={edit.record ? t('bluetooth.editTitle', { id: edit.record.id }) : t('bluetooth.add')}
        onClose={edit.hide}
        width={620}
        initialValues={
          edit.record
            ? { ...edit.record, deviceId: edit.record.id, modelId: edit.record.modelId ?? undefined }
            : { packages: [], hourlyPrice: l?.hourlyLimit, dailyCap: l?.dailyCap, prepayment: l?.prepayDefault }
        }
        invalidates={['bluetoothQueryPage']}
        onSubmit={(v) =>
          edit.record
            ? request('bluetoothUpdate', { body: { ...v, deviceId: edit.record.id } })
            : request('bluetoothAdd', { body: v })
        }
      >
        <Form.Item
          name="deviceId"
          label={t('device.id')}
          rules={[rule(shape.deviceId, t('device.id'))]}
          extra={t('device.idHint')}
        >
          <Input maxLength={17} disabled={!!edit.record} />
        </Form.Item>
        <Form.Item name="modelId" label={t('device.model')} rules={[rule(shape.modelId, t('device.model'))]}>
          <ModelSelect kind="bluetoothCharger" />
        </Form.Item>
        {l && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={t('bluetooth.limits', {
              prepayMax: plainMoney(l.prepayMax),
              dailyCap: plainMoney(l.dailyCap),
              hourlyLimit: plainMoney(l.hourlyLimit),
            })}
          />
        )}
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <Form.Item
              name="hourlyPrice"
              label={t('bluetooth.hourlyPrice')}
              rules={[rule(shape.hourlyPrice, t('bluetooth.hourlyPrice'))]}
            >
              <MoneyInput max={l?.hourlyLimit} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name="dailyCap"
              label={t('bluetooth.dailyCap')}
              rules={[rule(shape.dailyCap, t('bluetooth.dailyCap'))]}
            >
              <MoneyInput max={l?.dailyCap} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name="prepayment"
              label={t('bluetooth.prepayment')}
              rules={[rule(shape.prepayment, t('bluetooth.prepayment'))]}
            >
              <MoneyInput max={l?.prepayMax} />
            </Form.Item>
          </Col>
        </Row>
        <PackagesInput min={0} />
      </FormDrawer>
    </ListPage>
  );
}
