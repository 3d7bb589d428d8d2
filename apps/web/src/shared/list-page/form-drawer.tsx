import { useEffect, useId, useRef, type ReactNode } from 'react';
import { App, Button, Drawer, Form, Modal, Space, type FormInstance } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CallName } from '@cbo/contract';
import { submitWithFieldErrors } from '../form/field-errors';
import { doneText } from '../feedback';
import { callKey } from './call-key';
import { useIsMobile } from './use-viewport';

export interface FormOverlayProps<V> {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  /** Values the form opens with (the record for edit); applied each time it opens. */
  initialValues?: Partial<V>;
  /**
   * Sends the form; a rejection keeps the form open. A refusal about one of the form's fields is
   * shown under that field (shared/form/field-errors.ts), any other was already shown centrally.
   */
  onSubmit: (values: V) => Promise<unknown>;
  /** Calls whose cached answers are stale after a save, usually the list call. */
  invalidates?: CallName[];
  /** Shown after a save; the default is the one "Saved" wording (doneText). False shows nothing. */
  successMessage?: string | false;
  /** Form.Items. */
  children: ReactNode;
  /** A form instance of the screen's own (to watch fields); one is created otherwise. */
  form?: FormInstance<V>;
  width?: number;
  /** Prefixes the fields' ids, so a label never points at a filter field of the same name. */
  name?: string;
  /** The submit button's words when "Save" does not say what it does ("Apply for refund"). */
  okText?: string;
}

/**
 * Create and edit forms of a list screen, in a drawer (`FormDrawer`) or, for a few fields, a
 * modal (`FormModal`). Both validate, submit once at a time, close and refresh the list on
 * success, and stay open on failure.
 */
export function FormDrawer<V extends object>(props: FormOverlayProps<V>) {
  const { t } = useTranslation('kit');
  const isMobile = useIsMobile();
  const { form, submit, saving, formName } = useFormOverlay(props);
  return (
    <Drawer
      open={props.open}
      title={props.title}
      onClose={props.onClose}
      size={isMobile ? '100%' : (props.width ?? 560)}
      destroyOnHidden
      footer={
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={props.onClose}>{t('common:cancel')}</Button>
          <Button type="primary" loading={saving} onClick={submit}>
            {props.okText ?? t('common:save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} name={props.name ?? formName} layout="vertical" onFinish={submit} disabled={saving}>
        {props.children}
      </Form>
    </Drawer>
  );
}

export function FormModal<V extends object>(props: FormOverlayProps<V>) {
  const { t } = useTranslation('kit');
  const { form, submit, saving, formName } = useFormOverlay(props);
  return (
    <Modal
      open={props.open}
      title={props.title}
      onCancel={props.onClose}
      onOk={submit}
      okText={props.okText ?? t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={saving}
      width={props.width ?? 520}
      destroyOnHidden
    >
      <Form form={form} name={props.name ?? formName} layout="vertical" disabled={saving}>
        {props.children}
      </Form>
    </Modal>
  );
}

function useFormOverlay<V extends object>({
  open,
  onClose,
  initialValues,
  onSubmit,
  invalidates,
  successMessage,
  form: given,
}: FormOverlayProps<V>) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [own] = Form.useForm<V>();
  const form = given ?? own;

  // Compared by value: a screen passing a fresh object each render must not wipe what the user
  // typed, while a record that arrives after opening (an edit that loads its detail) still fills.
  // The key only triggers; the values themselves are taken as given (dates stay Dayjs objects).
  const initialKey = JSON.stringify(initialValues ?? null);
  const latestInitial = useRef(initialValues);
  useEffect(() => {
    latestInitial.current = initialValues;
  });
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const values = latestInitial.current;
    if (values) form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
  }, [open, initialKey, form]);

  const mutation = useMutation({
    // A refusal about one of the form's fields (a taken user name) is shown under that field.
    mutationFn: (values: V) => submitWithFieldErrors(form, () => onSubmit(values)),
    onSuccess: async () => {
      if (successMessage !== false) void message.success(successMessage ?? doneText('saved'));
      onClose();
      await Promise.all((invalidates ?? []).map((name) => queryClient.invalidateQueries({ queryKey: callKey(name) })));
    },
  });

  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show what is wrong
    }
    mutation.mutate(values);
  };
  // Field ids are prefixed with the form's own name, so a label points at its own input and not
  // at a filter field of the same name on the screen behind the drawer.
  const formName = `f${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  return { form, submit: () => void submit(), saving: mutation.isPending, formName };
}
