import { useMemo } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMS, regionSaveRequest, type RegionItem } from '@cbo/contract';
import { request } from '@/shared/request';
import { useButtons } from '@/shared/permission';
import { useZodRule } from '@/shared/form';
import { FormDrawer, ListPage, useRowAction, type ColumnsOf, type FiltersOf } from '@/shared/list-page';
import { AccountSelect } from '../components/network-data';
import { RowLinks, usePartnerColumns } from '../components/partner-kit';
import { usePartnerEdit } from '../components/partner-edit';
import { useMoney } from '@/shared/money';

interface RegionValues {
  name: string;
  managerId?: number | null;
  remark?: string;
}
const field = regionSaveRequest.shape;

/**
 * Operation management → area management (menu url network/regions): regions with the staff
 * account in charge, teams, agents, devices and turnover (from orders: 0 until there are any).
 * A region that teams or agents belong to cannot be deleted.
 */
export default function RegionsView() {
  const { t } = useTranslation(['network', 'kit']);
  const { money } = useMoney();
  const rule = useZodRule();
  const buttons = useButtons();
  const cols = usePartnerColumns();
  const { edit, addButton, drawer } = usePartnerEdit<RegionItem>('regions', PERMS.regionSave);

  const remove = useRowAction<RegionItem>({
    confirm: (row) => ({ title: t('regions.deleteConfirm', { name: row.name }), danger: true }),
    call: (row) => request('regionDelete', { query: { id: row.id } }),
    success: t('common.deleted'),
    invalidates: ['regionQueryPage', 'regionOptions'],
  });

  const filters = useMemo<FiltersOf<'regionQueryPage'>>(
    () => [{ type: 'text', name: 'name', label: t('regions.name'), maxLength: 16 }],
    [t],
  );
  const columns = useMemo<ColumnsOf<'regionQueryPage'>>(
    () => [
      cols.name(t('regions.name')),
      cols.optional(t('regions.manager'), 'managerName'),
      { title: t('regions.teams'), dataIndex: 'teamCount', key: 'teamCount' },
      { title: t('regions.agents'), dataIndex: 'agentCount', key: 'agentCount' },
      { title: t('regions.devices'), dataIndex: 'deviceCount', key: 'deviceCount' },
      { title: t('regions.turnover'), dataIndex: 'turnover', key: 'turnover', render: (v: number) => money(v) },
      cols.optional(t('common.remark'), 'remark'),
      cols.createTime(),
      {
        title: t('kit:actions'),
        key: 'actions',
        fixed: 'right',
        render: (_: unknown, row) => (
          <RowLinks
            wrap
            links={[
              { label: t('common.edit'), onClick: buttons.has(PERMS.regionSave) ? () => edit.show(row) : undefined },
              {
                label: t('common.delete'),
                danger: true,
                onClick: buttons.has(PERMS.regionDelete) ? () => remove.run(row) : undefined,
              },
            ]}
          />
        ),
      },
    ],
    [t, cols, buttons.has, edit.show, remove.run, money],
  );

  const row = edit.record;
  return (
    <ListPage
      listCall="regionQueryPage"
      rowKey="id"
      title={t('regions.title')}
      filters={filters}
      columns={columns}
      exportCall="regionExport"
      exportPerm={PERMS.regionExport}
      toolbar={addButton}
    >
      <FormDrawer<RegionValues>
        name="region"
        {...drawer}
        initialValues={row ? { name: row.name, managerId: row.managerId, remark: row.remark ?? '' } : {}}
        onSubmit={(v) =>
          request('regionSaveOrUpdate', {
            body: { id: row?.id, name: v.name, managerId: v.managerId ?? null, remark: v.remark ?? '' },
          })
        }
        invalidates={['regionQueryPage', 'regionOptions']}
      >
        <Form.Item name="name" label={t('regions.name')} rules={[rule(field.name, t('regions.name'))]}>
          <Input maxLength={16} showCount />
        </Form.Item>
        <Form.Item name="managerId" label={t('regions.manager')}>
          <AccountSelect
            type="operator"
            initial={row?.managerId ? [{ id: row.managerId, name: row.managerName ?? '' }] : undefined}
          />
        </Form.Item>
        <Form.Item name="remark" label={t('common.remark')} rules={[rule(field.remark, t('common.remark'))]}>
          <Input.TextArea maxLength={32} showCount autoSize />
        </Form.Item>
      </FormDrawer>
    </ListPage>
  );
}
