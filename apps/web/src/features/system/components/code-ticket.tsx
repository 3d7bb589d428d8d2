import { useCallback, useRef, useState, type ReactNode } from 'react';
import { App, Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { configCheckCodeRequest, Errors } from '@cbo/contract';
import { ApiError, request } from '@/shared/request';
import { useCountdown, useZodRule } from '@/shared/form';
import { ActionCancelled } from '@/shared/list-page';

/** The person closed the code dialog: the sensitive change is not sent, and nothing is shown. */
export class CodeCancelled extends ActionCancelled {
  constructor() {
    super();
    this.name = 'CodeCancelled';
  }
}

interface Held {
  ticket: string;
  until: number;
}

export interface CodeTicket {
  /**
   * Runs a sensitive call with a ticket: the one held while it is fresh, else after the person
   * enters an SMS code in the dialog. An answer saying the ticket is no longer valid forgets it,
   * so the next try asks for a new code.
   */
  run<T>(send: (ticket: string) => Promise<T>): Promise<T>;
  /** The dialog; render it once on the screen. */
  dialog: ReactNode;
}

/** Sensitive changes (pay settings, device payment configs, activation) need a checked code. */
export function useCodeTicket(): CodeTicket {
  const [open, setOpen] = useState(false);
  const held = useRef<Held | null>(null);
  const waiter = useRef<{ resolve: (t: string) => void; reject: (e: Error) => void } | null>(null);

  const ensure = useCallback((): Promise<string> => {
    const h = held.current;
    if (h && h.until > Date.now() + 10_000) return Promise.resolve(h.ticket);
    return new Promise<string>((resolve, reject) => {
      waiter.current = { resolve, reject };
      setOpen(true);
    });
  }, []);

  const run = useCallback(
    async <T,>(send: (ticket: string) => Promise<T>): Promise<T> => {
      const ticket = await ensure();
      try {
        return await send(ticket);
      } catch (e) {
        if (e instanceof ApiError && e.code === Errors.CONFIG_TICKET_REQUIRED.code) held.current = null;
        throw e;
      }
    },
    [ensure],
  );

  const dialog = (
    <CodeDialog
      open={open}
      onCancel={() => {
        setOpen(false);
        waiter.current?.reject(new CodeCancelled());
        waiter.current = null;
      }}
      onVerified={(ticket, seconds) => {
        held.current = { ticket, until: Date.now() + seconds * 1000 };
        setOpen(false);
        waiter.current?.resolve(ticket);
        waiter.current = null;
      }}
    />
  );
  return { run, dialog };
}

function CodeDialog({ open, onCancel, onVerified }: { open: boolean; onCancel: () => void; onVerified: (ticket: string, seconds: number) => void }) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const rule = useZodRule();
  const countdown = useCountdown();
  const [form] = Form.useForm<{ code: string }>();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const send = useMutation({
    mutationFn: () => request('configSendCode'),
    onSuccess: (sent) => {
      countdown.start(sent.resendSeconds);
      setSentTo(sent.maskedMobile);
      void message.success(t('config.code.sent', { mobile: sent.maskedMobile }));
    },
  });
  const check = useMutation({
    mutationFn: (code: string) => request('configCheckCode', { body: { code } }),
    onSuccess: ({ ticket, expireSeconds }) => {
      form.resetFields();
      onVerified(ticket, expireSeconds);
    },
  });

  const submit = async () => {
    const { code } = await form.validateFields().catch(() => ({ code: undefined }));
    if (code) check.mutate(code);
  };

  return (
    <Modal
      open={open}
      title={t('config.code.title')}
      onCancel={onCancel}
      onOk={() => void submit()}
      okText={t('config.code.confirm')}
      confirmLoading={check.isPending}
      destroyOnHidden
      width={440}
    >
      <Typography.Paragraph type="secondary">{sentTo ? t('config.code.sentTo', { mobile: sentTo }) : t('config.code.explain')}</Typography.Paragraph>
      <Form form={form} name="configCode" layout="vertical" onFinish={() => void submit()}>
        <Form.Item label={t('config.code.label')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={[rule(configCheckCodeRequest.shape.code, t('config.code.label'))]}>
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder={t('config.code.placeholder')} aria-label={t('config.code.label')} />
            </Form.Item>
            <Button disabled={countdown.running} loading={send.isPending} onClick={() => send.mutate()}>
              {countdown.running ? t('config.code.resendIn', { seconds: countdown.seconds }) : t('config.code.send')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Modal>
  );
}
