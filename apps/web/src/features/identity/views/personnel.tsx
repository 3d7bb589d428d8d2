import { useMemo, useState } from 'react';
import { Button, Card, Col, Form, Input, Row, Select, Space, Tag, Tree, TreeSelect, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { manageCreateRequest, manageResetPasswordRequest, PERMS, type ManageItem } from '@cbo/contract';
import { request } from '@/shared/request';
import { useButtons } from '@/shared/permission';
import { useSession } from '@/shared/session';
import { useZodRule } from '@/shared/form';
import {
  AddButton,
  callKey,
  FormDrawer,
  FormModal,
  ListPage,
  useOverlay,
  useRowAction,
  type ColumnsOf,
  type FiltersOf,
  timeColumn,
} from '@/shared/list-page';
import { orgOptions, useNameText, useOrgTree, useRoleOptions } from '../components/identity-data';

interface AccountValues {
  userName: string;
  nickName: string;
  password?: string;
  roleIds: number[];
  orgId?: number | null;
  areaCode?: string;
  mobile?: string;
  email?: string;
  idCard?: string;
  address?: string;
  note?: string;
}

const field = manageCreateRequest.shape;

/** System management → personnel (menu url system/personnel): admin accounts, by department. */
export default function PersonnelView() {
  const { t } = useTranslation(['identity', 'kit']);
  const rule = useZodRule();
  const nameText = useNameText();
  const buttons = useButtons();
  const orgs = useOrgTree();
  const roles = useRoleOptions();
  const [orgId, setOrgId] = useState<number | undefined>();
  const edit = useOverlay<ManageItem>();
  const reset = useOverlay<ManageItem>();

  const orgData = useMemo(() => orgOptions(orgs.data ?? []), [orgs.data]);
  const roleOptions = useMemo(
    () => (roles.data ?? []).map((r) => ({ value: r.id, label: nameText(r.name) })),
    [roles.data, nameText],
  );
  const { user } = useSession();
  // Only a super administrator may give the super role (the server refuses anyone else), so the
  // account form offers it to super administrators only; the list filter still shows every role.
  const amSuper = (roles.data ?? []).some((r) => r.isSuper && (user?.roleNames ?? []).includes(r.name));
  const grantable = useMemo(
    () =>
      (roles.data ?? []).filter((r) => amSuper || !r.isSuper).map((r) => ({ value: r.id, label: nameText(r.name) })),
    [roles.data, nameText, amSuper],
  );

  const status = useRowAction<ManageItem>({
    confirm: (row) => {
      const freeze = row.status === 0;
      return {
        title: t(freeze ? 'personnel.freezeConfirm' : 'personnel.unfreezeConfirm', { name: row.userName }),
        content: freeze ? t('personnel.freezeHint') : undefined,
        danger: freeze,
      };
    },
    call: (row) => request('manageStatus', { body: { manageId: row.manageId, status: row.status === 0 ? 1 : 0 } }),
    success: (_d, row) => t(row.status === 0 ? 'personnel.frozenDone' : 'personnel.unfrozenDone'),
    invalidates: ['manageList'],
  });
  // Accounts with an active sign-in lockout (too many failed sign-ins) get a tag and, for those
  // holding the permission, an action lifting it.
  const locks = useQuery({
    queryKey: callKey('manageLoginLocks'),
    queryFn: ({ signal }) => request('manageLoginLocks', {}, { signal }),
  });
  const lockedIds = useMemo(() => new Set((locks.data ?? []).map((l) => l.manageId)), [locks.data]);
  const unlock = useRowAction<ManageItem>({
    confirm: (row) => ({
      title: t('personnel.unlockConfirm', { name: row.userName }),
      content: t('personnel.unlockHint'),
    }),
    call: (row) => request('manageUnlockLogin', { body: { manageId: row.manageId } }),
    success: t('personnel.unlockDone'),
    invalidates: ['manageLoginLocks'],
  });

  const filters = useMemo<FiltersOf<'manageList'>>(
    () => [
      { type: 'text', name: 'userName', label: t('personnel.keyword'), maxLength: 32 },
      { type: 'text', name: 'mobile', label: t('personnel.mobile'), maxLength: 20 },
      {
        type: 'select',
        name: 'status',
        label: t('personnel.status'),
        options: [
          { value: 0, label: t('personnel.statusNormal') },
          { value: 1, label: t('personnel.statusFrozen') },
        ],
      },
      { type: 'select', name: 'roleId', label: t('personnel.roles'), options: roleOptions },
    ],
    [t, roleOptions],
  );

  const columns = useMemo<ColumnsOf<'manageList'>>(
    () => [
      {
        title: t('personnel.userName'),
        dataIndex: 'userName',
        key: 'userName',
        fixed: 'left',
        width: 140,
        ellipsis: true,
        sortable: true,
      },
      {
        title: t('personnel.status'),
        dataIndex: 'status',
        key: 'status',
        width: 100,
        render: (v: number, r) => (
          <>
            <Tag color={v === 0 ? 'success' : 'error'}>
              {t(v === 0 ? 'personnel.statusNormal' : 'personnel.statusFrozen')}
            </Tag>
            {lockedIds.has(r.manageId) && <Tag color="warning">{t('personnel.loginLocked')}</Tag>}
          </>
        ),
      },
      { title: t('personnel.nickName'), dataIndex: 'nickName', key: 'nickName', width: 130, ellipsis: true },
      {
        title: t('personnel.roles'),
        key: 'roles',
        width: 170,
        ellipsis: true,
        render: (_: unknown, r) => (r.roles.length ? r.roles.map((x) => nameText(x.name)).join(', ') : '-'),
      },
      { title: t('personnel.org'), dataIndex: 'orgName', key: 'orgName', width: 130, ellipsis: true },
      {
        title: t('personnel.mobile'),
        key: 'mobile',
        width: 150,
        defaultHidden: true,
        render: (_: unknown, r) =>
          r.mobile ? <span className="list-cell-id">{`+${r.areaCode ?? ''} ${r.mobile}`}</span> : '-',
      },
      {
        title: t('personnel.loginCount'),
        dataIndex: 'loginCount',
        key: 'loginCount',
        width: 110,
        defaultHidden: true,
        sortable: true,
      },
      timeColumn(t('personnel.lastLoginTime'), {
        dataIndex: 'lastLoginTime',
        width: 180,
        hidden: true,
        sortable: true,
      }),
      timeColumn(t('personnel.createTime'), { width: 180, hidden: true, sortable: true }),
      {
        title: t('kit:actions'),
        key: 'actions',
        fixed: 'right',
        // Room for two of the buttons on a line; the others wrap below.
        width: 190,
        render: (_: unknown, row) => (
          <Space size={0} wrap>
            {buttons.has(PERMS.manageEdit) && (
              <Button type="link" size="small" onClick={() => edit.show(row)}>
                {t('personnel.edit')}
              </Button>
            )}
            {buttons.has(PERMS.manageStatus) && (
              <Button type="link" size="small" danger={row.status === 0} onClick={() => status.run(row)}>
                {t(row.status === 0 ? 'personnel.freeze' : 'personnel.unfreeze')}
              </Button>
            )}
            {buttons.has(PERMS.manageResetPassword) && (
              <Button type="link" size="small" onClick={() => reset.show(row)}>
                {t('personnel.resetPassword')}
              </Button>
            )}
            {buttons.has(PERMS.manageUnlockLogin) && lockedIds.has(row.manageId) && (
              <Button type="link" size="small" onClick={() => unlock.run(row)}>
                {t('personnel.unlockLogin')}
              </Button>
            )}
          </Space>
        ),
      },
    ],
    [t, nameText, buttons.has, edit.show, reset.show, lockedIds, status.run, unlock.run],
  );

  const row = edit.record;
  const creating = edit.open && !row;
  const initial: Partial<AccountValues> | undefined = row
    ? {
        userName: row.userName,
        nickName: row.nickName,
        roleIds: row.roles.map((r) => r.id),
        orgId: row.orgId,
        areaCode: row.areaCode ?? '',
        mobile: row.mobile ?? '',
        email: row.email ?? '',
        idCard: row.idCard ?? '',
        address: row.address ?? '',
        note: row.note ?? '',
      }
    : { orgId: orgId ?? null, areaCode: '86' };

  const save = (v: AccountValues) => {
    const common = {
      nickName: v.nickName,
      roleIds: v.roleIds,
      orgId: v.orgId ?? null,
      areaCode: v.mobile ? (v.areaCode ?? '') : '',
      mobile: v.mobile ?? '',
      email: v.email ?? '',
      idCard: v.idCard ?? '',
      address: v.address ?? '',
      note: v.note ?? '',
    };
    if (edit.record) return request('manageUpdate', { body: { manageId: edit.record.manageId, ...common } });
    return request('manageCreate', { body: { userName: v.userName, password: v.password ?? '', ...common } });
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={6} xl={5}>
        <Card size="small" title={t('personnel.orgTree')}>
          <Tree
            blockNode
            defaultExpandAll
            treeData={[{ key: 0, title: t('personnel.allOrgs'), children: orgData }]}
            selectedKeys={[orgId ?? 0]}
            onSelect={(keys) => setOrgId(keys.length && keys[0] !== 0 ? Number(keys[0]) : undefined)}
            key={orgData.length}
          />
        </Card>
      </Col>
      <Col xs={24} lg={18} xl={19}>
        <ListPage
          listCall="manageList"
          rowKey="manageId"
          title={t('personnel.title')}
          filters={filters}
          params={{ orgId }}
          columns={columns}
          exportCall="manageExport"
          exportPerm={PERMS.manageExport}
          toolbar={
            <AddButton perm={PERMS.manageAdd} onClick={() => edit.show()}>
              {t('personnel.add')}
            </AddButton>
          }
        >
          <FormDrawer<AccountValues>
            open={edit.open}
            title={creating ? t('personnel.createTitle') : t('personnel.editTitle')}
            onClose={edit.hide}
            initialValues={initial}
            onSubmit={save}
            invalidates={['manageList', 'orgTree']}
          >
            <Form.Item
              name="userName"
              label={t('personnel.userName')}
              rules={creating ? [rule(field.userName, t('personnel.userName'))] : []}
            >
              <Input maxLength={18} disabled={!creating} autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="nickName"
              label={t('personnel.nickName')}
              rules={[rule(field.nickName, t('personnel.nickName'))]}
            >
              <Input maxLength={18} showCount />
            </Form.Item>
            {creating && (
              <Form.Item
                name="password"
                label={t('personnel.password')}
                rules={[rule(field.password, t('personnel.password'))]}
              >
                <Input.Password maxLength={18} autoComplete="new-password" />
              </Form.Item>
            )}
            <Form.Item name="roleIds" label={t('personnel.roles')} rules={[rule(field.roleIds, t('personnel.roles'))]}>
              <Select
                mode="multiple"
                options={grantable}
                optionFilterProp="label"
                placeholder={t('personnel.rolePlaceholder')}
              />
            </Form.Item>
            <Form.Item name="orgId" label={t('personnel.org')}>
              <TreeSelect
                treeData={orgData}
                allowClear
                treeDefaultExpandAll
                placeholder={t('personnel.orgPlaceholder')}
              />
            </Form.Item>
            <Form.Item label={t('personnel.mobile')}>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="areaCode" noStyle rules={[rule(field.areaCode, t('personnel.areaCode'))]}>
                  <Input style={{ width: 90 }} addonBefore="+" maxLength={4} aria-label={t('personnel.areaCode')} />
                </Form.Item>
                <Form.Item name="mobile" noStyle rules={[rule(field.mobile, t('personnel.mobile'))]}>
                  <Input maxLength={20} inputMode="numeric" aria-label={t('personnel.mobile')} />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
            <Form.Item name="email" label={t('personnel.email')} rules={[rule(field.email, t('personnel.email'))]}>
              <Input maxLength={32} inputMode="email" />
            </Form.Item>
            <Form.Item name="idCard" label={t('personnel.idCard')} rules={[rule(field.idCard, t('personnel.idCard'))]}>
              <Input maxLength={20} />
            </Form.Item>
            <Form.Item
              name="address"
              label={t('personnel.address')}
              rules={[rule(field.address, t('personnel.address'))]}
            >
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="note" label={t('personnel.note')} rules={[rule(field.note, t('personnel.note'))]}>
              <Input maxLength={18} showCount />
            </Form.Item>
          </FormDrawer>
          <FormModal<{ password: string }>
            open={reset.open}
            title={t('personnel.resetPasswordTitle', { name: reset.record?.userName ?? '' })}
            onClose={reset.hide}
            onSubmit={(v) =>
              request('manageResetPassword', { body: { manageId: reset.record!.manageId, password: v.password } })
            }
            successMessage={t('personnel.resetDone')}
          >
            <Typography.Paragraph type="secondary">{t('personnel.resetHint')}</Typography.Paragraph>
            <Form.Item
              name="password"
              label={t('personnel.newPassword')}
              rules={[rule(manageResetPasswordRequest.shape.password, t('personnel.newPassword'))]}
            >
              <Input.Password maxLength={18} autoComplete="new-password" />
            </Form.Item>
          </FormModal>
        </ListPage>
      </Col>
    </Row>
  );
}
