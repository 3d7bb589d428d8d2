import { useMemo } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { label, PERMS, type InstallRecordItem } from '@cbo/contract';
import { useLang } from '@/shared/form';
import { formatDateTime, ListPage, type ColumnsOf, type FiltersOf } from '@/shared/list-page';
import { labelOptions } from '../components/use-options';

/**
 * Operation management → install and removal records (menu url assets/install-records): who put
 * which device in or took it out of which outlet, when and why. They are written when a device
 * is installed in or removed from an outlet.
 */
export default function InstallRecordsView() {
  const { t } = useTranslation(['assets', 'kit']);
  const lang = useLang();

  const filters = useMemo<FiltersOf<'installRecordQueryPage'>>(
    () => [
      { type: 'text', name: 'deviceId', label: t('common.deviceId'), maxLength: 17 },
      { type: 'select', name: 'kind', label: t('installRecords.kind'), options: labelOptions('movementKind', ['install', 'removal'], lang) },
      { type: 'text', name: 'operatorName', label: t('common.operator'), maxLength: 32 },
      { type: 'dateRange', name: 'time', begin: 'beginTime', end: 'endTime', label: t('common.time') },
    ],
    [t, lang],
  );
  const columns = useMemo<ColumnsOf<'installRecordQueryPage'>>(
    () => [
      { title: t('common.deviceId'), dataIndex: 'deviceId', key: 'deviceId' },
      { title: t('common.deviceType'), dataIndex: 'deviceType', key: 'deviceType', render: (v: InstallRecordItem['deviceType']) => label('assets', 'deviceType', v, lang) },
      {
        title: t('installRecords.kind'),
        dataIndex: 'kind',
        key: 'kind',
        render: (v: InstallRecordItem['kind']) => <Tag color={v === 'install' ? 'blue' : 'default'}>{label('assets', 'movementKind', v, lang)}</Tag>,
      },
      { title: t('common.outletId'), dataIndex: 'outletId', key: 'outletId' },
      { title: t('common.reason'), dataIndex: 'reason', key: 'reason', render: (v: string) => v || '-' },
      { title: t('common.operator'), dataIndex: 'operatorName', key: 'operatorName' },
      { title: t('common.time'), dataIndex: 'createTime', key: 'createTime', width: 170, render: (v: string) => formatDateTime(v) },
    ],
    [t, lang],
  );

  return (
    <ListPage
      listCall="installRecordQueryPage"
      rowKey="id"
      title={t('installRecords.title')}
      filters={filters}
      columns={columns}
      exportCall="installRecordExport"
      exportPerm={PERMS.installRecordExport}
      emptyText={t('installRecords.empty')}
    />
  );
}
