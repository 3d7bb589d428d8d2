import { useState } from 'react';
import {
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Space,
  Statistic,
  Table,
  Typography,
  Upload,
  type UploadProps,
} from 'antd';
import { SendOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  COUPON_LIMITS,
  COUPON_MOBILES_FILE_MAX_BYTES,
  couponIssueRequest,
  type CouponIssueReport,
  type CouponSkipReason,
} from '@cbo/contract';
import { request } from '@/shared/request';
import { useZodRule } from '@/shared/form';
import { EmptyState } from '@/shared/empty-state';
import { callKey } from '@/shared/list-page';
import { CouponSelect } from '../components/pickers';
import { useCouponWords } from '../components/coupon-words';

interface IssueForm {
  couponId: number | null;
  mobiles: string;
  perUser: number;
  dailyLimit: number;
}

const lines = (text: string | undefined) =>
  (text ?? '')
    .split(/[\r\n,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Financial management → issue coupons (menu url coupon/issue): a platform coupon sent to
 * customers by mobile, typed or read from an xlsx file; the report says who got it and why each
 * other mobile was skipped (spec 8).
 */
export default function IssueCouponsView() {
  const { t } = useTranslation('coupon');
  const w = useCouponWords();
  const rule = useZodRule();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<IssueForm>();
  const [report, setReport] = useState<CouponIssueReport | null>(null);

  const read = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return request('couponReadMobiles', { body });
    },
    onSuccess: (r) => {
      form.setFieldValue('mobiles', r.mobiles.join('\n'));
      void form.validateFields(['mobiles']);
      void message.success(t('issue.read', { n: r.mobiles.length }));
      if (r.rows > r.mobiles.length) void message.warning(t('issue.readCut', { rows: r.rows }));
    },
  });
  const send = useMutation({
    mutationFn: (v: IssueForm) =>
      request('couponIssue', {
        body: { couponId: v.couponId!, mobiles: lines(v.mobiles), perUser: v.perUser, dailyLimit: v.dailyLimit },
      }),
    onSuccess: (r) => {
      setReport(r);
      void queryClient.invalidateQueries({ queryKey: callKey('couponQueryPage') });
      void queryClient.invalidateQueries({ queryKey: callKey('userCouponQueryPage') });
    },
  });

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!file.name.toLowerCase().endsWith('.xlsx')) {
      void message.error(t('issue.wrongType'));
      return Upload.LIST_IGNORE;
    }
    if (file.size > COUPON_MOBILES_FILE_MAX_BYTES) {
      void message.error(t('issue.tooLarge'));
      return Upload.LIST_IGNORE;
    }
    read.mutate(file as File);
    return false;
  };

  const onFinish = (v: IssueForm) => {
    const n = lines(v.mobiles).length;
    modal.confirm({
      title: t('issue.confirm', { n, each: v.perUser }),
      onOk: () => send.mutateAsync(v).catch(() => undefined),
    });
  };

  const S = couponIssueRequest.shape;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('issue.title')}>
        <Typography.Paragraph type="secondary">{t('issue.intro')}</Typography.Paragraph>
        <Form<IssueForm>
          form={form}
          name="couponIssue"
          layout="vertical"
          initialValues={{ perUser: 1, dailyLimit: 1 }}
          onFinish={onFinish}
          style={{ maxWidth: 640 }}
        >
          <Form.Item
            name="couponId"
            label={t('issue.coupon')}
            rules={[{ required: true, message: t('issue.couponPick') }]}
          >
            <CouponSelect source="platform" placeholder={t('issue.couponPick')} />
          </Form.Item>
          <Form.Item
            name="mobiles"
            label={t('issue.mobiles')}
            extra={t('issue.mobilesHint')}
            rules={[
              { required: true, message: t('issue.mobilesRequired') },
              {
                validator: async (_r, v: string | undefined) =>
                  lines(v).length > COUPON_LIMITS.mobiles.max
                    ? Promise.reject(new Error(t('issue.mobilesTooMany')))
                    : undefined,
              },
            ]}
          >
            <Input.TextArea rows={6} placeholder="13800000000" />
          </Form.Item>
          <Upload
            accept=".xlsx"
            showUploadList={false}
            beforeUpload={beforeUpload}
            maxCount={1}
            disabled={read.isPending}
          >
            <Button icon={<UploadOutlined />} loading={read.isPending} style={{ marginBottom: 16 }}>
              {t('issue.upload')}
            </Button>
          </Upload>
          <Space size={16} wrap>
            <Form.Item name="perUser" label={t('issue.perUser')} rules={[rule(S.perUser, t('issue.perUser'))]}>
              <InputNumber
                min={COUPON_LIMITS.perUser.min}
                max={COUPON_LIMITS.perUser.max}
                precision={0}
                style={{ width: 160 }}
              />
            </Form.Item>
            <Form.Item
              name="dailyLimit"
              label={t('issue.dailyLimit')}
              tooltip={t('issue.dailyLimitHint')}
              rules={[rule(S.dailyLimit, t('issue.dailyLimit'))]}
            >
              <InputNumber
                min={COUPON_LIMITS.dailyLimit.min}
                max={COUPON_LIMITS.dailyLimit.max}
                precision={0}
                style={{ width: 160 }}
              />
            </Form.Item>
          </Space>
          <Form.Item style={{ marginBottom: 0 }}>
            <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={send.isPending}>
              {t('issue.send')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      {report && (
        <Card title={t('issue.report')} data-testid="coupon-issue-report">
          <Row gutter={[16, 16]}>
            <Col xs={12} md={6}>
              <Statistic title={t('issue.total')} value={report.total} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('issue.successes')} value={report.successes} valueStyle={{ color: '#52c41a' }} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic
                title={t('issue.failures')}
                value={report.failures}
                valueStyle={report.failures ? { color: '#ff4d4f' } : undefined}
              />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('issue.issued')} value={report.issued} />
            </Col>
          </Row>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('issue.skippedTitle')}
          </Typography.Title>
          <Table
            size="small"
            rowKey={(r, i) => `${r.mobile}-${i}`}
            dataSource={report.skipped}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            locale={{ emptyText: <EmptyState description={t('issue.noneSkipped')} /> }}
            columns={[
              { title: t('issue.mobiles'), dataIndex: 'mobile', key: 'mobile', width: 220 },
              {
                title: t('issue.reason'),
                dataIndex: 'reason',
                key: 'reason',
                width: 220,
                render: (v: CouponSkipReason) => w.skipReason(v),
              },
            ]}
          />
        </Card>
      )}
    </Space>
  );
}
