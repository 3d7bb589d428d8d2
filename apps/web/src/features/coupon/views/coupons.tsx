import { useMemo } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  COUPON_LIMITS,
  COUPON_SCOPES,
  COUPON_SOURCES,
  COUPON_TYPES,
  couponFields,
  couponRuleIssues,
  PERMS,
  validationText,
  type CouponItem,
  type ValidationKey,
} from '@cbo/contract';
import { request } from '@/shared/request';
import { useButtons } from '@/shared/permission';
import { useLang, useZodRule } from '@/shared/form';
import { useMoney } from '@/shared/money';
import {
  formatDateTime,
  FormDrawer,
  ListPage,
  optionsOf,
  useOverlay,
  useRowAction,
  type ColumnsOf,
  type FiltersOf,
  actionsColumn,
  AddButton,
  timeColumn,
} from '@/shared/list-page';
import { AgentSelect, OutletSelect, TeamSelect } from '../components/pickers';
import { couponToForm, FORM_FIELD, formToRequest, type CouponFormValues } from '../components/coupon-form';
import { StateTag, useCouponWords } from '../components/coupon-words';

/** Financial management → coupon management (menu url coupon/coupons): coupons given away, their totals, used and unused. */
export default function CouponsView() {
  const { t } = useTranslation(['coupon', 'kit']);
  const w = useCouponWords();
  const lang = useLang();
  const rule = useZodRule();
  const { money, currency, digits } = useMoney();
  const canEdit = useButtons().has(PERMS.couponEdit);
  const edit = useOverlay<CouponItem>();
  const [form] = Form.useForm<CouponFormValues>();
  const type = Form.useWatch('type', form);
  const scope = Form.useWatch('scope', form);
  const source = Form.useWatch('source', form);
  const locked = Boolean(edit.record && edit.record.allotted > 0);

  const setStatus = useRowAction<CouponItem & { next: 'active' | 'stopped' | 'deleted' }, CouponItem>({
    confirm: (r) =>
      r.next === 'stopped'
        ? { title: t('coupons.stopConfirm', { name: r.name }), content: t('coupons.stopHint'), danger: true }
        : r.next === 'deleted'
          ? { title: t('coupons.removeConfirm', { name: r.name }), content: t('coupons.removeHint'), danger: true }
          : null,
    call: (r) => request('couponStatus', { body: { id: r.id, status: r.next } }),
    success: (c) =>
      c.status === 'stopped'
        ? t('coupons.stopped')
        : c.status === 'active'
          ? t('coupons.resumed')
          : w.status('deleted'),
    invalidates: ['couponQueryPage'],
  });

  const filters = useMemo<FiltersOf<'couponQueryPage'>>(
    () => [
      { type: 'text', name: 'name', label: t('fields.name'), maxLength: 32 },
      { type: 'select', name: 'type', label: t('fields.type'), options: optionsOf(COUPON_TYPES, w.type) },
      { type: 'select', name: 'source', label: t('fields.source'), options: optionsOf(COUPON_SOURCES, w.source) },
      {
        type: 'select',
        name: 'status',
        label: t('fields.status'),
        options: optionsOf(['active', 'stopped'] as const, w.status),
      },
    ],
    [t, w],
  );

  const columns = useMemo<ColumnsOf<'couponQueryPage'>>(
    () => [
      { title: t('fields.name'), dataIndex: 'name', key: 'name', fixed: 'left', width: 140, ellipsis: true },
      {
        title: t('fields.status'),
        dataIndex: 'status',
        key: 'status',
        width: 90,
        render: (v: CouponItem['status']) => <StateTag state={v} text={w.status(v)} />,
      },
      {
        title: t('fields.type'),
        dataIndex: 'type',
        key: 'type',
        width: 100,
        defaultHidden: true,
        render: (v: CouponItem['type']) => w.type(v),
      },
      {
        title: t('fields.value'),
        key: 'value',
        width: 100,
        align: 'right',
        render: (_: unknown, r: CouponItem) =>
          r.type === 'duration' ? t('coupons.hours', { n: r.durationHours }) : money(r.amount),
      },
      {
        title: t('fields.scope'),
        key: 'scope',
        width: 140,
        ellipsis: true,
        render: (_: unknown, r: CouponItem) =>
          r.scope === 'platform' ? w.scope('platform') : `${w.scope(r.scope)} · ${r.scopeName ?? r.scopeId ?? ''}`,
      },
      {
        title: t('fields.given'),
        key: 'given',
        width: 100,
        align: 'right',
        render: (_: unknown, r: CouponItem) => `${r.allotted} / ${r.total}`,
      },
      // Copies customers hold add up: received = used + expired + unused (valid). Where a coupon holds
      // (its scope) matters more at a glance than the expired count, which the column settings show.
      { title: t('fields.received'), dataIndex: 'received', key: 'received', width: 80, align: 'right' },
      { title: t('fields.used'), dataIndex: 'used', key: 'used', width: 70, align: 'right' },
      {
        title: t('fields.expired'),
        dataIndex: 'expired',
        key: 'expired',
        width: 70,
        align: 'right',
        defaultHidden: true,
      },
      { title: t('fields.unused'), dataIndex: 'unused', key: 'unused', width: 120, align: 'right' },
      {
        title: t('fields.source'),
        dataIndex: 'source',
        key: 'source',
        width: 120,
        defaultHidden: true,
        render: (v: CouponItem['source']) => w.source(v),
      },
      {
        title: t('fields.validity'),
        key: 'validity',
        width: 170,
        render: (_: unknown, r: CouponItem) =>
          `${formatDateTime(r.validFrom).slice(0, 10)} ~ ${formatDateTime(r.validTo).slice(0, 10)}`,
      },
      timeColumn(t('fields.exchangeDeadline'), { dataIndex: 'exchangeDeadline', hidden: true }),
      timeColumn(t('fields.createTime'), { hidden: true }),
      ...actionsColumn<CouponItem>(
        t,
        canEdit,
        (r) => (
          <Space size={0}>
            {/* A coupon of the former operator scope that customers hold keeps its terms: stop it, add a new one. */}
            {!(r.scope === 'provider' && r.allotted > 0) && (
              <Button type="link" size="small" onClick={() => edit.show(r)}>
                {t('coupons.edit')}
              </Button>
            )}
            <Button
              type="link"
              size="small"
              danger={r.status === 'active'}
              onClick={() => setStatus.run({ ...r, next: r.status === 'active' ? 'stopped' : 'active' })}
            >
              {r.status === 'active' ? t('coupons.stop') : t('coupons.resume')}
            </Button>
            {r.received === 0 && (
              <Button type="link" size="small" danger onClick={() => setStatus.run({ ...r, next: 'deleted' })}>
                {t('coupons.remove')}
              </Button>
            )}
          </Space>
        ),
        160,
      ),
    ],
    [t, w, money, canEdit, edit, setStatus.run],
  );

  const submit = async (v: CouponFormValues) => {
    const body = formToRequest(v, currency, edit.record?.id);
    // spec 5: the rules between fields, said under their fields before anything is sent.
    const issues = couponRuleIssues(body);
    if (issues.length) {
      form.setFields(
        issues.map((i) => ({
          name: FORM_FIELD[i.path] ?? 'name',
          errors: [validationText(i.message as ValidationKey, lang)],
        })),
      );
      throw new Error('invalid');
    }
    return request('couponSave', { body });
  };

  return (
    <ListPage
      listCall="couponQueryPage"
      rowKey="id"
      title={t('coupons.title')}
      filters={filters}
      columns={columns}
      emptyText={t('coupons.empty')}
      toolbar={
        <AddButton perm={PERMS.couponEdit} onClick={() => edit.show()}>
          {t('coupons.add')}
        </AddButton>
      }
    >
      <FormDrawer<CouponFormValues>
        open={edit.open}
        name="coupon"
        form={form}
        title={edit.record ? t('coupons.editTitle', { name: edit.record.name }) : t('coupons.addTitle')}
        onClose={edit.hide}
        initialValues={couponToForm(edit.record, currency)}
        invalidates={['couponQueryPage']}
        onSubmit={submit}
      >
        <Form.Item name="name" label={t('fields.name')} rules={[rule(couponFields.shape.name, t('fields.name'))]}>
          <Input maxLength={32} showCount />
        </Form.Item>
        <Form.Item name="source" label={t('fields.source')} extra={t('coupons.sourceHint')}>
          <Radio.Group options={optionsOf(COUPON_SOURCES, w.source)} disabled={locked} />
        </Form.Item>
        <Form.Item name="type" label={t('fields.type')} extra={locked ? t('coupons.lockedHint') : undefined}>
          <Radio.Group options={optionsOf(COUPON_TYPES, w.type)} disabled={locked} />
        </Form.Item>
        {type === 'duration' ? (
          <Form.Item
            name="durationHours"
            label={t('fields.durationHours')}
            required
            rules={[rule(couponFields.shape.durationHours.unwrap().unwrap(), t('fields.durationHours'))]}
          >
            <InputNumber
              min={COUPON_LIMITS.durationHours.min}
              max={COUPON_LIMITS.durationHours.max}
              precision={0}
              addonAfter={t('coupons.hourUnit')}
              style={{ width: 200 }}
              disabled={locked}
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="amount"
            label={t('fields.amount')}
            required
            rules={[{ required: true, message: validationText('rule.couponAmount', lang) }]}
          >
            <InputNumber<number>
              min={0}
              precision={digits}
              addonAfter={currency ?? undefined}
              style={{ width: 200 }}
              disabled={locked}
            />
          </Form.Item>
        )}
        <Form.Item
          name="scope"
          label={t('fields.scope')}
          rules={[{ required: true, message: validationText('rule.couponScope', lang) }]}
          extra={edit.record?.scope === 'provider' ? t('coupons.providerHint') : undefined}
        >
          <Select
            options={optionsOf(COUPON_SCOPES, w.scope)}
            style={{ width: 220 }}
            disabled={locked}
            onChange={() => form.setFieldsValue({ scopeId: null, scopeSn: null })}
          />
        </Form.Item>
        {scope === 'agent' || scope === 'outlet' || scope === 'operator' ? (
          <Form.Item
            name="scopeId"
            label={t(
              scope === 'agent'
                ? 'fields.scopeAgent'
                : scope === 'outlet'
                  ? 'fields.scopeOutlet'
                  : 'fields.scopeOperator',
            )}
            required
            rules={[{ required: true, message: validationText('rule.couponScope', lang) }]}
          >
            {scope === 'agent' ? <AgentSelect /> : scope === 'outlet' ? <OutletSelect /> : <TeamSelect />}
          </Form.Item>
        ) : scope === 'device' ? (
          <Form.Item
            name="scopeSn"
            label={t('fields.scopeSn')}
            required
            rules={[{ required: true, message: validationText('rule.couponScope', lang) }]}
          >
            <Input maxLength={32} style={{ width: 260 }} disabled={locked} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="total"
          label={t('fields.total')}
          extra={edit.record ? `${edit.record.allotted} / ${edit.record.total}` : undefined}
          rules={[rule(couponFields.shape.total, t('fields.total'))]}
        >
          <InputNumber
            min={edit.record?.allotted || 1}
            max={COUPON_LIMITS.total.max}
            precision={0}
            style={{ width: 200 }}
          />
        </Form.Item>
        <Form.Item
          name="validity"
          label={t('fields.validity')}
          rules={[{ required: true, message: t('fields.validity') }]}
        >
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: '100%', maxWidth: 380 }}
          />
        </Form.Item>
        {source === 'code' && (
          <Form.Item name="exchangeDeadline" label={t('fields.exchangeDeadline')} extra={t('coupons.deadlineHint')}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: 220 }} />
          </Form.Item>
        )}
      </FormDrawer>
    </ListPage>
  );
}
