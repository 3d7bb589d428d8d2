import { useMemo } from 'react';
import { Alert, Button, Form, Input, InputNumber, Space, Spin, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMS, roleSaveRequest, type RoleItem } from '@cbo/contract';
import { request } from '@/shared/request';
import { useButtons } from '@/shared/permission';
import { useZodRule } from '@/shared/form';
import {
  AddButton,
  callKey,
  FormDrawer,
  ListPage,
  useOverlay,
  useRowAction,
  type ColumnsOf,
  type FiltersOf,
  timeColumn,
} from '@/shared/list-page';
import { useNameText } from '../components/identity-data';
import { MenuTreeField } from '../components/menu-tree-field';
import { doneText } from '@/shared/feedback';

interface RoleValues {
  name: string;
  remark: string;
  weight: number;
  menuIds: number[];
}

const field = roleSaveRequest.shape;

/** System management → roles (menu url system/roles): roles and the menus each holds. */
export default function RolesView() {
  const { t } = useTranslation(['identity', 'kit', 'roleRemark']);
  const rule = useZodRule();
  const nameText = useNameText();
  const buttons = useButtons();
  const edit = useOverlay<RoleItem>();

  const menus = useQuery({
    queryKey: callKey('menuListAll'),
    queryFn: ({ signal }) => request('menuListAll', {}, { signal }),
    enabled: edit.open,
  });
  const detail = useQuery({
    queryKey: callKey('roleDetail', { id: edit.record?.id }),
    queryFn: ({ signal }) => request('roleDetail', { query: { id: edit.record!.id } }, { signal }),
    enabled: edit.open && !!edit.record,
  });

  const remove = useRowAction<RoleItem>({
    confirm: (row) => ({ title: t('roles.deleteConfirm', { name: nameText(row.name) }), danger: true }),
    call: (row) => request('roleDelete', { query: { id: row.id } }),
    success: doneText('deleted'),
    invalidates: ['roleQueryPage', 'roleOptions'],
  });

  const filters = useMemo<FiltersOf<'roleQueryPage'>>(
    () => [{ type: 'text', name: 'name', label: t('roles.name'), maxLength: 32 }],
    [t],
  );
  const columns = useMemo<ColumnsOf<'roleQueryPage'>>(
    () => [
      {
        title: t('roles.name'),
        dataIndex: 'name',
        key: 'name',
        fixed: 'left',
        width: 220,
        ellipsis: true,
        render: (v: string, r) => (
          <>
            {nameText(v)}
            {r.isSuper && (
              <Tag color="gold" style={{ marginInlineStart: 4 }}>
                {t('roles.super')}
              </Tag>
            )}
          </>
        ),
      },
      { title: t('roles.accountCount'), dataIndex: 'accountCount', key: 'accountCount', width: 110 },
      {
        title: t('roles.menuCount'),
        dataIndex: 'menuCount',
        key: 'menuCount',
        width: 110,
        render: (v: number, r) => (r.isSuper ? t('roles.allMenus') : v),
      },
      { title: t('roles.weight'), dataIndex: 'weight', key: 'weight', width: 100 },
      {
        title: t('roles.remark'),
        dataIndex: 'remark',
        key: 'remark',
        width: 190,
        ellipsis: true,
        render: (v: string | null) => (v ? nameText(v) : '-'),
      },
      {
        title: t('roles.creator'),
        dataIndex: 'creator',
        key: 'creator',
        width: 130,
        ellipsis: true,
        render: (v: string | null) => v ?? t('roles.system'),
      },
      timeColumn(t('roles.createTime'), { width: 180 }),
      {
        title: t('kit:actions'),
        key: 'actions',
        fixed: 'right',
        width: 130,
        render: (_: unknown, row) => (
          <Space size={0}>
            {buttons.has(PERMS.roleSave) && (
              <Button type="link" size="small" onClick={() => edit.show(row)}>
                {t('roles.edit')}
              </Button>
            )}
            {buttons.has(PERMS.roleDelete) && !row.isSuper && (
              <Button type="link" size="small" danger onClick={() => remove.run(row)}>
                {t('roles.delete')}
              </Button>
            )}
          </Space>
        ),
      },
    ],
    [t, nameText, buttons.has, edit.show, remove.run],
  );

  const row = edit.record;
  const loading = menus.isPending || (!!row && detail.isPending);
  const initial: Partial<RoleValues> | undefined = row
    ? // A seeded role's name and remark are keys: the form shows them as the list does, in the
      // viewer's language (the server stores them back as the keys when they are left as shown).
      detail.data && {
        name: nameText(row.name),
        remark: row.remark ? nameText(row.remark) : '',
        weight: row.weight,
        menuIds: detail.data.menuIds,
      }
    : { weight: 1, menuIds: [] };

  return (
    <ListPage
      listCall="roleQueryPage"
      rowKey="id"
      title={t('roles.title')}
      filters={filters}
      columns={columns}
      toolbar={
        <AddButton perm={PERMS.roleSave} onClick={() => edit.show()}>
          {t('roles.add')}
        </AddButton>
      }
    >
      <FormDrawer<RoleValues>
        open={edit.open}
        title={row ? t('roles.editTitle') : t('roles.createTitle')}
        onClose={edit.hide}
        initialValues={initial}
        width={640}
        onSubmit={(v) =>
          request('roleSave', {
            body: { id: row?.id, name: v.name, remark: v.remark ?? '', weight: v.weight, menuIds: v.menuIds ?? [] },
          })
        }
        invalidates={['roleQueryPage', 'roleOptions', 'roleDetail']}
      >
        <Form.Item name="name" label={t('roles.name')} rules={[rule(field.name, t('roles.name'))]}>
          <Input maxLength={32} showCount disabled={row?.isSuper} />
        </Form.Item>
        <Form.Item name="remark" label={t('roles.remark')} rules={[rule(field.remark, t('roles.remark'))]}>
          <Input.TextArea maxLength={64} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item
          name="weight"
          label={t('roles.weight')}
          extra={t('roles.weightHint')}
          rules={[rule(field.weight, t('roles.weight'))]}
        >
          <InputNumber min={0} max={9999999999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        {row?.isSuper ? (
          <Alert type="info" showIcon message={t('roles.superHint')} />
        ) : (
          <Form.Item name="menuIds" label={t('roles.menus')} extra={t('roles.menusHint')}>
            {loading ? <Spin /> : <MenuTreeField menus={menus.data ?? []} />}
          </Form.Item>
        )}
      </FormDrawer>
    </ListPage>
  );
}
