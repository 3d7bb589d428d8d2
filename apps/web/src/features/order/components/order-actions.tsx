import { useEffect, useRef } from 'react';
import { Alert, DatePicker, Descriptions, Form, Input, InputNumber, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { errorMessage, orderEndRequest, orderSuspendRequest, type CallName, type OrderItem } from '@cbo/contract';
import { request } from '@/shared/request';
import { useLang, useZodRule } from '@/shared/form';
import { useMoney, toMinor } from '@/shared/money';
import {
  ActionCancelled,
  DATE_TIME_FORMAT,
  FormModal,
  callKey,
  formatDateTime,
  useConfirmStep,
} from '@/shared/list-page';
import { refundAmountProblem, refundableOf, type OrderAction } from './order-rules';
import { RefundReasonFields, reasonBody, type RefundReasonValues } from './refund-reason';

/** Calls whose answers a staff action makes stale: the lists, the detail and the refund records. */
const STALE: CallName[] = ['orderQueryPage', 'orderDetail', 'refundOrderQueryPage', 'refundOrderRechargeOrderInfo'];

interface Values extends RefundReasonValues {
  reason?: string;
  endTime?: Dayjs;
  minutes?: number;
  /** Currency units as typed; sent in smallest units. */
  amount?: number;
}

/**
 * One staff action on an order (end, suspend billing, refund, initialise), each with a reason, in
 * a small form that validates with the contract's schemas, asks for a confirmation with what will
 * happen, then sends. A refusal about a field (a wrong end time, an amount above what is left)
 * stays under the field; any other is said by the request layer in the caller's language.
 */
export function OrderActionModal({
  action,
  order,
  onClose,
}: {
  action: OrderAction | null;
  order: OrderItem | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('order');
  const ask = useConfirmStep();
  const rule = useZodRule();
  const lang = useLang();
  const { money, currency, digits } = useMoney();
  const open = action !== null && order !== undefined;

  // What a refund may be, asked of the server when the form opens (the list row may be stale).
  const info = useQuery({
    queryKey: [...callKey('refundOrderRechargeOrderInfo'), order?.orderNo],
    queryFn: ({ signal }) =>
      request('refundOrderRechargeOrderInfo', { body: { orderNo: order!.orderNo } }, { signal, silent: true }),
    enabled: open && action === 'refund',
  });
  const refundable = info.data?.refundableAmount ?? (order ? refundableOf(order) : 0);
  const secondAbove = info.data?.secondApprovalAbove ?? null;
  // One key per opened refund form: a retried send (a lost answer, a double click) answers the same application.
  const refundKey = useRef('');
  useEffect(() => {
    if (open && action === 'refund') refundKey.current = `web-${crypto.randomUUID()}`;
  }, [open, action, order?.orderNo]);

  /** Asks before the call; backing out leaves the form open with what was typed. */
  const confirm = (title: string, content: string, danger = false) => ask({ title, content, danger });

  const send = async (v: Values): Promise<unknown> => {
    const orderNo = order!.orderNo;
    const reason = (v.reason ?? '').trim();
    switch (action) {
      case 'end': {
        const endTime = v.endTime!.toISOString();
        await confirm(
          t('actions.endConfirm', { orderNo }),
          t('actions.endConfirmHint', { time: formatDateTime(endTime) }),
          true,
        );
        return request('orderEnd', { body: { orderNo, endTime, reason } });
      }
      case 'suspend':
        await confirm(
          t('actions.suspendConfirm', { orderNo }),
          t('actions.suspendConfirmHint', { minutes: v.minutes }),
        );
        return request('orderSuspend', { body: { orderNo, minutes: v.minutes!, reason } });
      case 'refund': {
        const amount = toMinor(v.amount!, currency);
        const twoApprovers = secondAbove !== null && amount > secondAbove;
        await confirm(
          t('actions.refundConfirm', { orderNo }),
          `${t('actions.refundConfirmHint', { amount: money(amount) })}${twoApprovers ? ` ${t('actions.refundTwoApprovers', { threshold: money(secondAbove) })}` : ''}`,
          true,
        );
        return request('refundOrderRefundAmount', {
          body: { orderNo, amount, ...reasonBody(v), idempotencyKey: refundKey.current },
        });
      }
      case 'init':
        await confirm(t('actions.initConfirm', { orderNo }), t('actions.initConfirmHint'), true);
        return request('orderInit', { body: { orderNo, reason } });
      default:
        throw new ActionCancelled();
    }
  };

  const titles: Record<OrderAction, string> = {
    end: t('actions.end'),
    suspend: t('actions.suspend'),
    refund: t('actions.refund'),
    init: t('actions.init'),
  };
  // The button says what it does: a refund creates an application, it pays nothing yet.
  const submitWords: Record<OrderAction, string> = {
    end: t('actions.end'),
    suspend: t('actions.suspend'),
    refund: t('actions.refundApply'),
    init: t('actions.init'),
  };
  const done: Record<OrderAction, string> = {
    end: t('actions.ended'),
    suspend: t('actions.suspended'),
    refund: t('actions.refundStarted'),
    init: t('actions.initialised'),
  };
  const start = order?.startTime ? dayjs(order.startTime) : null;

  return (
    <FormModal<Values>
      name="orderAction"
      open={open}
      title={action && order ? `${titles[action]} · ${order.orderNo}` : ''}
      onClose={onClose}
      initialValues={action === 'end' ? { endTime: dayjs() } : action === 'suspend' ? { minutes: 30 } : {}}
      onSubmit={send}
      invalidates={STALE}
      successMessage={action ? done[action] : false}
      okText={action ? submitWords[action] : undefined}
    >
      {action === 'refund' && order && (
        <Descriptions
          size="small"
          column={3}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'paid', label: t('fields.paidAmount'), children: money(info.data?.paidAmount ?? order.paidAmount) },
            {
              key: 'refunded',
              label: t('fields.refundAmount'),
              children: money(info.data?.refundAmount ?? order.refundAmount),
            },
            {
              key: 'refundable',
              label: t('fields.refundable'),
              children: <Typography.Text strong>{money(refundable)}</Typography.Text>,
            },
          ]}
        />
      )}
      {action === 'refund' && order && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('actions.refundApplication')}
          description={
            secondAbove !== null ? t('actions.refundApplicationHint', { threshold: money(secondAbove) }) : undefined
          }
        />
      )}
      {action === 'end' && (
        <Form.Item
          name="endTime"
          label={t('actions.endTime')}
          extra={t('actions.endTimeHint')}
          rules={[
            { required: true, message: t('actions.endTimeRequired') },
            {
              // spec 8 "stop time wrong": not before the order started, not in the future.
              validator: async (_r, v: Dayjs | null) => {
                if (!v) return;
                if (
                  !orderEndRequest.shape.endTime.safeParse(v.toISOString()).success ||
                  v.isAfter(dayjs()) ||
                  (start !== null && v.isBefore(start))
                ) {
                  throw new Error(errorMessage('ORDER_STOP_TIME_WRONG', lang));
                }
              },
            },
          ]}
        >
          <DatePicker
            showTime
            format={DATE_TIME_FORMAT}
            style={{ width: '100%' }}
            disabledDate={(d) => d.isAfter(dayjs(), 'day') || (start !== null && d.isBefore(start, 'day'))}
          />
        </Form.Item>
      )}
      {action === 'suspend' && (
        <Form.Item
          name="minutes"
          label={t('actions.minutes')}
          extra={t('actions.minutesHint')}
          rules={[rule(orderSuspendRequest.shape.minutes, t('actions.minutes'))]}
        >
          <InputNumber min={1} max={10080} precision={0} addonAfter={t('actions.minuteUnit')} style={{ width: 220 }} />
        </Form.Item>
      )}
      {action === 'refund' && (
        <Form.Item
          name="amount"
          label={t('actions.amount')}
          extra={t('actions.amountHint', { max: money(refundable) })}
          required
          rules={[
            {
              validator: async (_r, v: number | null) =>
                checkRefund(v === null || v === undefined ? null : toMinor(v, currency)),
            },
          ]}
        >
          <InputNumber<number>
            min={0}
            precision={digits}
            step={1}
            addonAfter={currency ?? undefined}
            style={{ width: 220 }}
          />
        </Form.Item>
      )}
      {action === 'init' && <Typography.Paragraph type="secondary">{t('actions.initHint')}</Typography.Paragraph>}
      {action === 'refund' ? (
        <RefundReasonFields />
      ) : (
        <Form.Item
          name="reason"
          label={t('actions.reason')}
          rules={[rule(orderEndRequest.shape.reason, t('actions.reason'))]}
        >
          <Input.TextArea maxLength={64} showCount autoSize={{ minRows: 2 }} />
        </Form.Item>
      )}
    </FormModal>
  );

  function checkRefund(amount: number | null) {
    const problem = refundAmountProblem(amount, refundable, lang, money);
    if (problem) throw new Error(problem);
  }
}
