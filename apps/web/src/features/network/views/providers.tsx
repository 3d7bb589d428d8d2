import { useMemo } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMS, providerSaveRequest, type ProviderItem } from '@cbo/contract';
import { request } from '@/shared/request';
import { useButtons } from '@/shared/permission';
import { useZodRule } from '@/shared/form';
import { FormDrawer, ListPage, type ColumnsOf, type FiltersOf } from '@/shared/list-page';
import { MobileItem } from '../components/network-data';
import { useAppAccountFreeze } from '../components/freeze-modal';
import {
  PasswordItem,
  PercentInput,
  RowLinks,
  usePartnerColumns,
  usePartnerStatement,
} from '../components/partner-kit';
import { usePartnerEdit } from '../components/partner-edit';

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
  const buttons = useButtons();
  const cols = usePartnerColumns();
  const statement = usePartnerStatement();
  const { edit, addButton, drawer } = usePartnerEdit<ProviderItem>('providers', PERMS.providerSave);
  const freeze = useAppAccountFreeze('provider');

  const filters = useMemo<FiltersOf<'providerQueryPage'>>(
    () => [{ type: 'text', name: 'name', label: t('providers.keyword'), maxLength: 32 }, cols.statusFilter],
    [t, cols],
  );
  const columns = useMemo<ColumnsOf<'providerQueryPage'>>(
    () => [
      cols.name(t('providers.name')),
      { title: t('providers.contact'), dataIndex: 'contact', key: 'contact' },
      cols.mobile(),
      cols.ratio(t('providers.ratio')),
      { title: t('providers.outlets'), dataIndex: 'outletCount', key: 'outletCount' },
      cols.status(),
      cols.optional(t('common.remark'), 'remark'),
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
              statement.link('provider', row.id),
              { label: t('common.edit'), onClick: buttons.has(PERMS.providerSave) ? () => edit.show(row) : undefined },
              freeze.link(row, buttons.has(PERMS.providerStatus)),
            ]}
          />
        ),
      },
    ],
    [t, cols, buttons.has, statement.link, edit.show, freeze.link],
  );

  const row = edit.record;
  if (statement.view) return statement.view;
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
      toolbar={addButton}
    >
      <FormDrawer<ProviderValues>
        name="provider"
        {...drawer}
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
        <PasswordItem creating={creating} schema={field.password} />
        <Form.Item name="ratio" label={t('providers.ratio')} rules={[rule(field.ratio, t('providers.ratio'))]}>
          <PercentInput />
        </Form.Item>
        <Form.Item name="remark" label={t('common.remark')} rules={[rule(field.remark, t('common.remark'))]}>
          <Input.TextArea maxLength={32} showCount autoSize />
        </Form.Item>
      </FormDrawer>
      {freeze.modal}
    </ListPage>
  );
}
