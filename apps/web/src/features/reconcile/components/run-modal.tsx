import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Alert, App, DatePicker, Form, Modal, Select, Spin, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '@/shared/request';
import { callKey } from '@/shared/list-page';
import { companyName } from './reconcile-words';

interface Values {
  day: Dayjs;
  provider?: string;
}

/**
 * "Run now": a day (yesterday by default, nothing after today) and a company (every one by
 * default), a confirmation saying what a run does, then its progress while the server reads the
 * statement and the books. The server refuses a day that is running already.
 */
export function RunModal({ open, providers, onClose }: { open: boolean; providers: string[]; onClose: () => void }) {
  const { t } = useTranslation('reconcile');
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [running, setRunning] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: (v: { day: string; provider?: string }) => request('reconcileRun', { body: v }),
    onSuccess: async (days) => {
      const open = days.reduce((a, d) => a + d.unexplained, 0);
      void message.success(t('run.done', { count: open }));
      await queryClient.invalidateQueries({ queryKey: callKey('reconcileDayQueryPage') });
      await queryClient.invalidateQueries({ queryKey: callKey('reconcileLineQueryPage') });
      onClose();
    },
    onSettled: () => setRunning(null),
  });

  const submit = async () => {
    const v = await form.validateFields();
    const day = v.day.format('YYYY-MM-DD');
    modal.confirm({
      title: t('run.title'),
      content: t('run.confirm', { day }),
      okText: t('run.ok'),
      onOk: () => {
        setRunning(day);
        run.mutate({ day, provider: v.provider || undefined });
      },
    });
  };

  return (
    <Modal
      open={open}
      title={t('run.title')}
      onCancel={running ? undefined : onClose}
      closable={!running}
      maskClosable={!running}
      onOk={submit}
      okText={t('run.ok')}
      cancelText={t('common:cancel')}
      confirmLoading={run.isPending}
      cancelButtonProps={{ disabled: run.isPending }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="reconcileRun"
        disabled={run.isPending}
        initialValues={{ day: dayjs().subtract(1, 'day'), provider: '' }}
      >
        <Form.Item name="day" label={t('run.day')} rules={[{ required: true }]}>
          <DatePicker
            style={{ width: '100%' }}
            allowClear={false}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            data-testid="reconcile-run-day"
          />
        </Form.Item>
        <Form.Item name="provider" label={t('run.provider')}>
          <Select
            options={[
              { value: '', label: t('run.allProviders') },
              ...providers.map((p) => ({ value: p, label: companyName(t, p) })),
            ]}
          />
        </Form.Item>
      </Form>
      {running && (
        <Alert
          type="info"
          showIcon
          icon={<Spin size="small" />}
          message={<Typography.Text>{t('run.running', { day: running })}</Typography.Text>}
        />
      )}
    </Modal>
  );
}
