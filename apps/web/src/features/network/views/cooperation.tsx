import { useMemo } from 'react';
import { Button, Form, Input, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  COOPERATION_STATUSES,
  COOPERATION_TYPES,
  PERMS,
  cooperationHandleRequest,
  type CooperationItem,
  type CooperationStatus,
  type CooperationType,
} from '@cbo/contract';
import { request } from '@/shared/request';
import { useButtons } from '@/shared/permission';
import { useZodRule } from '@/shared/form';
import {
  FormModal,
  ListPage,
  optionsOf,
  useOverlay,
  type ColumnsOf,
  type FiltersOf,
  timeColumn,
} from '@/shared/list-page';
import { SimulatedTag, useNetLabel } from '../components/network-data';

const STATUS_COLOUR: Record<CooperationStatus, string> = {
  unprocessed: 'warning',
  processing: 'processing',
  processed: 'success',
};
const field = cooperationHandleRequest.shape;

/**
 * Feedback → agency cooperation applications (menu url network/cooperation): people who want to
 * become an agent or host a store, passed on through the agent app; staff take them on and close them.
 */
export default function CooperationView() {
  const { t } = useTranslation(['network', 'kit']);
  const rule = useZodRule();
  const net = useNetLabel();
  const buttons = useButtons();
  const handle = useOverlay<CooperationItem>();

  const filters = useMemo<FiltersOf<'cooperationQueryPage'>>(
    () => [
      { type: 'text', name: 'keyword', label: t('cooperation.keyword'), maxLength: 32 },
      {
        type: 'select',
        name: 'type',
        label: t('cooperation.type'),
        options: optionsOf(COOPERATION_TYPES, net.coopType),
      },
      {
        type: 'select',
        name: 'status',
        label: t('common.status'),
        options: optionsOf(COOPERATION_STATUSES, net.coopStatus),
      },
    ],
    [t, net],
  );
  const columns = useMemo<ColumnsOf<'cooperationQueryPage'>>(
    () => [
      {
        title: t('cooperation.number'),
        dataIndex: 'number',
        key: 'number',
        fixed: 'left',
        render: (v: string, r) => (
          <>
            {v} <SimulatedTag simulated={r.simulated} />
          </>
        ),
      },
      { title: t('cooperation.type'), dataIndex: 'type', key: 'type', render: (v: CooperationType) => net.coopType(v) },
      { title: t('cooperation.contact'), dataIndex: 'contact', key: 'contact' },
      {
        title: t('cooperation.phone'),
        key: 'phone',
        width: 150,
        render: (_: unknown, r) => `+${r.areaCode} ${r.phone}`,
      },
      {
        title: t('common.status'),
        dataIndex: 'status',
        key: 'status',
        render: (v: CooperationStatus) => <Tag color={STATUS_COLOUR[v]}>{net.coopStatus(v)}</Tag>,
      },
      {
        title: t('cooperation.handler'),
        dataIndex: 'handlerName',
        key: 'handlerName',
        render: (v: string | null) => v ?? '-',
      },
      {
        title: t('common.note'),
        dataIndex: 'note',
        key: 'note',
        defaultHidden: true,
        render: (v: string | null) => v ?? '-',
      },
      timeColumn(t('cooperation.applied'), { sortable: true }),
      {
        title: t('kit:actions'),
        key: 'actions',
        fixed: 'right',
        render: (_: unknown, row) =>
          buttons.has(PERMS.cooperationHandle) && row.status !== 'processed' ? (
            <Button type="link" size="small" onClick={() => handle.show(row)}>
              {t('cooperation.handle')}
            </Button>
          ) : null,
      },
    ],
    [t, net, buttons.has, handle.show],
  );

  const row = handle.record;
  return (
    <ListPage
      listCall="cooperationQueryPage"
      rowKey="id"
      title={t('cooperation.title')}
      filters={filters}
      columns={columns}
      exportCall="cooperationExport"
      exportPerm={PERMS.cooperationExport}
    >
      <FormModal<{ status: 'processing' | 'processed'; note?: string }>
        open={handle.open}
        title={t('cooperation.handleTitle', { number: row?.number ?? '' })}
        onClose={handle.hide}
        initialValues={{ status: row?.status === 'processing' ? 'processed' : 'processing', note: row?.note ?? '' }}
        onSubmit={(v) => request('cooperationHandle', { body: { id: row!.id, status: v.status, note: v.note ?? '' } })}
        invalidates={['cooperationQueryPage']}
      >
        <Form.Item name="status" label={t('common.status')} rules={[rule(field.status, t('common.status'))]}>
          <Select options={optionsOf(['processing', 'processed'] as const, net.coopStatus)} />
        </Form.Item>
        <Form.Item name="note" label={t('common.note')} rules={[rule(field.note, t('common.note'))]}>
          <Input.TextArea maxLength={64} showCount autoSize />
        </Form.Item>
      </FormModal>
    </ListPage>
  );
}
