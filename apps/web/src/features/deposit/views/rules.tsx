import { useMemo } from 'react';
import { Button, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  DEPOSIT_RULE_SCOPES,
  DEPOSIT_RULE_STATUSES,
  PERMS,
  depositRuleSave,
  fieldName,
  type DepositRuleItem,
} from '@cbo/contract';
import { request } from '@/shared/request';
import { useButtons } from '@/shared/permission';
import { useLang, useZodRule } from '@/shared/form';
import { doneText } from '@/shared/feedback';
import {
  AddButton,
  FormDrawer,
  ListPage,
  optionsOf,
  useOverlay,
  useRowAction,
  type ColumnsOf,
  type FiltersOf,
  timeColumn,
} from '@/shared/list-page';
import { ruleCountsProblem } from '../components/deposit-logic';
import { AgentSelect, OutletSelect } from '@/shared/search-select';
import { RuleStatusTag, useDepositWords } from '../components/deposit-words';

type Values = z.input<typeof depositRuleSave>;

/**
 * Order management → deposit rules (menu url deposit/rules): who may rent deposit-free, for the
 * platform, one agent or one outlet; created and edited in a drawer, enabled and disabled (asked
 * first when disabling).
 */
export default function DepositRulesView() {
  const { t } = useTranslation(['deposit', 'kit']);
  const w = useDepositWords();
  const lang = useLang();
  const rule = useZodRule();
  const buttons = useButtons();
  const canEdit = buttons.has(PERMS.depositRuleEdit);
  const canToggle = buttons.has(PERMS.depositRuleStatus);
  const edit = useOverlay<DepositRuleItem>();
  const [form] = Form.useForm<Values>();
  const scope = Form.useWatch('scope', form);
  const n = Form.useWatch('depositOrderCount', form);
  const m = Form.useWatch('depositFreeOrderCount', form);
  const toggle = useRowAction<DepositRuleItem, DepositRuleItem>({
    confirm: (row) =>
      row.status === 'enabled'
        ? { title: t('rules.disableConfirm', { name: row.name }), content: t('rules.disableHint'), danger: true }
        : null,
    call: (row) =>
      request('depositRuleEditStatus', {
        query: { id: row.id, status: row.status === 'enabled' ? 'disabled' : 'enabled' },
      }),
    success: (r) => (r.status === 'enabled' ? t('rules.enabled') : t('rules.disabled')),
    invalidates: ['depositRuleList'],
  });

  const filters = useMemo<FiltersOf<'depositRuleList'>>(
    () => [
      { type: 'text', name: 'name', label: t('rules.name'), maxLength: 32 },
      { type: 'select', name: 'scope', label: t('rules.scope'), options: optionsOf(DEPOSIT_RULE_SCOPES, w.scope) },
      {
        type: 'select',
        name: 'status',
        label: t('rules.status'),
        options: optionsOf(DEPOSIT_RULE_STATUSES, w.ruleStatus),
      },
    ],
    [t, w],
  );
  const columns = useMemo<ColumnsOf<'depositRuleList'>>(
    () => [
      { title: t('rules.name'), dataIndex: 'name', key: 'name', fixed: 'left', width: 180, ellipsis: true },
      {
        title: t('rules.status'),
        dataIndex: 'status',
        key: 'status',
        width: 100,
        render: (v: DepositRuleItem['status']) => <RuleStatusTag status={v} />,
      },
      {
        title: t('rules.scope'),
        dataIndex: 'scope',
        key: 'scope',
        width: 110,
        render: (v: DepositRuleItem['scope']) => w.scope(v),
      },
      {
        title: t('rules.target'),
        dataIndex: 'scopeName',
        key: 'scopeName',
        width: 160,
        ellipsis: true,
        render: (v: string | null) => v ?? '-',
      },
      {
        title: fieldName('depositOrderCount', lang),
        dataIndex: 'depositOrderCount',
        key: 'depositOrderCount',
        width: 130,
        align: 'right',
      },
      {
        title: fieldName('depositFreeOrderCount', lang),
        dataIndex: 'depositFreeOrderCount',
        key: 'depositFreeOrderCount',
        width: 150,
        align: 'right',
      },
      timeColumn(t('rules.updateTime'), { dataIndex: 'updateTime' }),
      {
        title: t('rules.creator'),
        dataIndex: 'creator',
        key: 'creator',
        width: 120,
        defaultHidden: true,
        render: (v: string | null) => v ?? '-',
      },
      ...(canEdit || canToggle
        ? [
            {
              title: t('kit:actions'),
              key: 'actions',
              fixed: 'right' as const,
              width: 140,
              render: (_: unknown, row: DepositRuleItem) => (
                <Space size={0}>
                  {canEdit && (
                    <Button type="link" size="small" onClick={() => edit.show(row)}>
                      {t('rules.edit')}
                    </Button>
                  )}
                  {canToggle && (
                    <Button type="link" size="small" danger={row.status === 'enabled'} onClick={() => toggle.run(row)}>
                      {row.status === 'enabled' ? t('rules.disable') : t('rules.enable')}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]
        : []),
    ],
    [t, w, lang, canEdit, canToggle, edit, toggle.run],
  );

  const r = edit.record;
  const countsProblem = ruleCountsProblem(n, m, lang);
  return (
    <ListPage
      listCall="depositRuleList"
      rowKey="id"
      title={t('rules.title')}
      filters={filters}
      columns={columns}
      emptyText={t('rules.empty')}
      toolbar={
        <AddButton perm={PERMS.depositRuleEdit} onClick={() => edit.show()}>
          {t('rules.add')}
        </AddButton>
      }
    >
      <FormDrawer<Values>
        open={edit.open}
        form={form}
        name="depositRule"
        title={r ? t('rules.editTitle', { name: r.name }) : t('rules.addTitle')}
        onClose={edit.hide}
        initialValues={
          r
            ? {
                name: r.name,
                scope: r.scope,
                agentId: r.agentId,
                outletId: r.outletId,
                depositOrderCount: r.depositOrderCount,
                depositFreeOrderCount: r.depositFreeOrderCount,
                status: r.status,
              }
            : { scope: 'platform', depositOrderCount: 1, depositFreeOrderCount: 1, status: 'enabled' }
        }
        invalidates={['depositRuleList']}
        successMessage={doneText('saved')}
        onSubmit={(v) =>
          request('depositRuleSave', {
            body: {
              ...v,
              id: r?.id,
              agentId: v.scope === 'agent' ? v.agentId : null,
              outletId: v.scope === 'outlet' ? v.outletId : null,
            },
          })
        }
      >
        <Form.Item name="name" label={t('rules.name')} rules={[rule(depositRuleSave.shape.name, t('rules.name'))]}>
          <Input maxLength={32} showCount />
        </Form.Item>
        <Form.Item name="scope" label={t('rules.scope')} rules={[rule(depositRuleSave.shape.scope, t('rules.scope'))]}>
          <Select options={optionsOf(DEPOSIT_RULE_SCOPES, w.scope)} />
        </Form.Item>
        {scope === 'agent' && (
          <Form.Item
            name="agentId"
            label={t('rules.agent')}
            rules={[rule(depositRuleSave.shape.agentId.unwrap().unwrap(), t('rules.agent'))]}
          >
            <AgentSelect placeholder={t('rules.agent')} />
          </Form.Item>
        )}
        {scope === 'outlet' && (
          <Form.Item
            name="outletId"
            label={t('rules.outlet')}
            rules={[rule(depositRuleSave.shape.outletId.unwrap().unwrap(), t('rules.outlet'))]}
          >
            <OutletSelect placeholder={t('rules.outlet')} />
          </Form.Item>
        )}
        <Form.Item
          name="depositOrderCount"
          label={fieldName('depositOrderCount', lang)}
          rules={[rule(depositRuleSave.shape.depositOrderCount, fieldName('depositOrderCount', lang))]}
        >
          <InputNumber style={{ width: '100%' }} min={1} max={9999} precision={0} />
        </Form.Item>
        <Form.Item
          name="depositFreeOrderCount"
          label={fieldName('depositFreeOrderCount', lang)}
          dependencies={['depositOrderCount']}
          validateStatus={countsProblem ? 'error' : undefined}
          help={countsProblem ?? undefined}
          rules={[
            rule(depositRuleSave.shape.depositFreeOrderCount, fieldName('depositFreeOrderCount', lang)),
            {
              validator: async () => {
                if (countsProblem) throw new Error(countsProblem);
              },
            },
          ]}
        >
          <InputNumber style={{ width: '100%' }} min={0} max={9999} precision={0} />
        </Form.Item>
        {n != null && m != null && !countsProblem && (
          <Typography.Paragraph type="secondary">{t('rules.countsHint', { n, m })}</Typography.Paragraph>
        )}
        <Form.Item name="status" label={t('rules.status')}>
          <Select options={optionsOf(DEPOSIT_RULE_STATUSES, w.ruleStatus)} />
        </Form.Item>
      </FormDrawer>
    </ListPage>
  );
}
