import { useMemo } from 'react';
import { Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  MEMBER_LEVELS,
  MEMBER_LEVEL_DISCOUNT,
  PERMS,
  USER_CLIENT_TYPES,
  memberFreezeReason,
  type MemberItem,
  type MemberLevel,
} from '@cbo/contract';
import { request } from '@/shared/request';
import { useButtons } from '@/shared/permission';
import { CustomerLink, useCustomerHref } from '@/shared/customer-link';
import { useNavigate } from 'react-router';
import { useZodRule } from '@/shared/form';
import { FormModal, ListPage, optionsOf, useOverlay, type ColumnsOf, type FiltersOf } from '@/shared/list-page';
import { SimulatedTag, useNetLabel } from '../components/network-data';
import { RowLinks, useFreezeLink, usePartnerColumns, useUnfreeze } from '../components/partner-kit';
import { useMoney } from '@/shared/money';

/**
 * User management → user info (menu url network/members): the members of the rental apps. Staff
 * freeze one with a reason and unfreeze it; balance, deposit and orders come from the ledger and
 * the orders (0 until those hold anything).
 */
export default function MembersView() {
  const { t } = useTranslation(['network', 'kit']);
  const { money } = useMoney();
  const rule = useZodRule();
  const net = useNetLabel();
  const buttons = useButtons();
  const cols = usePartnerColumns();
  const freezeLink = useFreezeLink();
  const freeze = useOverlay<MemberItem>();
  const level = useOverlay<MemberItem>();
  const customerHref = useCustomerHref();
  const navigate = useNavigate();

  const unfreeze = useUnfreeze<MemberItem>({
    confirmTitle: (row) => t('members.unfreezeConfirm', { name: row.nickname }),
    call: (row) => request('memberUpdateStatus', { body: { id: row.id, status: 0 } }),
    invalidates: ['memberQueryPage'],
  });

  const filters = useMemo<FiltersOf<'memberQueryPage'>>(
    () => [
      { type: 'text', name: 'keyword', label: t('members.keyword'), maxLength: 32 },
      {
        type: 'select',
        name: 'terminal',
        label: t('members.terminal'),
        options: optionsOf(USER_CLIENT_TYPES, net.terminal),
      },
      { type: 'select', name: 'level', label: t('members.level'), options: optionsOf(MEMBER_LEVELS, net.memberLevel) },
      cols.statusFilter,
    ],
    [t, net, cols],
  );

  const columns = useMemo<ColumnsOf<'memberQueryPage'>>(
    () => [
      {
        title: t('common.mobile'),
        key: 'mobile',
        width: 150,
        fixed: 'left',
        render: (_: unknown, r) => <CustomerLink userId={r.id}>{`+${r.areaCode} ${r.mobile}`}</CustomerLink>,
      },
      {
        title: t('members.nickname'),
        dataIndex: 'nickname',
        key: 'nickname',
        render: (v: string, r) => (
          <Space size={4} wrap>
            {v}
            <SimulatedTag simulated={r.simulated} />
          </Space>
        ),
      },
      {
        title: t('members.terminal'),
        dataIndex: 'terminal',
        key: 'terminal',
        defaultHidden: true,
        render: (v: MemberItem['terminal']) => net.terminal(v),
      },
      {
        title: t('members.level'),
        dataIndex: 'level',
        key: 'level',
        defaultHidden: true,
        render: (v: MemberLevel) => <Tag>{net.memberLevel(v)}</Tag>,
      },
      {
        title: t('members.balance'),
        dataIndex: 'balance',
        key: 'balance',
        width: 110,
        align: 'right',
        render: (v: number) => money(v),
      },
      {
        title: t('members.deposit'),
        dataIndex: 'deposit',
        key: 'deposit',
        width: 110,
        align: 'right',
        render: (v: number) => money(v),
      },
      { title: t('members.orders'), dataIndex: 'orderCount', key: 'orderCount', width: 90, align: 'right' },
      cols.status(100),
      cols.optional(t('members.freezeReason'), 'freezeReason'),
      cols.createTime(t('members.registered')),
      {
        title: t('kit:actions'),
        key: 'actions',
        fixed: 'right',
        // Details, level and freeze side by side in English.
        width: 230,
        render: (_: unknown, row) => {
          const href = customerHref(row.id);
          return (
            <RowLinks
              links={[
                { label: t('members.details'), onClick: href ? () => void navigate(href) : undefined },
                {
                  label: t('members.changeLevel'),
                  onClick: buttons.has(PERMS.memberLevel) ? () => level.show(row) : undefined,
                },
                freezeLink(
                  buttons.has(PERMS.memberStatus),
                  row.status,
                  () => freeze.show(row),
                  () => unfreeze.run(row),
                ),
              ]}
            />
          );
        },
      },
    ],
    [t, net, cols, freezeLink, buttons.has, freeze.show, unfreeze.run, level.show, customerHref, navigate, money],
  );

  return (
    <ListPage
      listCall="memberQueryPage"
      rowKey="id"
      title={t('members.title')}
      filters={filters}
      columns={columns}
      exportCall="memberExport"
      exportPerm={PERMS.memberExport}
    >
      <FormModal<{ reason: string }>
        open={freeze.open}
        title={t('members.freezeTitle', { name: freeze.record?.nickname ?? '' })}
        onClose={freeze.hide}
        onSubmit={(v) =>
          request('memberUpdateStatus', { body: { id: freeze.record!.id, status: 1, reason: v.reason } })
        }
        invalidates={['memberQueryPage']}
        successMessage={t('common.frozen')}
      >
        <Typography.Paragraph type="secondary">{t('members.freezeHint')}</Typography.Paragraph>
        <Form.Item name="reason" label={t('common.reason')} rules={[rule(memberFreezeReason, t('common.reason'))]}>
          <Input maxLength={32} showCount />
        </Form.Item>
      </FormModal>
      <FormModal<{ level: MemberLevel }>
        open={level.open}
        title={t('members.levelTitle', { name: level.record?.nickname ?? '' })}
        onClose={level.hide}
        initialValues={level.record ? { level: level.record.level } : undefined}
        onSubmit={(v) => request('memberUpdateLevel', { body: { id: level.record!.id, level: v.level } })}
        invalidates={['memberQueryPage']}
        successMessage={t('members.levelSaved')}
      >
        <Typography.Paragraph type="secondary">
          {t('members.levelHint', {
            a: MEMBER_LEVEL_DISCOUNT.A,
            b: MEMBER_LEVEL_DISCOUNT.B,
            c: MEMBER_LEVEL_DISCOUNT.C,
          })}
        </Typography.Paragraph>
        <Form.Item name="level" label={t('members.level')} rules={[{ required: true }]}>
          <Select options={optionsOf(MEMBER_LEVELS, net.memberLevel)} />
        </Form.Item>
      </FormModal>
    </ListPage>
  );
}
