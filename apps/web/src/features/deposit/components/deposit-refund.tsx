import { App, Form, Input, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { depositRefundRequest, type CallName, type DepositItem } from '@cbo/contract';
import { request } from '@/shared/request';
import { useZodRule } from '@/shared/form';
import { useMoney } from '@/shared/money';
import { ActionCancelled, FormModal } from '@/shared/list-page';
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
  const { modal } = App.useApp();
  const rule = useZodRule();
  const { money } = useMoney();
  const [form] = Form.useForm<Values>();
  const approve = Form.useWatch('approve', form);
  const open = action !== null && deposit !== undefined;

  const confirm = (title: string) =>
    new Promise<void>((resolve, reject) => {
      modal.confirm({
        title,
        okButtonProps: { danger: true },
        onOk: () => resolve(),
        onCancel: () => reject(new ActionCancelled()),
      });
    });

  const send = async (v: Values): Promise<unknown> => {
    const id = deposit!.id;
    if (action === 'ask')
      return request('depositRefundApply', { query: { id }, body: { reason: (v.reason ?? '').trim() } });
    if (v.approve) {
      await confirm(t('refund.approveConfirm', { amount: money(heldFor(deposit!)) }));
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
      {action === 'audit' && (
        <Form.Item name="approve" label={t('refund.decision')}>
          <Radio.Group
            options={[
              { value: true, label: t('refund.approve') },
              { value: false, label: t('refund.reject') },
            ]}
          />
        </Form.Item>
      )}
      {(action === 'ask' || approve === false) && (
        <Form.Item
          name="reason"
          label={action === 'ask' ? t('refund.reason') : t('refund.rejectReason')}
          // Asking and rejecting both need a reason of 1-64 characters (the contract's rule).
          rules={[
            rule(depositRefundRequest.shape.reason, action === 'ask' ? t('refund.reason') : t('refund.rejectReason')),
          ]}
        >
          <Input.TextArea maxLength={64} showCount rows={2} />
        </Form.Item>
      )}
    </FormModal>
  );
}
