import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { depositRefundRequest, type CallName, type DepositItem } from '@cbo/contract';
import { request } from '@/shared/request';
import { useMoney } from '@/shared/money';
import { FormModal, useConfirmStep } from '@/shared/list-page';
import { ReviewFields } from '@/shared/review-fields';
import { heldFor, type DepositAction } from './deposit-logic';

/** Calls whose answers a refund step makes stale: the list and its figures. */
const STALE: CallName[] = ['depositQueryPage', 'depositStatistics'];

interface Values {
  reason?: string;
  approve?: boolean;
}

/**
 * A deposit's refund step: ask for it (with a reason), or audit the application (approve, after a
 * confirmation saying what goes back, or reject with a reason). The server decides again and
 * answers in the caller's language.
 */
export function DepositRefundModal({
  action,
  deposit,
  onClose,
}: {
  action: DepositAction | null;
  deposit: DepositItem | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('deposit');
  const confirm = useConfirmStep();
  const { money } = useMoney();
  const [form] = Form.useForm<Values>();
  const approve = Form.useWatch('approve', form);
  const open = action !== null && deposit !== undefined;

  const send = async (v: Values): Promise<unknown> => {
    const id = deposit!.id;
    if (action === 'ask')
      return request('depositRefundApply', { query: { id }, body: { reason: (v.reason ?? '').trim() } });
    if (v.approve) {
      await confirm({ title: t('refund.approveConfirm', { amount: money(heldFor(deposit!)) }), danger: true });
      return request('depositAudit', { query: { id }, body: { approve: true } });
    }
    return request('depositAudit', { query: { id }, body: { approve: false, reason: (v.reason ?? '').trim() } });
  };

  return (
    <FormModal<Values>
      name="depositRefund"
      open={open}
      form={form}
      title={
        deposit
          ? action === 'ask'
            ? t('refund.askTitle', { depositNo: deposit.depositNo })
            : t('refund.auditTitle', { depositNo: deposit.depositNo })
          : ''
      }
      onClose={onClose}
      initialValues={action === 'audit' ? { approve: true } : {}}
      onSubmit={send}
      invalidates={STALE}
      successMessage={
        action === 'ask' ? t('refund.asked') : approve === false ? t('refund.rejected') : t('refund.approved')
      }
    >
      {deposit && (
        <Typography.Paragraph type="secondary">
          {t('refund.askHint', { held: money(heldFor(deposit)) })}
        </Typography.Paragraph>
      )}
      {/* Asking and rejecting both need a reason of 1-64 characters (the contract's rule). */}
      <ReviewFields
        approve={approve}
        decide={action === 'audit'}
        reason={depositRefundRequest.shape.reason}
        words={{
          decision: t('refund.decision'),
          approve: t('refund.approve'),
          reject: t('refund.reject'),
          reason: action === 'ask' ? t('refund.reason') : t('refund.rejectReason'),
        }}
      />
    </FormModal>
  );
}
