import { useMemo } from 'react';
import { Button, Tag } from 'antd';
import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PERMS, type PowerBankItem } from '@cbo/contract';
import { ListPage, type ColumnsOf, type FiltersOf, timeColumn } from '@/shared/list-page';
import { useDeviceDelete, useUrlFilters } from '@/shared/list-page';
import { useButtons } from '@/shared/permission';
import { request } from '@/shared/request';
import { BatteryBar } from '../components/battery';

/**
 * Device management → power banks (menu url fleet/power-banks): every power bank a cabinet has
 * reported, where it is now, its battery, lock and eject failures. Lease counts and minutes come
 * from orders; until orders exist they are truly zero.
 */
export default function PowerBanksView() {
  const { t } = useTranslation(['fleet', 'kit']);

  const filters = useMemo<FiltersOf<'powerBankQueryPage'>>(
    () => [
      {
        type: 'text',
        name: 'powerBankId',
        label: t('powerBank.id'),
        maxLength: 17,
        placeholder: t('powerBank.idPlaceholder'),
      },
      {
        type: 'text',
        name: 'sn',
        label: t('powerBank.cabinet'),
        maxLength: 17,
        placeholder: t('cabinet.snPlaceholder'),
      },
      {
        type: 'select',
        name: 'inCabinet',
        label: t('powerBank.whereLabel'),
        options: [
          { value: 'true', label: t('powerBank.inCabinet') },
          { value: 'false', label: t('powerBank.out') },
        ],
      },
      {
        type: 'select',
        name: 'charged',
        label: t('powerBank.chargedLabel'),
        options: [
          { value: 'true', label: t('powerBank.chargedYes') },
          { value: 'false', label: t('powerBank.chargedNo') },
        ],
      },
    ],
    [t],
  );
  const fromUrl = useUrlFilters(filters);
  const buttons = useButtons();
  const canDelete = buttons.has(PERMS.powerBankDelete);
  // A power bank in a cabinet is bound to it: only one out of every cabinet is offered the delete.
  const remove = useDeviceDelete<PowerBankItem>(
    (r) => r.powerBankId,
    (r) => request('powerBankDelete', { query: { powerBankId: r.powerBankId } }),
    ['powerBankQueryPage'],
  );

  const columns = useMemo<ColumnsOf<'powerBankQueryPage'>>(
    () => [
      {
        title: t('powerBank.id'),
        dataIndex: 'powerBankId',
        key: 'powerBankId',
        fixed: 'left',
        width: 190,
        copyable: true,
        sortable: true,
      },
      {
        title: t('powerBank.cabinetSlot'),
        key: 'where',
        width: 200,
        ellipsis: true,
        render: (_: unknown, row) =>
          row.sn ? (
            t('powerBank.at', { sn: row.sn, slot: row.slot })
          ) : (
            <Tag>{row.lastCabinetSn ? t('powerBank.outFrom', { sn: row.lastCabinetSn }) : t('powerBank.out')}</Tag>
          ),
      },
      {
        title: t('powerBank.battery'),
        dataIndex: 'battery',
        key: 'battery',
        width: 140,
        sortable: true,
        render: (_: unknown, row) => <BatteryBar battery={row.battery} charging={row.charging} />,
      },
      { title: t('powerBank.leaseCount'), dataIndex: 'leaseCount', key: 'leaseCount', width: 100, defaultHidden: true },
      {
        title: t('powerBank.leaseMinutes'),
        dataIndex: 'leaseMinutes',
        key: 'leaseMinutes',
        width: 130,
        defaultHidden: true,
      },
      {
        title: t('powerBank.ejectFailures'),
        dataIndex: 'ejectFailures',
        key: 'ejectFailures',
        width: 130,
        sortable: true,
        render: (v: number) => (v > 0 ? <Tag color="error">{v}</Tag> : v),
      },
      {
        title: t('powerBank.lock'),
        dataIndex: 'locked',
        key: 'locked',
        width: 110,
        render: (v: boolean | null) =>
          v === null ? (
            '-'
          ) : v ? (
            <span>
              <LockOutlined /> {t('powerBank.locked')}
            </span>
          ) : (
            <Tag icon={<UnlockOutlined />} color="warning">
              {t('powerBank.unlocked')}
            </Tag>
          ),
      },
      {
        title: t('powerBank.fault'),
        dataIndex: 'fault',
        key: 'fault',
        width: 130,
        ellipsis: true,
        render: (v: string | null) => (v ? <Tag color="error">{t(`fault.${v}`)}</Tag> : '-'),
      },
      timeColumn(t('powerBank.updatedAt'), { dataIndex: 'updatedAt', sortable: true }),
      ...(canDelete
        ? [
            {
              title: t('kit:actions'),
              key: 'actions',
              fixed: 'right' as const,
              width: 80,
              render: (_: unknown, row: PowerBankItem) =>
                row.sn ? null : (
                  <Button type="link" size="small" danger onClick={() => remove.run(row)}>
                    {t('kit:deviceDelete.ok')}
                  </Button>
                ),
            },
          ]
        : []),
    ],
    [t, canDelete, remove.run],
  );

  return (
    <ListPage
      key={fromUrl.key}
      listCall="powerBankQueryPage"
      rowKey="powerBankId"
      title={t('powerBank.title')}
      filters={fromUrl.filters}
      columns={columns}
      exportCall="powerBankExport"
      exportPerm={PERMS.powerBankExport}
    />
  );
}
