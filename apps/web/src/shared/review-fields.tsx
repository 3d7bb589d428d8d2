import { Form, Input, Radio } from 'antd';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { useZodRule } from './form';

export interface ReviewFieldsProps {
  /** The form's `approve` as watched (`Form.useWatch('approve', form)`): the reason shows on a reject. */
  approve: boolean | undefined;
  /** The screen's words: the decision's label and options, the reason's label. */
  words: { decision: string; approve: string; reject: string; reason: string };
  /** The contract's schema of the reason (1-64 characters), checked in the reader's language. */
  reason: z.ZodType;
  /** Rules checked before the schema's (a screen's own "say why" message). */
  reasonRules?: Rule[];
  /** False for a step that only asks with a reason (a deposit's refund request): no decision. */
  decide?: boolean;
}

/**
 * The decision of a review form (refunds, withdrawals, deposits): approve or reject, and the
 * reason a reject (or a request) gives, in the form fields `approve` and `reason`.
 */
export function ReviewFields({ approve, words, reason, reasonRules = [], decide = true }: ReviewFieldsProps) {
  const rule = useZodRule();
  return (
    <>
      {decide && (
        <Form.Item name="approve" label={words.decision}>
          <Radio.Group
            options={[
              { value: true, label: words.approve },
              { value: false, label: words.reject },
            ]}
          />
        </Form.Item>
      )}
      {(!decide || approve === false) && (
        <Form.Item name="reason" label={words.reason} rules={[...reasonRules, rule(reason, words.reason)]}>
          <Input.TextArea maxLength={64} showCount rows={2} />
        </Form.Item>
      )}
    </>
  );
}
