import { useMemo } from 'react';
import { Button, Checkbox, Form, Image, Input, Select, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  label,
  MAX_RANGE_DAYS,
  PERMS,
  REPAIR_DEVICE_TYPES,
  REPAIR_STATUSES,
  repairCreate,
  repairProcess,
  type RepairCreate,
  type RepairItem,
} from '@cbo/contract';
import { useLang, useZodRule } from '@/shared/form';
import {
  AddButton,
  callKey,
  DetailDrawer,
  formatDateTime,
  FormDrawer,
  FormModal,
  ListPage,
  optionsOf,
  useOverlay,
  useRowAction,
  type ColumnsOf,
  type FiltersOf,
  timeColumn,
} from '@/shared/list-page';
import { useButtons } from '@/shared/permission';
import { request } from '@/shared/request';
import { PictureInput } from '../components/picture-input';

const STATUS_COLOURS: Record<RepairItem['status'], string> = {
  untreated: 'red',
  processing: 'orange',
  finished: 'green',
};

/**
 * Feedback → problem feedback (menu url accessories/repairs): repair tickets, untreated →
 * processing → finished, never back. A ticket may take its device out of business.
 */
export default function RepairsView() {
  const { t } = useTranslation('accessories');
  const rule = useZodRule();
  const lang = useLang();
  const buttons = useButtons();
  const add = useOverlay();
  const finish = useOverlay<RepairItem>();
  const detail = useOverlay<RepairItem>();
  const canProcess = buttons.has(PERMS.repairProcess);
  const types = useQuery({ queryKey: callKey('repairProblemTypes'), queryFn: () => request('repairProblemTypes') });
  const typeOptions = useMemo(() => (types.data ?? []).map((p) => ({ value: p.id, label: p.name })), [types.data]);
  const start = useRowAction<RepairItem>({
    confirm: (row) => ({ title: t('repair.confirmStart', { no: row.no }) }),
    call: (row) => request('repairProcess', { body: { id: row.id, status: 'processing' } }),
    success: t('repair.started'),
    invalidates: ['repairQueryPage'],
  });

  const filters = useMemo<FiltersOf<'repairQueryPage'>>(
    () => [
      { type: 'text', name: 'no', label: t('repair.no'), maxLength: 20 },
      { type: 'text', name: 'deviceId', label: t('repair.deviceId'), maxLength: 17 },
      {
        type: 'select',
        name: 'deviceType',
        label: t('repair.deviceType'),
        options: optionsOf(REPAIR_DEVICE_TYPES, (v) => label('accessories', 'repairDeviceType', v, lang)),
      },
      { type: 'select', name: 'problemTypeId', label: t('repair.problemType'), options: typeOptions },
      {
        type: 'select',
        name: 'status',
        label: t('repair.status'),
        options: optionsOf(REPAIR_STATUSES, (v) => label('accessories', 'repairStatus', v, lang)),
      },
      {
        type: 'dateRange',
        name: 'submitRange',
        begin: 'beginTime',
        end: 'endTime',
        label: t('repair.submitTime'),
        maxDays: MAX_RANGE_DAYS,
      },
    ],
    [t, typeOptions, lang],
  );
  const columns = useMemo<ColumnsOf<'repairQueryPage'>>(
    () => [
      { title: t('repair.no'), dataIndex: 'no', key: 'no', width: 160 },
      {
        title: t('repair.deviceType'),
        dataIndex: 'deviceType',
        key: 'deviceType',
        width: 120,
        render: (v: RepairItem['deviceType']) => label('accessories', 'repairDeviceType', v, lang),
      },
      { title: t('repair.deviceId'), dataIndex: 'deviceId', key: 'deviceId', width: 170 },
      { title: t('repair.problemType'), dataIndex: 'problemTypeName', key: 'problemTypeName' },
      {
        title: t('repair.contact'),
        key: 'contact',
        defaultHidden: true,
        render: (_: unknown, r: RepairItem) => (
          <>
            {r.contact}
            <br />
            <Typography.Text type="secondary">{r.phone}</Typography.Text>
          </>
        ),
      },
      {
        title: t('repair.status'),
        dataIndex: 'status',
        key: 'status',
        width: 110,
        render: (v: RepairItem['status'], r: RepairItem) => (
          <Space size={4} wrap>
            <Tag color={STATUS_COLOURS[v]}>{label('accessories', 'repairStatus', v, lang)}</Tag>
            {r.outOfBusiness && <Tag>{t('repair.outOfBusinessShort')}</Tag>}
          </Space>
        ),
      },
      {
        title: t('repair.handler'),
        dataIndex: 'handlerName',
        key: 'handlerName',
        width: 100,
        render: (v: string | null) => v ?? '-',
      },
      timeColumn(t('repair.submitTime'), { dataIndex: 'submitTime', width: 160 }),
      {
        title: t('kit:actions'),
        key: 'actions',
        fixed: 'right',
        width: 180,
        render: (_: unknown, row: RepairItem) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => detail.show(row)}>
              {t('kit:detail')}
            </Button>
            {canProcess && row.status === 'untreated' && (
              <Button type="link" size="small" onClick={() => start.run(row)}>
                {t('repair.start')}
              </Button>
            )}
            {canProcess && row.status !== 'finished' && (
              <Button type="link" size="small" onClick={() => finish.show(row)}>
                {t('repair.finish')}
              </Button>
            )}
          </Space>
        ),
      },
    ],
    [t, lang, canProcess, detail, finish, start.run],
  );

  const d = detail.record;
  return (
    <ListPage
      listCall="repairQueryPage"
      rowKey="id"
      title={t('repair.title')}
      filters={filters}
      columns={columns}
      exportCall="repairExport"
      exportPerm={PERMS.repairExport}
      toolbar={
        <AddButton perm={PERMS.repairAdd} onClick={() => add.show()}>
          {t('repair.add')}
        </AddButton>
      }
    >
      <FormDrawer<RepairCreate>
        open={add.open}
        name="repair"
        title={t('repair.add')}
        onClose={add.hide}
        initialValues={{ deviceType: 'cable', pictures: [], outOfBusiness: false }}
        invalidates={['repairQueryPage']}
        onSubmit={(v) =>
          request('repairAdd', { body: { ...v, pictures: v.pictures ?? [], outOfBusiness: !!v.outOfBusiness } })
        }
      >
        <Form.Item
          name="deviceType"
          label={t('repair.deviceType')}
          rules={[rule(repairCreate.shape.deviceType, t('repair.deviceType'))]}
        >
          <Select options={optionsOf(REPAIR_DEVICE_TYPES, (v) => label('accessories', 'repairDeviceType', v, lang))} />
        </Form.Item>
        <Form.Item
          name="deviceId"
          label={t('repair.deviceId')}
          rules={[rule(repairCreate.shape.deviceId, t('repair.deviceId'))]}
        >
          <Input maxLength={17} />
        </Form.Item>
        <Form.Item
          name="problemTypeId"
          label={t('repair.problemType')}
          rules={[rule(repairCreate.shape.problemTypeId, t('repair.problemType'))]}
          extra={typeOptions.length ? undefined : t('repair.noProblemTypes')}
        >
          <Select options={typeOptions} loading={types.isLoading} />
        </Form.Item>
        <Form.Item
          name="contact"
          label={t('repair.contactName')}
          rules={[rule(repairCreate.shape.contact, t('repair.contactName'))]}
        >
          <Input maxLength={18} />
        </Form.Item>
        <Form.Item name="phone" label={t('repair.phone')} rules={[rule(repairCreate.shape.phone, t('repair.phone'))]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('repair.description')}
          rules={[rule(repairCreate.shape.description, t('repair.description'))]}
        >
          <Input.TextArea maxLength={200} showCount rows={3} />
        </Form.Item>
        <Form.Item name="pictures" label={t('repair.pictures')}>
          <PictureInput />
        </Form.Item>
        <Form.Item name="outOfBusiness" valuePropName="checked">
          <Checkbox>{t('repair.outOfBusiness')}</Checkbox>
        </Form.Item>
      </FormDrawer>
      <FormModal<{ result?: string; outOfBusiness?: boolean }>
        open={finish.open}
        name="repairFinish"
        title={t('repair.finishTitle', { no: finish.record?.no ?? '' })}
        onClose={finish.hide}
        initialValues={{ result: finish.record?.result ?? '', outOfBusiness: finish.record?.outOfBusiness ?? false }}
        invalidates={['repairQueryPage']}
        onSubmit={(v) =>
          request('repairProcess', {
            body: {
              id: finish.record!.id,
              status: 'finished',
              result: v.result ?? '',
              outOfBusiness: v.outOfBusiness || undefined,
            },
          })
        }
      >
        <Form.Item
          name="result"
          label={t('repair.result')}
          rules={[rule(repairProcess.shape.result, t('repair.result'))]}
        >
          <Input.TextArea maxLength={200} showCount rows={3} />
        </Form.Item>
        <Form.Item name="outOfBusiness" valuePropName="checked">
          <Checkbox disabled={finish.record?.outOfBusiness}>{t('repair.outOfBusiness')}</Checkbox>
        </Form.Item>
      </FormModal>
      <DetailDrawer
        open={detail.open}
        title={t('repair.detailTitle', { no: d?.no ?? '' })}
        onClose={detail.hide}
        items={
          d
            ? [
                { key: 'no', label: t('repair.no'), value: d.no },
                {
                  key: 'status',
                  label: t('repair.status'),
                  value: (
                    <Tag color={STATUS_COLOURS[d.status]}>{label('accessories', 'repairStatus', d.status, lang)}</Tag>
                  ),
                },
                {
                  key: 'deviceType',
                  label: t('repair.deviceType'),
                  value: label('accessories', 'repairDeviceType', d.deviceType, lang),
                },
                { key: 'deviceId', label: t('repair.deviceId'), value: d.deviceId },
                { key: 'problemType', label: t('repair.problemType'), value: d.problemTypeName },
                { key: 'contact', label: t('repair.contactName'), value: d.contact },
                { key: 'phone', label: t('repair.phone'), value: d.phone },
                { key: 'handler', label: t('repair.handler'), value: d.handlerName },
                { key: 'submitTime', label: t('repair.submitTime'), value: formatDateTime(d.submitTime) },
                {
                  key: 'processTime',
                  label: t('repair.processTime'),
                  value: d.processTime ? formatDateTime(d.processTime) : null,
                },
                {
                  key: 'finishTime',
                  label: t('repair.finishTime'),
                  value: d.finishTime ? formatDateTime(d.finishTime) : null,
                },
                {
                  key: 'outOfBusiness',
                  label: t('repair.outOfBusinessShort'),
                  value: d.outOfBusiness
                    ? d.outOfBusinessApplied
                      ? t('repair.outApplied')
                      : t('repair.outRecorded')
                    : t('repair.outNone'),
                },
                { key: 'description', label: t('repair.description'), value: d.description, span: 2 },
                { key: 'result', label: t('repair.result'), value: d.result, span: 2 },
                {
                  key: 'pictures',
                  label: t('repair.pictures'),
                  span: 2,
                  value: d.pictures.length ? (
                    <Image.PreviewGroup>
                      <Space wrap>
                        {d.pictures.map((p) => (
                          <Image key={p} src={p} width={72} height={72} style={{ objectFit: 'cover' }} />
                        ))}
                      </Space>
                    </Image.PreviewGroup>
                  ) : null,
                },
              ]
            : []
        }
      />
    </ListPage>
  );
}
