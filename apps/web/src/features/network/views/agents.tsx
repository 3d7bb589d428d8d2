import { useMemo } from 'react';
import { Button, Card, Dropdown, Form, Input, Segmented, Select, Space, Tag, Typography, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  AGENT_LEVELS,
  NET_MIN_WITHDRAWAL_MAX,
  PARENT_LEVEL,
  PERMS,
  agentSaveRequest,
  type AgentItem,
  type AgentLevel,
} from '@cbo/contract';
import { request } from '@/shared/request';
import { useButtons } from '@/shared/permission';
import { useZodRule } from '@/shared/form';
import {
  AddButton,
  FormDrawer,
  FormModal,
  ListPage,
  optionsOf,
  useOverlay,
  type ColumnsOf,
  type FiltersOf,
} from '@/shared/list-page';
import { useMoney } from '@/shared/money';
import { MoneyInput } from '@/shared/money-input';
import { AccountSelect, ImageInput, MobileItem, useNetLabel, useRegionOptions } from '../components/network-data';
import { PartnerTree } from '../components/partner-tree';
import { ChainDrawer } from '../components/agent-chain';
import {
  PasswordItem,
  PercentInput,
  usePartnerColumns,
  usePartnerStatement,
  useUnfreeze,
} from '../components/partner-kit';

interface AgentValues {
  name: string;
  areaCode: string;
  mobile: string;
  password?: string;
  level: AgentLevel;
  parentId?: number | null;
  ratio: number;
  regionId?: number | null;
  /** In cents, whole currency units (the contract's rule). */
  minWithdrawal: number;
  withdrawalFeeRate: number;
  idCard?: string;
  avatar?: string | null;
  remark?: string;
}

const field = agentSaveRequest.shape;

/**
 * Agent management → agent list (menu url network/agents): agents A, B and C with their parent,
 * the ratio each holds, and the chain from the platform down (each level earns the difference).
 */
export default function AgentsView() {
  const { t } = useTranslation(['network', 'kit']);
  const { money } = useMoney();
  const rule = useZodRule();
  const net = useNetLabel();
  const buttons = useButtons();
  const regions = useRegionOptions();
  const edit = useOverlay<AgentItem>();
  const chain = useOverlay<AgentItem>();
  const freeze = useOverlay<AgentItem>();
  const [form] = Form.useForm<AgentValues>();
  const level = Form.useWatch('level', form);
  // The list, the tree (?view=tree, from an agent's row ?view=tree&root=<id>) and a partner's statement (?statement=agent:<id>) share the screen.
  const [params, setParams] = useSearchParams();
  const statement = usePartnerStatement();
  const cols = usePartnerColumns();
  const treeRoot = Number(params.get('root')) || undefined;
  const view = params.get('view') === 'tree' ? 'tree' : 'list';
  const go = (next: Record<string, string | null>) =>
    setParams((p) => {
      const out = new URLSearchParams(p);
      for (const [k, v] of Object.entries(next)) {
        if (v === null) out.delete(k);
        else out.set(k, v);
      }
      return out;
    });

  const unfreeze = useUnfreeze<AgentItem>({
    confirmTitle: (row) => t('agents.unfreezeConfirm', { name: row.name }),
    call: (row) => request('agentUpdateStatus', { body: { id: row.id, status: 0 } }),
    invalidates: ['agentQueryPage'],
  });

  const filters = useMemo<FiltersOf<'agentQueryPage'>>(
    () => [
      { type: 'text', name: 'name', label: t('agents.keyword'), maxLength: 32 },
      { type: 'select', name: 'level', label: t('agents.level'), options: optionsOf(AGENT_LEVELS, net.level) },
      cols.statusFilter,
      { type: 'select', name: 'regionId', label: t('agents.region'), options: regions },
    ],
    [t, net, cols, regions],
  );

  const columns = useMemo<ColumnsOf<'agentQueryPage'>>(
    () => [
      cols.name(t('agents.name')),
      cols.mobile(),
      {
        title: t('agents.level'),
        dataIndex: 'level',
        key: 'level',
        width: 110,
        render: (v: AgentLevel) => (
          <Tag color={v === 'A' ? 'gold' : v === 'B' ? 'blue' : 'default'}>{net.level(v)}</Tag>
        ),
      },
      cols.optional(t('agents.parent'), 'parentName'),
      cols.ratio(t('agents.ratio')),
      {
        title: t('agents.region'),
        dataIndex: 'regionName',
        key: 'regionName',
        defaultHidden: true,
        render: (v: string | null) => v ?? '-',
      },
      cols.status(100),
      {
        title: t('agents.balance'),
        dataIndex: 'balance',
        key: 'balance',
        // What the agent owes (a refund took back shares it had withdrawn) is said under its balance,
        // in red: it is netted from its next shares. One money column keeps the table within its card.
        render: (v: number, r) => (
          <>
            {money(v)}
            {r.owed > 0 && (
              <div>
                <Typography.Text type="danger" title={t('agents.owedHint')} data-testid="agent-owed">
                  {t('agents.owed')} {money(r.owed)}
                </Typography.Text>
              </div>
            )}
          </>
        ),
      },
      {
        title: t('agents.totalRevenue'),
        dataIndex: 'totalRevenue',
        key: 'totalRevenue',
        defaultHidden: true,
        render: (v: number) => money(v),
      },
      cols.createTime(),
      {
        title: t('kit:actions'),
        key: 'actions',
        fixed: 'right',
        // Room for "Statement Edit More" in English on one line; the level and status tags gave up what it takes.
        width: 210,
        // Two actions shown and the rest under More: five links wrapped to two lines at 1440 (issue 31).
        render: (_: unknown, row) => {
          const canStatus = buttons.has(PERMS.agentStatus);
          const more: MenuProps['items'] = [
            { key: 'chain', label: t('agents.chain') },
            { key: 'tree', label: t('partners.tree') },
            ...(canStatus
              ? [
                  row.status === 0
                    ? { key: 'freeze', label: t('common.freeze'), danger: true }
                    : { key: 'unfreeze', label: t('common.unfreeze') },
                ]
              : []),
          ];
          const onMore = ({ key }: { key: string }) => {
            if (key === 'chain') chain.show(row);
            else if (key === 'tree') go({ view: 'tree', root: String(row.id) });
            else if (key === 'freeze') freeze.show(row);
            else if (key === 'unfreeze') unfreeze.run(row);
          };
          return (
            <Space size={0}>
              <Button
                type="link"
                size="small"
                onClick={() => statement.open('agent', row.id)}
                data-testid="agent-statement"
              >
                {t('partners.statement')}
              </Button>
              {buttons.has(PERMS.agentSave) && (
                <Button type="link" size="small" onClick={() => edit.show(row)}>
                  {t('common.edit')}
                </Button>
              )}
              <Dropdown trigger={['click']} menu={{ items: more, onClick: onMore }}>
                <Button type="link" size="small" data-testid="agent-more">
                  {t('common.more')} <DownOutlined />
                </Button>
              </Dropdown>
            </Space>
          );
        },
      },
    ],
    [t, net, cols, buttons.has, statement.open, chain.show, edit.show, freeze.show, unfreeze.run, money],
  );

  const row = edit.record;
  const creating = edit.open && !row;
  const initial: Partial<AgentValues> = row
    ? {
        name: row.name,
        areaCode: row.areaCode,
        mobile: row.mobile,
        level: row.level,
        parentId: row.parentId,
        ratio: row.ratio,
        regionId: row.regionId,
        minWithdrawal: row.minWithdrawal,
        withdrawalFeeRate: row.withdrawalFeeRate,
        idCard: row.idCard ?? '',
        avatar: row.avatar,
        remark: row.remark ?? '',
      }
    : { areaCode: '86', level: 'A', ratio: 0, minWithdrawal: 0, withdrawalFeeRate: 0 };
  const parentLevel = level ? PARENT_LEVEL[level] : null;

  const save = (v: AgentValues) =>
    request('agentSaveOrUpdate', {
      body: {
        id: row?.id,
        name: v.name,
        areaCode: v.areaCode,
        mobile: v.mobile,
        password: v.password || undefined,
        level: v.level,
        parentId: parentLevel ? (v.parentId ?? null) : null,
        ratio: v.ratio,
        regionId: v.regionId ?? null,
        minWithdrawal: v.minWithdrawal ?? 0,
        withdrawalFeeRate: v.withdrawalFeeRate,
        idCard: v.idCard ?? '',
        avatar: v.avatar ?? null,
        remark: v.remark ?? '',
      },
    });

  const toggle = (
    <Segmented
      value={view}
      onChange={(v) => go({ view: v === 'tree' ? 'tree' : null, root: null })}
      options={[
        { value: 'list', label: t('partners.listView') },
        { value: 'tree', label: t('partners.treeView') },
      ]}
      data-testid="agent-view"
    />
  );
  if (statement.view) return statement.view;
  if (view === 'tree')
    return (
      <Card
        size="small"
        title={t('partners.treeTitle')}
        extra={
          <Space wrap>
            {treeRoot && (
              <Button size="small" onClick={() => go({ root: null })}>
                {t('partners.wholeTree')}
              </Button>
            )}
            {toggle}
          </Space>
        }
      >
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {t('partners.treeHint')}
        </Typography.Paragraph>
        <PartnerTree rootId={treeRoot} onStatement={statement.open} />
      </Card>
    );

  return (
    <ListPage
      listCall="agentQueryPage"
      rowKey="id"
      title={t('agents.title')}
      filters={filters}
      columns={columns}
      exportCall="agentExport"
      exportPerm={PERMS.agentExport}
      toolbar={
        <Space wrap>
          {toggle}
          <AddButton perm={PERMS.agentSave} onClick={() => edit.show()}>
            {t('agents.add')}
          </AddButton>
        </Space>
      }
    >
      <FormDrawer<AgentValues>
        form={form}
        name="agent"
        open={edit.open}
        title={creating ? t('agents.createTitle') : t('agents.editTitle', { name: row?.name ?? '' })}
        onClose={edit.hide}
        initialValues={initial}
        onSubmit={save}
        invalidates={['agentQueryPage', 'selectUserByType']}
      >
        <Form.Item name="name" label={t('agents.name')} rules={[rule(field.name, t('agents.name'))]}>
          <Input maxLength={18} showCount />
        </Form.Item>
        <MobileItem label={t('common.mobile')} />
        <PasswordItem creating={creating} schema={field.password} />
        <Form.Item
          name="level"
          label={t('agents.level')}
          rules={[rule(field.level, t('agents.level'))]}
          extra={row && row.childCount > 0 ? t('agents.levelFixed') : undefined}
        >
          <Select
            options={optionsOf(AGENT_LEVELS, net.level)}
            disabled={Boolean(row && row.childCount > 0)}
            onChange={() => form.setFieldValue('parentId', null)}
          />
        </Form.Item>
        {parentLevel && (
          <Form.Item
            name="parentId"
            label={t('agents.parent')}
            rules={[{ required: true, message: t('agents.parentRequired', { level: net.level(parentLevel) }) }]}
          >
            <AccountSelect
              type="agent"
              level={parentLevel}
              initial={row?.parentId ? [{ id: row.parentId, name: row.parentName ?? '' }] : undefined}
              placeholder={net.level(parentLevel)}
            />
          </Form.Item>
        )}
        <Form.Item
          name="ratio"
          label={t('agents.ratio')}
          rules={[rule(field.ratio, t('agents.ratio'))]}
          extra={t('agents.ratioHint')}
        >
          <PercentInput />
        </Form.Item>
        <Form.Item name="regionId" label={t('agents.region')}>
          <Select allowClear options={regions} />
        </Form.Item>
        <Form.Item
          name="minWithdrawal"
          label={t('agents.minWithdrawal')}
          rules={[rule(field.minWithdrawal, t('agents.minWithdrawal'))]}
          extra={t('agents.minWithdrawalHint')}
        >
          <MoneyInput whole max={NET_MIN_WITHDRAWAL_MAX} />
        </Form.Item>
        <Form.Item
          name="withdrawalFeeRate"
          label={t('agents.withdrawalFeeRate')}
          rules={[rule(field.withdrawalFeeRate, t('agents.withdrawalFeeRate'))]}
        >
          <PercentInput />
        </Form.Item>
        <Form.Item name="idCard" label={t('common.idCard')} rules={[rule(field.idCard, t('common.idCard'))]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="avatar" label={t('common.avatar')}>
          <ImageInput call="agentUploadImage" />
        </Form.Item>
        <Form.Item name="remark" label={t('common.remark')} rules={[rule(field.remark, t('common.remark'))]}>
          <Input.TextArea maxLength={32} showCount autoSize />
        </Form.Item>
      </FormDrawer>
      <FormModal<{ reason?: string }>
        open={freeze.open}
        title={t('agents.freezeTitle', { name: freeze.record?.name ?? '' })}
        onClose={freeze.hide}
        onSubmit={(v) =>
          request('agentUpdateStatus', { body: { id: freeze.record!.id, status: 1, reason: v.reason ?? '' } })
        }
        invalidates={['agentQueryPage']}
        successMessage={t('common.frozen')}
      >
        <Typography.Paragraph type="secondary">{t('agents.freezeHint')}</Typography.Paragraph>
        <Form.Item name="reason" label={t('common.reason')}>
          <Input maxLength={32} showCount />
        </Form.Item>
      </FormModal>
      <ChainDrawer agent={chain.record} open={chain.open} onClose={chain.hide} />
    </ListPage>
  );
}
