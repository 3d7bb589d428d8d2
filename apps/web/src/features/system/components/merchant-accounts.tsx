import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Col, Flex, Form, Input, Row, Space, Switch, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ALIPAY_DEFAULT_GATEWAY,
  alipayInput,
  fieldLabel,
  label,
  MERCHANT_FIELDS,
  MERCHANT_OPTIONAL_FIELDS,
  MERCHANT_SECRETS,
  notifyBaseInput,
  WECHATPAY_DEFAULT_BASE_URL,
  wechatpayInput,
  type MerchantProvider,
  type MerchantSettings,
  type SaveMerchantRequest,
  type SecretState,
} from '@cbo/contract';
import { request } from '@/shared/request';
import { callKey, formatDateTime } from '@/shared/list-page';
import { submitWithFieldErrors, useLang } from '@/shared/form';
import { doneText } from '@/shared/feedback';
import { toInput, useSchemaRule } from './schema-rule';
import type { CodeTicket } from './code-ticket';

const KEY_FIELDS: readonly string[] = ['platformPublicKey', 'alipayPublicKey', 'merchantPrivateKey', 'appPrivateKey'];
const DEFAULT_URL: Partial<Record<string, string>> = {
  baseUrl: WECHATPAY_DEFAULT_BASE_URL,
  gateway: ALIPAY_DEFAULT_GATEWAY,
};
const SCHEMAS = { wechatpay: wechatpayInput, alipay: alipayInput } as const;

/** Field names in the console's language: the contract's labels, as the server's messages name them. */
function useFieldName() {
  const lang = useLang();
  return (name: string) => fieldLabel(name)?.[lang] ?? name;
}

/**
 * Pay settings → Payment companies: one card per company with its merchant account. A secret is
 * never shown once saved ("Set · saved <time>", Replace, Clear); each card saves on its own with the
 * SMS code, like the pay settings above it.
 */
export function MerchantAccounts({ canEdit, ticket }: { canEdit: boolean; ticket: CodeTicket }) {
  const { t } = useTranslation('system');
  const { data } = useQuery({ queryKey: callKey('configMerchant'), queryFn: () => request('configMerchant') });
  if (!data) return null;
  return (
    <div data-testid="merchant-accounts">
      <Typography.Paragraph type="secondary">{t('config.merchant.intro')}</Typography.Paragraph>
      {!data.canStoreSecrets && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="merchant-no-secret-key"
          title={t('config.merchant.noSecretKey')}
        />
      )}
      <NotifyBaseForm settings={data} canEdit={canEdit} ticket={ticket} />
      <Row gutter={[16, 16]}>
        {(['wechatpay', 'alipay'] as const).map((p) => (
          <Col key={p} xs={24} xl={12}>
            <ProviderCard provider={p} settings={data} canEdit={canEdit} ticket={ticket} />
          </Col>
        ))}
      </Row>
    </div>
  );
}

function useSaveMerchant(ticket: CodeTicket) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: ({
      body,
      form,
    }: {
      body: Omit<SaveMerchantRequest, 'ticket'>;
      form: Parameters<typeof submitWithFieldErrors>[0];
    }) =>
      ticket.run((tk) =>
        submitWithFieldErrors(form, () => request('configSaveMerchant', { body: { ...body, ticket: tk } })),
      ),
    onSuccess: (answer) => {
      void message.success(doneText('saved'));
      queryClient.setQueryData(callKey('configMerchant'), answer);
    },
  });
}

function NotifyBaseForm({
  settings,
  canEdit,
  ticket,
}: {
  settings: MerchantSettings;
  canEdit: boolean;
  ticket: CodeTicket;
}) {
  const { t } = useTranslation('system');
  const name = useFieldName();
  const [form] = Form.useForm<{ notifyBaseUrl: string }>();
  const rule = useSchemaRule(form, notifyBaseInput);
  const save = useSaveMerchant(ticket);
  useEffect(() => form.setFieldsValue({ notifyBaseUrl: settings.notifyBaseUrl }), [settings.notifyBaseUrl, form]);
  const submit = async () => {
    const ok = await form.validateFields().then(
      () => true,
      () => false,
    );
    if (ok) save.mutate({ body: { notifyBaseUrl: form.getFieldValue('notifyBaseUrl') ?? '' }, form });
  };
  return (
    <Form
      form={form}
      name="merchantNotify"
      layout="vertical"
      disabled={!canEdit || save.isPending}
      onFinish={() => void submit()}
    >
      <Form.Item label={name('notifyBaseUrl')} extra={t('config.merchant.notifyBaseHint')}>
        <Space.Compact style={{ width: '100%', maxWidth: 640 }}>
          <Form.Item name="notifyBaseUrl" noStyle rules={[rule(['notifyBaseUrl'])]}>
            <Input placeholder="https://pay.example.com" maxLength={255} aria-label={name('notifyBaseUrl')} />
          </Form.Item>
          {canEdit && (
            <Button htmlType="submit" loading={save.isPending}>
              {t('config.merchant.saveBase')}
            </Button>
          )}
        </Space.Compact>
      </Form.Item>
    </Form>
  );
}

function ProviderCard({
  provider,
  settings,
  canEdit,
  ticket,
}: {
  provider: MerchantProvider;
  settings: MerchantSettings;
  canEdit: boolean;
  ticket: CodeTicket;
}) {
  const { t } = useTranslation('system');
  const lang = useLang();
  const name = useFieldName();
  const account = settings[provider];
  const [form] = Form.useForm();
  const rule = useSchemaRule(form, SCHEMAS[provider]);
  const save = useSaveMerchant(ticket);
  /** Secrets whose input is open (not set yet, or Replace pressed), and those marked to clear. */
  const [replacing, setReplacing] = useState<string[]>([]);
  const [clearing, setClearing] = useState<string[]>([]);
  const secretNames: readonly string[] = MERCHANT_SECRETS[provider];
  const secrets = account.secrets as Record<string, SecretState>;

  // Reset to what is stored when this account changed, not when only the notification base did
  // (saving the base above must not throw away what is being typed here).
  const stored = JSON.stringify({ ...account, notifyUrl: null });
  useEffect(() => {
    form.setFieldsValue({ enabled: account.enabled, ...account.fields });
    setReplacing([]);
    setClearing([]);
  }, [stored, form]); // `stored` stands for `account`

  const submit = async () => {
    const ok = await form.validateFields().then(
      () => true,
      () => false,
    );
    if (!ok) return;
    const values = toInput<Record<string, unknown>>(form.getFieldsValue(true));
    const body: Record<string, unknown> = { enabled: !!values.enabled, clearSecrets: clearing };
    for (const f of MERCHANT_FIELDS[provider]) body[f] = String(values[f] ?? '').trim();
    for (const s of secretNames) body[s] = typeof values[s] === 'string' ? (values[s] as string).trim() : '';
    save.mutate({ body: { [provider]: body } as Omit<SaveMerchantRequest, 'ticket'>, form });
  };

  const title = label('system', 'merchantProvider', provider, lang);
  return (
    <Card
      size="small"
      data-testid={`merchant-${provider}`}
      title={
        <Space wrap>
          {title}
          {account.complete ? (
            <Tag color="success">{t('config.merchant.complete')}</Tag>
          ) : (
            <Tag>{t('config.merchant.incomplete')}</Tag>
          )}
        </Space>
      }
    >
      <Form
        form={form}
        name={`merchant-${provider}`}
        layout="vertical"
        disabled={!canEdit || save.isPending}
        onFinish={() => void submit()}
      >
        <Form.Item
          name="enabled"
          label={t('config.merchant.enabled')}
          valuePropName="checked"
          extra={t('config.merchant.enabledHint')}
        >
          <Switch aria-label={t('config.merchant.enabled')} />
        </Form.Item>
        {provider === 'wechatpay' && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('config.merchant.depositFreeAlipayOnly')} />
        )}
        <NotifyUrl url={account.notifyUrl} />
        {MERCHANT_FIELDS[provider].map((f) => (
          <Form.Item
            key={f}
            name={f}
            label={name(f)}
            rules={[rule([f])]}
            required={!MERCHANT_OPTIONAL_FIELDS.includes(f)}
            extra={DEFAULT_URL[f] ? t('config.merchant.defaultUrl', { url: DEFAULT_URL[f] }) : undefined}
          >
            {KEY_FIELDS.includes(f) ? (
              <Input.TextArea
                autoSize={{ minRows: 2, maxRows: 6 }}
                spellCheck={false}
                placeholder="-----BEGIN PUBLIC KEY-----"
              />
            ) : (
              <Input maxLength={255} placeholder={DEFAULT_URL[f]} spellCheck={false} />
            )}
          </Form.Item>
        ))}
        {secretNames.map((s) => {
          const state = secrets[s]!;
          const open = !state.set || replacing.includes(s);
          const cleared = clearing.includes(s);
          return (
            <Form.Item key={s} label={name(s)} required extra={open ? t('config.merchant.secretHint') : undefined}>
              {open && !cleared ? (
                <Flex gap={8} align="start">
                  <Form.Item name={s} noStyle rules={[rule([s])]}>
                    {KEY_FIELDS.includes(s) ? (
                      <Input.TextArea
                        autoSize={{ minRows: 2, maxRows: 6 }}
                        spellCheck={false}
                        autoComplete="off"
                        placeholder="-----BEGIN PRIVATE KEY-----"
                        aria-label={name(s)}
                      />
                    ) : (
                      <Input.Password autoComplete="new-password" maxLength={32} aria-label={name(s)} />
                    )}
                  </Form.Item>
                  {state.set && (
                    <Button
                      onClick={() => {
                        setReplacing((r) => r.filter((x) => x !== s));
                        form.setFieldValue(s, undefined);
                      }}
                    >
                      {t('config.merchant.keepSaved')}
                    </Button>
                  )}
                </Flex>
              ) : (
                <Flex gap={8} align="center" wrap data-testid={`secret-${s}`}>
                  {cleared ? (
                    <Tag color="warning">{t('config.merchant.willClear')}</Tag>
                  ) : (
                    <Tag color="success">
                      {t('config.merchant.secretSet', { time: formatDateTime(state.updateTime) })}
                    </Tag>
                  )}
                  {canEdit && !cleared && (
                    <>
                      <Button size="small" onClick={() => setReplacing((r) => [...r, s])}>
                        {t('config.merchant.replace')}
                      </Button>
                      <Button size="small" danger onClick={() => setClearing((c) => [...c, s])}>
                        {t('config.merchant.clear')}
                      </Button>
                    </>
                  )}
                  {canEdit && cleared && (
                    <Button size="small" onClick={() => setClearing((c) => c.filter((x) => x !== s))}>
                      {t('config.merchant.undoClear')}
                    </Button>
                  )}
                </Flex>
              )}
            </Form.Item>
          );
        })}
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {account.updateTime
              ? t('config.merchant.lastSaved', {
                  time: formatDateTime(account.updateTime),
                  user: account.updatedBy ?? '',
                })
              : t('config.merchant.neverSaved')}
          </Typography.Text>
          {canEdit && (
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('config.merchant.save', { name: title })}
            </Button>
          )}
        </Flex>
      </Form>
    </Card>
  );
}

/** The address to register on the company's platform, with a copy button; or what to do first. */
function NotifyUrl({ url }: { url: string | null }) {
  const { t } = useTranslation('system');
  return (
    <Form.Item label={t('config.merchant.notifyUrl')} extra={url ? t('config.merchant.notifyUrlHint') : undefined}>
      {url ? (
        <Typography.Text
          code
          copyable={{ text: url }}
          data-testid="merchant-notify-url"
          style={{ wordBreak: 'break-all' }}
        >
          {url}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary">{t('config.merchant.notifyUrlUnset')}</Typography.Text>
      )}
    </Form.Item>
  );
}
