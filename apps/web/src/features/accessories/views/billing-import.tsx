import { useState } from 'react';
import { App, Button, Card, Col, Row, Space, Statistic, Table, Typography, Upload, type UploadProps } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BILLING_FILE_MAX_BYTES, type BillingImportReport } from '@cbo/contract';
import { callKey } from '@/shared/list-page';
import { ApiError, downloadFile, request } from '@/shared/request';

/** Code of an answer that carries the report of a partly failed batch in `data`. */
const PARTIAL = -100;
// Only what the server reads (exceljs reads xlsx; a legacy .xls is refused): the picker offers xlsx alone and says so.
const EXTENSIONS = ['.xlsx'];

function reportOf(e: unknown): BillingImportReport | null {
  if (!(e instanceof ApiError) || e.code !== PARTIAL) return null;
  const data = e.response?.data as BillingImportReport | null | undefined;
  return data && Array.isArray(data.failures) ? data : null;
}

/** Fetches the template in the console's language (a plain link would carry the browser's) and saves it. */
const downloadTemplate = () => downloadFile('billingTemplate', undefined, 'billing-template.xlsx', { silent: true });

/**
 * Device management → device billing batch update (menu url accessories/billing-import): download
 * the template, fill in each Bluetooth charger's hourly price, daily cap and prepayment, upload it
 * (xls or xlsx, up to 1 MB) and read the report: what was applied and why each other row was not.
 */
export default function BillingImportView() {
  const { t } = useTranslation('accessories');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [report, setReport] = useState<BillingImportReport | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return request('billingImport', { body });
    },
    onSuccess: (r) => setReport(r),
    onError: (e) => setReport(reportOf(e)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: callKey('bluetoothQueryPage') }),
  });

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!EXTENSIONS.some((x) => file.name.toLowerCase().endsWith(x))) {
      void message.error(t('billing.wrongType'));
      return Upload.LIST_IGNORE;
    }
    if (file.size > BILLING_FILE_MAX_BYTES) {
      void message.error(t('billing.tooLarge'));
      return Upload.LIST_IGNORE;
    }
    setReport(null);
    upload.mutate(file as File);
    return false;
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('billing.title')}>
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Paragraph style={{ marginBottom: 0 }}>{t('billing.intro')}</Typography.Paragraph>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void downloadTemplate().catch(() => message.error(t('billing.templateFailed')))}
          >
            {t('billing.template')}
          </Button>
          <Upload.Dragger
            accept={EXTENSIONS.join(',')}
            showUploadList={false}
            beforeUpload={beforeUpload}
            disabled={upload.isPending}
            maxCount={1}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{upload.isPending ? t('billing.uploading') : t('billing.drop')}</p>
            <p className="ant-upload-hint">{t('billing.hint')}</p>
          </Upload.Dragger>
        </Space>
      </Card>
      {report && (
        <Card title={t('billing.report')} data-testid="billing-report">
          <Row gutter={16}>
            <Col xs={8}>
              <Statistic title={t('billing.total')} value={report.total} />
            </Col>
            <Col xs={8}>
              <Statistic title={t('billing.successes')} value={report.successes} valueStyle={{ color: '#3f8600' }} />
            </Col>
            <Col xs={8}>
              <Statistic
                title={t('billing.failures')}
                value={report.failures.length}
                valueStyle={{ color: report.failures.length ? '#cf1322' : undefined }}
              />
            </Col>
          </Row>
          {report.failures.length > 0 && (
            <Table
              style={{ marginTop: 16 }}
              size="small"
              rowKey="row"
              dataSource={report.failures}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              scroll={{ x: 520 }}
              columns={[
                { title: t('billing.row'), dataIndex: 'row', width: 70 },
                { title: t('device.id'), dataIndex: 'id', width: 190 },
                { title: t('billing.reason'), dataIndex: 'reason' },
              ]}
            />
          )}
        </Card>
      )}
    </Space>
  );
}
