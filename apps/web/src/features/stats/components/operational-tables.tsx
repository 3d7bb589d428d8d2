import { useState } from 'react';
import { Card, Segmented, Table, Tabs, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StatsCabinetUse, StatsOperational, StatsOperationalRow, StatsOutletUse } from '@cbo/contract';
import { EmptyState } from '@/shared/empty-state';
import { useIsMobile } from '@/shared/list-page';
import type { OperationalFigure } from './operational-charts';
import { periodName } from './stats-window';

/** A count in a table: digits of one width, grouped. */
export const num = (v: number) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{v.toLocaleString()}</span>;

const USE_PAGINATION = { pageSize: 10, showSizeChanger: false, size: 'small' } as const;

/**
 * Each outlet's and cabinet's use in the window (orders, ended rentals, minutes rented), busiest
 * first or idlest first, in two tabs.
 */
export function UtilisationCard({ d, loading }: { d: StatsOperational | undefined; loading: boolean }) {
  const { t } = useTranslation('stats');
  const [busiestFirst, setBusiestFirst] = useState(true);
  const sortUse = <T,>(list: T[]) => (busiestFirst ? list : [...list].reverse());
  const count = (key: 'orderCount' | 'endedCount' | 'rentedMinutes', width: number) => ({
    title: t(`operational.${key}`),
    dataIndex: key,
    key,
    width,
    align: 'right' as const,
    render: num,
  });
  const useColumns = [count('orderCount', 90), count('endedCount', 90), count('rentedMinutes', 120)];
  const outletColumns: TableColumnsType<StatsOutletUse> = [
    {
      title: t('operational.outlet'),
      dataIndex: 'outletName',
      key: 'outletName',
      width: 220,
      ellipsis: true,
      render: (v: string | null, r) => v ?? (r.outletId === 0 ? t('operational.noOutlet') : `#${r.outletId}`),
    },
    {
      title: t('operational.cabinetCount'),
      dataIndex: 'cabinets',
      key: 'cabinets',
      width: 90,
      align: 'right',
      render: num,
    },
    ...useColumns,
  ];
  const cabinetColumns: TableColumnsType<StatsCabinetUse> = [
    { title: t('operational.sn'), dataIndex: 'sn', key: 'sn', width: 180 },
    {
      title: t('operational.outlet'),
      dataIndex: 'outletName',
      key: 'outletName',
      width: 200,
      ellipsis: true,
      render: (v: string | null) => v ?? t('operational.noOutlet'),
    },
    ...useColumns,
  ];
  return (
    <Card
      size="small"
      title={t('operational.utilisation')}
      extra={
        <Segmented
          size="small"
          value={busiestFirst ? 'busiest' : 'idlest'}
          onChange={(v) => setBusiestFirst(v === 'busiest')}
          options={[
            { value: 'busiest', label: t('operational.busiest') },
            { value: 'idlest', label: t('operational.idlest') },
          ]}
          data-testid="operational-sort"
        />
      }
    >
      <Tabs
        size="small"
        items={[
          {
            key: 'outlets',
            label: t('operational.outlets'),
            children: (
              <Table<StatsOutletUse>
                size="small"
                rowKey="outletId"
                loading={loading}
                columns={outletColumns}
                dataSource={sortUse(d?.outlets ?? [])}
                pagination={USE_PAGINATION}
                scroll={{ x: 'max-content' }}
                locale={{ emptyText: <EmptyState /> }}
                data-testid="operational-outlets"
              />
            ),
          },
          {
            key: 'cabinets',
            label: t('operational.cabinets'),
            children: (
              <Table<StatsCabinetUse>
                size="small"
                rowKey="sn"
                loading={loading}
                columns={cabinetColumns}
                dataSource={sortUse(d?.cabinets ?? [])}
                pagination={USE_PAGINATION}
                scroll={{ x: 'max-content' }}
                locale={{ emptyText: <EmptyState /> }}
                data-testid="operational-cabinets"
              />
            ),
          },
        ]}
      />
    </Card>
  );
}

/** The figures per period, as the export writes them, with the window's total as the last row. */
export function PeriodTable({
  d,
  loading,
  figures,
  figure,
}: {
  d: StatsOperational | undefined;
  loading: boolean;
  figures: OperationalFigure[];
  figure: (f: OperationalFigure) => string;
}) {
  const { t } = useTranslation('stats');
  const isMobile = useIsMobile();
  const columns: TableColumnsType<StatsOperationalRow> = [
    {
      title: t('operational.period'),
      dataIndex: 'start',
      key: 'start',
      width: 150,
      fixed: isMobile ? undefined : 'left',
      render: (v: string) => (d ? periodName(v, d.period) : v),
    },
    ...figures.map((f) => ({
      title: figure(f),
      dataIndex: f,
      key: f,
      width: 100,
      align: 'right' as const,
      render: (v: number | null) => (v === null ? '—' : num(v)),
    })),
  ];
  return (
    <Card size="small" title={t('operational.table')}>
      <Table<StatsOperationalRow>
        size="small"
        rowKey="start"
        loading={loading}
        columns={columns}
        dataSource={d?.list ?? []}
        pagination={false}
        scroll={{ x: 'max-content', y: 480 }}
        locale={{ emptyText: <EmptyState /> }}
        data-testid="operational-table"
        summary={() =>
          d ? (
            <Table.Summary fixed>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>
                  <Typography.Text strong>{t('operational.total')}</Typography.Text>
                </Table.Summary.Cell>
                {figures.map((f, i) => (
                  <Table.Summary.Cell key={f} index={i + 1} align="right">
                    <Typography.Text strong>{d.total[f] === null ? '—' : num(d.total[f])}</Typography.Text>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    </Card>
  );
}
