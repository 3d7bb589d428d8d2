import { App, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { payoutRejectReason, type CallName, type PayoutItem } from '@cbo/contract';
import { request } from '@/shared/request';
import { useMoney } from '@/shared/money';
import { FormModal, useConfirmStep } from '@/shared/list-page';
import { ReviewFields } from '@/shared/review-fields';

/** Calls whose answers a review makes stale: the list, its summary and the detail. */
const STALE: CallName[] = ['payoutQueryPage', 'payoutSummary', 'payoutDetail'];

interface Values {
  approve?: boolean;
  reason?: string;
}

/** The review's words, the same for one withdrawal and for a batch. */
function useReviewWords() {
  const { t } = useTranslation('payout');
  return {
    decision: t('audit.decision'),
    approve: t('audit.approve'),
    reject: t('audit.reject'),
    reason: t('audit.reason'),
  };
}

/**
 * The review of a withdrawal waiting for it: approve (after a confirmation saying what is paid
 * out, to whom) or reject with a reason (the amount goes back to the party). The server decides
 * again and answers in the caller's language.
 */
export function PayoutAuditModal({ withdrawal, onClose }: { withdrawal: PayoutItem | null; onClose: () => void }) {
  const { t } = useTranslation('payout');
  const confirm = useConfirmStep();
  const reviewWords = useReviewWords();
  const { money } = useMoney();
  const [form] = Form.useForm<Values>();
  const approve = Form.useWatch('approve', form);

  const send = async (v: Values): Promise<unknown> => {
    const w = withdrawal!;
    if (v.approve) {
      await confirm({
        title: t('audit.approveConfirm', { amount: money(w.actualAmount), name: w.payeeName }),
        danger: true,
      });
      return request('payoutAudit', { body: { id: w.id, approve: true } });
    }
    return request('payoutAudit', { body: { id: w.id, approve: false, reason: (v.reason ?? '').trim() } });
  };

  return (
    <FormModal<Values>
      name="payoutAudit"
      open={withdrawal !== null}
      form={form}
      title={withdrawal ? t('audit.title', { applicationNo: withdrawal.applicationNo }) : ''}
      onClose={onClose}
      initialValues={{ approve: true }}
      onSubmit={send}
      invalidates={STALE}
      successMessage={approve === false ? t('audit.rejected') : t('audit.approved')}
    >
      {withdrawal && (
        <Typography.Paragraph type="secondary">
          {t('audit.hint', {
            party: withdrawal.partyName,
            amount: money(withdrawal.amount),
            fee: money(withdrawal.fee),
            actual: money(withdrawal.actualAmount),
          })}
        </Typography.Paragraph>
      )}
      <ReviewFields approve={approve} words={reviewWords} reason={payoutRejectReason} />
    </FormModal>
  );
}

/**
 * The same review for the selected withdrawals: approve (after one confirmation naming how many
 * and how much) or reject with one reason. The server decides each alone, as a single review;
 * those already decided meanwhile are listed back with the server's words, and nothing is paid twice.
 */
export function PayoutBatchAuditModal({
  withdrawals,
  onClose,
  onDone,
}: {
  withdrawals: PayoutItem[] | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('payout');
  const { modal } = App.useApp();
  const confirm = useConfirmStep();
  const reviewWords = useReviewWords();
  const { money } = useMoney();
  const [form] = Form.useForm<Values>();
  const approve = Form.useWatch('approve', form);
  const list = withdrawals ?? [];
  const total = list.reduce((s, w) => s + w.actualAmount, 0);

  const send = async (v: Values): Promise<unknown> => {
    if (v.approve) {
      await confirm({ title: t('batch.approveConfirm', { count: list.length, amount: money(total) }), danger: true });
    }
    const r = await request('payoutBatchAudit', {
      body: {
        ids: list.map((w) => w.id),
        approve: Boolean(v.approve),
        reason: v.approve ? undefined : (v.reason ?? '').trim(),
      },
    });
    onDone();
    if (r.refused > 0) {
      modal.warning({
        title: t('batch.someRefused', { decided: r.decided, refused: r.refused }),
        content: (
          <ul style={{ paddingLeft: 16, margin: 0 }} data-testid="batch-refused">
            {r.results
              .filter((x) => !x.ok)
              .map((x) => (
                <li key={x.id}>
                  {x.applicationNo ?? `#${x.id}`}: {x.msg}
                </li>
              ))}
          </ul>
        ),
      });
    }
    return r;
  };

  return (
    <FormModal<Values>
      name="payoutBatchAudit"
      open={withdrawals !== null}
      form={form}
      title={t('batch.title', { count: list.length })}
      onClose={onClose}
      initialValues={{ approve: true }}
      onSubmit={send}
      invalidates={STALE}
      successMessage={approve === false ? t('audit.rejected') : t('audit.approved')}
    >
      <Typography.Paragraph type="secondary">
        {t('batch.hint', { count: list.length, amount: money(total) })}
      </Typography.Paragraph>
      <ReviewFields approve={approve} words={reviewWords} reason={payoutRejectReason} />
    </FormModal>
  );
}
