import { Descriptions, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { refundAuditRequest, type CallName, type RefundItem } from '@cbo/contract';
import { request } from '@/shared/request';
import { useMoney } from '@/shared/money';
import { FormModal, useConfirmStep } from '@/shared/list-page';
import { ReviewFields } from '@/shared/review-fields';
import { approvalStep } from './order-rules';
import { useOrderWords } from './order-words';

/** Calls whose answers a review makes stale: the records, the order lists and details. */
const STALE: CallName[] = [
  'refundOrderQueryPage',
  'refundOrderDetail',
  'orderQueryPage',
  'orderDetail',
  'refundOrderRechargeOrderInfo',
];

interface Values {
  approve: boolean;
  reason?: string;
}

/**
 * The review of an initiated order refund: approve (after a confirmation saying what goes back and
 * whether a second approver is still needed) or reject with a reason. The server decides again
 * (one review wins, the second approver is another account) and answers in the caller's language.
 */
export function RefundAuditModal({ refund, onClose }: { refund: RefundItem | undefined; onClose: () => void }) {
  const { t } = useTranslation('order');
  const confirm = useConfirmStep();
  const { money } = useMoney();
  const w = useOrderWords();
  const [form] = Form.useForm<Values>();
  const approve = Form.useWatch('approve', form);
  const step = refund ? approvalStep(refund) : null;

  const send = async (v: Values): Promise<unknown> => {
    const r = refund!;
    if (v.approve) {
      const content =
        step === 'first'
          ? t('refunds.approveFirstHint', { amount: money(r.amount) })
          : t('refunds.approveHint', { amount: money(r.amount) });
      await confirm({ title: t('refunds.approveConfirm', { refundNo: r.refundNo }), content, danger: true });
      return request('refundOrderAudit', { body: { id: r.id, approve: true } });
    }
    return request('refundOrderAudit', { body: { id: r.id, approve: false, reason: (v.reason ?? '').trim() } });
  };

  return (
    <FormModal<Values>
      name="refundAudit"
      open={refund !== undefined}
      form={form}
      title={refund ? t('refunds.auditTitle', { refundNo: refund.refundNo }) : ''}
      onClose={onClose}
      initialValues={{ approve: true }}
      onSubmit={send}
      invalidates={STALE}
      successMessage={
        approve === false
          ? t('refunds.rejected')
          : step === 'first'
            ? t('refunds.firstApproved')
            : t('refunds.approved')
      }
    >
      {refund && (
        <Descriptions
          size="small"
          column={2}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'orderNo', label: t('fields.orderNo'), children: refund.orderNo },
            {
              key: 'amount',
              label: t('refunds.amount'),
              children: <Typography.Text strong>{money(refund.amount)}</Typography.Text>,
            },
            { key: 'creator', label: t('refunds.creator'), children: refund.creator ?? '-' },
            {
              key: 'approvals',
              label: t('refunds.approvals'),
              children: t('refunds.approvalCount', { done: refund.approvals.length, need: refund.approvalsNeeded }),
            },
            {
              key: 'reason',
              label: t('refunds.reasonCode'),
              children: refund.reason
                ? `${w.refundReason(refund.reasonCode)} · ${refund.reason}`
                : w.refundReason(refund.reasonCode),
              span: 2,
            },
          ]}
        />
      )}
      {step === 'second' && (
        <Typography.Paragraph type="secondary">
          {t('refunds.secondHint', { by: refund!.approvals[0]?.by ?? '' })}
        </Typography.Paragraph>
      )}
      <ReviewFields
        approve={approve}
        reason={refundAuditRequest.shape.reason}
        reasonRules={[{ required: true, whitespace: true, message: t('refunds.rejectReasonRequired') }]}
        words={{
          decision: t('refunds.decision'),
          approve: t('refunds.approve'),
          reject: t('refunds.reject'),
          reason: t('refunds.rejectReason'),
        }}
      />
    </FormModal>
  );
}
