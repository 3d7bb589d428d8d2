import { useEffect } from 'react';
import { App, Button, Form, Input } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { updateProfileRequest, type ManageInfo } from '@cbo/contract';
import { request } from '@/shared/request';
import { useZodRule } from '@/shared/form';
import { accountChanged } from '../account';
import { doneText } from '@/shared/feedback';

interface ProfileValues {
  nickName: string;
  email: string;
  idCard: string;
  address: string;
  note: string;
}

const field = updateProfileRequest.shape;

/** Limits the inputs to what the contract allows, so the counter and the rule agree. */
const MAX = { nickName: 18, email: 32, idCard: 20, address: 64, note: 18 } as const;

/** The own profile: nickname, email, ID card, address and note. */
export function ProfileForm({ info }: { info: ManageInfo }) {
  const { t } = useTranslation('profile');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const rule = useZodRule();
  const [form] = Form.useForm<ProfileValues>();

  useEffect(() => {
    // Empty strings, not nulls: an emptied field is sent as "" and clears it (profile.ts).
    form.setFieldsValue({
      nickName: info.nickName,
      email: info.email ?? '',
      idCard: info.idCard ?? '',
      address: info.address ?? '',
      note: info.note ?? '',
    });
  }, [form, info]);

  const save = useMutation({
    mutationFn: (values: ProfileValues) => request('manageUpdate', { body: { manageId: info.manageId, ...values } }),
    onSuccess: async (saved) => {
      void message.success(doneText('saved'));
      await accountChanged(queryClient, { nickName: saved.nickName });
    },
  });

  return (
    <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)} style={{ maxWidth: 520 }}>
      <Form.Item name="nickName" label={t('nickName')} rules={[rule(field.nickName, t('nickName'))]}>
        <Input maxLength={MAX.nickName} showCount />
      </Form.Item>
      <Form.Item name="email" label={t('email')} rules={[rule(field.email, t('email'))]}>
        <Input maxLength={MAX.email} inputMode="email" autoComplete="email" />
      </Form.Item>
      <Form.Item name="idCard" label={t('idCard')} rules={[rule(field.idCard, t('idCard'))]}>
        <Input maxLength={MAX.idCard} />
      </Form.Item>
      <Form.Item name="address" label={t('address')} rules={[rule(field.address, t('address'))]}>
        <Input maxLength={MAX.address} />
      </Form.Item>
      <Form.Item name="note" label={t('note')} rules={[rule(field.note, t('note'))]}>
        <Input maxLength={MAX.note} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('save')}
      </Button>
    </Form>
  );
}
