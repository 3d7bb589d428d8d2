import { useMemo, useState } from 'react';
import { Alert, Button, DatePicker, Form, Input, InputNumber, Select, Space, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  PERMS,
  SEPARATION_RULE_STATUSES,
  SEPARATION_TYPES,
  separationRuleFields,
  validationText,
  type SeparationRuleItem,
} from '@cbo/contract';
import { doneText } from '@/shared/feedback';
import { useLang, useZodRule } from '@/shared/form';
import {
  formatDateTime,
  FormDrawer,
  ListPage,
  optionsOf,
  useOverlay,
  useRowAction,
  type ColumnsOf,
  type FiltersOf,
  timeColumn,
} from '@/shared/list-page';
import { toMinor, useMoney } from '@/shared/money';
import { useButtons } from '@/shared/permission';
import { request } from '@/shared/request';
import { DevicePicker } from '../components/device-picker';
import { formToRequest, ruleToForm, type RuleFormValues } from '../components/rule-form';
import { RuleDetail } from '../components/rule-detail';
import { RuleStatusTag, useSeparationWords } from '../components/separation-words';

type Change = 'paused' | 'running' | 'restored';
const LISTS = ['separationRuleQueryPage', 'separationRuleDetail', 'separationOrderQueryPage'] as const;

/**
 * Order management → order separation (menu url separation/rules, hidden from the sidebar, spec 2):
 * the rules that divert matching orders' partner shares to the platform, their states, and the
 * orders each separated, with restore.
 */
export default function SeparationRulesView() {
  const { t } = useTranslation(['separation', 'kit']);
  const w = useSeparationWords();
  const rule = useZodRule();
  const lang = useLang();
  const { money, currency, digits } = useMoney();
  const buttons = useButtons();
  const canEdit = buttons.has(PERMS.separationRuleEdit);
  const canStatus = buttons.has(PERMS.separationRuleStatus);
  const canDelete = buttons.has(PERMS.separationRuleDelete);
  const edit = useOverlay<SeparationRuleItem>();
  const [shown, setShown] = useState<SeparationRuleItem | null>(null);
  const [form] = Form.useForm<RuleFormValues>();

  const change = useRowAction<SeparationRuleItem & { to: Change }>({
    confirm: (r) =>
      r.to === 'paused'
        ? { title: t('rules.pauseConfirm', { name: r.name }), content: t('rules.pauseHint') }
        : r.to === 'running'
          ? { title: t('rules.resumeConfirm', { name: r.name }), content: t('rules.resumeHint') }
          : {
              title: t('rules.restoreConfirm', { name: r.name }),
              content: t('rules.restoreHint', { count: r.separatedCount, amount: money(r.separatedAmount) }),
              danger: true,
            },
    call: (r) => request('separationRuleEditStatus', { body: { id: r.id, status: r.to } }),
    success: (res) => w.status((res as SeparationRuleItem).status),
    invalidates: [...LISTS],
  });
  const remove = useRowAction<SeparationRuleItem>({
    confirm: (r) => ({
      title: t('rules.deleteConfirm', { name: r.name }),
      content: t('rules.deleteHint'),
      danger: true,
    }),
    call: (r) => request('separationRuleDelete', { query: { id: r.id } }),
    success: doneText('deleted'),
    invalidates: [...LISTS],
  });

  const filters = useMemo<FiltersOf<'separationRuleQueryPage'>>(
    () => [
      { type: 'text', name: 'code', label: t('fields.code'), maxLength: 32 },
      { type: 'text', name: 'name', label: t('fields.name'), maxLength: 32 },
      {
        type: 'select',
        name: 'status',
        label: t('fields.status'),
        options: optionsOf(SEPARATION_RULE_STATUSES, w.status),
      },
      { type: 'select', name: 'type', label: t('fields.type'), options: optionsOf(SEPARATION_TYPES, w.type) },
      { type: 'text', name: 'sn', label: t('fields.sn'), maxLength: 32 },
    ],
    [t, w],
  );

  const columns = useMemo<ColumnsOf<'separationRuleQueryPage'>>(
    () => [
      {
        title: t('fields.code'),
        dataIndex: 'code',
        key: 'code',
        fixed: 'left',
        width: 180,
        render: (v: string, r: SeparationRuleItem) => (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setShown(r)}>
            {v}
          </Button>
        ),
      },
      { title: t('fields.name'), dataIndex: 'name', key: 'name', width: 140, ellipsis: true },
      {
        title: t('fields.status'),
        dataIndex: 'status',
        key: 'status',
        width: 90,
        render: (v: SeparationRuleItem['status']) => <RuleStatusTag status={v} />,
      },
      {
        title: t('fields.type'),
        dataIndex: 'type',
        key: 'type',
        width: 140,
        ellipsis: true,
        render: (v: SeparationRuleItem['type']) => w.type(v),
      },
      {
        title: t('fields.devices'),
        key: 'devices',
        width: 80,
        align: 'right',
        render: (_: unknown, r: SeparationRuleItem) => (
          <Tooltip title={r.deviceSns.join(', ')}>
            <span>{r.deviceSns.length}</span>
          </Tooltip>
        ),
      },
      {
        title: t('fields.amountRange'),
        key: 'amount',
        width: 170,
        render: (_: unknown, r: SeparationRuleItem) => `${money(r.startAmount)} ~ ${money(r.capAmount)}`,
      },
      {
        title: t('fields.countRange'),
        key: 'count',
        width: 110,
        defaultHidden: true,
        render: (_: unknown, r: SeparationRuleItem) => `${r.countStart} ~ ${r.countCap}`,
      },
      {
        title: t('fields.separated'),
        dataIndex: 'separatedAmount',
        key: 'separatedAmount',
        width: 130,
        align: 'right',
        sortable: true,
        render: (_: unknown, r: SeparationRuleItem) => `${money(r.separatedAmount)} (${r.separatedCount})`,
      },
      {
        title: t('fields.validTime'),
        key: 'validTime',
        width: 170,
        defaultHidden: true,
        render: (_: unknown, r: SeparationRuleItem) => `${formatDateTime(r.startTime)} ~ ${formatDateTime(r.endTime)}`,
      },
      timeColumn(t('fields.createTime'), { hidden: true, sortable: true }),
      {
        title: t('kit:actions'),
        key: 'actions',
        fixed: 'right',
        width: 220,
        render: (_: unknown, r: SeparationRuleItem) => {
          const open = r.status === 'running' || r.status === 'paused';
          return (
            <Space size={0} wrap>
              <Button type="link" size="small" onClick={() => setShown(r)}>
                {t('rules.details')}
              </Button>
              {canEdit && open && (
                <Button type="link" size="small" onClick={() => edit.show(r)}>
                  {t('rules.edit')}
                </Button>
              )}
              {canStatus && open && (
                <Button
                  type="link"
                  size="small"
                  onClick={() => change.run({ ...r, to: r.status === 'running' ? 'paused' : 'running' })}
                >
                  {r.status === 'running' ? t('rules.pause') : t('rules.resume')}
                </Button>
              )}
              {canStatus && open && (
                <Button type="link" size="small" danger onClick={() => change.run({ ...r, to: 'restored' })}>
                  {t('rules.restore')}
                </Button>
              )}
              {canDelete && r.status !== 'deleted' && (
                <Button type="link" size="small" danger onClick={() => remove.run(r)}>
                  {t('rules.delete')}
                </Button>
              )}
            </Space>
          );
        },
      },
    ],
    [t, w, money, canEdit, canStatus, canDelete, edit, change.run, remove.run],
  );

  const moneyRule = (field: 'startAmount' | 'capAmount' | 'totalCap', label: string, optional = false) => ({
    validator: async (_r: unknown, v: number | null | undefined) => {
      if (optional && (v === null || v === undefined)) return;
      const shape =
        field === 'totalCap'
          ? separationRuleFields.shape.totalCap.unwrap().unwrap()
          : separationRuleFields.shape[field];
      await rule(shape, label).validator!(
        _r as never,
        v === null || v === undefined ? undefined : toMinor(v, currency),
        () => undefined,
      );
    },
  });
  const rangeRule = (message: string) => ({
    validator: async (_r: unknown, v: RuleFormValues['orderTime']) => {
      if (!v || !v[0] || !v[1]) throw new Error(message);
    },
  });

  return (
    <ListPage
      listCall="separationRuleQueryPage"
      rowKey="id"
      title={t('rules.title')}
      filters={filters}
      columns={columns}
      emptyText={t('rules.empty')}
      above={() => <Alert type="info" showIcon message={t('rules.hint')} style={{ marginBottom: 12 }} />}
      toolbar={
        canEdit ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => edit.show()}>
            {t('rules.add')}
          </Button>
        ) : null
      }
    >
      <FormDrawer<RuleFormValues>
        open={edit.open}
        name="separationRule"
        form={form}
        width={640}
        title={edit.record ? t('rules.editTitle', { name: edit.record.name }) : t('rules.addTitle')}
        onClose={edit.hide}
        initialValues={ruleToForm(edit.record, currency)}
        invalidates={[...LISTS]}
        onSubmit={(v) =>
          request('separationRuleSave', {
            body: { ...formToRequest(v, currency), ...(edit.record ? { id: edit.record.id } : {}) },
          })
        }
      >
        <Form.Item
          name="name"
          label={t('fields.name')}
          rules={[rule(separationRuleFields.shape.name, t('fields.name'))]}
        >
          <Input maxLength={32} showCount />
        </Form.Item>
        <Form.Item name="type" label={t('fields.type')} rules={[{ required: true }]}>
          <Select options={optionsOf(SEPARATION_TYPES, w.type)} style={{ width: 260 }} />
        </Form.Item>
        <Form.Item
          name="deviceSns"
          label={t('fields.devices')}
          extra={t('rules.devicesHint')}
          rules={[rule(separationRuleFields.shape.deviceSns, t('fields.devices'))]}
        >
          <DevicePicker />
        </Form.Item>
        <Form.Item
          name="orderTime"
          label={t('fields.orderTime')}
          extra={t('rules.orderTimeHint')}
          required
          rules={[rangeRule(t('fields.orderTime'))]}
        >
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="validTime"
          label={t('fields.validTime')}
          extra={t('rules.validTimeHint')}
          required
          rules={[rangeRule(t('fields.validTime'))]}
        >
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Space size={16} wrap align="start">
          <Form.Item
            name="startAmount"
            label={t('fields.startAmount')}
            required
            rules={[moneyRule('startAmount', t('fields.startAmount'))]}
          >
            <InputNumber<number> min={0} precision={digits} addonAfter={currency ?? undefined} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item
            name="capAmount"
            label={t('fields.capAmount')}
            required
            dependencies={['startAmount']}
            rules={[
              moneyRule('capAmount', t('fields.capAmount')),
              ({ getFieldValue }) => ({
                validator: async (_r, v: number | null) => {
                  const start = getFieldValue('startAmount') as number | null;
                  if (v !== null && v !== undefined && start !== null && start !== undefined && start > v)
                    throw new Error(validationText('rule.separationAmount', lang));
                },
              }),
            ]}
          >
            <InputNumber<number> min={0} precision={digits} addonAfter={currency ?? undefined} style={{ width: 180 }} />
          </Form.Item>
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          {t('rules.countHint')}
        </Typography.Paragraph>
        <Space size={16} wrap align="start">
          <Form.Item
            name="countStart"
            label={t('fields.countStart')}
            rules={[rule(separationRuleFields.shape.countStart, t('fields.countStart'))]}
          >
            <InputNumber min={1} max={1_000_000} precision={0} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item
            name="countCap"
            label={t('fields.countCap')}
            dependencies={['countStart']}
            rules={[
              rule(separationRuleFields.shape.countCap, t('fields.countCap')),
              ({ getFieldValue }) => ({
                validator: async (_r, v: number | null) => {
                  const start = getFieldValue('countStart') as number | null;
                  if (v !== null && v !== undefined && start !== null && start !== undefined && start > v)
                    throw new Error(validationText('rule.separationCount', lang));
                },
              }),
            ]}
          >
            <InputNumber min={1} max={1_000_000} precision={0} style={{ width: 180 }} />
          </Form.Item>
        </Space>
        <Form.Item
          name="totalCap"
          label={t('fields.totalCap')}
          extra={t('rules.totalCapHint')}
          rules={[moneyRule('totalCap', t('fields.totalCap'), true)]}
        >
          <InputNumber<number>
            min={0}
            precision={digits}
            addonAfter={currency ?? undefined}
            placeholder={t('rules.noTotalCap')}
            style={{ width: 220 }}
          />
        </Form.Item>
      </FormDrawer>
      <RuleDetail rule={shown} onClose={() => setShown(null)} />
    </ListPage>
  );
}
