/*
 * Why one file of over 400 lines (issue 30): it is one form of about 60 fields whose parts hang
 * together: the owner chosen (agent or team) decides the options of the next fields and the ratio's
 * ceiling, the billing rule's amounts are checked together by the one contract schema the server
 * applies, and the map picker fills the address. Split by section, each part would need the form,
 * the watched values and the rule passed in, and the checks would no longer read in one place.
 */
import { useCallback, useMemo, useState } from 'react';
import { Button, Col, Divider, Form, Input, InputNumber, Row, Select } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OUTLET_TYPES, outletSaveRequest, type OutletItem, type OutletSaveInput } from '@cbo/contract';
import { callKey, FormDrawer, optionsOf } from '@/shared/list-page';
import { request } from '@/shared/request';
import { MoneyInput } from '@/shared/money-input';
import { useMoney } from '@/shared/money';
import { PointPicker, type PickedPoint } from './point-picker';
import { useRequestRule } from './schema-rule';
import { useOutletWords } from './words';

/** The values of the form: the request without its id (the record being edited gives it). */
type Values = Omit<OutletSaveInput, 'id'>;

/** A new outlet starts with a common production rule: 3 minutes free, 2.00 per hour, 20.00 a day, 99.00 in total, 99.00 deposit. */
const NEW_BILLING = {
  freeMinutes: 3,
  pricePerPeriod: 200,
  periodMinutes: 60,
  dailyCap: 2000,
  totalCap: 9900,
  deposit: 9900,
};

function valuesOf(r: OutletItem): Values {
  return {
    name: r.name,
    type: r.type,
    address: r.address,
    lat: r.lat,
    lng: r.lng,
    regionId: r.region?.id ?? null,
    agentId: r.agent?.id ?? null,
    teamId: r.team?.id ?? null,
    ratio: r.ratio,
    hiddenRatio: r.hiddenRatio,
    costAmount: r.costAmount,
    amortizationRatio: r.amortizationRatio,
    serviceProviderId: r.serviceProvider?.id ?? null,
    serviceProviderRatio: r.serviceProviderRatio,
    pusherId: r.pusher?.id ?? null,
    areaCode: r.areaCode,
    servicePhone: r.servicePhone,
    serviceHours: r.serviceHours,
    picture: r.picture,
    managerName: r.managerName,
    managerPhone: r.managerPhone,
    remark: r.remark,
    billing: r.billing,
  };
}

const NULL_KEYS = ['regionId', 'agentId', 'teamId', 'serviceProviderId', 'pusherId'];

/**
 * Create or edit an outlet: an agent's, or (direct) a team's. Every rule the server applies is
 * checked here from the same contract schema; the agent's ceiling is shown beside the ratio.
 */
export function OutletForm({
  open,
  record,
  direct,
  onClose,
}: {
  open: boolean;
  record?: OutletItem;
  direct: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('outlet');
  const { money } = useMoney();
  const words = useOutletWords();
  const [form] = Form.useForm<Values>();
  const extra = useCallback(() => (record ? { id: record.id } : {}), [record]);
  const rule = useRequestRule(form, outletSaveRequest, extra, NULL_KEYS);
  const options = useQuery({
    queryKey: callKey('outletOwnerOptions', {}),
    queryFn: ({ signal }) => request('outletOwnerOptions', { query: {} }, { signal }),
    enabled: open,
  });
  const agentId = Form.useWatch('agentId', form);
  const agent = options.data?.agents.find((a) => a.id === agentId);
  const pick = (list: { id: number; name: string }[] | undefined) =>
    (list ?? []).map((o) => ({ value: o.id, label: o.name }));
  const half = { xs: 24, md: 12 } as const;
  const initialValues = useMemo<Partial<Values>>(
    () =>
      record
        ? valuesOf(record)
        : {
            type: 'catering',
            ratio: 0,
            hiddenRatio: 0,
            costAmount: 0,
            amortizationRatio: 0,
            serviceProviderRatio: 0,
            billing: NEW_BILLING,
            areaCode: '',
            servicePhone: '',
            serviceHours: '',
            picture: '',
            managerName: '',
            managerPhone: '',
            remark: '',
          },
    [record],
  );
  const revalidate = (names: (string | number)[][]) => void form.validateFields(names).catch(() => undefined);
  const [picking, setPicking] = useState(false);
  const lat = Form.useWatch('lat', form);
  const lng = Form.useWatch('lng', form);
  const address = Form.useWatch('address', form);
  const usePoint = (p: PickedPoint) => {
    // A looked-up address fills an empty address field; one already written is the operator's.
    form.setFieldsValue({
      lat: p.lat,
      lng: p.lng,
      ...(p.address && !form.getFieldValue('address') ? { address: p.address.slice(0, 100) } : {}),
    });
    revalidate([['lat'], ['lng'], ['address']]);
    setPicking(false);
  };

  return (
    <FormDrawer<Values>
      open={open}
      name="outlet"
      form={form}
      width={760}
      title={record ? t('list.editTitle', { name: record.name }) : direct ? t('list.addDirect') : t('list.add')}
      onClose={onClose}
      initialValues={initialValues}
      invalidates={['outletQueryPage', 'outletMapPoints']}
      successMessage={t('list.saved')}
      onSubmit={(v) =>
        request('outletSaveOrUpdate', {
          body: {
            ...v,
            id: record?.id,
            agentId: direct ? null : v.agentId,
            teamId: direct ? v.teamId : null,
            regionId: v.regionId ?? null,
            serviceProviderId: v.serviceProviderId ?? null,
            pusherId: v.pusherId ?? null,
          },
        })
      }
    >
      <Divider titlePlacement="start">{t('section.basics')}</Divider>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="name" label={t('field.name')} rules={[rule(['name'])]}>
            <Input maxLength={18} showCount />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="type" label={t('field.type')} rules={[rule(['type'])]}>
            <Select options={optionsOf(OUTLET_TYPES, words.type)} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="address" label={t('field.address')} rules={[rule(['address'])]}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="lat" label={t('field.lat')} rules={[rule(['lat'])]}>
            <InputNumber style={{ width: '100%' }} min={-90} max={90} precision={6} step={0.001} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="lng" label={t('field.lng')} rules={[rule(['lng'])]}>
            <InputNumber style={{ width: '100%' }} min={-180} max={180} precision={6} step={0.001} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item>
            <Button icon={<EnvironmentOutlined />} onClick={() => setPicking(true)} data-testid="outlet-pick-open">
              {t('pick.open')}
            </Button>
          </Form.Item>
          {/* Mounted while open: each opening starts from the form's values. */}
          {picking && (
            <PointPicker
              open
              value={{ lat, lng }}
              address={address}
              onPick={usePoint}
              onClose={() => setPicking(false)}
            />
          )}
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('section.owner')}</Divider>
      <Row gutter={16}>
        <Col {...half}>
          {direct ? (
            <Form.Item name="teamId" label={t('field.team')} rules={[rule(['agentId'])]}>
              <Select
                showSearch
                optionFilterProp="label"
                loading={options.isPending}
                options={pick(options.data?.teams)}
                disabled={!!record}
              />
            </Form.Item>
          ) : (
            <Form.Item name="agentId" label={t('field.agent')} rules={[rule(['agentId'])]}>
              <Select
                showSearch
                optionFilterProp="label"
                loading={options.isPending}
                options={(options.data?.agents ?? []).map((a) => ({
                  value: a.id,
                  label: `${a.name} (${a.ratio ?? 0} %)`,
                }))}
                onChange={() => revalidate([['ratio']])}
              />
            </Form.Item>
          )}
        </Col>
        <Col {...half}>
          <Form.Item name="regionId" label={t('field.region')}>
            <Select allowClear showSearch optionFilterProp="label" options={pick(options.data?.regions)} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="ratio"
            label={t('field.ratio')}
            rules={[
              rule(['ratio']),
              {
                // The agent's ratio is the ceiling (the server checks it again under the agent's lock).
                validator: async (_r, v: unknown) => {
                  if (agent && typeof v === 'number' && v > (agent.ratio ?? 0))
                    throw new Error(t('field.ratioAbove', { ratio: agent.ratio ?? 0 }));
                },
              },
            ]}
            extra={agent ? t('field.ratioHint', { ratio: agent.ratio ?? 0 }) : undefined}
          >
            <InputNumber
              style={{ width: '100%' }}
              min={0}
              max={100}
              precision={0}
              onChange={() => revalidate([['hiddenRatio']])}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="hiddenRatio"
            label={t('field.hiddenRatio')}
            rules={[rule(['hiddenRatio'])]}
            extra={t('field.hiddenRatioHint')}
          >
            <InputNumber style={{ width: '100%' }} min={0} max={100} precision={0} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="costAmount"
            label={t('field.costAmount')}
            rules={[rule(['costAmount'])]}
            extra={
              record
                ? t('field.costRecoveredSoFar', { recovered: money(record.costRecovered) })
                : t('field.costAmountHint')
            }
          >
            <MoneyInput />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="amortizationRatio"
            label={t('field.amortizationRatio')}
            rules={[rule(['amortizationRatio'])]}
            extra={t('field.amortizationRatioHint')}
          >
            <InputNumber style={{ width: '100%' }} min={0} max={100} precision={0} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="serviceProviderId" label={t('field.serviceProvider')} rules={[rule(['serviceProviderId'])]}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              options={pick(options.data?.serviceProviders)}
              onChange={() => revalidate([['serviceProviderId']])}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="serviceProviderRatio"
            label={t('field.serviceProviderRatio')}
            rules={[rule(['serviceProviderRatio'])]}
          >
            <InputNumber
              style={{ width: '100%' }}
              min={0}
              max={100}
              precision={0}
              onChange={() => revalidate([['serviceProviderId']])}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="pusherId" label={t('field.pusher')}>
            <Select allowClear showSearch optionFilterProp="label" options={pick(options.data?.pushers)} />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('section.billing')}</Divider>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item
            name={['billing', 'freeMinutes']}
            label={t('billing.freeMinutes')}
            rules={[rule(['billing', 'freeMinutes'])]}
          >
            <InputNumber style={{ width: '100%' }} min={0} max={1440} precision={0} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name={['billing', 'periodMinutes']}
            label={t('billing.periodMinutes')}
            rules={[rule(['billing', 'periodMinutes'])]}
          >
            <InputNumber style={{ width: '100%' }} min={1} max={1440} precision={0} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name={['billing', 'pricePerPeriod']}
            label={t('billing.pricePerPeriod')}
            rules={[rule(['billing', 'pricePerPeriod'])]}
          >
            <MoneyInput />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name={['billing', 'dailyCap']}
            label={t('billing.dailyCap')}
            rules={[rule(['billing', 'dailyCap'])]}
          >
            <MoneyInput />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name={['billing', 'totalCap']}
            label={t('billing.totalCap')}
            rules={[rule(['billing', 'totalCap'])]}
          >
            <MoneyInput />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name={['billing', 'deposit']} label={t('billing.deposit')} rules={[rule(['billing', 'deposit'])]}>
            <MoneyInput />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('section.contact')}</Divider>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="managerName" label={t('field.managerName')} rules={[rule(['managerName'])]}>
            <Input maxLength={20} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="managerPhone" label={t('field.managerPhone')} rules={[rule(['managerPhone'])]}>
            <Input maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="areaCode" label={t('field.areaCode')} rules={[rule(['areaCode'])]}>
            <Input maxLength={5} />
          </Form.Item>
        </Col>
        <Col xs={24} md={9}>
          <Form.Item name="servicePhone" label={t('field.servicePhone')} rules={[rule(['servicePhone'])]}>
            <Input maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={24} md={9}>
          <Form.Item
            name="serviceHours"
            label={t('field.serviceHours')}
            rules={[rule(['serviceHours'])]}
            extra={t('field.serviceHoursHint')}
          >
            <Input maxLength={11} />
          </Form.Item>
        </Col>
        <Col span={24}>
          {/* The outlet's partner-app account: signs in with the area code and manager phone, applies for withdrawals. */}
          <Form.Item
            name="appPassword"
            label={t('field.appPassword')}
            rules={[rule(['appPassword'])]}
            extra={t('field.appPasswordHint')}
          >
            <Input.Password maxLength={18} autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="picture" label={t('field.picture')} rules={[rule(['picture'])]}>
            <Input maxLength={255} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label={t('field.remark')} rules={[rule(['remark'])]}>
            <Input maxLength={32} showCount />
          </Form.Item>
        </Col>
      </Row>
    </FormDrawer>
  );
}
