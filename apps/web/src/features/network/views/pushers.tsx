import { useMemo } from 'react';
import { Form, Image, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMS, PUSHER_PERMISSIONS, pusherSaveRequest, type PusherItem, type PusherPermission } from '@cbo/contract';
import { request } from '@/shared/request';
import { useButtons } from '@/shared/permission';
import { useZodRule } from '@/shared/form';
import { FormDrawer, ListPage, optionsOf, type ColumnsOf, type FiltersOf } from '@/shared/list-page';
import { AccountSelect, ImageInput, MobileItem, SimulatedTag, useNetLabel } from '../components/network-data';
import { useAppAccountFreeze } from '../components/freeze-modal';
import { PasswordItem, RowLinks, usePartnerColumns, usePartnerStatement } from '../components/partner-kit';
import { usePartnerEdit } from '../components/partner-edit';

interface PusherValues {
  name: string;
  areaCode: string;
  mobile: string;
  password?: string;
  agentId: number;
  permission: PusherPermission;
  idCardFront?: string | null;
  idCardBack?: string | null;
  avatar?: string | null;
  note?: string;
}
const field = pusherSaveRequest.shape;

/** Agent management → ground pushers (menu url network/pushers): promoters attributed to an agent. */
export default function PushersView() {
  const { t } = useTranslation(['network', 'kit']);
  const rule = useZodRule();
  const net = useNetLabel();
  const buttons = useButtons();
  const cols = usePartnerColumns();
  const statement = usePartnerStatement();
  const { edit, addButton, drawer } = usePartnerEdit<PusherItem>('pushers', PERMS.pusherSave);
  const freeze = useAppAccountFreeze('pusher');

  const filters = useMemo<FiltersOf<'pusherQueryPage'>>(
    () => [
      { type: 'text', name: 'name', label: t('pushers.keyword'), maxLength: 32 },
      {
        type: 'select',
        name: 'permission',
        label: t('pushers.permission'),
        options: optionsOf(PUSHER_PERMISSIONS, net.permission),
      },
      cols.statusFilter,
    ],
    [t, net, cols],
  );
  const columns = useMemo<ColumnsOf<'pusherQueryPage'>>(
    () => [
      {
        title: t('pushers.name'),
        dataIndex: 'name',
        key: 'name',
        fixed: 'left',
        sortable: true,
        render: (v: string, r) => (
          <Space size={4} wrap>
            {r.avatar ? (
              <Image src={r.avatar} width={24} height={24} alt="" style={{ borderRadius: 12, objectFit: 'cover' }} />
            ) : null}
            {v}
            <SimulatedTag simulated={r.simulated} />
          </Space>
        ),
      },
      cols.mobile(),
      { title: t('pushers.agent'), dataIndex: 'agentName', key: 'agentName' },
      {
        title: t('pushers.permission'),
        dataIndex: 'permission',
        key: 'permission',
        render: (v: PusherPermission) => net.permission(v),
      },
      {
        title: t('pushers.idCard'),
        key: 'idCard',
        render: (_: unknown, r) =>
          r.idCardFront || r.idCardBack ? (
            <Image.PreviewGroup>
              <Space size={4}>
                {r.idCardFront ? (
                  <Image
                    src={r.idCardFront}
                    width={36}
                    height={24}
                    alt={t('pushers.idCardFront')}
                    style={{ objectFit: 'cover' }}
                  />
                ) : null}
                {r.idCardBack ? (
                  <Image
                    src={r.idCardBack}
                    width={36}
                    height={24}
                    alt={t('pushers.idCardBack')}
                    style={{ objectFit: 'cover' }}
                  />
                ) : null}
              </Space>
            </Image.PreviewGroup>
          ) : (
            '-'
          ),
      },
      cols.status(),
      cols.optional(t('common.note'), 'note'),
      cols.createTime(),
      {
        title: t('kit:actions'),
        key: 'actions',
        fixed: 'right',
        // Statement, Edit and Freeze (or Delete) on one line in English.
        width: 200,
        render: (_: unknown, row) => (
          <RowLinks
            links={[
              statement.link('pusher', row.id),
              { label: t('common.edit'), onClick: buttons.has(PERMS.pusherSave) ? () => edit.show(row) : undefined },
              freeze.link(row, buttons.has(PERMS.pusherStatus)),
            ]}
          />
        ),
      },
    ],
    [t, net, cols, buttons.has, statement.link, edit.show, freeze.link],
  );

  const row = edit.record;
  if (statement.view) return statement.view;
  const creating = edit.open && !row;
  return (
    <ListPage
      listCall="pusherQueryPage"
      rowKey="id"
      title={t('pushers.title')}
      filters={filters}
      columns={columns}
      exportCall="pusherExport"
      exportPerm={PERMS.pusherExport}
      toolbar={addButton}
    >
      <FormDrawer<PusherValues>
        name="pusher"
        {...drawer}
        initialValues={
          row
            ? {
                name: row.name,
                areaCode: row.areaCode,
                mobile: row.mobile,
                agentId: row.agentId,
                permission: row.permission,
                idCardFront: row.idCardFront,
                idCardBack: row.idCardBack,
                avatar: row.avatar,
                note: row.note ?? '',
              }
            : { areaCode: '86', permission: 'intermediate' }
        }
        onSubmit={(v) =>
          request('pusherSaveOrUpdate', {
            body: {
              id: row?.id,
              name: v.name,
              areaCode: v.areaCode,
              mobile: v.mobile,
              password: v.password || undefined,
              agentId: v.agentId,
              permission: v.permission,
              idCardFront: v.idCardFront ?? null,
              idCardBack: v.idCardBack ?? null,
              avatar: v.avatar ?? null,
              note: v.note ?? '',
            },
          })
        }
        invalidates={['pusherQueryPage', 'selectUserByType']}
      >
        <Form.Item name="name" label={t('pushers.name')} rules={[rule(field.name, t('pushers.name'))]}>
          <Input maxLength={18} showCount />
        </Form.Item>
        <MobileItem label={t('common.mobile')} />
        <PasswordItem creating={creating} schema={field.password} />
        <Form.Item name="agentId" label={t('pushers.agent')} rules={[rule(field.agentId, t('pushers.agent'))]}>
          <AccountSelect type="agent" initial={row ? [{ id: row.agentId, name: row.agentName }] : undefined} />
        </Form.Item>
        <Form.Item
          name="permission"
          label={t('pushers.permission')}
          rules={[rule(field.permission, t('pushers.permission'))]}
        >
          <Select options={optionsOf(PUSHER_PERMISSIONS, net.permission)} />
        </Form.Item>
        <Form.Item name="idCardFront" label={t('pushers.idCardFront')}>
          <ImageInput call="pusherUploadImage" />
        </Form.Item>
        <Form.Item name="idCardBack" label={t('pushers.idCardBack')}>
          <ImageInput call="pusherUploadImage" />
        </Form.Item>
        <Form.Item name="avatar" label={t('common.avatar')}>
          <ImageInput call="pusherUploadImage" />
        </Form.Item>
        <Form.Item name="note" label={t('common.note')} rules={[rule(field.note, t('common.note'))]}>
          <Input maxLength={18} showCount />
        </Form.Item>
      </FormDrawer>
      {freeze.modal}
    </ListPage>
  );
}
