import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Empty, Space, Spin, Tag, Tree, Typography } from 'antd';
import { ApartmentOutlined, FileTextOutlined, ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AgentTreeNode, StatementParty } from '@cbo/contract';
import { request } from '@/shared/request';
import { useNetLabel } from './network-data';

interface TreeItem {
  key: string;
  isLeaf: boolean;
  icon?: React.ReactNode;
  children?: TreeItem[];
  node: AgentTreeNode;
}

export interface PartnerTreeProps {
  /** Start at this agent (from its row); the A agents otherwise. */
  rootId?: number;
  onStatement: (kind: StatementParty, id: number, name: string) => void;
}

const toItem = (n: AgentTreeNode): TreeItem => ({
  key: `${n.kind}:${n.id}`,
  isLeaf: !n.hasChildren,
  icon: n.kind === 'agent' ? <ApartmentOutlined /> : <ShopOutlined />,
  node: n,
});

/**
 * The partner network as a tree (A → B → C agents, each with its outlets), loaded one level at a
 * time as a node is opened (agentTree), so a large network costs one small call per click. Each
 * node says its outlets and devices, its own and its whole subtree's, and opens its statement.
 */
export function PartnerTree({ rootId, onStatement }: PartnerTreeProps) {
  const { t } = useTranslation('network');
  const net = useNetLabel();
  const [items, setItems] = useState<TreeItem[] | null>(null);
  // The parent's handler may be a new function each render: read it when clicked, never reload the tree for it.
  const statement = useRef(onStatement);
  statement.current = onStatement;

  const title = useCallback(
    (n: AgentTreeNode) => (
      <Space size={6} wrap className="partner-tree-node" data-testid={`tree-node-${n.kind}-${n.id}`}>
        <Typography.Text strong={n.kind === 'agent'} delete={false} type={n.inactive ? 'secondary' : undefined}>
          {n.name}
        </Typography.Text>
        {n.level && (
          <Tag color={n.level === 'A' ? 'gold' : n.level === 'B' ? 'blue' : 'default'}>{net.level(n.level)}</Tag>
        )}
        {n.inactive && <Tag>{n.kind === 'agent' ? t('partners.frozen') : t('partners.notInService')}</Tag>}
        <Typography.Text type="secondary">{`${n.ratio}%`}</Typography.Text>
        <Typography.Text type="secondary">
          {n.kind === 'agent'
            ? t('partners.agentCounts', {
                agents: n.childAgents,
                outlets: n.outlets,
                devices: n.devices,
                allOutlets: n.subtreeOutlets,
                allDevices: n.subtreeDevices,
              })
            : t('partners.outletCounts', { devices: n.devices })}
        </Typography.Text>
        <Button
          type="link"
          size="small"
          icon={<FileTextOutlined />}
          onClick={(e) => {
            e.stopPropagation();
            statement.current(n.kind, n.id, n.name);
          }}
        >
          {t('partners.statement')}
        </Button>
      </Space>
    ),
    [t, net],
  );

  useEffect(() => {
    let live = true;
    setItems(null);
    void request('agentTree', { query: rootId ? { rootId } : {} }).then(
      (nodes) => live && setItems(nodes.map(toItem)),
      () => live && setItems([]),
    );
    return () => {
      live = false;
    };
  }, [rootId]);

  const load = async (item: TreeItem) => {
    if (item.children || item.node.kind !== 'agent') return;
    const children = (await request('agentTree', { query: { parentId: item.node.id } })).map(toItem);
    const put = (list: TreeItem[]): TreeItem[] =>
      list.map((x) => (x.key === item.key ? { ...x, children } : x.children ? { ...x, children: put(x.children) } : x));
    setItems((now) => (now ? put(now) : now));
  };

  if (items === null) return <Spin data-testid="partner-tree-loading" />;
  if (!items.length) return <Empty description={t('partners.empty')} />;
  return (
    <Tree<TreeItem>
      className="partner-tree"
      data-testid="partner-tree"
      showIcon
      blockNode
      treeData={items}
      titleRender={(item) => title(item.node)}
      loadData={(n) => load(n as unknown as TreeItem)}
      defaultExpandedKeys={rootId ? [`agent:${rootId}`] : []}
    />
  );
}
