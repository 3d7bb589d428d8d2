import { Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AgentItem } from '@cbo/contract';
import { request } from '@/shared/request';
import { plainMoney } from '@/shared/money';
import { DetailDrawer, callKey } from '@/shared/list-page';
import { useNetLabel } from './network-data';

/** An agent's chain from the platform down: what each level holds and earns (they total 100). */
export function ChainDrawer({
  agent,
  open,
  onClose,
}: {
  agent: AgentItem | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('network');
  const net = useNetLabel();
  const detail = useQuery({
    queryKey: [...callKey('agentDetail'), agent?.id],
    queryFn: ({ signal }) => request('agentDetail', { query: { id: agent!.id } }, { signal }),
    enabled: open && Boolean(agent),
  });
  const d = detail.data;
  return (
    <DetailDrawer
      open={open}
      onClose={onClose}
      title={t('agents.chainTitle', { name: agent?.name ?? '' })}
      loading={detail.isPending}
      items={
        d
          ? [
              { key: 'level', label: t('agents.level'), value: net.level(d.level) },
              { key: 'ratio', label: t('agents.ratio'), value: `${d.ratio}%` },
              { key: 'floor', label: t('agents.childFloor'), value: `${d.childFloor}%` },
              { key: 'children', label: t('agents.children'), value: d.childCount },
              { key: 'minWithdrawal', label: t('agents.minWithdrawal'), value: plainMoney(d.minWithdrawal) },
              { key: 'fee', label: t('agents.withdrawalFeeRate'), value: `${d.withdrawalFeeRate}%` },
              { key: 'idCard', label: t('common.idCard'), value: d.idCard },
              { key: 'remark', label: t('common.remark'), value: d.remark },
            ]
          : []
      }
    >
      {d && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('agents.chain')}
          </Typography.Title>
          <Table
            size="small"
            pagination={false}
            rowKey={(l) => l.agentId ?? 0}
            dataSource={d.chain}
            columns={[
              {
                title: t('agents.link'),
                key: 'who',
                render: (_: unknown, l) => (l.agentId === null ? net.platform : `${l.name} (${net.level(l.level!)})`),
              },
              { title: t('agents.holds'), dataIndex: 'holds', key: 'holds', render: (v: number) => `${v}%` },
              { title: t('agents.earns'), dataIndex: 'earns', key: 'earns', render: (v: number) => `${v}%` },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>{t('agents.total')}</Table.Summary.Cell>
                <Table.Summary.Cell index={1} />
                <Table.Summary.Cell index={2}>{d.chain.reduce((s, l) => s + l.earns, 0)}%</Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('agents.chainHint')}
          </Typography.Paragraph>
        </>
      )}
    </DetailDrawer>
  );
}
