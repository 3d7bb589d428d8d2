import { useMemo } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_LOG_KINDS, MAX_RANGE_DAYS, type DeviceLogKind } from '@cbo/contract';
import { ListPage, optionsOf, type ColumnsOf, type FiltersOf, timeColumn } from '@/shared/list-page';
import { useUrlFilters } from '@/shared/list-page';

const KIND_COLOUR: Record<DeviceLogKind, string> = {
  refused: 'error',
  online: 'success',
  offline: 'default',
  operator: 'processing',
};

/**
 * Device management → device log (menu url fleet/device-log): connections the gateway refused
 * (unknown SN, wrong secret...), every online/offline change with its reason, and every command an
 * operator ordered (who and what), so an ordered restart reads apart from an outage.
 */
export default function DeviceLogView() {
  const { t } = useTranslation(['fleet', 'kit']);

  const filters = useMemo<FiltersOf<'deviceLogQueryPage'>>(
    () => [
      { type: 'text', name: 'sn', label: t('cabinet.sn'), maxLength: 40 },
      {
        type: 'select',
        name: 'kind',
        label: t('deviceLog.kindLabel'),
        options: optionsOf(DEVICE_LOG_KINDS, (k) => t(`deviceLog.kind.${k}`)),
      },
      {
        type: 'dateRange',
        name: 'timeRange',
        begin: 'beginTime',
        end: 'endTime',
        label: t('deviceLog.time'),
        maxDays: MAX_RANGE_DAYS,
        showTime: true,
      },
    ],
    [t],
  );
  const fromUrl = useUrlFilters(filters);

  const columns = useMemo<ColumnsOf<'deviceLogQueryPage'>>(
    () => [
      timeColumn(t('deviceLog.time'), { dataIndex: 'createdAt', width: 180 }),
      {
        title: t('deviceLog.kindLabel'),
        dataIndex: 'kind',
        key: 'kind',
        width: 120,
        render: (v: DeviceLogKind) => <Tag color={KIND_COLOUR[v]}>{t(`deviceLog.kind.${v}`)}</Tag>,
      },
      { title: t('cabinet.sn'), dataIndex: 'sn', key: 'sn', width: 200, copyable: true },
      {
        title: t('deviceLog.reason'),
        key: 'reason',
        width: 180,
        ellipsis: true,
        render: (_: unknown, r) =>
          r.kind === 'operator'
            ? t('deviceLog.ordered', {
                who: r.actor ?? '-',
                what: t(`command.types.${r.reason}`, { defaultValue: r.reason }),
              })
            : r.kind === 'refused'
              ? t(`refuseReason.${r.reason}`, { defaultValue: r.reason })
              : t(`onlineReason.${r.reason}`, { defaultValue: r.reason }),
      },
      { title: t('deviceLog.address'), dataIndex: 'address', key: 'address', width: 160, ellipsis: true },
      { title: t('deviceLog.count'), dataIndex: 'count', key: 'count', width: 90, align: 'right' },
      { title: t('deviceLog.detail'), dataIndex: 'detail', key: 'detail', width: 240, ellipsis: true },
    ],
    [t],
  );

  return (
    <ListPage
      key={fromUrl.key}
      listCall="deviceLogQueryPage"
      rowKey="id"
      title={t('deviceLog.title')}
      filters={fromUrl.filters}
      columns={columns}
    />
  );
}
