import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Col,
  Collapse,
  Drawer,
  Form,
  Input,
  Row,
  Segmented,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { ImportOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BATCH_STORAGE_MAX, PERMS, rules, type BatchStorageReport } from '@cbo/contract';
import { useLang, useZodRule, zodRule } from '@/shared/form';
import {
  ListPage,
  callKey,
  formatDateTime,
  useIsMobile,
  type ColumnsOf,
  type FiltersOf,
  timeColumn,
} from '@/shared/list-page';
import { Permit } from '@/shared/permission';
import { ApiError, request } from '@/shared/request';
import { OnlineBadge } from '../components/cabinet-text';
import { parseSnList, rangePreview, snListRule, snRangeEndSchema } from '../components/sn-rules';
import { useLiveCabinetRows } from '../use-fleet-live';

/** Code of an answer that carries a report of a partly failed batch in `data`. */
const PARTIAL = -100;

/**
 * Device management → cabinet batch storage (menu url fleet/batch-storage): the cabinets stocked
 * in, newest first, and stocking in more by a pasted list or an SN range (at most 500). A partly
 * failed batch answers a report: total, successes, and each failure with its reason.
 */
export default function BatchStorageView() {
  const { t } = useTranslation(['fleet', 'kit']);
  const [open, setOpen] = useState(false);
  useLiveCabinetRows();

  const filters = useMemo<FiltersOf<'cabinetQueryPage'>>(
    () => [
      { type: 'text', name: 'sn', label: t('cabinet.sn'), maxLength: 17, placeholder: t('cabinet.snPlaceholder') },
    ],
    [t],
  );
  const columns = useMemo<ColumnsOf<'cabinetQueryPage'>>(
    () => [
      { title: t('cabinet.sn'), dataIndex: 'sn', key: 'sn', width: 200, copyable: true, sortable: true },
      { title: t('cabinet.online'), key: 'online', width: 110, render: (_: unknown, row) => <OnlineBadge row={row} /> },
      timeColumn(t('cabinet.stockedInAt'), { dataIndex: 'stockedInAt', width: 180, sortable: true }),
      {
        title: t('cabinet.registeredAt'),
        dataIndex: 'registeredAt',
        key: 'registeredAt',
        width: 180,
        render: (v: string | null) =>
          v ? formatDateTime(v) : <Typography.Text type="secondary">{t('cabinet.neverConnected')}</Typography.Text>,
      },
      {
        title: t('cabinet.firmware'),
        dataIndex: 'firmwareMain',
        key: 'firmwareMain',
        width: 120,
        render: (v: string | null) => v ?? '-',
      },
    ],
    [t],
  );

  return (
    <ListPage
      listCall="cabinetQueryPage"
      rowKey="sn"
      title={t('storage.title')}
      filters={filters}
      columns={columns}
      defaultSort={{ orderBy: 'stockedInAt', order: 'descend' }}
      toolbar={
        <Permit perm={PERMS.cabinetBatchStorage}>
          <Button type="primary" icon={<ImportOutlined />} onClick={() => setOpen(true)}>
            {t('storage.action')}
          </Button>
        </Permit>
      }
    >
      <StorageDrawer open={open} onClose={() => setOpen(false)} />
    </ListPage>
  );
}

type Mode = 'list' | 'range';
interface StorageForm {
  mode: Mode;
  list?: string;
  start?: string;
  end?: string;
}

/** The report of a batch, whether it all went in (code 0) or partly failed (code -100). */
export function reportOf(result: BatchStorageReport | ApiError): BatchStorageReport | null {
  if (!(result instanceof ApiError)) return result;
  if (result.code !== PARTIAL) return null;
  const data = result.response?.data as BatchStorageReport | null | undefined;
  return data && Array.isArray(data.failed) ? data : null;
}

function StorageDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['fleet', 'kit']);
  const lang = useLang();
  const rule = useZodRule();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<StorageForm>();
  const mode = Form.useWatch('mode', form) ?? 'list';
  const list = Form.useWatch('list', form);
  const start = Form.useWatch('start', form);
  const end = Form.useWatch('end', form);
  const [report, setReport] = useState<BatchStorageReport | null>(null);

  const store = useMutation({
    mutationFn: (body: { sns: string[] } | { start: string; end: string }) => request('cabinetBatchStorage', { body }),
    onSuccess: (r) => setReport(r),
    // -100: the request layer shows nothing and hands over the answer; the report is shown here.
    onError: (e) => {
      const r = e instanceof ApiError ? reportOf(e) : null;
      if (r) setReport(r);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: callKey('cabinetQueryPage') }),
  });

  const count = parseSnList(list).length;
  const preview = rangePreview(start, end);

  const submit = async () => {
    let v: StorageForm;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const body =
      v.mode === 'list'
        ? { sns: parseSnList(v.list) }
        : { start: v.start!.trim().toUpperCase(), end: v.end!.trim().toUpperCase() };
    store.mutate(body);
  };
  const again = () => {
    setReport(null);
    store.reset();
  };
  const close = () => {
    onClose();
    again();
    form.resetFields();
  };

  return (
    <Drawer
      open={open}
      title={t('storage.action')}
      onClose={close}
      size={isMobile ? '100%' : 640}
      destroyOnHidden
      footer={
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          {report ? (
            <>
              <Button onClick={close}>{t('storage.close')}</Button>
              <Button type="primary" onClick={again}>
                {t('storage.more')}
              </Button>
            </>
          ) : (
            <>
              <Button onClick={close}>{t('common:cancel')}</Button>
              <Button type="primary" loading={store.isPending} onClick={() => void submit()}>
                {t('storage.submit')}
              </Button>
            </>
          )}
        </Space>
      }
    >
      {report ? (
        <StorageReport report={report} />
      ) : (
        <Form<StorageForm>
          form={form}
          name="batchStorage"
          layout="vertical"
          initialValues={{ mode: 'list' }}
          disabled={store.isPending}
        >
          <Form.Item name="mode">
            <Segmented<Mode>
              options={[
                { value: 'list', label: t('storage.byList') },
                { value: 'range', label: t('storage.byRange') },
              ]}
            />
          </Form.Item>
          <Alert
            type="info"
            showIcon
            data-testid="one-way-in"
            style={{ marginBottom: 16 }}
            title={t('storage.oneWayIn')}
            action={
              <Link to="/operation/stock" onClick={close}>
                {t('storage.goStock')}
              </Link>
            }
          />
          <Typography.Paragraph type="secondary">{t('storage.rules', { max: BATCH_STORAGE_MAX })}</Typography.Paragraph>
          {mode === 'list' ? (
            <Form.Item
              name="list"
              label={t('storage.list')}
              rules={[snListRule(lang)]}
              extra={t('storage.listCount', { value: count, max: BATCH_STORAGE_MAX })}
              validateDebounce={300}
            >
              <Input.TextArea
                rows={10}
                placeholder={t('storage.listPlaceholder')}
                spellCheck={false}
                style={{ fontFamily: 'monospace' }}
              />
            </Form.Item>
          ) : (
            <Row gutter={12}>
              <Col xs={24} sm={12}>
                <Form.Item name="start" label={t('storage.start')} rules={[rule(rules.cabinetSn, t('storage.start'))]}>
                  <Input placeholder="CHGB000000000001" maxLength={17} spellCheck={false} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="end"
                  label={t('storage.end')}
                  rules={[
                    ({ getFieldValue }) =>
                      zodRule(snRangeEndSchema(getFieldValue('start') as string | undefined), lang, t('storage.end')),
                  ]}
                  dependencies={['start']}
                >
                  <Input placeholder="CHGB000000000100" maxLength={17} spellCheck={false} />
                </Form.Item>
              </Col>
              {preview && (
                <Col span={24}>
                  <Alert type="info" showIcon title={t('storage.rangePreview', preview)} />
                </Col>
              )}
            </Row>
          )}
        </Form>
      )}
    </Drawer>
  );
}

/** Total, successes and failures with their reasons; the stocked SNs folded away. */
export function StorageReport({ report }: { report: BatchStorageReport }) {
  const { t } = useTranslation('fleet');
  const failed = report.failed.length;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="storage-report">
      <Alert
        type={failed === 0 ? 'success' : report.succeeded === 0 ? 'error' : 'warning'}
        showIcon
        title={
          failed === 0
            ? t('storage.allIn', { value: report.succeeded })
            : t('storage.partial', { succeeded: report.succeeded, failed })
        }
      />
      <Row gutter={16}>
        <Col span={8}>
          <Statistic title={t('storage.total')} value={report.total} />
        </Col>
        <Col span={8}>
          <Statistic
            title={t('storage.succeeded')}
            value={report.succeeded}
            styles={{ content: { color: 'var(--ant-color-success)' } }}
          />
        </Col>
        <Col span={8}>
          <Statistic
            title={t('storage.failed')}
            value={failed}
            styles={{ content: failed ? { color: 'var(--ant-color-error)' } : {} }}
          />
        </Col>
      </Row>
      {failed > 0 && (
        <Table
          size="small"
          rowKey={(r) => `${r.sn}-${r.reason}`}
          dataSource={report.failed}
          pagination={report.failed.length > 10 ? { pageSize: 10, size: 'small' } : false}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              key: 'sn',
              title: t('cabinet.sn'),
              dataIndex: 'sn',
              render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
            },
            {
              key: 'reason',
              title: t('storage.reason'),
              dataIndex: 'reason',
              render: (v: string) => <Tag color="error">{t(`storage.reasons.${v}`, { defaultValue: v })}</Tag>,
            },
            { key: 'msg', title: t('storage.message'), dataIndex: 'msg' },
          ]}
        />
      )}
      {report.succeededSns.length > 0 && (
        <Collapse
          size="small"
          items={[
            {
              key: 'ok',
              label: t('storage.succeededList', { value: report.succeededSns.length }),
              children: (
                <Typography.Paragraph copyable={{ text: report.succeededSns.join('\n') }}>
                  {report.succeededSns.join(', ')}
                </Typography.Paragraph>
              ),
            },
          ]}
        />
      )}
    </Space>
  );
}
