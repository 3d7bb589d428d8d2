import { useRef } from 'react';
import { Alert, Descriptions, Form, InputNumber, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CallName } from '@cbo/contract';
import { request } from '@/shared/request';
import { useMoney, toMinor } from '@/shared/money';
import { FormModal, callKey, useConfirmStep } from '@/shared/list-page';
import { UserSelect } from '@/shared/search-select';
import { RefundReasonFields, reasonBody, type RefundReasonValues } from './refund-reason';

/** Calls whose answers a balance refund makes stale. */
const STALE: CallName[] = ['refundOrderQueryPage', 'refundOrderBalanceInfo', 'memberQueryPage'];

interface Values extends RefundReasonValues {
  userId?: number;
  amount?: number;
}

/**
 * Refund a customer's balance to the top-up charges it came from: pick the customer (or come with
 * one), see the balance and its refundable part (the default amount), confirm. The amount is held
 * at once and reviewed in the refund records like an order refund (two approvers above the
 * threshold); the server decides the refundable part again under the customer's lock.
 */
export function BalanceRefundModal({
  open,
  userId: fixedUser,
  onClose,
}: {
  open: boolean;
  userId?: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('order');
  const confirm = useConfirmStep();
  const { money, currency, digits } = useMoney();
  const [form] = Form.useForm<Values>();
  const picked = Form.useWatch('userId', form);
  const userId = fixedUser ?? picked;
  const key = useRef(`bal-${crypto.randomUUID()}`);
  const info = useQuery({
    queryKey: [...callKey('refundOrderBalanceInfo'), userId],
    queryFn: ({ signal }) => request('refundOrderBalanceInfo', { query: { userId: userId! } }, { signal }),
    enabled: open && Boolean(userId),
  });
  const refundable = info.data?.refundable ?? 0;

  const send = async (v: Values): Promise<unknown> => {
    const amount = v.amount === undefined || v.amount === null ? refundable : toMinor(v.amount, currency);
    const threshold = info.data?.secondApprovalAbove ?? null;
    await confirm({
      title: t('balanceRefund.confirm'),
      content: `${t('balanceRefund.confirmHint', { amount: money(amount) })}${threshold !== null && amount > threshold ? ` ${t('actions.refundTwoApprovers', { threshold: money(threshold) })}` : ''}`,
      danger: true,
    });
    const r = await request('refundOrderRefundBalance', {
      body: { userId: userId!, amount, ...reasonBody(v), idempotencyKey: key.current },
    });
    key.current = `bal-${crypto.randomUUID()}`;
    return r;
  };

  return (
    <FormModal<Values>
      name="balanceRefund"
      open={open}
      form={form}
      title={t('balanceRefund.title')}
      onClose={onClose}
      onSubmit={send}
      invalidates={STALE}
      successMessage={t('balanceRefund.started')}
      okText={t('actions.refundApply')}
    >
      {fixedUser === undefined && (
        <Form.Item
          name="userId"
          label={t('fields.user')}
          rules={[{ required: true, message: t('balanceRefund.pickUser') }]}
        >
          <UserSelect placeholder={t('fields.userPlaceholder')} />
        </Form.Item>
      )}
      {info.data && (
        <Descriptions
          size="small"
          column={2}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'user', label: t('fields.user'), children: info.data.userMobile },
            { key: 'balance', label: t('balanceRefund.balance'), children: money(info.data.balance) },
            {
              key: 'refundable',
              label: t('balanceRefund.refundable'),
              children: <Typography.Text strong>{money(info.data.refundable)}</Typography.Text>,
            },
          ]}
        />
      )}
      {info.data && refundable <= 0 && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('balanceRefund.nothing')} />
      )}
      <Typography.Paragraph type="secondary">{t('balanceRefund.hint')}</Typography.Paragraph>
      <Form.Item
        name="amount"
        label={t('actions.amount')}
        extra={t('balanceRefund.amountHint', { max: money(refundable) })}
        rules={[
          {
            validator: async (_r, v: number | null | undefined) => {
              if (v === null || v === undefined) return;
              const minor = toMinor(v, currency);
              if (minor <= 0 || minor > refundable)
                throw new Error(t('balanceRefund.amountHint', { max: money(refundable) }));
            },
          },
        ]}
      >
        <InputNumber<number>
          min={0}
          precision={digits}
          step={1}
          addonAfter={currency ?? undefined}
          placeholder={money(refundable)}
          style={{ width: 220 }}
        />
      </Form.Item>
      <RefundReasonFields />
    </FormModal>
  );
}
