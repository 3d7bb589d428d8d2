import { useMemo } from 'react';
import { Button, Form, Image, Input, Select, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PERMS, PUSHER_PERMISSIONS, pusherSaveRequest, type PusherItem, type PusherPermission } from '@cbo/contract';
import { request } from '@/shared/request';
import { Permit, useButtons, useHoldsScreen } from '@/shared/permission';
import { useZodRule } from '@/shared/form';
import {
  FormDrawer,
  ListPage,
  formatDateTime,
  optionsOf,
  useOverlay,
  useRowAction,
  type ColumnsOf,
  type FiltersOf,
} from '@/shared/list-page';
import {
  AccountSelect,
  ImageInput,
  MobileItem,
  SimulatedTag,
  StatusTag,
  useNetLabel,
} from '../components/network-data';
import { FreezeModal } from '../components/freeze-modal';
import { PartnerStatement, useStatementParam } from '../components/partner-statement';

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
  const statement = useStatementParam();
  // The statement is the agent list's call: offered to whoever may open that screen.
  const canStatement = useHoldsScreen(PERMS.agentQuery);
  const edit = useOverlay<PusherItem>();
  const freeze = useOverlay<PusherItem>();

  const unfreeze = useRowAction<PusherItem>({
    confirm: (row) => ({ title: t('pushers.unfreezeConfirm', { name: row.name }) }),
    call: (row) => request('pusherUpdateStatus', { body: { id: row.id, status: 0 } }),
    success: t('common.unfrozen'),
    invalidates: ['pusherQueryPage'],
  });

  const filters = useMemo<FiltersOf<'pusherQueryPage'>>(
    () => [
      { type: 'text', name: 'name', label: t('pushers.keyword'), maxLength: 32 },
      {
        type: 'select',
        name: 'permission',
        label: t('pushers.permission'),
        options: optionsOf(PUSHER_PERMISSIONS, net.permission),
      },
      {
        type: 'select',
        name: 'status',
        label: t('common.status'),
        options: [0, 1].map((v) => ({ value: v, label: net.status(v) })),
      },
    ],
    [t, net],
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
      { title: t('common.mobile'), key: 'mobile', width: 150, render: (_: unknown, r) => `+${r.areaCode} ${r.mobile}` },
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
      {
        title: t('common.status'),
        dataIndex: 'status',
        key: 'status',
        width: 90,
        render: (v: number, r) => <StatusTag status={v} reason={r.freezeReason} />,
      },
      { title: t('common.note'), dataIndex: 'note', key: 'note', render: (v: string | null) => v ?? '-' },
      {
        title: t('common.createTime'),
        dataIndex: 'createTime',
        key: 'createTime',
        defaultHidden: true,
        sortable: true,
        render: (v: string) => formatDateTime(v),
      },
      {
        title: t('kit:actions'),
        key: 'actions',
        fixed: 'right',
        // Statement, Edit and Freeze (or Delete) on one line in English.
        width: 200,
        render: (_: unknown, row) => (
          <Space size={0}>
            {canStatement && (
              <Button type="link" size="small" onClick={() => statement.open('pusher', row.id)}>
                {t('partners.statement')}
              </Button>
            )}
            {buttons.has(PERMS.pusherSave) && (
              <Button type="link" size="small" onClick={() => edit.show(row)}>
                {t('common.edit')}
              </Button>
            )}
            {buttons.has(PERMS.pusherStatus) &&
              (row.status === 0 ? (
                <Button type="link" size="small" danger onClick={() => freeze.show(row)}>
                  {t('common.freeze')}
                </Button>
              ) : (
                <Button type="link" size="small" onClick={() => unfreeze.run(row)}>
                  {t('common.unfreeze')}
                </Button>
              ))}
          </Space>
        ),
      },
    ],
    [t, net, buttons.has, canStatement, statement.open, edit.show, freeze.show, unfreeze.run],
  );

  const row = edit.record;
  if (statement.statement)
    return (
      <PartnerStatement
        partyKind={statement.statement.kind}
        partyId={statement.statement.id}
        onBack={statement.close}
      />
    );
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
      toolbar={
        <Permit perm={PERMS.pusherSave}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => edit.show()}>
            {t('pushers.add')}
          </Button>
        </Permit>
      }
    >
      <FormDrawer<PusherValues>
        name="pusher"
        open={edit.open}
        title={row ? t('pushers.editTitle', { name: row.name }) : t('pushers.createTitle')}
        onClose={edit.hide}
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
        <Form.Item
          name="password"
          label={t('common.password')}
          extra={creating ? t('common.passwordHint') : t('common.passwordKeep')}
          rules={[
            creating ? rule(field.password.unwrap(), t('common.password')) : rule(field.password, t('common.password')),
          ]}
        >
          <Input.Password maxLength={18} autoComplete="new-password" />
        </Form.Item>
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
      <FreezeModal
        open={freeze.open}
        name={freeze.record?.name ?? ''}
        onClose={freeze.hide}
        onSubmit={(reason) => request('pusherUpdateStatus', { body: { id: freeze.record!.id, status: 1, reason } })}
        invalidates="pusherQueryPage"
      />
    </ListPage>
  );
}
