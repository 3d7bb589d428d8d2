import { useMemo } from 'react';
import { Button, Form, Input, InputNumber, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PERMS, providerSaveRequest, type ProviderItem } from '@cbo/contract';
import { request } from '@/shared/request';
import { Permit, useButtons, useHoldsScreen } from '@/shared/permission';
import { useZodRule } from '@/shared/form';
import {
  FormDrawer,
  ListPage,
  formatDateTime,
  useOverlay,
  useRowAction,
  type ColumnsOf,
  type FiltersOf,
} from '@/shared/list-page';
import { MobileItem, SimulatedTag, StatusTag, useNetLabel } from '../components/network-data';
import { FreezeModal } from '../components/freeze-modal';
import { PartnerStatement, useStatementParam } from '../components/partner-statement';

interface ProviderValues {
  name: string;
  contact: string;
  areaCode: string;
  mobile: string;
  password?: string;
  ratio: number;
  remark?: string;
}
const field = providerSaveRequest.shape;

/** Agent management → outlet service providers (menu url network/providers): their share and the outlets they serve. */
export default function ProvidersView() {
  const { t } = useTranslation(['network', 'kit']);
  const rule = useZodRule();
  const net = useNetLabel();
  const buttons = useButtons();
  const statement = useStatementParam();
  // The statement is the agent list's call: offered to whoever may open that screen.
  const canStatement = useHoldsScreen(PERMS.agentQuery);
  const edit = useOverlay<ProviderItem>();
  const freeze = useOverlay<ProviderItem>();

  const unfreeze = useRowAction<ProviderItem>({
    confirm: (row) => ({ title: t('providers.unfreezeConfirm', { name: row.name }) }),
    call: (row) => request('providerUpdateStatus', { body: { id: row.id, status: 0 } }),
    success: t('common.unfrozen'),
    invalidates: ['providerQueryPage'],
  });

  const filters = useMemo<FiltersOf<'providerQueryPage'>>(
    () => [
      { type: 'text', name: 'name', label: t('providers.keyword'), maxLength: 32 },
      {
        type: 'select',
        name: 'status',
        label: t('common.status'),
        options: [0, 1].map((v) => ({ value: v, label: net.status(v) })),
      },
    ],
    [t, net],
  );
  const columns = useMemo<ColumnsOf<'providerQueryPage'>>(
    () => [
      {
        title: t('providers.name'),
        dataIndex: 'name',
        key: 'name',
        fixed: 'left',
        sortable: true,
        render: (v: string, r) => (
          <Space size={4} wrap>
            {v}
            <SimulatedTag simulated={r.simulated} />
          </Space>
        ),
      },
      { title: t('providers.contact'), dataIndex: 'contact', key: 'contact' },
      { title: t('common.mobile'), key: 'mobile', width: 150, render: (_: unknown, r) => `+${r.areaCode} ${r.mobile}` },
      { title: t('providers.ratio'), dataIndex: 'ratio', key: 'ratio', sortable: true, render: (v: number) => `${v}%` },
      { title: t('providers.outlets'), dataIndex: 'outletCount', key: 'outletCount' },
      {
        title: t('common.status'),
        dataIndex: 'status',
        key: 'status',
        width: 90,
        render: (v: number, r) => <StatusTag status={v} reason={r.freezeReason} />,
      },
      { title: t('common.remark'), dataIndex: 'remark', key: 'remark', render: (v: string | null) => v ?? '-' },
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
              <Button type="link" size="small" onClick={() => statement.open('provider', row.id)}>
                {t('partners.statement')}
              </Button>
            )}
            {buttons.has(PERMS.providerSave) && (
              <Button type="link" size="small" onClick={() => edit.show(row)}>
                {t('common.edit')}
              </Button>
            )}
            {buttons.has(PERMS.providerStatus) &&
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
    [t, buttons.has, canStatement, statement.open, edit.show, freeze.show, unfreeze.run],
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
      listCall="providerQueryPage"
      rowKey="id"
      title={t('providers.title')}
      filters={filters}
      columns={columns}
      exportCall="providerExport"
      exportPerm={PERMS.providerExport}
      toolbar={
        <Permit perm={PERMS.providerSave}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => edit.show()}>
            {t('providers.add')}
          </Button>
        </Permit>
      }
    >
      <FormDrawer<ProviderValues>
        name="provider"
        open={edit.open}
        title={row ? t('providers.editTitle', { name: row.name }) : t('providers.createTitle')}
        onClose={edit.hide}
        initialValues={
          row
            ? {
                name: row.name,
                contact: row.contact,
                areaCode: row.areaCode,
                mobile: row.mobile,
                ratio: row.ratio,
                remark: row.remark ?? '',
              }
            : { areaCode: '86', ratio: 0 }
        }
        onSubmit={(v) =>
          request('providerSaveOrUpdate', {
            body: {
              id: row?.id,
              name: v.name,
              contact: v.contact,
              areaCode: v.areaCode,
              mobile: v.mobile,
              password: v.password || undefined,
              ratio: v.ratio,
              remark: v.remark ?? '',
            },
          })
        }
        invalidates={['providerQueryPage', 'selectUserByType']}
      >
        <Form.Item name="name" label={t('providers.name')} rules={[rule(field.name, t('providers.name'))]}>
          <Input maxLength={18} showCount />
        </Form.Item>
        <Form.Item name="contact" label={t('providers.contact')} rules={[rule(field.contact, t('providers.contact'))]}>
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
        <Form.Item name="ratio" label={t('providers.ratio')} rules={[rule(field.ratio, t('providers.ratio'))]}>
          <InputNumber min={0} max={100} precision={0} addonAfter="%" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="remark" label={t('common.remark')} rules={[rule(field.remark, t('common.remark'))]}>
          <Input.TextArea maxLength={32} showCount autoSize />
        </Form.Item>
      </FormDrawer>
      <FreezeModal
        open={freeze.open}
        name={freeze.record?.name ?? ''}
        onClose={freeze.hide}
        onSubmit={(reason) => request('providerUpdateStatus', { body: { id: freeze.record!.id, status: 1, reason } })}
        invalidates="providerQueryPage"
      />
    </ListPage>
  );
}
