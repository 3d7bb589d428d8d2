import { useMemo } from 'react';
import { Button, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMS, VOUCHER_SCOPES, VOUCHER_STATUSES, voucherFields, type VoucherItem } from '@cbo/contract';
import { request } from '@/shared/request';
import { useButtons } from '@/shared/permission';
import { useZodRule } from '@/shared/form';
import { useMoney, toMinor } from '@/shared/money';
import {
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
import { AgentSelect, OutletSelect } from '@/shared/search-select';
import { formToRequest, toggleRequest, voucherToForm, type VoucherFormValues } from '../components/voucher-rules';
import { VoucherStatusTag, useVoucherWords } from '../components/voucher-words';

/** Order management → vouchers (menu url voucher/vouchers): prepaid rental passes sold in the customers' app. */
export default function VouchersView() {
  const { t } = useTranslation(['voucher', 'kit']);
  const w = useVoucherWords();
  const rule = useZodRule();
  const { money, currency, digits } = useMoney();
  const canEdit = useButtons().has(PERMS.voucherEdit);
  const edit = useOverlay<VoucherItem>();
  const [form] = Form.useForm<VoucherFormValues>();
  const scopeType = Form.useWatch('scopeType', form);
  const toggle = useRowAction<VoucherItem>({
    confirm: (row) =>
      row.status === 'onSale'
        ? { title: t('vouchers.offSaleConfirm', { name: row.name }), content: t('vouchers.offSaleHint'), danger: true }
        : null,
    call: (row) => request('voucherUpdate', { body: toggleRequest(row) }),
    success: (r) => w.status((r as VoucherItem).status),
    invalidates: ['voucherLists'],
  });

  const filters = useMemo<FiltersOf<'voucherLists'>>(
    () => [
      { type: 'text', name: 'name', label: t('fields.name'), maxLength: 16 },
      { type: 'select', name: 'status', label: t('fields.status'), options: optionsOf(VOUCHER_STATUSES, w.status) },
      { type: 'select', name: 'scopeType', label: t('fields.scope'), options: optionsOf(VOUCHER_SCOPES, w.scope) },
    ],
    [t, w],
  );

  const columns = useMemo<ColumnsOf<'voucherLists'>>(
    () => [
      { title: t('fields.name'), dataIndex: 'name', key: 'name', fixed: 'left', width: 170, ellipsis: true },
      {
        title: t('fields.status'),
        dataIndex: 'status',
        key: 'status',
        width: 100,
        render: (v: VoucherItem['status']) => <VoucherStatusTag status={v} />,
      },
      {
        title: t('fields.price'),
        dataIndex: 'price',
        key: 'price',
        width: 110,
        align: 'right',
        render: (v: number) => money(v),
      },
      { title: t('fields.freeMinutes'), dataIndex: 'freeMinutes', key: 'freeMinutes', width: 120, align: 'right' },
      { title: t('fields.uses'), dataIndex: 'uses', key: 'uses', width: 90, align: 'right' },
      { title: t('fields.validDays'), dataIndex: 'validDays', key: 'validDays', width: 110, align: 'right' },
      {
        title: t('fields.soldOfStock'),
        key: 'stock',
        width: 120,
        align: 'right',
        render: (_: unknown, r: VoucherItem) => `${r.sold} / ${r.stock}`,
      },
      {
        title: t('fields.scope'),
        key: 'scope',
        width: 180,
        ellipsis: true,
        render: (_: unknown, r: VoucherItem) =>
          r.scopeType === 'platform' ? w.scope('platform') : `${w.scope(r.scopeType)} · ${r.scopeName ?? r.scopeId}`,
      },
      timeColumn(t('fields.createTime'), { hidden: true }),
      ...actionsColumn<VoucherItem>(
        t,
        canEdit,
        (row) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => edit.show(row)}>
              {t('vouchers.edit')}
            </Button>
            <Button type="link" size="small" danger={row.status === 'onSale'} onClick={() => toggle.run(row)}>
              {row.status === 'onSale' ? t('vouchers.putOffSale') : t('vouchers.putOnSale')}
            </Button>
          </Space>
        ),
        150,
      ),
    ],
    [t, w, money, canEdit, edit, toggle.run],
  );

  const priceRule = {
    validator: async (_r: unknown, v: number | null | undefined) => {
      const checked = rule(voucherFields.shape.price, t('fields.price'));
      await checked.validator!(
        _r as never,
        v === null || v === undefined ? undefined : toMinor(v, currency),
        () => undefined,
      );
    },
  };

  return (
    <ListPage
      listCall="voucherLists"
      rowKey="id"
      title={t('vouchers.title')}
      filters={filters}
      columns={columns}
      emptyText={t('vouchers.empty')}
      toolbar={
        <AddButton perm={PERMS.voucherEdit} onClick={() => edit.show()}>
          {t('vouchers.add')}
        </AddButton>
      }
    >
      <FormDrawer<VoucherFormValues>
        open={edit.open}
        name="voucher"
        form={form}
        title={edit.record ? t('vouchers.editTitle', { name: edit.record.name }) : t('vouchers.addTitle')}
        onClose={edit.hide}
        initialValues={voucherToForm(edit.record, currency)}
        invalidates={['voucherLists']}
        onSubmit={(v) =>
          edit.record
            ? request('voucherUpdate', { body: { ...formToRequest(v, currency), id: edit.record.id } })
            : request('voucherAdd', { body: formToRequest(v, currency) })
        }
      >
        <Form.Item name="name" label={t('fields.name')} rules={[rule(voucherFields.shape.name, t('fields.name'))]}>
          <Input maxLength={16} showCount />
        </Form.Item>
        <Form.Item name="price" label={t('fields.price')} required rules={[priceRule]}>
          <InputNumber<number> min={0} precision={digits} addonAfter={currency ?? undefined} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item
          name="freeMinutes"
          label={t('fields.freeMinutes')}
          extra={t('vouchers.freeMinutesHint')}
          rules={[rule(voucherFields.shape.freeMinutes, t('fields.freeMinutes'))]}
        >
          <InputNumber min={1} max={10080} precision={0} addonAfter={t('vouchers.minuteUnit')} style={{ width: 220 }} />
        </Form.Item>
        <Space size={16} wrap>
          <Form.Item name="uses" label={t('fields.uses')} rules={[rule(voucherFields.shape.uses, t('fields.uses'))]}>
            <InputNumber min={1} max={1000} precision={0} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item
            name="validDays"
            label={t('fields.validDays')}
            rules={[rule(voucherFields.shape.validDays, t('fields.validDays'))]}
          >
            <InputNumber min={1} max={3650} precision={0} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item
            name="stock"
            label={t('fields.stock')}
            extra={edit.record ? t('vouchers.stockHint', { sold: edit.record.sold }) : undefined}
            rules={[rule(voucherFields.shape.stock, t('fields.stock'))]}
          >
            <InputNumber min={edit.record?.sold ?? 0} max={10_000_000} precision={0} style={{ width: 150 }} />
          </Form.Item>
        </Space>
        <Form.Item name="scopeType" label={t('fields.scope')} rules={[{ required: true }]}>
          <Select
            options={optionsOf(VOUCHER_SCOPES, w.scope)}
            style={{ width: 220 }}
            onChange={() => form.setFieldValue('scopeId', null)}
          />
        </Form.Item>
        {scopeType && scopeType !== 'platform' && (
          <Form.Item
            name="scopeId"
            label={scopeType === 'agent' ? t('fields.scopeAgent') : t('fields.scopeOutlet')}
            rules={[{ required: true, message: t('vouchers.scopeRequired') }]}
          >
            {scopeType === 'agent' ? (
              <AgentSelect placeholder={t('fields.scopeAgent')} />
            ) : (
              <OutletSelect placeholder={t('fields.scopeOutlet')} />
            )}
          </Form.Item>
        )}
        <Form.Item name="status" label={t('fields.status')}>
          <Radio.Group options={optionsOf(VOUCHER_STATUSES, w.status)} />
        </Form.Item>
      </FormDrawer>
    </ListPage>
  );
}
