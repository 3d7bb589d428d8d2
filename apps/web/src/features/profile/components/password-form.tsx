import { App, Button, Form, Input } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { rules, updatePasswordRequest } from '@cbo/contract';
import { request } from '@/shared/request';
import { useZodRule } from '@/shared/form';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Change own password; the server ends the account's other sessions (api.ts managePassword). */
export function PasswordForm() {
  const { t } = useTranslation('profile');
  const { modal } = App.useApp();
  const rule = useZodRule();
  const [form] = Form.useForm<PasswordValues>();

  const change = useMutation({
    mutationFn: ({ oldPassword, newPassword }: PasswordValues) =>
      request('managePassword', { body: { oldPassword, newPassword } }),
    onSuccess: () => {
      form.resetFields();
      modal.success({ title: t('password.changedTitle'), content: t('password.changedContent') });
    },
  });

  return (
    <Form form={form} layout="vertical" onFinish={(v) => change.mutate(v)} style={{ maxWidth: 520 }}>
      <Form.Item
        name="oldPassword"
        label={t('password.old')}
        rules={[rule(updatePasswordRequest.shape.oldPassword, t('password.old'))]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('password.new')}
        rules={[rule(rules.adminPassword, t('password.new'))]}
        extra={t('password.hint')}
      >
        <Input.Password autoComplete="new-password" maxLength={18} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('password.confirm')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('password.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (value && value !== getFieldValue('newPassword')) throw new Error(t('password.mismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={18} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        {t('password.submit')}
      </Button>
    </Form>
  );
}
