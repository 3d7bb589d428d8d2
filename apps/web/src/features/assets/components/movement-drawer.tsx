import { useState } from 'react';
import { Alert, Button, Col, Drawer, Form, Input, Row, Segmented, Select, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_TYPES,
  STOCK_EXCEL_MAX_BYTES,
  STOCK_REASONS,
  validationText,
  type DeviceType,
  type MovementReport,
  type StockReason,
} from '@cbo/contract';
import { useLang } from '@/shared/form';
import { callKey, useIsMobile } from '@/shared/list-page';
import { ApiError, request } from '@/shared/request';
import { idListRule, parseIdList, rangeCount, rangeRule } from './device-ids';
import { MovementReportView, reportOf } from './movement-report';
import { labelOptions, useModelOptions, useWarehouseOptions } from './use-options';

type Mode = 'list' | 'range' | 'excel';
export type MovementKindOfDrawer = 'putIn' | 'takeOut';
interface Values {
  mode: Mode;
  warehouseId?: number;
  reason: StockReason;
  deviceType: DeviceType;
  modelId?: number;
  list?: string;
  startId?: string;
  endId?: string;
}

/**
 * Put in or take out devices: by a pasted list, an ID range or an xlsx file (first column of the
 * first sheet, at most 500 KB). The answer is a report: total, successes, and each failure with
 * its reason; what moved stays moved.
 */
export function MovementDrawer({
  kind,
  open,
  onClose,
}: {
  kind: MovementKindOfDrawer;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['assets', 'common']);
  const lang = useLang();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const mode = Form.useWatch('mode', form) ?? 'list';
  const deviceType = Form.useWatch('deviceType', form);
  const startId = Form.useWatch('startId', form);
  const endId = Form.useWatch('endId', form);
  const list = Form.useWatch('list', form);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [report, setReport] = useState<MovementReport | null>(null);
  const warehouses = useWarehouseOptions();
  const models = useModelOptions(kind === 'putIn' ? (deviceType ?? 'powerBank') : undefined);

  const move = useMutation({
    mutationFn: async (v: Values): Promise<MovementReport> => {
      const devices =
        v.mode === 'list'
          ? { ids: parseIdList(v.list) }
          : { startId: v.startId!.trim().toUpperCase(), endId: v.endId!.trim().toUpperCase() };
      if (kind === 'putIn') {
        const base = { warehouseId: v.warehouseId!, reason: v.reason, deviceType: v.deviceType, modelId: v.modelId };
        if (v.mode !== 'excel') return request('stockPutIn', { body: { ...base, ...devices } });
        return request('stockPutInExcel', { query: base, body: formOf(file!) });
      }
      const base = { reason: v.reason, warehouseId: v.warehouseId };
      if (v.mode !== 'excel') return request('stockTakeOut', { body: { ...base, ...devices } });
      return request('stockTakeOutExcel', { query: base, body: formOf(file!) });
    },
    onSuccess: (r) => setReport(r),
    // -100: the request layer shows nothing and hands over the answer; the report is shown here.
    onError: (e) => {
      const r = e instanceof ApiError ? reportOf(e) : null;
      if (r) setReport(r);
    },
    onSettled: () => {
      for (const k of ['movementQueryPage', 'warehouseQueryPage', 'assetQueryPage'] as const)
        void queryClient.invalidateQueries({ queryKey: callKey(k) });
    },
  });

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    if (v.mode === 'excel' && !file) return setFileError(t('stock.noFile'));
    move.mutate(v);
  };
  const again = () => {
    setReport(null);
    move.reset();
  };
  const close = () => {
    onClose();
    again();
    setFile(null);
    setFileError(null);
    form.resetFields();
  };
  const count = mode === 'list' ? parseIdList(list).length : mode === 'range' ? rangeCount(startId, endId) : null;
  // The ID rule of the kind being put in (a take-out names any kind: both rules).
  const idRule =
    kind === 'putIn' ? (deviceType === 'cabinet' ? t('stock.cabinetRule') : t('stock.otherRule')) : t('stock.idRule');
  const example = kind === 'putIn' && deviceType === 'cabinet' ? 'ABCD000000000001' : 'ABCD0000000000001';
  const title = kind === 'putIn' ? t('stock.putIn') : t('stock.takeOut');

  return (
    <Drawer
      open={open}
      title={title}
      onClose={close}
      size={isMobile ? '100%' : 600}
      destroyOnHidden
      footer={
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          {report ? (
            <>
              <Button onClick={close}>{t('stock.close')}</Button>
              <Button type="primary" onClick={again}>
                {t('stock.more')}
              </Button>
            </>
          ) : (
            <>
              <Button onClick={close}>{t('common:cancel')}</Button>
              <Button type="primary" loading={move.isPending} onClick={() => void submit()}>
                {t('stock.submit')}
              </Button>
            </>
          )}
        </Space>
      }
    >
      {report ? (
        <MovementReportView report={report} />
      ) : (
        <Form<Values>
          form={form}
          name={`stock-${kind}`}
          layout="vertical"
          initialValues={{
            mode: 'list',
            deviceType: 'powerBank',
            reason: kind === 'putIn' ? 'purchase' : 'maintenance',
          }}
          disabled={move.isPending}
        >
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              <Form.Item
                name="warehouseId"
                label={kind === 'putIn' ? t('common.warehouse') : t('stock.fromWarehouseOnly')}
                rules={kind === 'putIn' ? [{ required: true, message: validationText('required', lang) }] : []}
              >
                <Select
                  options={warehouses}
                  allowClear={kind === 'takeOut'}
                  showSearch={{ optionFilterProp: 'label' }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="reason"
                label={t('common.reason')}
                rules={[{ required: true, message: validationText('required', lang) }]}
              >
                <Select options={labelOptions('stockReason', STOCK_REASONS, lang)} />
              </Form.Item>
            </Col>
            {kind === 'putIn' && (
              <>
                <Col xs={24} sm={12}>
                  <Form.Item
                    name="deviceType"
                    label={t('common.deviceType')}
                    rules={[{ required: true, message: validationText('required', lang) }]}
                  >
                    <Select
                      options={labelOptions('deviceType', DEVICE_TYPES, lang)}
                      onChange={() => form.setFieldValue('modelId', undefined)}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="modelId" label={t('common.model')} extra={t('stock.modelHint')}>
                    <Select options={models} allowClear />
                  </Form.Item>
                </Col>
                {deviceType === 'cabinet' && (
                  <Col span={24}>
                    <Alert
                      type="info"
                      showIcon
                      data-testid="one-way-in"
                      title={t('stock.oneWayIn')}
                      style={{ marginBottom: 16 }}
                    />
                  </Col>
                )}
              </>
            )}
          </Row>
          <Form.Item name="mode" label={t('stock.by')}>
            <Segmented<Mode>
              options={[
                { value: 'list', label: t('stock.byList') },
                { value: 'range', label: t('stock.byRange') },
                { value: 'excel', label: t('stock.byExcel') },
              ]}
            />
          </Form.Item>
          {mode === 'list' && (
            <Form.Item
              name="list"
              label={t('stock.list')}
              rules={[idListRule(lang)]}
              extra={`${t('stock.listHint')} · ${idRule} · ${t('stock.listCount', { count: count ?? 0 })}`}
              validateDebounce={300}
            >
              <Input.TextArea rows={8} spellCheck={false} placeholder={example} style={{ fontFamily: 'monospace' }} />
            </Form.Item>
          )}
          {mode === 'range' && (
            <Row gutter={12}>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="startId"
                  label={t('stock.startId')}
                  rules={[rangeRule(lang, t('stock.startId'), kind === 'putIn' ? deviceType : undefined)]}
                  extra={idRule}
                >
                  <Input maxLength={17} spellCheck={false} placeholder={example} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="endId"
                  label={t('stock.endId')}
                  dependencies={['startId']}
                  rules={[
                    ({ getFieldValue }) =>
                      rangeRule(
                        lang,
                        t('stock.endId'),
                        kind === 'putIn' ? deviceType : undefined,
                        getFieldValue('startId') as string | undefined,
                      ),
                  ]}
                >
                  <Input maxLength={17} spellCheck={false} placeholder={`${example.slice(0, -2)}20`} />
                </Form.Item>
              </Col>
              {count !== null && (
                <Col span={24}>
                  <Alert type="info" showIcon title={t('stock.rangeCount', { count })} />
                </Col>
              )}
            </Row>
          )}
          {mode === 'excel' && (
            <Form.Item
              label={t('stock.file')}
              extra={`${t('stock.fileHint')} ${idRule}`}
              validateStatus={fileError ? 'error' : undefined}
              help={fileError ?? undefined}
            >
              <Upload
                accept=".xlsx"
                maxCount={1}
                beforeUpload={(f) => {
                  setFile(f);
                  // Only xlsx is read: a legacy .xls is named here, before it is sent.
                  const legacy = !f.name.toLowerCase().endsWith('.xlsx');
                  setFileError(
                    legacy
                      ? t('stock.xlsxOnly')
                      : f.size > STOCK_EXCEL_MAX_BYTES
                        ? validationText('tooBig', lang, { max: '500 KB' })
                        : null,
                  );
                  return false;
                }}
                onRemove={() => setFile(null)}
                fileList={file ? [{ uid: '1', name: file.name, status: fileError ? 'error' : 'done' }] : []}
              >
                <Button icon={<UploadOutlined />}>{t('stock.pickFile')}</Button>
              </Upload>
            </Form.Item>
          )}
        </Form>
      )}
    </Drawer>
  );
}

function formOf(file: File): FormData {
  const body = new FormData();
  body.append('file', file);
  return body;
}
