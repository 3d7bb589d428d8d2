import { useEffect } from 'react';
import { Alert, App, Button, Card, Col, Form, Row, Skeleton, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMS, RANGE_KEYS, rangeConfig, type RangeConfig } from '@cbo/contract';
import { request } from '@/shared/request';
import { callKey } from '@/shared/list-page';
import { useButtons } from '@/shared/permission';
import { MoneyInput } from '@/shared/money-input';
import { toInput, useSchemaRule } from '../components/schema-rule';
import { doneText } from '@/shared/feedback';

/** Range settings live beside the system configuration; its button permissions are held there. */
const CONFIG_PATH = '/system/config';

/**
 * /setRnge (hidden, a fixed route with its own tab): the bounds within which agents and
 * outlets set their billing (hourly price, daily cap, deposit, cable package amounts). The
 * system configuration's own values must lie inside them; the server refuses a range that
 * would leave one outside.
 */
export default function SetRangeView() {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useButtons(CONFIG_PATH).has(PERMS.configRange);
  const [form] = Form.useForm<RangeConfig>();
  const rule = useSchemaRule(form, rangeConfig);
  const { data } = useQuery({ queryKey: callKey('configRange'), queryFn: () => request('configRange') });
  // Saved outlet rules a tightened range leaves outside: they bill as saved until their next edit, which must fit.
  const outside = useQuery({ queryKey: callKey('outletOutsideRange'), queryFn: () => request('outletOutsideRange') });
  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [data, form]);
  const save = useMutation({
    mutationFn: (v: RangeConfig) => request('configSaveRange', { body: v }),
    onSuccess: async () => {
      void message.success(doneText('saved'));
      await queryClient.invalidateQueries({ queryKey: callKey('configRange') });
      await queryClient.invalidateQueries({ queryKey: callKey('outletOutsideRange') });
    },
  });

  return (
    <Card title={t('config.range.title')}>
      <Typography.Paragraph type="secondary">{t('config.range.explain')}</Typography.Paragraph>
      {outside.data && outside.data.total > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('config.range.outside', { count: outside.data.total })}
          description={t('config.range.outsideDetail', {
            hourly: outside.data.hourlyPrice,
            daily: outside.data.dailyCap,
            deposit: outside.data.deposit,
            names: outside.data.sample.map((o) => o.name).join(', '),
          })}
        />
      )}
      {!data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Form
          form={form}
          name="range"
          layout="vertical"
          disabled={!canEdit || save.isPending}
          onFinish={() =>
            void form.validateFields().then(() => save.mutate(toInput<RangeConfig>(form.getFieldsValue(true))))
          }
        >
          {RANGE_KEYS.map((k) => (
            <Row gutter={16} key={k} align="bottom">
              <Col xs={24} md={6}>
                <Typography.Text strong style={{ display: 'block', marginBottom: 24 }}>
                  {t(`config.range.keys.${k}`)}
                </Typography.Text>
              </Col>
              <Col xs={12} md={6}>
                <Form.Item name={[k, 'min']} label={t('config.range.min')} rules={[rule([k, 'min'])]} required>
                  <MoneyInput />
                </Form.Item>
              </Col>
              <Col xs={12} md={6}>
                <Form.Item name={[k, 'max']} label={t('config.range.max')} rules={[rule([k, 'max'])]} required>
                  <MoneyInput />
                </Form.Item>
              </Col>
            </Row>
          ))}
          {canEdit && (
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('config.save')}
            </Button>
          )}
        </Form>
      )}
    </Card>
  );
}
