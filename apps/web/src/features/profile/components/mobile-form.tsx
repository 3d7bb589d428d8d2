import { useState } from 'react';
import { App, Button, Flex, Form, Input, Space, Steps, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkCodeRequest, newMobileRequest, type ManageInfo } from '@cbo/contract';
import { request } from '@/shared/request';
import { useCountdown, useZodRule } from '@/shared/form';
import { accountChanged } from '../account';

type Step = 'verify' | 'change';

/**
 * Change own mobile. With a mobile on file, the account first proves it holds it (a code to the
 * current number gives a ticket); then a code to the new number confirms the change.
 */
export function MobileForm({ info }: { info: ManageInfo }) {
  const { t } = useTranslation('profile');
  const hasMobile = Boolean(info.mobile);
  const [step, setStep] = useState<Step>(hasMobile ? 'verify' : 'change');
  const [ticket, setTicket] = useState<string | undefined>();

  const finish = () => {
    setTicket(undefined);
    setStep('verify');
  };

  return (
    <Flex vertical gap={24} style={{ maxWidth: 520 }}>
      <Typography.Text>
        {t('mobile.current')}:{' '}
        <Typography.Text strong>
          {hasMobile ? `+${info.areaCode ?? ''} ${info.mobile}` : t('mobile.none')}
        </Typography.Text>
      </Typography.Text>
      {hasMobile && (
        <Steps
          size="small"
          current={step === 'verify' ? 0 : 1}
          items={[{ title: t('mobile.stepVerify') }, { title: t('mobile.stepChange') }]}
        />
      )}
      {step === 'verify' ? (
        <VerifyCurrent
          onVerified={(next) => {
            setTicket(next);
            setStep('change');
          }}
        />
      ) : (
        <SetNew info={info} ticket={ticket} onDone={finish} onBack={hasMobile ? finish : undefined} />
      )}
    </Flex>
  );
}

function VerifyCurrent({ onVerified }: { onVerified: (ticket: string) => void }) {
  const { t } = useTranslation('profile');
  const { message } = App.useApp();
  const rule = useZodRule();
  const countdown = useCountdown();
  const [form] = Form.useForm<{ code: string }>();

  const send = useMutation({
    mutationFn: () => request('manageSendCode'),
    onSuccess: (sent) => {
      countdown.start(sent.resendSeconds);
      void message.success(t('mobile.codeSent', { mobile: sent.maskedMobile }));
    },
  });
  const check = useMutation({
    mutationFn: (code: string) => request('manageCheckCode', { body: { code } }),
    onSuccess: ({ ticket }) => onVerified(ticket),
  });

  return (
    <Form form={form} layout="vertical" onFinish={({ code }) => check.mutate(code)}>
      <Form.Item label={t('mobile.codeCurrent')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" noStyle rules={[rule(checkCodeRequest.shape.code, t('mobile.code'))]}>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder={t('mobile.codePlaceholder')}
            />
          </Form.Item>
          <SendCodeButton countdown={countdown.seconds} loading={send.isPending} onClick={() => send.mutate()} />
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={check.isPending}>
        {t('mobile.next')}
      </Button>
    </Form>
  );
}

interface NewMobileValues {
  areaCode: string;
  mobile: string;
  code: string;
}

function SetNew({
  info,
  ticket,
  onDone,
  onBack,
}: {
  info: ManageInfo;
  ticket: string | undefined;
  onDone: () => void;
  onBack?: () => void;
}) {
  const { t } = useTranslation('profile');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const rule = useZodRule();
  const countdown = useCountdown();
  const [form] = Form.useForm<NewMobileValues>();

  const send = useMutation({
    mutationFn: (to: { areaCode: string; mobile: string }) => request('manageNewMobileCode', { body: to }),
    onSuccess: (sent) => {
      countdown.start(sent.resendSeconds);
      void message.success(t('mobile.codeSent', { mobile: sent.maskedMobile }));
    },
  });
  const update = useMutation({
    mutationFn: (v: NewMobileValues) =>
      request('manageUpdateMobile', { body: { areaCode: v.areaCode, mobile: v.mobile, code: v.code, ticket } }),
    onSuccess: async () => {
      void message.success(t('mobile.changed'));
      form.resetFields();
      countdown.reset();
      onDone();
      await accountChanged(queryClient);
    },
  });

  const sendCode = async () => {
    try {
      const to = await form.validateFields(['areaCode', 'mobile']);
      send.mutate({ areaCode: to.areaCode, mobile: to.mobile });
    } catch {
      // The area code or mobile field shows what is wrong.
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ areaCode: info.areaCode ?? '86' }}
      onFinish={(v) => update.mutate(v)}
    >
      <Form.Item label={t('mobile.new')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="areaCode" noStyle rules={[rule(newMobileRequest.shape.areaCode, t('mobile.areaCode'))]}>
            <Input prefix="+" style={{ width: 96 }} maxLength={5} aria-label={t('mobile.areaCode')} />
          </Form.Item>
          <Form.Item name="mobile" noStyle rules={[rule(newMobileRequest.shape.mobile, t('mobile.number'))]}>
            <Input
              inputMode="tel"
              autoComplete="tel-national"
              maxLength={20}
              aria-label={t('mobile.number')}
              placeholder={t('mobile.number')}
            />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item label={t('mobile.codeNew')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" noStyle rules={[rule(checkCodeRequest.shape.code, t('mobile.code'))]}>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder={t('mobile.codePlaceholder')}
            />
          </Form.Item>
          <SendCodeButton countdown={countdown.seconds} loading={send.isPending} onClick={() => void sendCode()} />
        </Space.Compact>
      </Form.Item>
      <Space>
        {onBack && <Button onClick={onBack}>{t('mobile.back')}</Button>}
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('mobile.submit')}
        </Button>
      </Space>
    </Form>
  );
}

function SendCodeButton({ countdown, loading, onClick }: { countdown: number; loading: boolean; onClick: () => void }) {
  const { t } = useTranslation('profile');
  return (
    <Button onClick={onClick} loading={loading} disabled={countdown > 0} style={{ minWidth: 120 }}>
      {countdown > 0 ? t('mobile.resendIn', { seconds: countdown }) : t('mobile.sendCode')}
    </Button>
  );
}
