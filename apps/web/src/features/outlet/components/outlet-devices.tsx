import { useState } from 'react';
import { App, Button, Drawer, Empty, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  BINDING_DEVICE_TYPES,
  INSTALL_REASON_MAX,
  PERMS,
  type BindingDeviceType,
  type OutletDeviceItem,
  type OutletItem,
} from '@cbo/contract';
import { callKey, useIsMobile } from '@/shared/list-page';
import { useButtons } from '@/shared/permission';
import { request } from '@/shared/request';
import { useOutletWords } from './words';

/**
 * The devices of one outlet: cabinets, charging cables and Bluetooth chargers. Bind an unbound
 * device (picked by kind and part of its code, with an optional reason) and unbind one (saying
 * why: required). Binding installs the device and unbinding removes it, so both write the install
 * and removal records with their reasons. The server decides: a device bound elsewhere, pending
 * audit, an agent's, a power bank or an unknown code is refused with its message (shown by the
 * request layer; an unknown code's says how a device enters the business).
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
  const [kind, setKind] = useState<BindingDeviceType>();
  const [reason, setReason] = useState('');
  const id = outlet?.id;
  const devices = useQuery({
    queryKey: callKey('outletDevices', { outletId: id }),
    queryFn: ({ signal }) => request('outletDevices', { query: { outletId: id! } }, { signal }),
    enabled: id !== undefined,
  });
  const canBind = buttons.has(PERMS.outletBind) && outlet?.status !== 'deleted';
  const unbound = useQuery({
    queryKey: callKey('outletUnboundDevices', { keyword: search, deviceType: kind }),
    queryFn: ({ signal }) =>
      request('outletUnboundDevices', { query: { keyword: search || undefined, deviceType: kind } }, { signal }),
    enabled: id !== undefined && canBind,
  });
  const refresh = async () => {
    await Promise.all(
      (
        [
          'outletDevices',
          'outletUnboundDevices',
          'outletQueryPage',
          'outletMapPoints',
          'cabinetQueryPage',
          'cableQueryPage',
          'bluetoothQueryPage',
          'installRecordQueryPage',
          'assetQueryPage',
        ] as const
      ).map((c) => queryClient.invalidateQueries({ queryKey: callKey(c) })),
    );
  };
  const bind = useMutation({
    mutationFn: (sn: string) =>
      request('outletBindDevice', { body: { outletId: id!, sn, reason: reason.trim() || undefined } }),
    onSuccess: async (d) => {
      void message.success(t('devices.bound', { sn: d.sn }));
      setPicked(undefined);
      setReason('');
      await refresh();
    },
  });
  // Unbinding asks why (required): the reason is kept in the removal record.
  const [unbinding, setUnbinding] = useState<OutletDeviceItem>();
  const [unbindForm] = Form.useForm<{ reason: string }>();
  const unbind = useMutation({
    mutationFn: (v: { row: OutletDeviceItem; reason: string }) =>
      request('outletUnbindDevice', { body: { sn: v.row.sn, deviceType: v.row.deviceType, reason: v.reason.trim() } }),
    onSuccess: async (_d, v) => {
      void message.success(t('devices.unbound', { sn: v.row.sn }));
      setUnbinding(undefined);
      await refresh();
    },
  });
  const confirmUnbind = async () => {
    const row = unbinding;
    if (!row) return;
    let v: { reason: string };
    try {
      v = await unbindForm.validateFields();
    } catch {
      return;
    }
    unbind.mutate({ row, reason: v.reason });
  };

  return (
    <Drawer
      open={!!outlet}
      title={outlet ? t('devices.title', { name: outlet.name }) : ''}
      onClose={onClose}
      size={isMobile ? '100%' : 640}
      destroyOnHidden
    >
      {canBind && (
        <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }}>
          <Space.Compact style={{ width: '100%' }}>
            <Select<BindingDeviceType | 'all'>
              aria-label={t('devices.kindLabel')}
              data-testid="bind-device-kind"
              value={kind ?? 'all'}
              onChange={(v) => {
                setKind(v === 'all' ? undefined : v);
                setPicked(undefined);
              }}
              options={[
                { value: 'all' as const, label: t('devices.anyKind') },
                ...BINDING_DEVICE_TYPES.map((d) => ({ value: d, label: words.device(d) })),
              ]}
              style={{ width: 150 }}
            />
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
              notFoundContent={t('devices.noneUnbound')}
              options={(unbound.data ?? []).map((d) => ({
                value: d.sn,
                label: `${d.sn} · ${words.device(d.deviceType)}`,
              }))}
              style={{ flex: 1, minWidth: 0 }}
            />
          </Space.Compact>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              aria-label={t('devices.bindReason')}
              placeholder={t('devices.bindReason')}
              maxLength={INSTALL_REASON_MAX}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
            <Button
              type="primary"
              disabled={!picked}
              loading={bind.isPending}
              onClick={() => picked && bind.mutate(picked)}
            >
              {t('devices.bind')}
            </Button>
          </Space.Compact>
          <Typography.Text type="secondary">{t('devices.bindHint')}</Typography.Text>
        </Space>
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
          {
            title: t('devices.type'),
            dataIndex: 'deviceType',
            key: 'deviceType',
            render: (v: OutletDeviceItem['deviceType']) => words.device(v),
          },
          {
            title: t('devices.online'),
            dataIndex: 'online',
            key: 'online',
            render: (v: boolean | null) =>
              v === null ? (
                '-'
              ) : (
                <Tag color={v ? 'success' : 'default'}>{v ? t('devices.onlineYes') : t('devices.onlineNo')}</Tag>
              ),
          },
          {
            title: t('devices.powerBanks'),
            key: 'banks',
            render: (_: unknown, r) => `${r.powerBanks ?? '-'} / ${r.slots ?? '-'}`,
          },
          ...(buttons.has(PERMS.outletUnbind)
            ? [
                {
                  title: t('kit:actions'),
                  key: 'actions',
                  render: (_: unknown, r: OutletDeviceItem) => (
                    <Button
                      type="link"
                      size="small"
                      danger
                      onClick={() => {
                        unbindForm.resetFields();
                        unbind.reset();
                        setUnbinding(r);
                      }}
                    >
                      {t('devices.unbind')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={unbinding !== undefined}
        title={unbinding ? t('devices.confirmUnbind', { sn: unbinding.sn }) : ''}
        okText={t('devices.unbind')}
        okButtonProps={{ danger: true, loading: unbind.isPending }}
        onOk={() => void confirmUnbind()}
        onCancel={() => setUnbinding(undefined)}
        // Rendered from the start, so its form is connected when a row's Unbind resets it.
        forceRender
      >
        <Typography.Paragraph type="secondary">{t('devices.unbindHint')}</Typography.Paragraph>
        <Form form={unbindForm} layout="vertical" name="unbindDevice" onFinish={() => void confirmUnbind()}>
          <Form.Item
            name="reason"
            label={t('devices.unbindReason')}
            rules={[
              { required: true, whitespace: true, message: t('devices.unbindRequired') },
              { max: INSTALL_REASON_MAX },
            ]}
          >
            <Input maxLength={INSTALL_REASON_MAX} showCount autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}
