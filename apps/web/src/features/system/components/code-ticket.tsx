import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, App, Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { configCheckCodeRequest, Errors } from '@cbo/contract';
import { handleApiError } from '@/shared/errors';
import { ApiError, request } from '@/shared/request';
import { callKey } from '@/shared/list-page';
import { submitWithFieldErrors, useCountdown, useZodRule } from '@/shared/form';
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

/** Where a mobile is bound to the own account (the personal center's mobile tab). */
export const PERSONAL_CENTER_MOBILE = '/my/my?tab=mobile';

function CodeDialog({
  open,
  onCancel,
  onVerified,
}: {
  open: boolean;
  onCancel: () => void;
  onVerified: (ticket: string, seconds: number) => void;
}) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const rule = useZodRule();
  const countdown = useCountdown();
  const [form] = Form.useForm<{ code: string }>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [refusedNoMobile, setRefusedNoMobile] = useState(false);
  // Asked afresh each time it opens: the person may have bound a mobile in between.
  useEffect(() => {
    if (!open) setRefusedNoMobile(false);
  }, [open]);

  // Codes go to the system's code mobile when one is set, else to the account's own mobile. With
  // neither (the first administrator has none) the dialog says so before anyone presses "send".
  const user = useQuery({
    queryKey: callKey('userInfo'),
    queryFn: ({ signal }) => request('userInfo', {}, { signal }),
    enabled: open,
  });
  const sys = useQuery({ queryKey: callKey('configSys'), queryFn: () => request('configSys'), enabled: open });
  const noMobile =
    refusedNoMobile || (user.data !== undefined && !user.data.mobile && sys.data !== undefined && !sys.data.codeMobile);

  const send = useMutation({
    // Silent: "no mobile" is answered inside the dialog, with the way to add one; the rest as usual.
    mutationFn: () => request('configSendCode', {}, { silent: true }),
    onSuccess: (sent) => {
      countdown.start(sent.resendSeconds);
      setSentTo(sent.maskedMobile);
      void message.success(t('config.code.sent', { mobile: sent.maskedMobile }));
    },
    onError: (e) => {
      if (e instanceof ApiError && e.code === Errors.NO_MOBILE.code) setRefusedNoMobile(true);
      else if (e instanceof ApiError) handleApiError(e);
    },
  });
  const goBind = () => {
    onCancel();
    void navigate(PERSONAL_CENTER_MOBILE);
  };
  const check = useMutation({
    // A wrong code is said under the code field.
    mutationFn: (code: string) => submitWithFieldErrors(form, () => request('configCheckCode', { body: { code } })),
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
      {noMobile ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="code-no-mobile"
          title={t('config.code.noMobile')}
          description={
            <>
              <Typography.Paragraph style={{ marginBottom: 8 }}>{t('config.code.noMobileHow')}</Typography.Paragraph>
              <Button size="small" type="primary" onClick={goBind}>
                {t('config.code.bindMobile')}
              </Button>
            </>
          }
        />
      ) : (
        <Typography.Paragraph type="secondary">
          {sentTo ? t('config.code.sentTo', { mobile: sentTo }) : t('config.code.explain')}
        </Typography.Paragraph>
      )}
      <Form form={form} name="configCode" layout="vertical" onFinish={() => void submit()}>
        <Form.Item label={t('config.code.label')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={[rule(configCheckCodeRequest.shape.code, t('config.code.label'))]}>
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                placeholder={t('config.code.placeholder')}
                aria-label={t('config.code.label')}
              />
            </Form.Item>
            <Button disabled={countdown.running || noMobile} loading={send.isPending} onClick={() => send.mutate()}>
              {countdown.running ? t('config.code.resendIn', { seconds: countdown.seconds }) : t('config.code.send')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Above a group of sensitive settings: saving asks for an SMS code. Before the first change a new
 * administrator learns where the code goes, and, when neither the account nor the system has a
 * mobile, that one must be bound first (with the way there), instead of learning it from a refusal.
 */
export function SensitiveNotice() {
  const { t } = useTranslation('system');
  const navigate = useNavigate();
  const user = useQuery({
    queryKey: callKey('userInfo'),
    queryFn: ({ signal }) => request('userInfo', {}, { signal }),
  });
  const sys = useQuery({ queryKey: callKey('configSys'), queryFn: () => request('configSys') });
  const noMobile = user.data !== undefined && !user.data.mobile && sys.data !== undefined && !sys.data.codeMobile;
  if (!noMobile) return <Typography.Paragraph type="secondary">{t('config.pay.sensitive')}</Typography.Paragraph>;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="sensitive-no-mobile"
      title={t('config.pay.sensitiveNoMobile')}
      action={
        <Button size="small" onClick={() => void navigate(PERSONAL_CENTER_MOBILE)}>
          {t('config.code.bindMobile')}
        </Button>
      }
    />
  );
}
