import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { REFUND_REASONS, labels, labelOf, refundAmountRequest, validationText, type RefundReason } from '@cbo/contract';
import { useLang, useZodRule } from '@/shared/form';

/** The reason of a refund as a form holds it: a preset and its text (required with "other"). */
export interface RefundReasonValues {
  reasonCode?: RefundReason;
  reason?: string;
}

/** The options of a refund reason select, in the presets' order, in the console's language. */
export function useRefundReasonOptions() {
  const lang = useLang();
  return REFUND_REASONS.map((v) => ({ value: v, label: labelOf(labels.order.refundReason, v, lang) }));
}

/** What a request carries of the form's reason: the preset and, when typed, the text. */
export function reasonBody(v: RefundReasonValues): { reasonCode: RefundReason; reason?: string } {
  const text = (v.reason ?? '').trim();
  return { reasonCode: v.reasonCode ?? 'other', ...(text ? { reason: text } : {}) };
}

/**
 * The two reason fields of a refund dialog (issue 31): a preset reason picked from a select, and
 * its text, required only with "Other" (the contract's rule, so the form says what the server would).
 */
export function RefundReasonFields() {
  const { t } = useTranslation('order');
  const lang = useLang();
  const rule = useZodRule();
  const options = useRefundReasonOptions();
  const form = Form.useFormInstance<RefundReasonValues>();
  const code = Form.useWatch('reasonCode', form);
  const other = code === 'other';
  return (
    <>
      <Form.Item
        name="reasonCode"
        label={t('refunds.reasonCode')}
        rules={[{ required: true, message: t('actions.reasonCodeRequired') }]}
      >
        <Select options={options} placeholder={t('actions.reasonCodePlaceholder')} />
      </Form.Item>
      <Form.Item
        name="reason"
        label={t('refunds.reason')}
        required={other}
        dependencies={['reasonCode']}
        extra={other ? undefined : t('actions.reasonTextHint')}
        rules={[
          rule(refundAmountRequest.shape.reason, t('refunds.reason')),
          // Read at validation time: "Other" picked just now counts.
          ({ getFieldValue }) => ({
            validator: async (_r, v: string | undefined) => {
              if (getFieldValue('reasonCode') === 'other' && !(v ?? '').trim())
                throw new Error(
                  `${lang === 'en_US' ? `${t('refunds.reason')} ` : ''}${validationText('rule.refundReasonText', lang)}`,
                );
            },
          }),
        ]}
      >
        <Input.TextArea maxLength={64} showCount autoSize={{ minRows: 2 }} />
      </Form.Item>
    </>
  );
}
