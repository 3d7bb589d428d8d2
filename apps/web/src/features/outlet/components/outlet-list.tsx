import { useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Space, Tag, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OUTLET_STATUSES, OUTLET_TYPES, PERMS, outletSuspendRequest, type OutletItem } from '@cbo/contract';
import {
  AddButton,
  callKey,
  FormModal,
  ListPage,
  optionsOf,
  useOverlay,
  useRowAction,
  type ColumnsOf,
  type FiltersOf,
  timeColumn,
} from '@/shared/list-page';
import { useZodRule } from '@/shared/form';
import { useButtons } from '@/shared/permission';
import { request } from '@/shared/request';
import { plainMoney, useMoney } from '@/shared/money';
import { OutletDevices } from './outlet-devices';
import { OutletForm } from './outlet-form';
import { STATUS_COLOUR, useOutletWords } from './words';

/**
 * The outlet list and the direct-sales outlets (a team's outlets): the same screen, the second
 * fixed to direct-sales outlets. Rows: status with its explanation, owner, shares, billing rule,
 * devices; actions by permission: edit, devices (bind/unbind), suspend/resume, delete.
 */
export function OutletList({ direct }: { direct: boolean }) {
  const { t } = useTranslation('outlet');
  const { money } = useMoney();
  const words = useOutletWords();
  const buttons = useButtons();
  const rule = useZodRule();
  const edit = useOverlay<OutletItem>();
  const suspend = useOverlay<OutletItem>();
  const [devicesOf, setDevicesOf] = useState<OutletItem>();
  const regions = useQuery({
    queryKey: callKey('outletOwnerOptions', {}),
    queryFn: ({ signal }) => request('outletOwnerOptions', { query: {} }, { signal }),
  });
  const remove = useRowAction<OutletItem>({
    confirm: (row) => ({
      title: t('list.confirmDelete', { name: row.name }),
      content: t('list.confirmDeleteText'),
      danger: true,
      okText: t('list.delete'),
    }),
    call: (row) => request('outletDelete', { body: { id: row.id } }),
    success: t('list.deleted'),
    invalidates: ['outletQueryPage', 'outletMapPoints'],
  });
  const resume = useRowAction<OutletItem>({
    confirm: (row) => ({ title: t('list.confirmResume', { name: row.name }), okText: t('list.resume') }),
    call: (row) => request('outletResume', { body: { id: row.id } }),
    success: t('list.resumed'),
    invalidates: ['outletQueryPage', 'outletMapPoints'],
  });
  const can = {
    save: buttons.has(PERMS.outletSave),
    status: buttons.has(PERMS.outletStatus),
    del: buttons.has(PERMS.outletDelete),
    devices: true,
  };

  const filters = useMemo<FiltersOf<'outletQueryPage'>>(
    () => [
      { type: 'text', name: 'name', label: t('field.name'), maxLength: 18 },
      { type: 'select', name: 'type', label: t('field.type'), options: optionsOf(OUTLET_TYPES, words.type) },
      { type: 'select', name: 'status', label: t('field.status'), options: optionsOf(OUTLET_STATUSES, words.status) },
      {
        type: 'select',
        name: 'regionId',
        label: t('field.region'),
        options: (regions.data?.regions ?? []).map((r) => ({ value: r.id, label: r.name })),
      },
      {
        type: 'select',
        name: 'simulated',
        label: t('list.filterSimulated'),
        options: [
          { value: 'true', label: t('list.simulatedOnly') },
          { value: 'false', label: t('list.realOnly') },
        ],
      },
    ],
    [t, words, regions.data],
  );

  const columns = useMemo<ColumnsOf<'outletQueryPage'>>(
    () => [
      { title: t('field.code'), dataIndex: 'code', key: 'code', width: 100, sortable: true },
      {
        title: t('field.name'),
        dataIndex: 'name',
        key: 'name',
        sortable: true,
        render: (_: unknown, r) => (
          <Space size={4} wrap>
            <span>{r.name}</span>
            {r.simulated && (
              <Tooltip title={t('list.simulatedHint')}>
                <Tag color="purple" data-testid="simulated-tag">
                  {words.simulated}
                </Tag>
              </Tooltip>
            )}
          </Space>
        ),
      },
      {
        title: t('field.type'),
        dataIndex: 'type',
        key: 'type',
        defaultHidden: true,
        width: 120,
        render: (v: OutletItem['type']) => words.type(v),
      },
      {
        title: t('field.status'),
        dataIndex: 'status',
        key: 'status',
        width: 110,
        render: (_: unknown, r) => (
          <Tooltip title={r.suspendReason || undefined}>
            <Tag color={STATUS_COLOUR[r.status]} data-status={r.status}>
              {words.status(r.status)}
            </Tag>
          </Tooltip>
        ),
      },
      {
        title: direct ? t('field.team') : t('field.agent'),
        key: 'owner',
        render: (_: unknown, r) => (r.agent ?? r.team)?.name ?? '-',
      },
      {
        title: t('field.region'),
        key: 'region',
        defaultHidden: true,
        render: (_: unknown, r) => r.region?.name ?? '-',
      },
      {
        title: t('field.ratioPair'),
        dataIndex: 'ratio',
        key: 'ratio',
        width: 130,
        sortable: true,
        render: (_: unknown, r) => `${r.ratio} / ${r.hiddenRatio}`,
      },
      {
        title: t('field.billing'),
        key: 'billing',
        defaultHidden: true,
        render: (_: unknown, r) => (
          <Typography.Text ellipsis={{ tooltip: true }} style={{ maxWidth: 220 }}>
            {t('billing.summary', {
              free: r.billing.freeMinutes,
              price: plainMoney(r.billing.pricePerPeriod),
              period: r.billing.periodMinutes,
              daily: plainMoney(r.billing.dailyCap),
              total: plainMoney(r.billing.totalCap),
              deposit: plainMoney(r.billing.deposit),
            })}
          </Typography.Text>
        ),
      },
      { title: t('field.devices'), dataIndex: 'devices', key: 'devices', sortable: true, width: 90 },
      {
        title: t('field.turnover'),
        dataIndex: 'turnover',
        key: 'turnover',
        defaultHidden: true,
        render: (v: number) => plainMoney(v),
      },
      {
        title: t('field.costRecovered'),
        key: 'costRecovered',
        defaultHidden: true,
        render: (_: unknown, r) =>
          r.costAmount > 0
            ? `${money(r.costRecovered)} / ${money(r.costAmount)}${r.amortizationRatio > 0 ? ` · ${r.amortizationRatio}%` : ''}`
            : '-',
      },
      {
        title: t('field.address'),
        dataIndex: 'address',
        key: 'address',
        defaultHidden: true,
        render: (v: string) => (
          <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 200 }}>
            {v}
          </Typography.Text>
        ),
      },
      timeColumn(t('field.createTime'), { hidden: true, sortable: true }),
      {
        title: t('kit:actions'),
        key: 'actions',
        fixed: 'right' as const,
        render: (_: unknown, r) =>
          r.status === 'deleted' ? (
            '-'
          ) : (
            <Space size={0} wrap>
              {can.save && (
                <Button type="link" size="small" onClick={() => edit.show(r)}>
                  {t('list.edit')}
                </Button>
              )}
              <Button type="link" size="small" onClick={() => setDevicesOf(r)}>
                {t('list.devicesAction')}
              </Button>
              {can.status && r.status === 'inService' && (
                <Button type="link" size="small" onClick={() => suspend.show(r)}>
                  {t('list.suspend')}
                </Button>
              )}
              {can.status && r.status === 'suspended' && (
                <Button type="link" size="small" onClick={() => resume.run(r)}>
                  {t('list.resume')}
                </Button>
              )}
              {can.del && (
                <Button type="link" size="small" danger onClick={() => remove.run(r)}>
                  {t('list.delete')}
                </Button>
              )}
            </Space>
          ),
      },
    ],
    [t, words, direct, can.save, can.status, can.del, edit, suspend, resume.run, remove.run],
  );

  return (
    <ListPage
      listCall="outletQueryPage"
      rowKey="id"
      title={direct ? t('list.directTitle') : t('list.title')}
      params={{ direct: direct ? 'true' : 'false' }}
      above={() => (
        <Alert
          type="info"
          showIcon
          title={direct ? t('list.directCounts') : t('list.counts')}
          style={{ marginBottom: 12 }}
        />
      )}
      filters={filters}
      columns={columns}
      exportCall="outletExport"
      exportPerm={PERMS.outletExport}
      tableProps={{ scroll: { x: 'max-content' } }}
      toolbar={
        <AddButton perm={PERMS.outletSave} onClick={() => edit.show()}>
          {direct ? t('list.addDirect') : t('list.add')}
        </AddButton>
      }
    >
      <OutletForm open={edit.open} record={edit.record} direct={direct} onClose={edit.hide} />
      <OutletDevices outlet={devicesOf} onClose={() => setDevicesOf(undefined)} />
      <FormModal<{ reason: string }>
        open={suspend.open}
        name="outletSuspend"
        title={suspend.record ? t('list.suspendTitle', { name: suspend.record.name }) : ''}
        onClose={suspend.hide}
        invalidates={['outletQueryPage', 'outletMapPoints']}
        successMessage={t('list.suspended')}
        onSubmit={(v) => request('outletSuspend', { body: { id: suspend.record!.id, reason: v.reason } })}
      >
        <Form.Item
          name="reason"
          label={t('list.suspendReason')}
          extra={t('list.suspendReasonHint')}
          rules={[rule(outletSuspendRequest.shape.reason, t('list.suspendReason'))]}
        >
          <Input.TextArea rows={2} maxLength={32} showCount />
        </Form.Item>
      </FormModal>
    </ListPage>
  );
}
