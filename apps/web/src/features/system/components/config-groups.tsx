import { useEffect, type ReactNode } from 'react';
import {
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Tabs,
  Typography,
  type FormInstance,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  basisConfig,
  CURRENCIES,
  MAP_TYPES,
  operationConfig,
  otherConfig,
  payConfig,
  WITHDRAW_ACCOUNT_KINDS,
  WITHDRAW_CYCLES,
  WITHDRAW_METHODS,
  type CallName,
} from '@cbo/contract';
import type { RuleObject } from 'antd/es/form';
import type { z } from 'zod';
import { request } from '@/shared/request';
import { callKey } from '@/shared/list-page';
import { publicParamKey } from '@/shared/public-param';
import { ImageInput } from './image-input';
import { MoneyInput } from '@/shared/money-input';
import { toInput, useSchemaRule } from './schema-rule';
import { SensitiveNotice, type CodeTicket } from './code-ticket';
import { doneText } from '@/shared/feedback';

type Rule = RuleObject;

/** The columns of a settings form: two across on wide screens, one in mobile mode. */
function Field({ children }: { children: ReactNode }) {
  return (
    <Col xs={24} md={12} xl={8}>
      {children}
    </Col>
  );
}

interface GroupFormProps {
  readCall: CallName;
  schema: z.ZodType;
  canEdit: boolean;
  /** Sends the values; rejects to keep the form as it is. */
  save: (values: unknown) => Promise<unknown>;
  nullKeys?: readonly string[];
  /** Fields, given the rule for a path. */
  children: (rule: (path: readonly (string | number)[]) => Rule, form: FormInstance) => ReactNode;
  afterSave?: () => Promise<unknown> | void;
}

/** One settings group: load, edit with the contract's rules, save; read-only without the button permission. */
function GroupForm({ readCall, schema, canEdit, save, nullKeys = [], children, afterSave }: GroupFormProps) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const rule = useSchemaRule(form, schema, nullKeys);
  const { data, isPending } = useQuery({ queryKey: callKey(readCall), queryFn: () => request(readCall) });
  useEffect(() => {
    if (data) form.setFieldsValue(data as object);
  }, [data, form]);
  const mutation = useMutation({
    mutationFn: (values: unknown) => save(values),
    onSuccess: async () => {
      void message.success(doneText('saved'));
      await queryClient.invalidateQueries({ queryKey: callKey(readCall) });
      await afterSave?.();
    },
  });
  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    mutation.mutate(toInput(form.getFieldsValue(true), nullKeys));
  };
  if (isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  return (
    <Form
      form={form}
      name={readCall}
      layout="vertical"
      disabled={!canEdit || mutation.isPending}
      onFinish={() => void submit()}
    >
      {children(rule, form)}
      {canEdit && (
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {t('config.save')}
        </Button>
      )}
    </Form>
  );
}

export function BasisForm({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('system');
  const queryClient = useQueryClient();
  return (
    <GroupForm
      readCall="configBasis"
      schema={basisConfig}
      canEdit={canEdit}
      save={(values) =>
        request('configSave', { body: { paramType: 'basis', values: values as z.infer<typeof basisConfig> } })
      }
      // The sidebar, its footer and the page title read these: they follow at once.
      afterSave={() =>
        Promise.all(
          (['brandName', 'navLogo', 'footerMessage'] as const).map((n) =>
            queryClient.invalidateQueries({ queryKey: publicParamKey(n) }),
          ),
        )
      }
    >
      {(rule) => (
        <Row gutter={16}>
          <Field>
            <Form.Item name="brandName" label={t('config.basis.brandName')} rules={[rule(['brandName'])]} required>
              <Input maxLength={32} showCount />
            </Form.Item>
          </Field>
          <Field>
            <Form.Item name="footerMessage" label={t('config.basis.footerMessage')} rules={[rule(['footerMessage'])]}>
              <Input maxLength={64} />
            </Form.Item>
          </Field>
          <Field>
            <Form.Item name="currency" label={t('config.basis.currency')} rules={[rule(['currency'])]} required>
              <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
            </Form.Item>
          </Field>
          <Col xs={24} xl={16}>
            <Form.Item
              name="navLogo"
              label={t('config.basis.navLogo')}
              rules={[rule(['navLogo'])]}
              required
              extra={t('config.basis.navLogoHint')}
            >
              <ImageInput />
            </Form.Item>
          </Col>
          <Field>
            <Form.Item name="mapType" label={t('config.basis.mapType')} rules={[rule(['mapType'])]} required>
              <Select options={MAP_TYPES.map((m) => ({ value: m, label: t(`config.mapTypes.${m}`) }))} />
            </Form.Item>
          </Field>
          <Field>
            <Form.Item
              name="mapKey"
              label={t('config.basis.mapKey')}
              rules={[rule(['mapKey'])]}
              extra={t('config.basis.mapKeyHint')}
            >
              <Input maxLength={128} />
            </Form.Item>
          </Field>
        </Row>
      )}
    </GroupForm>
  );
}

export function OperationForm({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('system');
  const int =
    (name: string, min: number, max: number, suffix?: string) => (rule: (p: readonly (string | number)[]) => Rule) => (
      <Field key={name}>
        <Form.Item name={name} label={t(`config.operation.${name}`)} rules={[rule([name])]} required>
          <InputNumber style={{ width: '100%' }} min={min} max={max} precision={0} suffix={suffix} />
        </Form.Item>
      </Field>
    );
  return (
    <GroupForm
      readCall="configOperation"
      schema={operationConfig}
      canEdit={canEdit}
      save={(values) =>
        request('configSave', { body: { paramType: 'operation', values: values as z.infer<typeof operationConfig> } })
      }
    >
      {(rule) => (
        <>
          <Row gutter={16}>
            {int('freeMinutes', 0, 1440, t('config.unit.minutes'))(rule)}
            {int('minFreeMinutes', 0, 1440, t('config.unit.minutes'))(rule)}
            {int('maxFreeMinutes', 0, 1440, t('config.unit.minutes'))(rule)}
            {int('maxPowerBanksPerRental', 1, 10)(rule)}
            {int('operatorOrderVisibleDays', 1, 365, t('config.unit.days'))(rule)}
          </Row>
          <Typography.Title level={5}>{t('config.operation.cablePackage')}</Typography.Title>
          <Row gutter={16}>
            {(['prepaid', 'firstThreeHours', 'maxTwelveHours'] as const).map((k) => (
              <Field key={k}>
                <Form.Item
                  name={['cablePackage', k]}
                  label={t(`config.operation.cable.${k}`)}
                  rules={[rule(['cablePackage', k])]}
                  required
                >
                  <MoneyInput />
                </Form.Item>
              </Field>
            ))}
          </Row>
        </>
      )}
    </GroupForm>
  );
}

export function OtherForm({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('system');
  return (
    <GroupForm
      readCall="configOther"
      schema={otherConfig}
      canEdit={canEdit}
      save={(values) =>
        request('configSave', { body: { paramType: 'other', values: values as z.infer<typeof otherConfig> } })
      }
    >
      {(rule) => (
        <Row gutter={16}>
          <Col span={24}>
            <Typography.Paragraph type="secondary" data-testid="other-app-note">
              {t('config.other.appNote')}
            </Typography.Paragraph>
          </Col>
          {(['servicePhone', 'serviceHours', 'userAgreementUrl', 'privacyPolicyUrl', 'appDownloadUrl'] as const).map(
            (k) => (
              <Field key={k}>
                <Form.Item name={k} label={t(`config.other.${k}`)} rules={[rule([k])]}>
                  <Input maxLength={k.endsWith('Url') ? 255 : 32} />
                </Form.Item>
              </Field>
            ),
          )}
        </Row>
      )}
    </GroupForm>
  );
}

const NULL_KEYS = ['autoLimit'] as const;

/** Pay and withdrawal settings: a sensitive change, saved with an SMS code ticket. */
export function PayForm({ canEdit, ticket }: { canEdit: boolean; ticket: CodeTicket }) {
  const { t } = useTranslation('system');
  return (
    <GroupForm
      readCall="configPay"
      schema={payConfig}
      canEdit={canEdit}
      nullKeys={NULL_KEYS}
      save={(values) =>
        ticket.run((tk) =>
          request('configSavePay', { body: { ticket: tk, values: values as z.infer<typeof payConfig> } }),
        )
      }
    >
      {(rule) => (
        <>
          <SensitiveNotice />
          <Typography.Title level={5}>{t('config.pay.fees')}</Typography.Title>
          <Row gutter={16}>
            {(['depositRefundFeePercent', 'taxFeePercent'] as const).map((k) => (
              <Field key={k}>
                <Form.Item name={k} label={t(`config.pay.${k}`)} rules={[rule([k])]} required>
                  <InputNumber style={{ width: '100%' }} min={0} max={100} precision={0} suffix="%" />
                </Form.Item>
              </Field>
            ))}
            <Field>
              <Form.Item
                name="refundSecondApprovalAbove"
                label={t('config.pay.refundSecondApprovalAbove')}
                extra={t('config.pay.refundSecondApprovalHint')}
                rules={[rule(['refundSecondApprovalAbove'])]}
                required
              >
                <MoneyInput />
              </Form.Item>
            </Field>
          </Row>
          <Typography.Title level={5}>{t('config.pay.bluetooth')}</Typography.Title>
          <Row gutter={16}>
            {(
              ['bluetoothPrepayMax', 'bluetoothPrepayDefault', 'bluetoothDailyCap', 'bluetoothHourlyLimit'] as const
            ).map((k) => (
              <Field key={k}>
                <Form.Item name={k} label={t(`config.pay.${k}`)} rules={[rule([k])]} required>
                  <MoneyInput />
                </Form.Item>
              </Field>
            ))}
          </Row>
          <Typography.Title level={5}>{t('config.pay.withdrawal')}</Typography.Title>
          <Tabs
            size="small"
            items={WITHDRAW_ACCOUNT_KINDS.map((kind) => ({
              key: kind,
              label: t(`config.accountKinds.${kind}`),
              forceRender: true,
              children: (
                <Row gutter={16}>
                  <Col xs={24} xl={16}>
                    <Form.Item
                      name={['withdrawal', kind, 'methods']}
                      label={t('config.pay.methods')}
                      rules={[rule(['withdrawal', kind, 'methods'])]}
                      required
                    >
                      <Checkbox.Group
                        options={WITHDRAW_METHODS.map((m) => ({ value: m, label: t(`config.methods.${m}`) }))}
                      />
                    </Form.Item>
                  </Col>
                  <Field>
                    <Form.Item
                      name={['withdrawal', kind, 'withdrawalCycle']}
                      label={t('config.pay.withdrawalCycle')}
                      rules={[rule(['withdrawal', kind, 'withdrawalCycle'])]}
                      required
                    >
                      <Select options={WITHDRAW_CYCLES.map((c) => ({ value: c, label: t(`config.cycles.${c}`) }))} />
                    </Form.Item>
                  </Field>
                  {(['singleCap', 'minAmount', 'autoLimit'] as const).map((k) => (
                    <Field key={k}>
                      <Form.Item
                        name={['withdrawal', kind, k]}
                        label={t(`config.pay.${k}`)}
                        rules={[rule(['withdrawal', kind, k])]}
                        required={k !== 'autoLimit'}
                        extra={k === 'autoLimit' ? t('config.pay.autoLimitHint') : undefined}
                      >
                        <MoneyInput allowEmpty={k === 'autoLimit'} />
                      </Form.Item>
                    </Field>
                  ))}
                  {(
                    [
                      ['dailyCount', 1, 99, undefined],
                      ['feePercent', 0, 100, '%'],
                      ['settlementDays', 0, 90, t('config.unit.days')],
                    ] as const
                  ).map(([k, min, max, suffix]) => (
                    <Field key={k}>
                      <Form.Item
                        name={['withdrawal', kind, k]}
                        label={t(`config.pay.${k}`)}
                        rules={[rule(['withdrawal', kind, k])]}
                        required
                      >
                        <InputNumber style={{ width: '100%' }} min={min} max={max} precision={0} suffix={suffix} />
                      </Form.Item>
                    </Field>
                  ))}
                </Row>
              ),
            }))}
          />
        </>
      )}
    </GroupForm>
  );
}

/** A titled card around a group, for the screen's tabs. */
export function GroupCard({ title, extra, children }: { title?: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card size="small" title={title} extra={extra} style={{ marginBottom: 16 }}>
      {children}
    </Card>
  );
}
