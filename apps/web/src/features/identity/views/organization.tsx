import { useMemo } from 'react';
import { Button, Card, Flex, Form, Input, InputNumber, Space, Table, Tooltip, TreeSelect, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { orgSaveRequest, PERMS, type OrgNode } from '@cbo/contract';
import { request } from '@/shared/request';
import { useButtons } from '@/shared/permission';
import { useZodRule } from '@/shared/form';
import { AddButton, FormDrawer, useKitColumns, useOverlay, useRowAction } from '@/shared/list-page';
import { orgOptions, useOrgTree, type TreeOption } from '../components/identity-data';
import { doneText } from '@/shared/feedback';
import { EmptyState } from '@/shared/empty-state';

interface OrgValues {
  parentId: number;
  name: string;
  orderNum: number;
}

/** A department being edited, or the parent a new one goes under. */
type Target = { node?: OrgNode; parentId: number };

/** System management → organization (menu url system/organization): the department tree. */
export default function OrganizationView() {
  const { t } = useTranslation(['identity', 'kit']);
  const rule = useZodRule();
  const buttons = useButtons();
  const tree = useOrgTree();
  const edit = useOverlay<Target>();

  const remove = useRowAction<OrgNode>({
    confirm: (node) => ({ title: t('organization.deleteConfirm', { name: node.name }), danger: true }),
    call: (node) => request('orgDelete', { query: { id: node.id } }),
    success: doneText('deleted'),
    invalidates: ['orgTree'],
  });

  // The parent picker leaves out the department itself and everything below it.
  const parentData = useMemo(() => {
    const without = (nodes: TreeOption[], id?: number): TreeOption[] =>
      nodes.filter((n) => n.value !== id).map((n) => ({ ...n, children: without(n.children, id) }));
    return [
      {
        value: 0,
        key: 0,
        title: t('organization.top'),
        children: without(orgOptions(tree.data ?? []), edit.record?.node?.id),
      },
    ];
  }, [tree.data, edit.record, t]);

  const data = useMemo(() => {
    // antd's tree table: leaves without an empty children array (no expand icon).
    const strip = (nodes: OrgNode[]): (Omit<OrgNode, 'children'> & { children?: unknown[] })[] =>
      nodes.map(({ children, ...n }) => (children.length ? { ...n, children: strip(children) } : n));
    return strip(tree.data ?? []);
  }, [tree.data]);

  const record = edit.record;
  const table = useKitColumns<OrgNode>(
    [
      { title: t('organization.name'), dataIndex: 'name', key: 'name', width: 320, ellipsis: true },
      { title: t('organization.accountCount'), dataIndex: 'accountCount', key: 'accountCount', width: 130 },
      { title: t('organization.orderNum'), dataIndex: 'orderNum', key: 'orderNum', width: 110 },
      {
        title: t('kit:actions'),
        key: 'actions',
        fixed: 'right',
        width: 220,
        render: (_: unknown, node: OrgNode) => (
          <Space size={0} wrap>
            {buttons.has(PERMS.orgSave) && (
              <>
                <Button type="link" size="small" onClick={() => edit.show({ parentId: node.id })}>
                  {t('organization.addChild')}
                </Button>
                <Button type="link" size="small" onClick={() => edit.show({ node, parentId: node.parentId })}>
                  {t('organization.edit')}
                </Button>
              </>
            )}
            {buttons.has(PERMS.orgDelete) && (
              <Button type="link" size="small" danger onClick={() => remove.run(node)}>
                {t('organization.delete')}
              </Button>
            )}
          </Space>
        ),
      },
    ],
    'orgTree',
  );

  return (
    <Card size="small">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('organization.title')}
        </Typography.Title>
        <Space wrap>
          <AddButton perm={PERMS.orgSave} onClick={() => edit.show({ parentId: 0 })}>
            {t('organization.add')}
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
        <Table
          rowKey="id"
          dataSource={data as OrgNode[]}
          loading={tree.isFetching}
          pagination={false}
          size={table.size}
          scroll={{ x: table.scrollX }}
          expandable={{ defaultExpandAllRows: true }}
          key={tree.dataUpdatedAt ? 'loaded' : 'loading'}
          locale={{ emptyText: <EmptyState description={t('organization.empty')} /> }}
          columns={table.columns}
        />
      </div>
      <FormDrawer<OrgValues>
        open={edit.open}
        title={record?.node ? t('organization.editTitle') : t('organization.createTitle')}
        onClose={edit.hide}
        initialValues={
          record?.node
            ? { parentId: record.node.parentId, name: record.node.name, orderNum: record.node.orderNum }
            : { parentId: record?.parentId ?? 0, orderNum: 0 }
        }
        onSubmit={(v) => request('orgSave', { body: { ...v, id: record?.node?.id } })}
        invalidates={['orgTree']}
      >
        <Form.Item name="parentId" label={t('organization.parent')} rules={[{ required: true }]}>
          <TreeSelect treeData={parentData} treeDefaultExpandAll />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('organization.name')}
          rules={[rule(orgSaveRequest.shape.name, t('organization.name'))]}
        >
          <Input maxLength={32} showCount />
        </Form.Item>
        <Form.Item name="orderNum" label={t('organization.orderNum')}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </FormDrawer>
    </Card>
  );
}
