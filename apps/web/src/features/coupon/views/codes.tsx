import { useMemo, useState } from 'react';
import { Button, Form, InputNumber, Space, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  COUPON_BATCH_STATUSES,
  COUPON_CODE_STATUSES,
  COUPON_LIMITS,
  couponBatchCreateRequest,
  PERMS,
  type CouponBatchItem,
  type CouponCodeItem,
} from '@cbo/contract';
import { request } from '@/shared/request';
import { useButtons } from '@/shared/permission';
import { useZodRule } from '@/shared/form';
import { useMoney } from '@/shared/money';
import {
  FormDrawer,
  ListPage,
  optionsOf,
  useOverlay,
  useRowAction,
  type ColumnsOf,
  type FiltersOf,
  AddButton,
  timeColumn,
} from '@/shared/list-page';
import { CouponSelect } from '../components/pickers';
import { StateTag, useCouponWords } from '../components/coupon-words';
import { CustomerLink } from '@/shared/customer-link';

interface BatchForm {
  couponId: number | null;
  quantity: number;
}

/**
 * Financial management → coupon codes (menu url coupon/codes): the code batches of code coupons
 * (generate, end) and the coupon code list (each code's state, who redeemed it and when; export).
 */
export default function CouponCodesView() {
  const { t } = useTranslation(['coupon', 'kit']);
  const w = useCouponWords();
  const rule = useZodRule();
  const { money } = useMoney();
  const canBatch = useButtons().has(PERMS.couponBatchEdit);
  const create = useOverlay<null>();
  const [tab, setTab] = useState<'batches' | 'codes'>('batches');
  const [batch, setBatch] = useState<CouponBatchItem | null>(null);

  const end = useRowAction<CouponBatchItem>({
    confirm: (b) => ({ title: t('codes.endConfirm', { no: b.batchNo }), content: t('codes.endHint'), danger: true }),
    call: (b) => request('couponBatchEnd', { body: { id: b.id } }),
    success: t('codes.ended'),
    invalidates: ['couponBatchQueryPage', 'couponCodeQueryPage'],
  });

  const batchFilters = useMemo<FiltersOf<'couponBatchQueryPage'>>(
    () => [
      {
        type: 'select',
        name: 'status',
        label: t('fields.status'),
        options: optionsOf(COUPON_BATCH_STATUSES, w.batchStatus),
      },
    ],
    [t, w],
  );
  const batchColumns = useMemo<ColumnsOf<'couponBatchQueryPage'>>(
    () => [
      { title: t('fields.batchNo'), dataIndex: 'batchNo', key: 'batchNo', fixed: 'left', width: 210, copyable: true },
      {
        title: t('fields.status'),
        dataIndex: 'status',
        key: 'status',
        width: 110,
        render: (v: CouponBatchItem['status']) => <StateTag state={v} text={w.batchStatus(v)} />,
      },
      { title: t('fields.coupon'), dataIndex: 'couponName', key: 'couponName', width: 130, ellipsis: true },
      {
        title: t('fields.value'),
        key: 'value',
        width: 90,
        align: 'right',
        render: (_: unknown, r: CouponBatchItem) =>
          r.type === 'duration' ? t('coupons.hours', { n: r.durationHours }) : money(r.amount),
      },
      { title: t('fields.quantity'), dataIndex: 'quantity', key: 'quantity', width: 90, align: 'right' },
      { title: t('fields.exchanged'), dataIndex: 'exchanged', key: 'exchanged', width: 110, align: 'right' },
      { title: t('fields.notExchanged'), dataIndex: 'notExchanged', key: 'notExchanged', width: 110, align: 'right' },
      timeColumn(t('fields.exchangeDeadline'), { dataIndex: 'exchangeDeadline', width: 160 }),
      { title: t('fields.createdBy'), dataIndex: 'createdBy', key: 'createdBy', width: 110, defaultHidden: true },
      timeColumn(t('fields.createTime'), { hidden: true }),
      {
        title: t('kit:actions'),
        key: 'actions',
        fixed: 'right',
        width: 130,
        render: (_: unknown, b: CouponBatchItem) => (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              onClick={() => {
                setBatch(b);
                setTab('codes');
              }}
            >
              {t('codes.viewCodes')}
            </Button>
            {canBatch && b.status === 'normal' && (
              <Button type="link" size="small" danger onClick={() => end.run(b)}>
                {t('codes.end')}
              </Button>
            )}
          </Space>
        ),
      },
    ],
    [t, w, money, canBatch, end.run],
  );

  const codeFilters = useMemo<FiltersOf<'couponCodeQueryPage'>>(
    () => [
      { type: 'text', name: 'code', maxLength: 12 },
      { type: 'select', name: 'status', options: optionsOf(COUPON_CODE_STATUSES, w.codeStatus) },
      { type: 'text', name: 'mobile', label: t('fields.mobile'), maxLength: 20 },
    ],
    [t, w],
  );
  const codeColumns = useMemo<ColumnsOf<'couponCodeQueryPage'>>(
    () => [
      {
        dataIndex: 'code',
        key: 'code',
        fixed: 'left',
        width: 170,
        copyable: true,
        render: (v: string) => <span style={{ fontFamily: 'monospace' }}>{v}</span>,
      },
      {
        dataIndex: 'status',
        key: 'status',
        width: 110,
        render: (v: CouponCodeItem['status']) => <StateTag state={v} text={w.codeStatus(v)} />,
      },
      {
        dataIndex: 'userMobile',
        key: 'userMobile',
        width: 150,
        render: (v: string | null, r) => <CustomerLink userId={r.userId}>{v}</CustomerLink>,
      },
      timeColumn(undefined, { dataIndex: 'redeemTime' }),
      { dataIndex: 'batchNo', key: 'batchNo', width: 220 },
      { dataIndex: 'couponName', key: 'couponName', width: 150, ellipsis: true },
      timeColumn(undefined, { hidden: true }),
    ],
    [w],
  );

  const B = couponBatchCreateRequest.shape;
  return (
    <Tabs
      activeKey={tab}
      onChange={(k) => setTab(k as 'batches' | 'codes')}
      items={[
        {
          key: 'batches',
          label: t('codes.batchesTab'),
          children: (
            <ListPage
              listCall="couponBatchQueryPage"
              rowKey="id"
              title={t('codes.title')}
              filters={batchFilters}
              columns={batchColumns}
              emptyText={t('codes.batchesEmpty')}
              toolbar={
                <AddButton perm={PERMS.couponBatchEdit} onClick={() => create.show(null)}>
                  {t('codes.generate')}
                </AddButton>
              }
            >
              <FormDrawer<BatchForm>
                open={create.open}
                name="couponBatch"
                title={t('codes.generateTitle')}
                onClose={create.hide}
                initialValues={{ couponId: null, quantity: 100 }}
                invalidates={['couponBatchQueryPage', 'couponCodeQueryPage', 'couponQueryPage']}
                successMessage={false}
                onSubmit={async (v) => {
                  const b = await request('couponBatchCreate', {
                    body: { couponId: v.couponId!, quantity: v.quantity },
                  });
                  setBatch(b);
                  setTab('codes');
                  return b;
                }}
              >
                <Form.Item
                  name="couponId"
                  label={t('fields.coupon')}
                  rules={[{ required: true, message: t('codes.couponPick') }]}
                >
                  <CouponSelect source="code" placeholder={t('codes.couponPick')} />
                </Form.Item>
                <Form.Item
                  name="quantity"
                  label={t('fields.quantity')}
                  extra={t('codes.quantityHint')}
                  rules={[rule(B.quantity, t('fields.quantity'))]}
                >
                  <InputNumber
                    min={COUPON_LIMITS.batchQuantity.min}
                    max={COUPON_LIMITS.batchQuantity.max}
                    precision={0}
                    style={{ width: 200 }}
                  />
                </Form.Item>
              </FormDrawer>
            </ListPage>
          ),
        },
        {
          key: 'codes',
          label: t('codes.codesTab'),
          children: (
            <ListPage
              listCall="couponCodeQueryPage"
              rowKey="id"
              filters={codeFilters}
              columns={codeColumns}
              params={batch ? { batchId: batch.id } : {}}
              emptyText={t('codes.codesEmpty')}
              exportCall="couponCodeExport"
              exportPerm={PERMS.couponCodeExport}
              toolbar={
                batch ? (
                  <Tag closable onClose={() => setBatch(null)} color="blue" data-testid="coupon-code-batch">
                    {t('codes.ofBatch', { no: batch.batchNo })}
                  </Tag>
                ) : (
                  <Tag>{t('codes.allBatches')}</Tag>
                )
              }
            />
          ),
        },
      ]}
    />
  );
}
