import { useMemo } from 'react';
import { Button, Form, Input, Select, Space, Table, Tag, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AUDIT_STATUSES,
  DISPATCH_REASONS,
  dispatchApplyRequest,
  label,
  PERMS,
  validationText,
  type AuditStatus,
  type DispatchDetail,
  type DispatchItem,
} from '@cbo/contract';
import { request } from '@/shared/request';
import { useButtons } from '@/shared/permission';
import { useSession } from '@/shared/session';
import { useLang, useZodRule } from '@/shared/form';
import {
  AddButton,
  callKey,
  DetailDrawer,
  formatDateTime,
  FormDrawer,
  ListPage,
  useOverlay,
  useRowAction,
  type ColumnsOf,
  type FiltersOf,
  timeColumn,
} from '@/shared/list-page';
import { idListRule, parseIdList } from '../components/device-ids';
import { labelOptions, useWarehouseOptions } from '../components/use-options';

const STATUS_COLOR: Record<AuditStatus, string> = { pending: 'processing', approved: 'success', rejected: 'default' };
interface ApplyValues {
  fromWarehouseId: number;
  toWarehouseId: number;
  reason: (typeof DISPATCH_REASONS)[number];
  ids: string;
  remark?: string;
}

/**
 * Operation management → dispatch audit (menu url assets/dispatch): applications to move devices
 * between warehouses. Applying holds every device named (pending audit) or refuses the whole
 * application; approving moves them all at once, rejecting releases them.
 */
export default function DispatchView() {
  const { t } = useTranslation(['assets', 'kit']);
  const lang = useLang();
  const rule = useZodRule();
  const canAudit = useButtons().has(PERMS.dispatchAudit);
  // Maker-checker (issue 31): the applicant is not offered the approval of its own application (the server refuses it).
  const me = useSession().user?.userId;
  const apply = useOverlay();
  const detail = useOverlay<DispatchItem>();
  const warehouses = useWarehouseOptions();
  const audit = useRowAction<DispatchItem & { approve: boolean }>({
    confirm: (row) =>
      row.approve
        ? {
            title: t('dispatch.confirmApprove', {
              no: row.applicationNo,
              count: row.deviceCount,
              to: row.toWarehouseName,
            }),
          }
        : { title: t('dispatch.confirmReject', { no: row.applicationNo }), danger: true },
    call: (row) => request('dispatchAudit', { body: { id: row.id, approve: row.approve } }),
    success: (_r, row) => (row.approve ? t('dispatch.approved') : t('dispatch.rejected')),
    invalidates: ['dispatchQueryPage', 'warehouseQueryPage', 'assetQueryPage', 'movementQueryPage', 'dispatchDetail'],
  });
  const devices = useQuery({
    queryKey: callKey('dispatchDetail', { id: detail.record?.id }),
    queryFn: () => request('dispatchDetail', { query: { id: detail.record!.id } }),
    enabled: detail.open && detail.record !== undefined,
  });

  const filters = useMemo<FiltersOf<'dispatchQueryPage'>>(
    () => [
      { type: 'text', name: 'applicationNo', label: t('dispatch.number'), maxLength: 32 },
      {
        type: 'select',
        name: 'status',
        label: t('dispatch.auditStatus'),
        options: labelOptions('auditStatus', AUDIT_STATUSES, lang),
      },
      { type: 'select', name: 'fromWarehouseId', label: t('dispatch.from'), options: warehouses },
      { type: 'select', name: 'toWarehouseId', label: t('dispatch.to'), options: warehouses },
      { type: 'dateRange', name: 'time', begin: 'beginTime', end: 'endTime', label: t('dispatch.applyTime') },
    ],
    [t, lang, warehouses],
  );
  const columns = useMemo<ColumnsOf<'dispatchQueryPage'>>(
    () => [
      {
        title: t('dispatch.number'),
        dataIndex: 'applicationNo',
        key: 'applicationNo',
        render: (v: string, row: DispatchItem) => (
          <Typography.Link onClick={() => detail.show(row)}>{v}</Typography.Link>
        ),
      },
      {
        title: t('common.reason'),
        dataIndex: 'reason',
        key: 'reason',
        defaultHidden: true,
        render: (v: DispatchItem['reason']) => label('assets', 'stockReason', v, lang),
      },
      { title: t('dispatch.sponsor'), dataIndex: 'sponsorName', key: 'sponsorName' },
      { title: t('dispatch.from'), dataIndex: 'fromWarehouseName', key: 'fromWarehouseName' },
      { title: t('dispatch.to'), dataIndex: 'toWarehouseName', key: 'toWarehouseName' },
      { title: t('dispatch.devices'), dataIndex: 'deviceCount', key: 'deviceCount', width: 80 },
      {
        title: t('dispatch.auditStatus'),
        dataIndex: 'status',
        key: 'status',
        render: (v: AuditStatus) => <Tag color={STATUS_COLOR[v]}>{label('assets', 'auditStatus', v, lang)}</Tag>,
      },
      {
        title: t('dispatch.auditor'),
        dataIndex: 'auditorName',
        key: 'auditorName',
        defaultHidden: true,
        render: (v: string | null) => v ?? '-',
      },
      timeColumn(t('dispatch.applyTime')),
      ...(canAudit
        ? [
            {
              title: t('kit:actions'),
              key: 'actions',
              fixed: 'right' as const,
              render: (_: unknown, row: DispatchItem) =>
                row.status === 'pending' ? (
                  <Space size={0}>
                    {row.sponsorId !== me && (
                      <Button type="link" size="small" onClick={() => audit.run({ ...row, approve: true })}>
                        {t('dispatch.approve')}
                      </Button>
                    )}
                    <Button type="link" size="small" danger onClick={() => audit.run({ ...row, approve: false })}>
                      {t('dispatch.reject')}
                    </Button>
                  </Space>
                ) : (
                  '-'
                ),
            },
          ]
        : []),
    ],
    [t, lang, canAudit, audit.run, detail, me],
  );

  const r = detail.record;
  return (
    <ListPage
      listCall="dispatchQueryPage"
      rowKey="id"
      title={t('dispatch.title')}
      filters={filters}
      columns={columns}
      exportCall="dispatchExport"
      exportPerm={PERMS.dispatchExport}
      toolbar={
        <AddButton perm={PERMS.dispatchApply} onClick={() => apply.show()}>
          {t('dispatch.apply')}
        </AddButton>
      }
    >
      <FormDrawer<ApplyValues>
        open={apply.open}
        name="dispatchApply"
        title={t('dispatch.apply')}
        onClose={apply.hide}
        initialValues={{ reason: 'replenishment' }}
        successMessage={t('dispatch.applied')}
        invalidates={['dispatchQueryPage', 'assetQueryPage']}
        onSubmit={(v) =>
          request('dispatchApply', {
            body: {
              fromWarehouseId: v.fromWarehouseId,
              toWarehouseId: v.toWarehouseId,
              reason: v.reason,
              remark: v.remark,
              ids: parseIdList(v.ids),
            },
          })
        }
      >
        <Form.Item
          name="fromWarehouseId"
          label={t('dispatch.from')}
          rules={[{ required: true, message: validationText('required', lang) }]}
        >
          <Select options={warehouses} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
        <Form.Item
          name="toWarehouseId"
          label={t('dispatch.to')}
          dependencies={['fromWarehouseId']}
          rules={[
            { required: true, message: validationText('required', lang) },
            ({ getFieldValue }) => ({
              validator: async (_r, v: unknown) => {
                if (v !== undefined && v === getFieldValue('fromWarehouseId'))
                  throw new Error(validationText('rule.sameWarehouse', lang));
              },
            }),
          ]}
        >
          <Select options={warehouses} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('common.reason')}
          rules={[{ required: true, message: validationText('required', lang) }]}
        >
          <Select options={labelOptions('stockReason', DISPATCH_REASONS, lang)} />
        </Form.Item>
        <Form.Item
          name="ids"
          label={t('dispatch.ids')}
          extra={`${t('dispatch.idsHint')} · ${t('stock.idRule')}`}
          rules={[idListRule(lang)]}
          validateDebounce={300}
        >
          <Input.TextArea rows={8} spellCheck={false} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('dispatch.remark')}
          rules={[rule(dispatchApplyRequest.shape.remark, t('dispatch.remark'))]}
        >
          <Input.TextArea rows={2} maxLength={64} showCount />
        </Form.Item>
      </FormDrawer>
      <DetailDrawer
        open={detail.open}
        title={r ? t('dispatch.detail', { no: r.applicationNo }) : ''}
        onClose={detail.hide}
        items={
          r
            ? [
                { key: 'no', label: t('dispatch.number'), value: r.applicationNo },
                {
                  key: 'status',
                  label: t('dispatch.auditStatus'),
                  value: label('assets', 'auditStatus', r.status, lang),
                },
                { key: 'reason', label: t('common.reason'), value: label('assets', 'stockReason', r.reason, lang) },
                { key: 'sponsor', label: t('dispatch.sponsor'), value: r.sponsorName },
                { key: 'from', label: t('dispatch.from'), value: r.fromWarehouseName },
                { key: 'to', label: t('dispatch.to'), value: r.toWarehouseName },
                { key: 'remark', label: t('dispatch.remark'), value: r.remark, span: 2 },
                { key: 'applyTime', label: t('dispatch.applyTime'), value: formatDateTime(r.createTime) },
                { key: 'count', label: t('dispatch.devices'), value: r.deviceCount },
                { key: 'auditor', label: t('dispatch.auditor'), value: r.auditorName },
                {
                  key: 'auditTime',
                  label: t('dispatch.auditTime'),
                  value: r.auditTime ? formatDateTime(r.auditTime) : null,
                },
                { key: 'auditReason', label: t('dispatch.auditReason'), value: r.auditReason, span: 2 },
              ]
            : []
        }
      >
        {devices.data && <DispatchDevicesAndHistory detail={devices.data} />}
      </DetailDrawer>
    </ListPage>
  );
}

/** The devices of an application (moved or not) and what happened to it, oldest first. */
function DispatchDevicesAndHistory({ detail }: { detail: DispatchDetail }) {
  const { t } = useTranslation('assets');
  const lang = useLang();
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('dispatch.deviceList', { count: detail.devices.length })}
      </Typography.Title>
      <Table
        data-testid="dispatch-devices"
        size="small"
        rowKey="deviceId"
        dataSource={detail.devices}
        pagination={detail.devices.length > 10 ? { pageSize: 10, size: 'small' } : false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('common.deviceId'), dataIndex: 'deviceId', key: 'deviceId' },
          {
            title: t('common.deviceType'),
            dataIndex: 'deviceType',
            key: 'deviceType',
            render: (v: DispatchDetail['devices'][number]['deviceType']) =>
              v ? label('assets', 'deviceType', v, lang) : t('dispatch.unknownType'),
          },
          {
            title: t('common.model'),
            dataIndex: 'modelName',
            key: 'modelName',
            render: (v: string | null) => v ?? '-',
          },
          {
            title: t('dispatch.deviceMoved'),
            dataIndex: 'moved',
            key: 'moved',
            render: (v: boolean) => (
              <Tag color={v ? 'success' : 'default'}>
                {v ? t('dispatch.deviceMoved') : t('dispatch.deviceNotMoved')}
              </Tag>
            ),
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('dispatch.history')}
      </Typography.Title>
      <Timeline
        data-testid="dispatch-history"
        items={detail.history.map((h, i) => ({
          key: i,
          color: h.event === 'rejected' ? 'gray' : h.event === 'applied' ? 'blue' : 'green',
          content: (
            <>
              <Typography.Text strong>{t(`dispatch.events.${h.event}`)}</Typography.Text>
              <Typography.Text type="secondary">{` · ${formatDateTime(h.at)}${h.by ? ` · ${h.by}` : ''}`}</Typography.Text>
              {h.event === 'moved' ? (
                <div>{t('dispatch.movedCount', { count: Number(h.note) })}</div>
              ) : h.note ? (
                <div>{h.note}</div>
              ) : null}
            </>
          ),
        }))}
      />
    </>
  );
}
