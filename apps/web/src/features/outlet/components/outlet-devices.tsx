import { useState } from 'react';
import { App, Button, Drawer, Empty, Select, Space, Table, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMS, type OutletDeviceItem, type OutletItem } from '@cbo/contract';
import { callKey, useIsMobile, useRowAction } from '@/shared/list-page';
import { useButtons } from '@/shared/permission';
import { request } from '@/shared/request';
import { useOutletWords } from './words';

/**
 * The devices of one outlet: bind an unbound device (picked by part of its code) and unbind one.
 * The server decides: a device bound elsewhere, a power bank or an unknown code is refused with
 * its message.
 */
export function OutletDevices({ outlet, onClose }: { outlet: OutletItem | undefined; onClose: () => void }) {
  const { t } = useTranslation('outlet');
  const { message } = App.useApp();
  const words = useOutletWords();
  const isMobile = useIsMobile();
  const buttons = useButtons();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<string>();
  const id = outlet?.id;
  const devices = useQuery({
    queryKey: callKey('outletDevices', { outletId: id }),
    queryFn: ({ signal }) => request('outletDevices', { query: { outletId: id! } }, { signal }),
    enabled: id !== undefined,
  });
  const canBind = buttons.has(PERMS.outletBind) && outlet?.status !== 'deleted';
  const unbound = useQuery({
    queryKey: callKey('outletUnboundDevices', { keyword: search }),
    queryFn: ({ signal }) => request('outletUnboundDevices', { query: { keyword: search || undefined } }, { signal }),
    enabled: id !== undefined && canBind,
  });
  const refresh = async () => {
    await Promise.all(
      (['outletDevices', 'outletUnboundDevices', 'outletQueryPage', 'outletMapPoints', 'cabinetQueryPage'] as const).map((c) => queryClient.invalidateQueries({ queryKey: callKey(c) })),
    );
  };
  const bind = useMutation({
    mutationFn: (sn: string) => request('outletBindDevice', { body: { outletId: id!, sn } }),
    onSuccess: async (d) => {
      void message.success(t('devices.bound', { sn: d.sn }));
      setPicked(undefined);
      await refresh();
    },
  });
  const unbind = useRowAction<OutletDeviceItem>({
    confirm: (row) => ({ title: t('devices.confirmUnbind', { sn: row.sn }), danger: true, okText: t('devices.unbind') }),
    call: (row) => request('outletUnbindDevice', { body: { sn: row.sn, deviceType: row.deviceType } }),
    success: (_r, row) => t('devices.unbound', { sn: row.sn }),
    onDone: () => void refresh(),
  });

  return (
    <Drawer open={!!outlet} title={outlet ? t('devices.title', { name: outlet.name }) : ''} onClose={onClose} size={isMobile ? '100%' : 640} destroyOnHidden>
      {canBind && (
        <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
          <Select
            aria-label={t('devices.bindLabel')}
            data-testid="bind-device-select"
            showSearch
            filterOption={false}
            onSearch={setSearch}
            value={picked}
            onChange={setPicked}
            placeholder={t('devices.bindPlaceholder')}
            loading={unbound.isFetching}
            options={(unbound.data ?? []).map((d) => ({ value: d.sn, label: `${d.sn} · ${words.device(d.deviceType)}` }))}
            style={{ flex: 1 }}
          />
          <Button type="primary" disabled={!picked} loading={bind.isPending} onClick={() => picked && bind.mutate(picked)}>
            {t('devices.bind')}
          </Button>
        </Space.Compact>
      )}
      <Table<OutletDeviceItem>
        rowKey="sn"
        size="small"
        loading={devices.isPending}
        dataSource={devices.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('devices.none')} /> }}
        columns={[
          { title: t('devices.sn'), dataIndex: 'sn', key: 'sn' },
          { title: t('devices.type'), dataIndex: 'deviceType', key: 'deviceType', render: (v: OutletDeviceItem['deviceType']) => words.device(v) },
          {
            title: t('devices.online'),
            dataIndex: 'online',
            key: 'online',
            render: (v: boolean | null) => (v === null ? '-' : <Tag color={v ? 'success' : 'default'}>{v ? t('devices.onlineYes') : t('devices.onlineNo')}</Tag>),
          },
          { title: t('devices.powerBanks'), key: 'banks', render: (_: unknown, r) => `${r.powerBanks ?? '-'} / ${r.slots ?? '-'}` },
          ...(buttons.has(PERMS.outletUnbind)
            ? [
                {
                  title: t('kit:actions'),
                  key: 'actions',
                  render: (_: unknown, r: OutletDeviceItem) => (
                    <Button type="link" size="small" danger onClick={() => unbind.run(r)}>
                      {t('devices.unbind')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Drawer>
  );
}
