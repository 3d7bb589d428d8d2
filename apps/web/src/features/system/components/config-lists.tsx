import { useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Col,
  Form,
  Image,
  Input,
  InputNumber,
  Popconfirm,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  addressConfig,
  bannerInput,
  configCheckCodeRequest,
  devicePayInput,
  DEVICE_KINDS,
  DEVICE_PAY_MODES,
  PAY_CHANNELS,
  storeUrlRequest,
  sysMobileSendRequest,
  type BannerItem,
  type BrokerEndpoint,
  type DevicePayItem,
} from '@cbo/contract';
import type { z } from 'zod';
import { request } from '@/shared/request';
import {
  callKey,
  formatDateTime,
  FormDrawer,
  FormModal,
  useKitColumns,
  useOverlay,
  useRowAction,
} from '@/shared/list-page';
import { useCountdown, useZodRule } from '@/shared/form';
import { ImageInput } from './image-input';
import { plainMoney } from '@/shared/money';
import { MoneyInput } from '@/shared/money-input';
import { toInput, useSchemaRule } from './schema-rule';
import { SensitiveNotice, type CodeTicket } from './code-ticket';
import { GroupCard } from './config-groups';
import { doneText } from '@/shared/feedback';
import { EmptyState } from '@/shared/empty-state';

type DevicePayValues = z.infer<typeof devicePayInput>;
type BannerValues = z.infer<typeof bannerInput>;

/** Device payment configs in index order; adding, changing and deleting one needs a code ticket. */
/** The settings lists' actions: edit and delete, pinned right. */
function editDeleteColumn<Row>(
  title: string,
  editText: string,
  deleteText: string,
  onEdit: (row: Row) => void,
  onDelete: (row: Row) => void,
) {
  return {
    title,
    key: 'actions',
    fixed: 'right' as const,
    width: 130,
    render: (_: unknown, row: Row) => (
      <Space size={0}>
        <Button type="link" size="small" onClick={() => onEdit(row)}>
          {editText}
        </Button>
        <Button type="link" size="small" danger onClick={() => onDelete(row)}>
          {deleteText}
        </Button>
      </Space>
    ),
  };
}

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
      {
        title: t('config.updateTime'),
        dataIndex: 'updateTime',
        key: 'updateTime',
        width: 170,
        defaultHidden: true,
        render: (v: string) => formatDateTime(v),
      },
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

/** User app banners in display order. */
export function BannerTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('system');
  const edit = useOverlay<BannerItem>();
  const [form] = Form.useForm<BannerValues>();
  const rule = useSchemaRule(form, bannerInput);
  const list = useQuery({ queryKey: callKey('configBannerList'), queryFn: () => request('configBannerList') });
  const remove = useRowAction<BannerItem>({
    confirm: (row) => ({ title: t('config.banner.confirmDelete', { title: row.title }), danger: true }),
    call: (row) => request('configDelete', { query: { kind: 'banner', id: row.id } }),
    success: doneText('deleted'),
    invalidates: ['configBannerList'],
  });
  const table = useKitColumns<BannerItem>(
    [
      {
        title: t('config.banner.img'),
        dataIndex: 'img',
        key: 'img',
        width: 130,
        render: (v: string) => <Image src={v} alt="" width={96} height={40} style={{ objectFit: 'cover' }} />,
      },
      { title: t('config.banner.titleField'), dataIndex: 'title', key: 'title', width: 180, ellipsis: true },
      {
        title: t('config.banner.link'),
        dataIndex: 'link',
        key: 'link',
        width: 220,
        ellipsis: true,
        render: (v: string) => v || '-',
      },
      { title: t('config.banner.sort'), dataIndex: 'sort', key: 'sort', width: 80 },
      {
        title: t('config.banner.enabled'),
        dataIndex: 'enabled',
        key: 'enabled',
        width: 90,
        render: (v: boolean) => <Tag color={v ? 'success' : 'default'}>{v ? t('config.on') : t('config.off')}</Tag>,
      },
      ...(canEdit
        ? [
            editDeleteColumn<BannerItem>(
              t('config.actions'),
              t('config.edit'),
              t('config.delete'),
              edit.show,
              remove.run,
            ),
          ]
        : []),
    ],
    'configBannerList',
  );

  return (
    <GroupCard
      title={t('config.banner.title')}
      extra={
        <Space>
          {canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => edit.show()}>
              {t('config.banner.add')}
            </Button>
          )}
          {table.settings}
        </Space>
      }
    >
      <div ref={table.measure}>
        <Table<BannerItem>
          rowKey="id"
          size={table.size}
          loading={list.isFetching}
          dataSource={list.data ?? []}
          pagination={false}
          scroll={{ x: table.scrollX }}
          locale={{ emptyText: <EmptyState description={t('config.banner.empty')} /> }}
          columns={table.columns}
        />
      </div>
      <FormDrawer<BannerValues>
        open={edit.open}
        name="banner"
        title={edit.record ? t('config.banner.editTitle') : t('config.banner.add')}
        onClose={edit.hide}
        form={form}
        initialValues={edit.record ?? { sort: 0, enabled: true, link: '' }}
        invalidates={['configBannerList']}
        onSubmit={(values) => {
          const v = toInput<BannerValues>(values);
          const id = edit.record?.id;
          return id ? request('configUpdateBanner', { body: { ...v, id } }) : request('configAddBanner', { body: v });
        }}
      >
        <Form.Item name="title" label={t('config.banner.titleField')} rules={[rule(['title'])]} required>
          <Input maxLength={32} showCount />
        </Form.Item>
        <Form.Item name="img" label={t('config.banner.img')} rules={[rule(['img'])]} required>
          <ImageInput />
        </Form.Item>
        <Form.Item name="link" label={t('config.banner.link')} rules={[rule(['link'])]}>
          <Input maxLength={255} />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="sort" label={t('config.banner.sort')} rules={[rule(['sort'])]} required>
              <InputNumber style={{ width: '100%' }} min={0} max={9999} precision={0} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="enabled" label={t('config.banner.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </FormDrawer>
    </GroupCard>
  );
}

/** Device server and QR addresses, the outlet page address, and the code mobile. */
export function SystemTab({
  canEdit,
  canSecurity,
  ticket,
}: {
  canEdit: boolean;
  canSecurity: boolean;
  ticket: CodeTicket;
}) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const sys = useQuery({ queryKey: callKey('configSys'), queryFn: () => request('configSys') });
  const [addrForm] = Form.useForm();
  const [storeForm] = Form.useForm();
  const addrRule = useSchemaRule(addrForm, addressConfig);
  const storeRule = useSchemaRule(storeForm, storeUrlRequest);
  const refresh = () => queryClient.invalidateQueries({ queryKey: callKey('configSys') });
  const saveAddr = useMutation({
    mutationFn: (v: z.infer<typeof addressConfig>) => request('configUpdateAddress', { body: v }),
    onSuccess: async () => {
      void message.success(doneText('saved'));
      await refresh();
    },
  });
  const saveStore = useMutation({
    mutationFn: (v: { storeUrl: string }) => request('configUpdateStoreUrl', { body: v }),
    onSuccess: async () => {
      void message.success(doneText('saved'));
      await refresh();
    },
  });
  const [mobileOpen, setMobileOpen] = useState(false);
  const clear = useMutation({
    mutationFn: () => ticket.run((tk) => request('configSysCheckCode', { body: { ticket: tk, clear: true } })),
    onSuccess: async () => {
      void message.success(doneText('saved'));
      await refresh();
    },
  });

  const data = sys.data;
  return (
    <>
      <GroupCard title={t('config.sys.addressTitle')}>
        {data && (
          <Form
            form={addrForm}
            name="address"
            layout="vertical"
            initialValues={data.address}
            disabled={!canEdit}
            onFinish={() =>
              void addrForm.validateFields().then(() => saveAddr.mutate(toInput(addrForm.getFieldsValue(true))))
            }
          >
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item
                  name="qrCodeBaseUrl"
                  label={t('config.sys.qrCodeBaseUrl')}
                  rules={[addrRule(['qrCodeBaseUrl'])]}
                  extra={t('config.sys.qrCodeBaseUrlHint')}
                >
                  <Input maxLength={255} />
                </Form.Item>
              </Col>
              <Col xs={16} md={8}>
                <Form.Item
                  name="deviceServerHost"
                  label={t('config.sys.deviceServerHost')}
                  rules={[addrRule(['deviceServerHost'])]}
                  extra={t('config.sys.deviceServerHostHint')}
                >
                  <Input maxLength={128} />
                </Form.Item>
              </Col>
              <Col xs={8} md={4}>
                <Form.Item
                  name="deviceServerPort"
                  label={t('config.sys.deviceServerPort')}
                  rules={[addrRule(['deviceServerPort'])]}
                  required
                >
                  <InputNumber style={{ width: '100%' }} min={1} max={65535} precision={0} />
                </Form.Item>
              </Col>
            </Row>
            {data.broker && <BrokerNote broker={data.broker} savedPort={data.address.deviceServerPort} />}
            {canEdit && (
              <Button type="primary" htmlType="submit" loading={saveAddr.isPending}>
                {t('config.save')}
              </Button>
            )}
          </Form>
        )}
      </GroupCard>
      <GroupCard title={t('config.sys.storeTitle')}>
        {data && (
          <Form
            form={storeForm}
            name="storeUrl"
            layout="vertical"
            initialValues={{ storeUrl: data.storeUrl }}
            disabled={!canEdit}
            onFinish={() =>
              void storeForm.validateFields().then(() => saveStore.mutate(toInput(storeForm.getFieldsValue(true))))
            }
          >
            <Form.Item
              name="storeUrl"
              label={t('config.sys.storeUrl')}
              rules={[storeRule(['storeUrl'])]}
              extra={t('config.sys.storeUrlHint')}
            >
              <Input maxLength={255} />
            </Form.Item>
            {canEdit && (
              <Popconfirm title={t('config.sys.storeConfirm')} onConfirm={() => storeForm.submit()}>
                <Button type="primary" loading={saveStore.isPending}>
                  {t('config.sys.storeApply')}
                </Button>
              </Popconfirm>
            )}
          </Form>
        )}
      </GroupCard>
      <GroupCard title={t('config.sys.codeMobileTitle')}>
        <Typography.Paragraph>
          {t('config.sys.codeMobile')}:{' '}
          <Typography.Text strong>{data?.codeMobile ?? t('config.sys.codeMobileOwn')}</Typography.Text>
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('config.sys.codeMobileExplain')}</Typography.Paragraph>
        {canSecurity && (
          <Space wrap>
            <Button onClick={() => setMobileOpen(true)}>{t('config.sys.codeMobileChange')}</Button>
            {data?.codeMobile && (
              <Popconfirm
                title={t('config.sys.codeMobileClearConfirm')}
                onConfirm={() => clear.mutateAsync().catch(() => undefined)}
              >
                <Button danger loading={clear.isPending}>
                  {t('config.sys.codeMobileClear')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        )}
      </GroupCard>
      <CodeMobileModal open={mobileOpen} onClose={() => setMobileOpen(false)} ticket={ticket} onDone={refresh} />
    </>
  );
}

function CodeMobileModal({
  open,
  onClose,
  ticket,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  ticket: CodeTicket;
  onDone: () => Promise<unknown>;
}) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const zrule = useZodRule();
  const countdown = useCountdown();
  const [form] = Form.useForm<{ areaCode: string; mobile: string; code: string }>();
  const send = useMutation({
    mutationFn: async () => {
      const v = await form.validateFields(['areaCode', 'mobile']);
      return ticket.run((tk) =>
        request('configSysSendCode', { body: { ticket: tk, areaCode: v.areaCode, mobile: v.mobile } }),
      );
    },
    onSuccess: (sent) => {
      countdown.start(sent.resendSeconds);
      void message.success(t('config.code.sent', { mobile: sent.maskedMobile }));
    },
  });
  return (
    <FormModal<{ areaCode: string; mobile: string; code: string }>
      open={open}
      name="codeMobile"
      title={t('config.sys.codeMobileChange')}
      onClose={onClose}
      form={form}
      initialValues={{ areaCode: '86' }}
      onSubmit={async (v) => {
        await ticket.run((tk) =>
          request('configSysCheckCode', { body: { ticket: tk, areaCode: v.areaCode, mobile: v.mobile, code: v.code } }),
        );
        countdown.reset();
        await onDone();
      }}
    >
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item
            name="areaCode"
            label={t('config.sys.areaCode')}
            rules={[zrule(sysMobileSendRequest.shape.areaCode, t('config.sys.areaCode'))]}
          >
            <Input maxLength={5} />
          </Form.Item>
        </Col>
        <Col span={16}>
          <Form.Item
            name="mobile"
            label={t('config.sys.mobile')}
            rules={[zrule(sysMobileSendRequest.shape.mobile, t('config.sys.mobile'))]}
          >
            <Input maxLength={20} inputMode="numeric" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t('config.code.label')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" noStyle rules={[zrule(configCheckCodeRequest.shape.code, t('config.code.label'))]}>
            <Input inputMode="numeric" maxLength={6} placeholder={t('config.code.placeholder')} />
          </Form.Item>
          <Button disabled={countdown.running} loading={send.isPending} onClick={() => send.mutate()}>
            {countdown.running ? t('config.code.resendIn', { seconds: countdown.seconds }) : t('config.code.send')}
          </Button>
        </Space.Compact>
      </Form.Item>
    </FormModal>
  );
}

/**
 * Where the device broker really listens (or which external broker the server uses), beside the
 * saved address cabinets are told, with a warning when the saved port is not the one listening.
 */
function BrokerNote({ broker, savedPort }: { broker: BrokerEndpoint; savedPort: number }) {
  const { t } = useTranslation('system');
  const where = `${broker.host}:${broker.port}`;
  const text = broker.external ? t('config.sys.brokerExternal', { where }) : t('config.sys.brokerListens', { where });
  const differs = savedPort !== broker.port;
  return (
    <Alert
      style={{ marginBottom: 16 }}
      type={differs ? 'warning' : 'info'}
      showIcon
      data-broker={where}
      message={differs ? `${text} ${t('config.sys.brokerPortDiffers', { saved: savedPort, port: broker.port })}` : text}
    />
  );
}
