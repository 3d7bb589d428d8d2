import { useState } from 'react';
import { Alert, App, Button, Col, Form, Input, InputNumber, Popconfirm, Row, Space, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  addressConfig,
  configCheckCodeRequest,
  storeUrlRequest,
  sysMobileSendRequest,
  type BrokerEndpoint,
} from '@cbo/contract';
import type { z } from 'zod';
import { request } from '@/shared/request';
import { callKey, FormModal } from '@/shared/list-page';
import { useCountdown, useZodRule } from '@/shared/form';
import { toInput, useSchemaRule } from './schema-rule';
import { type CodeTicket } from './code-ticket';
import { GroupCard } from './config-groups';
import { doneText } from '@/shared/feedback';

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
