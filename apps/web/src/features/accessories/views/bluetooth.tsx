import { useMemo } from 'react';
import { Alert, Col, Form, Row } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bluetoothAdd, PERMS, type BluetoothItem, type PackageTier } from '@cbo/contract';
import { useZodRule } from '@/shared/form';
import {
  AddButton,
  callKey,
  FormDrawer,
  ListPage,
  useDeviceDelete,
  useOverlay,
  type ColumnsOf,
  type FiltersOf,
  timeColumn,
} from '@/shared/list-page';
import { useButtons } from '@/shared/permission';
import { request } from '@/shared/request';
import { DeviceIdModelFields, useAccessoryList } from '../components/device-list';
import { plainMoney } from '@/shared/money';
import { MoneyInput } from '@/shared/money-input';
import { PackagesInput } from '../components/packages-input';

interface Values {
  deviceId: string;
  modelId: number;
  packages: PackageTier[];
  hourlyPrice: number;
  dailyCap: number;
  prepayment: number;
}

/** This list's column widths (px) for the columns it shares with the other accessory list. */
const WIDTHS = { id: 180 };

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

  const kit = useAccessoryList();

  const filters = useMemo<FiltersOf<'bluetoothQueryPage'>>(() => kit.filters, [kit]);
  const columns = useMemo<ColumnsOf<'bluetoothQueryPage'>>(
    () => [
      ...kit.deviceColumns<BluetoothItem>(WIDTHS),
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
      kit.packagesColumn<BluetoothItem>(WIDTHS),
      timeColumn(t('device.createTime'), { sortable: true }),
      ...kit.actions<BluetoothItem>({ canEdit, canDelete, onEdit: edit.show, onDelete: remove.run, width: 130 }),
    ],
    [t, kit, canEdit, canDelete, edit, remove.run],
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
        <DeviceIdModelFields kind="bluetoothCharger" shape={shape} editing={!!edit.record} />
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
