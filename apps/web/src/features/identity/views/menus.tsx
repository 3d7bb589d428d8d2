/*
 * Why one file of over 400 lines (issue 30): one screen, the menu tree with its two forms (a
 * directory, menu or button; the routes a menu binds). The forms share the watched type and icon,
 * the four queries the tree opens them with (names, routes, bound routes) and the overlay that
 * says which node is edited; split apart they would pass all of it as props. The icon names the
 * sidebar knows are the list at the top.
 */
import { useMemo, useState, type Key } from 'react';
import {
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  TreeSelect,
  Typography,
  Upload,
} from 'antd';
import { ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  BUTTON_TYPES,
  callName,
  MENU_TYPE,
  menuSaveRequest,
  PERMS,
  UPLOAD_IMAGE_TYPES,
  type ManageMenu,
} from '@cbo/contract';
import { request } from '@/shared/request';
import { useButtons } from '@/shared/permission';
import { useLang, useZodRule } from '@/shared/form';
import { AddButton, callKey, FormDrawer, FormModal, useKitColumns, useOverlay, useRowAction } from '@/shared/list-page';
import { useNameText } from '../components/identity-data';
import { doneText } from '@/shared/feedback';
import { EmptyState } from '@/shared/empty-state';

interface MenuValues {
  type: 0 | 1 | 2;
  parentId: number;
  name: string;
  path?: string;
  breadcrumb?: string;
  url?: string;
  icon?: string;
  orderNum: number;
  hidden: boolean;
  perms?: string;
  buttonType?: string;
  description?: string;
}

/** Icon names the sidebar knows (app/layout/menu-icon.tsx); an uploaded 64x64 image also works. */
const ICON_NAMES = [
  'DashboardOutlined',
  'SettingOutlined',
  'TeamOutlined',
  'UserOutlined',
  'ClusterOutlined',
  'SafetyOutlined',
  'MenuOutlined',
  'ApiOutlined',
  'LoginOutlined',
  'FileSearchOutlined',
  'BarChartOutlined',
  'ProfileOutlined',
  'HddOutlined',
  'ThunderboltOutlined',
  'AccountBookOutlined',
  'ShopOutlined',
  'DatabaseOutlined',
  'ToolOutlined',
  'GiftOutlined',
  'EnvironmentOutlined',
  'MessageOutlined',
  'ExportOutlined',
  'AppstoreOutlined',
];

const field = menuSaveRequest.shape;
const TYPE_COLORS = ['blue', 'green', 'orange'];
interface ParentOption {
  value: number;
  title: string;
  children: ParentOption[];
}
type Target = { menu?: ManageMenu; parentId: number; type: 0 | 1 | 2 };

/** System management → menus (menu url system/menus): directories, menus, buttons and their routes. */
export default function MenusView() {
  const { t } = useTranslation(['identity', 'kit']);
  const rule = useZodRule();
  const nameText = useNameText();
  const buttons = useButtons();
  const [search, setSearch] = useState('');
  const edit = useOverlay<Target>();
  const bind = useOverlay<ManageMenu>();
  const [form] = Form.useForm<MenuValues>();
  const type = Form.useWatch('type', form);
  const icon = Form.useWatch('icon', form);

  const tree = useQuery({
    queryKey: callKey('menuRecursions', { name: search }),
    queryFn: ({ signal }) => request('menuRecursions', { query: { name: search || undefined } }, { signal }),
  });
  const names = useQuery({
    queryKey: callKey('menuNames'),
    queryFn: ({ signal }) => request('menuNames', {}, { signal }),
    enabled: edit.open,
  });
  const routes = useQuery({
    queryKey: callKey('menuAllUrls'),
    queryFn: ({ signal }) => request('menuAllUrls', {}, { signal }),
    enabled: edit.open || bind.open,
  });
  const bound = useQuery({
    queryKey: callKey('menuBoundUrls', { id: bind.record?.id }),
    queryFn: ({ signal }) => request('menuBoundUrls', { query: { id: bind.record!.id } }, { signal }),
    enabled: bind.open && !!bind.record,
  });

  const remove = useRowAction<ManageMenu>({
    confirm: (m) => ({ title: t('menus.deleteConfirm', { name: nameText(m.name) }), danger: true }),
    call: (m) => request('menuDelete', { query: { id: m.id } }),
    success: doneText('deleted'),
    invalidates: ['menuRecursions'],
  });

  const parentData = useMemo(() => {
    const list = names.data ?? [];
    const build = (pid: number): ParentOption[] =>
      list
        .filter((m) => m.parentId === pid && m.id !== edit.record?.menu?.id)
        .map((m) => ({ value: m.id, title: nameText(m.name), children: build(m.id) }));
    return [{ value: 0, title: t('menus.top'), children: build(0) }];
  }, [names.data, nameText, t, edit.record]);

  const permOptions = useMemo(() => {
    const codes = [
      ...new Set((routes.data ?? []).map((r) => r.access).filter((a) => a !== 'public' && a !== 'authenticated')),
    ].sort();
    return codes.map((c) => ({ value: c, label: c }));
  }, [routes.data]);
  // Each route beside its call's name in the reader's language; the picker finds a route by either.
  const lang = useLang();
  const routeOptions = useMemo(
    () =>
      (routes.data ?? []).map((r) => ({
        value: r.id,
        label: `${r.method} ${r.path}`,
        title: callName(r.call, lang) ?? r.name,
      })),
    [routes.data, lang],
  );

  const data = useMemo(() => {
    const strip = (nodes: ManageMenu[]): ManageMenu[] =>
      nodes.map((n) =>
        n.children.length
          ? { ...n, children: strip(n.children) }
          : ({ ...n, children: undefined } as unknown as ManageMenu),
      );
    return strip(tree.data ?? []);
  }, [tree.data]);

  // Directories open by default; a search opens everything it kept. The person's own clicks win.
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  const defaultExpanded = useMemo(() => {
    const keys: number[] = [];
    const walk = (nodes: ManageMenu[], all: boolean) =>
      nodes.forEach((n) => {
        if (n.children.length && (all || n.type === MENU_TYPE.directory)) keys.push(n.id);
        walk(n.children, all);
      });
    walk(tree.data ?? [], !!search);
    return keys;
  }, [tree.data, search]);

  const target = edit.record;
  const initial: Partial<MenuValues> = target?.menu
    ? {
        type: target.menu.type,
        parentId: target.menu.parentId,
        name: target.menu.name,
        path: target.menu.path,
        breadcrumb: target.menu.breadcrumb ?? '',
        url: target.menu.url ?? '',
        icon: target.menu.icon ?? undefined,
        orderNum: target.menu.orderNum,
        hidden: target.menu.hidden,
        perms: target.menu.perms ?? undefined,
        buttonType: target.menu.buttonType ?? undefined,
        description: target.menu.description ?? '',
      }
    : { type: target?.type ?? 1, parentId: target?.parentId ?? 0, orderNum: 0, hidden: false };

  const uploadIcon = (file: File) => {
    const body = new FormData();
    body.append('file', file);
    request('menuUploadIcon', { body })
      .then((r) => form.setFieldValue('icon', r.url))
      .catch(() => undefined);
    return false;
  };

  const table = useKitColumns<ManageMenu>(
    [
      // Name, type and visibility first; the technical columns after, cut with a tooltip.
      {
        title: t('menus.name'),
        dataIndex: 'name',
        key: 'name',
        fixed: 'left',
        width: 230,
        ellipsis: true,
        render: (v: string) => nameText(v),
      },
      {
        title: t('menus.type'),
        dataIndex: 'type',
        key: 'type',
        width: 90,
        render: (v: number) => <Tag color={TYPE_COLORS[v]}>{t(`menus.types.${v}`)}</Tag>,
      },
      {
        title: t('menus.visible'),
        dataIndex: 'hidden',
        key: 'hidden',
        width: 90,
        render: (v: boolean) => (v ? <Tag>{t('menus.hiddenTag')}</Tag> : <Tag color="success">{t('menus.shown')}</Tag>),
      },
      { title: t('menus.path'), dataIndex: 'path', key: 'path', width: 130, ellipsis: true },
      { title: t('menus.url'), dataIndex: 'url', key: 'url', width: 120, ellipsis: true },
      { title: t('menus.perms'), dataIndex: 'perms', key: 'perms', width: 150, ellipsis: true },
      {
        title: t('menus.icon'),
        dataIndex: 'icon',
        key: 'icon',
        width: 70,
        defaultHidden: true,
        render: (v: string | null) =>
          v?.startsWith('/files/') ? <img src={v} alt="" width={20} height={20} /> : v || '-',
      },
      { title: t('menus.apis'), dataIndex: 'apiCount', key: 'apiCount', width: 90 },
      { title: t('menus.orderNum'), dataIndex: 'orderNum', key: 'orderNum', width: 80 },
      {
        title: t('kit:actions'),
        key: 'actions',
        fixed: 'right',
        width: 190,
        render: (_: unknown, m) => (
          <Space size={0} wrap>
            {buttons.has(PERMS.menuSave) && m.type !== MENU_TYPE.button && (
              <Button
                type="link"
                size="small"
                onClick={() =>
                  edit.show({ parentId: m.id, type: m.type === MENU_TYPE.menu ? MENU_TYPE.button : MENU_TYPE.menu })
                }
              >
                {t('menus.addChild')}
              </Button>
            )}
            {buttons.has(PERMS.menuSave) && (
              <Button
                type="link"
                size="small"
                onClick={() => edit.show({ menu: m, parentId: m.parentId, type: m.type })}
              >
                {t('menus.edit')}
              </Button>
            )}
            {buttons.has(PERMS.menuBind) && (
              <Button type="link" size="small" onClick={() => bind.show(m)}>
                {t('menus.bind')}
              </Button>
            )}
            {buttons.has(PERMS.menuDelete) && !m.builtIn && (
              <Button type="link" size="small" danger onClick={() => remove.run(m)}>
                {t('menus.delete')}
              </Button>
            )}
          </Space>
        ),
      },
    ],
    'menuTree',
  );

  return (
    <Card size="small">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Space wrap>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('menus.title')}
          </Typography.Title>
          <Input.Search
            allowClear
            placeholder={t('menus.search')}
            onSearch={(v) => (setSearch(v.trim()), setExpanded(null))}
            style={{ width: 220 }}
            maxLength={64}
          />
        </Space>
        <Space wrap>
          <AddButton perm={PERMS.menuSave} onClick={() => edit.show({ parentId: 0, type: MENU_TYPE.directory })}>
            {t('menus.add')}
          </AddButton>
          {table.settings}
          <Tooltip title={t('common:refresh')}>
            <Button
              aria-label={t('common:refresh')}
              icon={<ReloadOutlined spin={tree.isFetching} />}
              onClick={() => void tree.refetch()}
            />
          </Tooltip>
        </Space>
      </Flex>
      <div ref={table.measure}>
        <Table<ManageMenu>
          rowKey="id"
          dataSource={data}
          loading={tree.isFetching}
          pagination={false}
          size={table.size}
          scroll={{ x: table.scrollX }}
          locale={{ emptyText: <EmptyState /> }}
          expandable={{
            expandedRowKeys: expanded ?? defaultExpanded,
            onExpandedRowsChange: (keys) => setExpanded(keys),
          }}
          columns={table.columns}
        />
      </div>
      <FormDrawer<MenuValues>
        open={edit.open}
        form={form}
        title={target?.menu ? t('menus.editTitle') : t('menus.createTitle')}
        onClose={edit.hide}
        initialValues={initial}
        onSubmit={(v) =>
          request('menuSave', {
            body: {
              ...v,
              id: target?.menu?.id,
              url: v.url ?? '',
              perms: v.perms ?? '',
              buttonType: (v.buttonType ?? '') as '',
            },
          })
        }
        invalidates={['menuRecursions', 'menuNames', 'menuListAll']}
      >
        <Form.Item name="type" label={t('menus.type')}>
          <Radio.Group
            optionType="button"
            options={[0, 1, 2].map((v) => ({ value: v, label: t(`menus.types.${v}`) }))}
          />
        </Form.Item>
        <Form.Item name="parentId" label={t('menus.parent')} extra={t('menus.parentHint')} rules={[{ required: true }]}>
          <TreeSelect treeData={parentData} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('menus.name')}
          extra={t('menus.nameHint')}
          rules={[rule(field.name, t('menus.name'))]}
        >
          <Input maxLength={64} />
        </Form.Item>
        {type !== MENU_TYPE.button && (
          <>
            <Form.Item
              name="path"
              label={t('menus.path')}
              extra={t('menus.pathHint')}
              rules={[rule(field.path, t('menus.path')), { required: true, message: t('menus.pathRequired') }]}
            >
              <Input maxLength={200} placeholder="/system/example" />
            </Form.Item>
            <Form.Item
              name="breadcrumb"
              label={t('menus.breadcrumb')}
              rules={[rule(field.breadcrumb, t('menus.breadcrumb'))]}
            >
              <Input maxLength={200} />
            </Form.Item>
          </>
        )}
        {type === MENU_TYPE.menu && (
          <Form.Item
            name="url"
            label={t('menus.url')}
            extra={t('menus.urlHint')}
            rules={[rule(field.url, t('menus.url')), { required: true, message: t('menus.urlRequired') }]}
          >
            <Input maxLength={200} placeholder="system/roles" />
          </Form.Item>
        )}
        {type !== MENU_TYPE.button && (
          <Form.Item label={t('menus.icon')} extra={t('menus.iconHint')}>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="icon" noStyle>
                <Select
                  allowClear
                  showSearch
                  options={ICON_NAMES.map((n) => ({ value: n, label: n }))}
                  placeholder={t('menus.iconPick')}
                />
              </Form.Item>
              <Upload
                accept={UPLOAD_IMAGE_TYPES.join(',')}
                showUploadList={false}
                beforeUpload={uploadIcon}
                maxCount={1}
              >
                <Button icon={<UploadOutlined />}>{t('menus.iconUpload')}</Button>
              </Upload>
            </Space.Compact>
            {icon?.startsWith('/files/') && <img src={icon} alt="" width={32} height={32} style={{ marginTop: 8 }} />}
          </Form.Item>
        )}
        {type === MENU_TYPE.button && (
          <Form.Item name="buttonType" label={t('menus.buttonType')}>
            <Select allowClear options={BUTTON_TYPES.map((b) => ({ value: b, label: t(`menus.buttonTypes.${b}`) }))} />
          </Form.Item>
        )}
        <Form.Item name="perms" label={t('menus.perms')} extra={t('menus.permsHint')}>
          <Select allowClear showSearch options={permOptions} loading={routes.isPending} />
        </Form.Item>
        <Form.Item name="orderNum" label={t('menus.orderNum')}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="hidden" label={t('menus.hidden')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('menus.description')}
          rules={[rule(field.description, t('menus.description'))]}
        >
          <Input.TextArea maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </FormDrawer>
      <FormModal<{ apiIds: number[] }>
        open={bind.open}
        title={t('menus.bindTitle', { name: bind.record ? nameText(bind.record.name) : '' })}
        onClose={bind.hide}
        width={720}
        initialValues={bound.data ? { apiIds: bound.data.map((r) => r.id) } : undefined}
        onSubmit={(v) => request('menuBindUrls', { body: { menuId: bind.record!.id, apiIds: v.apiIds ?? [] } })}
        invalidates={['menuRecursions', 'menuBoundUrls', 'apiQueryPage']}
      >
        <Typography.Paragraph type="secondary">{t('menus.bindHint')}</Typography.Paragraph>
        <Form.Item name="apiIds" label={t('menus.apis')}>
          <Select
            mode="multiple"
            loading={routes.isPending || bound.isPending}
            options={routeOptions.map((o) => ({
              ...o,
              disabled: bound.data?.some((b) => b.id === o.value && b.fixed),
            }))}
            filterOption={(input, o) =>
              !!o && `${o.label} ${o.title}`.toLowerCase().includes(input.trim().toLowerCase())
            }
            optionRender={(o) => (
              <span>
                {o.label} <Typography.Text type="secondary">{(o.data as { title: string }).title}</Typography.Text>
              </span>
            )}
          />
        </Form.Item>
      </FormModal>
    </Card>
  );
}
