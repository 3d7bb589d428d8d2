import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Form, Input, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { memberFreezeReason, PERMS, type MemberDetail } from '@cbo/contract';
import { request } from '@/shared/request';
import { useButtons } from '@/shared/permission';
import { useZodRule } from '@/shared/form';
import { useMoney } from '@/shared/money';
import { FormModal, formatDateTime, useRowAction } from '@/shared/list-page';
import { SimulatedTag, StatusTag, useNetLabel } from './network-data';

/** The customer's header: who they are, what the books hold for them, and freeze or unfreeze. */
export function CustomerHeader({ customer: c }: { customer: MemberDetail }) {
  const { t } = useTranslation(['network', 'kit']);
  const net = useNetLabel();
  const { money } = useMoney();
  const buttons = useButtons();
  const rule = useZodRule();
  const [freezing, setFreezing] = useState(false);
  const invalidates = ['memberDetail', 'memberFreezeQueryPage', 'memberQueryPage'] as const;
  const unfreeze = useRowAction<MemberDetail>({
    confirm: (row) => ({ title: t('members.unfreezeConfirm', { name: row.nickname }) }),
    call: (row) => request('memberUpdateStatus', { body: { id: row.id, status: 0 } }),
    success: t('common.unfrozen'),
    invalidates: [...invalidates],
  });
  const last = c.lastFreeze;
  const phone = `+${c.areaCode} ${c.mobile}`;
  const items: { key: string; label: ReactNode; children: ReactNode }[] = [
    {
      key: 'mobile',
      label: t('common.mobile'),
      children: <Typography.Text copyable={{ text: phone }}>{phone}</Typography.Text>,
    },
    { key: 'registered', label: t('members.registered'), children: formatDateTime(c.createTime) },
    { key: 'terminal', label: t('members.terminal'), children: net.terminal(c.terminal) },
    { key: 'level', label: t('members.level'), children: <Tag>{net.memberLevel(c.level)}</Tag> },
    { key: 'status', label: t('common.status'), children: <StatusTag status={c.status} reason={c.freezeReason} /> },
    {
      key: 'balance',
      label: t('members.balance'),
      children: <Typography.Text strong>{money(c.balance)}</Typography.Text>,
    },
    {
      key: 'deposit',
      label: t('customer.depositHeld'),
      children: <Typography.Text strong>{money(c.deposit)}</Typography.Text>,
    },
    { key: 'orders', label: t('customer.orderCount'), children: c.orderCount },
    {
      key: 'lastSignIn',
      label: t('customer.lastSignIn'),
      children: c.lastSignInTime ? formatDateTime(c.lastSignInTime) : t('customer.never'),
    },
    {
      key: 'lastFreeze',
      label: t('customer.lastFreeze'),
      children: last
        ? t(last.status === 1 ? 'customer.frozenBy' : 'customer.unfrozenBy', {
            name: last.operatorName ?? '-',
            time: formatDateTime(last.time),
          }) + (last.reason ? ` · ${last.reason}` : '')
        : '-',
    },
  ];
  return (
    <Card size="small">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Space size={8} wrap>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="customer-title">
            {c.nickname}
          </Typography.Title>
          <SimulatedTag simulated={c.simulated} />
        </Space>
        {buttons.has(PERMS.memberStatus) &&
          (c.status === 0 ? (
            <Button danger onClick={() => setFreezing(true)}>
              {t('common.freeze')}
            </Button>
          ) : (
            <Button onClick={() => unfreeze.run(c)}>{t('common.unfreeze')}</Button>
          ))}
      </Flex>
      {c.duplicateOf !== null && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('customer.duplicateOf', { id: c.duplicateOf })}
        />
      )}
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3, xxl: 5 }} items={items} />
      <FormModal<{ reason: string }>
        open={freezing}
        title={t('members.freezeTitle', { name: c.nickname })}
        onClose={() => setFreezing(false)}
        onSubmit={(v) => request('memberUpdateStatus', { body: { id: c.id, status: 1, reason: v.reason } })}
        invalidates={[...invalidates]}
        successMessage={t('common.frozen')}
      >
        <Typography.Paragraph type="secondary">{t('members.freezeHint')}</Typography.Paragraph>
        <Form.Item name="reason" label={t('common.reason')} rules={[rule(memberFreezeReason, t('common.reason'))]}>
          <Input maxLength={32} showCount />
        </Form.Item>
      </FormModal>
    </Card>
  );
}
