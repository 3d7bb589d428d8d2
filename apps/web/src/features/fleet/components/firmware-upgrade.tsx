import { useState, type Key } from 'react';
import { Alert, Button, Col, Drawer, Flex, Form, Input, Row, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BATCH_STORAGE_MAX, firmwareUpgradeRequest, type CabinetItem, type FirmwareBatchItem } from '@cbo/contract';
import { useZodRule } from '@/shared/form';
import { useIsMobile, useListQuery, useRowAction } from '@/shared/list-page';
import { request } from '@/shared/request';
import { OnlineBadge } from './cabinet-text';
import { offlineChosen } from './firmware-progress';

interface UpgradeForm {
  version?: string;
  url?: string;
  sha256?: string;
}

/** A new batch: cabinets chosen in a table (kept across pages and searches), version and URL. */
export function UpgradeDrawer({
  open,
  onClose,
  onStarted,
}: {
  open: boolean;
  onClose: () => void;
  onStarted: (b: FirmwareBatchItem) => void;
}) {
  const { t } = useTranslation(['fleet', 'kit']);
  const isMobile = useIsMobile();
  const rule = useZodRule();
  const [form] = Form.useForm<UpgradeForm>();
  const [selected, setSelected] = useState<Key[]>([]);
  // The chosen rows (antd keeps those of other pages), for their online state; the page on screen
  // is the fresher view of its own rows.
  const [chosenRows, setChosenRows] = useState<CabinetItem[]>([]);
  const [search, setSearch] = useState<{ sn?: string; online?: 'true' | 'false'; firmware?: string }>({});
  const cabinets = useListQuery({
    listCall: 'cabinetQueryPage',
    params: search,
    defaultSort: { orderBy: 'sn', order: 'ascend' },
    enabled: open,
  });

  const upgrade = useRowAction<{ sns: string[]; version: string; url: string; sha256?: string }, FirmwareBatchItem>({
    confirm: (body) => ({
      title: t('firmware.confirmTitle', { value: body.sns.length, version: body.version }),
      content: (
        <>
          <p style={{ margin: 0 }}>{t('firmware.confirmText')}</p>
          {offline.length > 0 && (
            <Typography.Text type="danger" data-testid="firmware-confirm-offline">
              {t('firmware.offlineChosen', {
                value: offline.length,
                sns: offline.slice(0, 5).join(', ') + (offline.length > 5 ? '…' : ''),
              })}
            </Typography.Text>
          )}
        </>
      ),
      okText: t('firmware.action'),
      danger: true,
    }),
    call: (body) => request('firmwareUpgrade', { body }),
    onDone: (b) => {
      form.resetFields();
      setSelected([]);
      setChosenRows([]);
      onStarted(b);
    },
    invalidates: ['firmwareQueryPage'],
  });

  const tooMany = selected.length > BATCH_STORAGE_MAX;
  const onlineBySn = new Map<string, boolean>([...chosenRows, ...cabinets.rows].map((r) => [r.sn, r.online]));
  const offline = offlineChosen(selected.map(String), onlineBySn);
  const untickOffline = () => {
    setSelected((keys) => keys.filter((k) => !offline.includes(String(k))));
    setChosenRows((rows) => rows.filter((r) => !offline.includes(r.sn)));
  };
  const submit = async () => {
    let v: UpgradeForm;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    if (selected.length === 0 || tooMany) return;
    upgrade.run({
      sns: selected.map(String),
      version: v.version!.trim(),
      url: v.url!.trim(),
      ...(v.sha256?.trim() ? { sha256: v.sha256.trim() } : {}),
    });
  };

  return (
    <Drawer
      open={open}
      title={t('firmware.action')}
      onClose={onClose}
      size={isMobile ? '100%' : 820}
      destroyOnHidden
      footer={
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text type={tooMany ? 'danger' : 'secondary'} data-testid="firmware-selected">
            {t('firmware.selected', { value: selected.length, max: BATCH_STORAGE_MAX })}
          </Typography.Text>
          <Space>
            <Button onClick={onClose}>{t('common:cancel')}</Button>
            <Button
              type="primary"
              loading={upgrade.pending}
              disabled={selected.length === 0 || tooMany}
              onClick={() => void submit()}
            >
              {t('firmware.action')}
            </Button>
          </Space>
        </Flex>
      }
    >
      <Form<UpgradeForm> form={form} name="firmwareUpgrade" layout="vertical" disabled={upgrade.pending}>
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <Form.Item
              name="version"
              label={t('firmware.version')}
              rules={[rule(firmwareUpgradeRequest.shape.version, t('firmware.version'))]}
            >
              <Input placeholder="2.4.0" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={16}>
            <Form.Item
              name="url"
              label={t('firmware.url')}
              rules={[rule(firmwareUpgradeRequest.shape.url, t('firmware.url'))]}
            >
              <Input placeholder="https://…/firmware.bin" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="sha256"
          label={t('firmware.sha256')}
          rules={[rule(firmwareUpgradeRequest.shape.sha256, t('firmware.sha256'))]}
        >
          <Input spellCheck={false} />
        </Form.Item>
      </Form>
      <Typography.Title level={5}>{t('firmware.pickCabinets')}</Typography.Title>
      {selected.length === 0 && (
        <Alert type="info" showIcon style={{ marginBottom: 8 }} title={t('firmware.pickHint')} />
      )}
      {offline.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          data-testid="firmware-offline-warning"
          title={t('firmware.offlineChosen', {
            value: offline.length,
            sns: offline.slice(0, 5).join(', ') + (offline.length > 5 ? '…' : ''),
          })}
          action={
            <Button size="small" onClick={untickOffline}>
              {t('firmware.untickOffline')}
            </Button>
          }
        />
      )}
      <Flex wrap gap={8} style={{ marginBottom: 8 }}>
        <Input.Search
          allowClear
          placeholder={t('cabinet.sn')}
          maxLength={17}
          style={{ width: 200 }}
          onSearch={(v) => setSearch((s) => ({ ...s, sn: v.trim() || undefined }))}
        />
        <Select
          allowClear
          placeholder={t('cabinet.online')}
          style={{ width: 140 }}
          options={[
            { value: 'true', label: t('cabinet.onlineYes') },
            { value: 'false', label: t('cabinet.onlineNo') },
          ]}
          onChange={(v?: 'true' | 'false') => setSearch((s) => ({ ...s, online: v }))}
        />
        <Input.Search
          allowClear
          placeholder={t('cabinet.firmware')}
          maxLength={32}
          style={{ width: 160 }}
          onSearch={(v) => setSearch((s) => ({ ...s, firmware: v.trim() || undefined }))}
        />
      </Flex>
      <Table
        size="small"
        rowKey="sn"
        loading={cabinets.isFetching}
        dataSource={cabinets.rows}
        scroll={{ x: 'max-content' }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys, rows) => {
            setSelected(keys);
            setChosenRows(rows.filter((r): r is CabinetItem => Boolean(r)));
          },
          preserveSelectedRowKeys: true,
        }}
        pagination={{
          current: cabinets.pageNum,
          pageSize: cabinets.pageSize,
          total: cabinets.total,
          size: 'small',
          simple: isMobile,
          onChange: (p, s) => cabinets.setPage(p, s),
        }}
        columns={[
          { key: 'sn', title: t('cabinet.sn'), dataIndex: 'sn' },
          { key: 'online', title: t('cabinet.online'), render: (_: unknown, r) => <OnlineBadge row={r} /> },
          { key: 'firmware', title: t('cabinet.firmware'), render: (_: unknown, r) => r.firmwareMain ?? '-' },
          { key: 'netMode', title: t('cabinet.netMode'), dataIndex: 'netMode', render: (v: string | null) => v ?? '-' },
        ]}
      />
    </Drawer>
  );
}
