import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Table, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IGNORE_BATCH_MAX, type IgnoreBatchReport } from '@cbo/contract';
import { callKey } from '@/shared/list-page';
import { ApiError, request } from '@/shared/request';

/** Code of an answer that carries the report of a partly skipped batch in `data`. */
const PARTIAL = -100;

/** Phone numbers in pasted or uploaded text: one per line, or separated by commas or semicolons. */
export function phonesIn(text: string): string[] {
  return text
    .split(/[\r\n,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Exempting customers by phone number in a batch (spec 8): paste the numbers or read them from a
 * text or CSV file (one per line); the report says how many were added and which lines were
 * skipped, and why (not a phone, no such customer, already exempt, ambiguous, repeated).
 */
export function IgnoreBatchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('deposit');
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [remark, setRemark] = useState('');
  const [report, setReport] = useState<IgnoreBatchReport | null>(null);
  const phones = phonesIn(text);
  const send = useMutation({
    mutationFn: () => request('depositIgnoreBatch', { body: { phones, remark: remark.trim() || undefined } }),
    onSuccess: (r) => setReport(r),
    onError: (e) => {
      if (e instanceof ApiError && e.code === PARTIAL && e.response?.data)
        setReport(e.response.data as IgnoreBatchReport);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: callKey('depositIgnoreList') }),
  });
  const close = () => {
    setText('');
    setRemark('');
    setReport(null);
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t('ignoreBatch.title')}
      onCancel={close}
      width={640}
      footer={
        report ? (
          <Button type="primary" onClick={close}>
            {t('ignoreBatch.done')}
          </Button>
        ) : (
          <Space>
            <Button onClick={close}>{t('ignoreBatch.cancel')}</Button>
            <Button
              type="primary"
              loading={send.isPending}
              disabled={!phones.length || phones.length > IGNORE_BATCH_MAX}
              onClick={() => send.mutate()}
            >
              {t('ignoreBatch.submit', { count: phones.length })}
            </Button>
          </Space>
        )
      }
    >
      {report ? (
        <>
          <Alert
            type={report.failed.length ? 'warning' : 'success'}
            showIcon
            style={{ marginBottom: 12 }}
            message={t('ignoreBatch.summary', {
              total: report.total,
              succeeded: report.succeeded,
              failed: report.failed.length,
            })}
          />
          {report.failed.length > 0 && (
            <Table
              size="small"
              rowKey={(r) => `${r.phone}-${r.reason}`}
              pagination={report.failed.length > 10 ? { pageSize: 10 } : false}
              dataSource={report.failed}
              columns={[
                { title: t('ignoreBatch.phone'), dataIndex: 'phone', key: 'phone' },
                { title: t('ignoreBatch.reason'), dataIndex: 'msg', key: 'msg' },
              ]}
            />
          )}
        </>
      ) : (
        <Form layout="vertical">
          <Form.Item label={t('ignoreBatch.phones')} extra={t('ignoreBatch.hint', { max: IGNORE_BATCH_MAX })}>
            <Input.TextArea
              rows={8}
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={'+86 13800000000\n13900000000'}
            />
          </Form.Item>
          <Form.Item>
            <Upload
              accept=".txt,.csv"
              showUploadList={false}
              beforeUpload={(file) => {
                void file.text().then((v) => setText((old) => (old.trim() ? `${old.trim()}\n${v}` : v)));
                return false;
              }}
            >
              <Button icon={<UploadOutlined />}>{t('ignoreBatch.file')}</Button>
            </Upload>
          </Form.Item>
          <Form.Item label={t('ignore.remark')}>
            <Input.TextArea
              rows={2}
              maxLength={64}
              showCount
              value={remark}
              onChange={(e) => setRemark(e.target.value)}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
