import { useMemo } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { label, PERMS, type InstallRecordItem } from '@cbo/contract';
import { useLang } from '@/shared/form';
import { ListPage, type ColumnsOf, type FiltersOf, timeColumn } from '@/shared/list-page';
import { outletText } from '../components/outlet-text';
import { labelOptions } from '../components/use-options';

/**
 * Operation management → install and removal records (menu url assets/install-records): who put
 * which device in or took it out of which outlet, when and why. Binding a device to an outlet
 * writes its install record and unbinding it (by hand, by a repair ticket) its removal record. Its
 * heading, column headings and filter labels are the words of its export sheet
 * (installRecordExport in the contract), which the kit shows when a column or filter names none.
 */
export default function InstallRecordsView() {
  const { t } = useTranslation(['assets', 'kit']);
  const lang = useLang();

  const filters = useMemo<FiltersOf<'installRecordQueryPage'>>(
    () => [
      { type: 'text', name: 'deviceId', maxLength: 17, placeholder: t('stock.searchPlaceholder') },
      { type: 'select', name: 'kind', options: labelOptions('movementKind', ['install', 'removal'], lang) },
      { type: 'text', name: 'operatorName', maxLength: 32 },
      { type: 'dateRange', name: 'time', begin: 'beginTime', end: 'endTime', label: t('common.time') },
    ],
    [t, lang],
  );
  const columns = useMemo<ColumnsOf<'installRecordQueryPage'>>(
    () => [
      { dataIndex: 'deviceId', key: 'deviceId', width: 180, copyable: true },
      {
        dataIndex: 'deviceType',
        key: 'deviceType',
        width: 130,
        render: (v: InstallRecordItem['deviceType']) => label('assets', 'deviceType', v, lang),
      },
      {
        dataIndex: 'kind',
        key: 'kind',
        width: 90,
        render: (v: InstallRecordItem['kind']) => (
          <Tag color={v === 'install' ? 'blue' : 'default'}>{label('assets', 'movementKind', v, lang)}</Tag>
        ),
      },
      {
        dataIndex: 'outletName',
        key: 'outletName',
        width: 180,
        ellipsis: true,
        render: (v: string | null, r: InstallRecordItem) => outletText(v, r.outletId),
      },
      { dataIndex: 'reason', key: 'reason', width: 200, ellipsis: true, render: (v: string) => v || '-' },
      {
        dataIndex: 'operatorName',
        key: 'operatorName',
        width: 130,
        render: (v: string) => v || t('installRecords.server'),
      },
      timeColumn(undefined),
    ],
    [t, lang],
  );

  return (
    <ListPage
      listCall="installRecordQueryPage"
      rowKey="id"
      filters={filters}
      columns={columns}
      exportCall="installRecordExport"
      exportPerm={PERMS.installRecordExport}
      emptyText={t('installRecords.empty')}
    />
  );
}
