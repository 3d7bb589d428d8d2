import { useMemo } from 'react';
import {
  Button,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { devicePayInput, DEVICE_KINDS, DEVICE_PAY_MODES, PAY_CHANNELS, type DevicePayItem } from '@cbo/contract';
import type { z } from 'zod';
import { request } from '@/shared/request';
import { callKey, FormDrawer, useKitColumns, useOverlay, useRowAction, timeColumn } from '@/shared/list-page';
import { plainMoney } from '@/shared/money';
import { MoneyInput } from '@/shared/money-input';
import { toInput, useSchemaRule } from './schema-rule';
import { SensitiveNotice, type CodeTicket } from './code-ticket';
import { GroupCard } from './config-groups';
import { doneText } from '@/shared/feedback';
import { EmptyState } from '@/shared/empty-state';
import { editDeleteColumn } from './config-columns';

type DevicePayValues = z.infer<typeof devicePayInput>;

/** Device payment configs in index order; adding, changing and deleting one needs a code ticket. */
export function DevicePayTab({ canEdit, ticket }: { canEdit: boolean; ticket: CodeTicket }) {
  const { t } = useTranslation('system');
  const edit = useOverlay<DevicePayItem>();
  const [form] = Form.useForm<DevicePayValues>();
  const rule = useSchemaRule(form, devicePayInput);
  const list = useQuery({ queryKey: callKey('configDevicePayList'), queryFn: () => request('configDevicePayList') });
  const remove = useRowAction<DevicePayItem>({
    confirm: (row) => ({ title: t('config.devicePay.confirmDelete', { name: row.name }), danger: true }),
    call: (row) =>
      ticket.run((tk) => request('configDelete', { query: { kind: 'devicePay', id: row.id, ticket: tk } })),
    success: doneText('deleted'),
    invalidates: ['configDevicePayList'],
  });

  const columns = useMemo(
    () => [
      { title: t('config.devicePay.index'), dataIndex: 'index', key: 'index', width: 70 },
      { title: t('config.devicePay.name'), dataIndex: 'name', key: 'name', width: 150, ellipsis: true },
      {
        title: t('config.devicePay.enabled'),
        dataIndex: 'enabled',
        key: 'enabled',
        width: 90,
        render: (v: boolean) => <Tag color={v ? 'success' : 'default'}>{v ? t('config.on') : t('config.off')}</Tag>,
      },
      {
        title: t('config.devicePay.deviceType'),
        dataIndex: 'deviceType',
        key: 'deviceType',
        width: 140,
        ellipsis: true,
        render: (v: string) => t(`config.deviceKinds.${v}`),
      },
      {
        title: t('config.devicePay.payMode'),
        dataIndex: 'payMode',
        key: 'payMode',
        width: 130,
        ellipsis: true,
        render: (v: string) => t(`config.payModes.${v}`),
      },
      {
        title: t('config.devicePay.channels'),
        dataIndex: 'channels',
        key: 'channels',
        width: 160,
        ellipsis: true,
        render: (v: string[]) => v.map((c) => t(`config.channels.${c}`)).join(', '),
      },
      {
        title: t('config.devicePay.amount'),
        dataIndex: 'amount',
        key: 'amount',
        width: 180,
        render: (v: number) => plainMoney(v),
      },
      {
        title: t('config.devicePay.buyoutPrice'),
        dataIndex: 'buyoutPrice',
        key: 'buyoutPrice',
        width: 120,
        defaultHidden: true,
        render: (v: number) => plainMoney(v),
      },
      {
        title: t('config.devicePay.buyoutDays'),
        dataIndex: 'buyoutDays',
        key: 'buyoutDays',
        width: 160,
        defaultHidden: true,
      },
      timeColumn<DevicePayItem>(t('config.updateTime'), { dataIndex: 'updateTime', hidden: true }),
      ...(canEdit
        ? [
            editDeleteColumn<DevicePayItem>(
              t('config.actions'),
              t('config.edit'),
              t('config.delete'),
              edit.show,
              remove.run,
            ),
          ]
        : []),
    ],
    [t, canEdit, edit, remove.run],
  );

  // Buy-out terms and the update time are behind the column settings (and in the edit drawer): the
  // other columns fit the card at 1440 px.
  const table = useKitColumns<DevicePayItem>(columns, 'configDevicePayList');

  const initial: Partial<DevicePayValues> = edit.record
    ? { ...edit.record }
    : { deviceType: 'cabinet', payMode: 'deposit', channels: ['wechat', 'alipay'], buyoutDays: 3, enabled: true };

  return (
    <GroupCard
      title={t('config.devicePay.title')}
      extra={
        <Space>
          {canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => edit.show()}>
              {t('config.devicePay.add')}
            </Button>
          )}
          {table.settings}
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('config.devicePay.explain')}</Typography.Paragraph>
      {canEdit && <SensitiveNotice />}
      <div ref={table.measure}>
        <Table<DevicePayItem>
          rowKey="id"
          size={table.size}
          loading={list.isFetching}
          dataSource={list.data ?? []}
          columns={table.columns}
          pagination={false}
          scroll={{ x: table.scrollX }}
          locale={{ emptyText: <EmptyState description={t('config.devicePay.empty')} /> }}
        />
      </div>
      <FormDrawer<DevicePayValues>
        open={edit.open}
        name="devicePay"
        title={edit.record ? t('config.devicePay.editTitle', { index: edit.record.index }) : t('config.devicePay.add')}
        onClose={edit.hide}
        form={form}
        initialValues={initial}
        invalidates={['configDevicePayList']}
        onSubmit={(values) => {
          const v = toInput<DevicePayValues>(values);
          const id = edit.record?.id;
          return ticket.run((tk) =>
            id
              ? request('configUpdateDevicePay', { body: { ticket: tk, id, values: v } })
              : request('configAddDevicePay', { body: { ticket: tk, values: v } }),
          );
        }}
      >
        <Form.Item name="name" label={t('config.devicePay.name')} rules={[rule(['name'])]} required>
          <Input maxLength={16} showCount />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              name="deviceType"
              label={t('config.devicePay.deviceType')}
              rules={[rule(['deviceType'])]}
              required
            >
              <Select options={DEVICE_KINDS.map((d) => ({ value: d, label: t(`config.deviceKinds.${d}`) }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="payMode" label={t('config.devicePay.payMode')} rules={[rule(['payMode'])]} required>
              <Select options={DEVICE_PAY_MODES.map((d) => ({ value: d, label: t(`config.payModes.${d}`) }))} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="channels" label={t('config.devicePay.channels')} rules={[rule(['channels'])]} required>
          <Checkbox.Group options={PAY_CHANNELS.map((c) => ({ value: c, label: t(`config.channels.${c}`) }))} />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              name="amount"
              label={t('config.devicePay.amount')}
              rules={[rule(['amount'])]}
              required
              extra={t('config.devicePay.amountHint')}
            >
              <MoneyInput />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="buyoutPrice"
              label={t('config.devicePay.buyoutPrice')}
              rules={[rule(['buyoutPrice'])]}
              required
            >
              <MoneyInput />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              name="buyoutDays"
              label={t('config.devicePay.buyoutDays')}
              rules={[rule(['buyoutDays'])]}
              required
            >
              <InputNumber style={{ width: '100%' }} min={1} max={7} precision={0} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="enabled" label={t('config.devicePay.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </FormDrawer>
    </GroupCard>
  );
}
