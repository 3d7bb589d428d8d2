import { useMemo, useState } from 'react';
import { Alert, Button, Drawer, Form, Input, Result, Space, Tag, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  FORCED_EJECT_STATES,
  MAX_RANGE_DAYS,
  PERMS,
  forcedEjectRequest,
  type CabinetDetail,
  type ForcedEjectItem,
} from '@cbo/contract';
import { submitWithFieldErrors, useZodRule } from '@/shared/form';
import {
  ListPage,
  callKey,
  formatDateTime,
  optionsOf,
  useIsMobile,
  useRowAction,
  type ColumnsOf,
  type FiltersOf,
  timeColumn,
} from '@/shared/list-page';
import { Permit } from '@/shared/permission';
import { request } from '@/shared/request';
import { CabinetPicker } from '../components/cabinet-picker';
import { CabinetSlots, type SlotView } from '../components/cabinet-slots';
import { CommandStateTag, CommandTimeline, reasonText } from '../components/command-timeline';
import { useCommandLive, useLiveCabinetDetail, useTrackedCommands } from '../use-fleet-live';

const OUTCOME_COLOUR: Record<ForcedEjectItem['outcome'], string> = {
  pending: 'processing',
  ejected: 'success',
  confirmedByInventory: 'success',
  failed: 'error',
};

/**
 * Device management → power-bank forced eject (menu url fleet/forced-eject): the records (not
 * returned, returned) and the action itself: a cabinet, a slot and a reason, confirmed, then the
 * command's states as they happen.
 */
export default function ForcedEjectView() {
  const { t } = useTranslation(['fleet', 'kit']);
  const queryClient = useQueryClient();
  const [ejectOpen, setEjectOpen] = useState(false);

  // A record's outcome follows its command: refresh the records when one of their commands moves.
  useCommandLive((cmd) => {
    if (cmd.type === 'eject' || cmd.type === 'queryInventory')
      void queryClient.invalidateQueries({ queryKey: callKey('forcedEjectQueryPage') });
  });

  const filters = useMemo<FiltersOf<'forcedEjectQueryPage'>>(
    () => [
      { type: 'text', name: 'sn', label: t('cabinet.sn'), maxLength: 17, placeholder: t('cabinet.snPlaceholder') },
      {
        type: 'text',
        name: 'powerBankId',
        label: t('powerBank.id'),
        maxLength: 17,
        placeholder: t('powerBank.idPlaceholder'),
      },
      {
        type: 'select',
        name: 'state',
        label: t('eject.stateLabel'),
        options: optionsOf(FORCED_EJECT_STATES, (s) => t(`eject.state.${s}`)),
      },
      {
        type: 'dateRange',
        name: 'timeRange',
        begin: 'beginTime',
        end: 'endTime',
        label: t('eject.time'),
        maxDays: MAX_RANGE_DAYS,
      },
    ],
    [t],
  );

  const columns = useMemo<ColumnsOf<'forcedEjectQueryPage'>>(
    () => [
      timeColumn(t('eject.time'), { dataIndex: 'createdAt' }),
      {
        title: t('eject.stateLabel'),
        key: 'state',
        width: 110,
        render: (_: unknown, r) => (
          <Tag color={r.state === 'returned' ? 'success' : 'warning'} data-state={r.state}>
            {t(`eject.state.${r.state}`)}
          </Tag>
        ),
      },
      {
        title: t('command.stateLabel'),
        key: 'commandState',
        width: 120,
        render: (_: unknown, r) => <CommandStateTag state={r.commandState} />,
      },
      {
        title: t('eject.outcomeLabel'),
        key: 'outcome',
        width: 160,
        ellipsis: true,
        render: (_: unknown, r) => (
          <Space size={4} wrap>
            <Tag color={OUTCOME_COLOUR[r.outcome]}>{t(`eject.outcome.${r.outcome}`)}</Tag>
            {r.failReason && <Typography.Text type="secondary">{reasonText(t, r.failReason)}</Typography.Text>}
          </Space>
        ),
      },
      { title: t('powerBank.id'), dataIndex: 'powerBankId', key: 'powerBankId', width: 190, copyable: true },
      {
        title: t('powerBank.cabinetSlot'),
        key: 'where',
        width: 200,
        ellipsis: true,
        render: (_: unknown, r) => t('powerBank.at', { sn: r.sn, slot: r.slot }),
      },
      { title: t('eject.reason'), dataIndex: 'reason', key: 'reason', width: 190, ellipsis: true },
      {
        title: t('eject.operator'),
        dataIndex: 'operatorName',
        key: 'operatorName',
        width: 120,
        ellipsis: true,
        defaultHidden: true,
      },
      {
        title: t('eject.returned'),
        key: 'returnedAt',
        width: 260,
        ellipsis: true,
        defaultHidden: true,
        render: (_: unknown, r) =>
          r.returnedAt ? `${formatDateTime(r.returnedAt)}${r.returnedSn ? ` · ${r.returnedSn}` : ''}` : '-',
      },
    ],
    [t],
  );

  return (
    <ListPage
      listCall="forcedEjectQueryPage"
      rowKey="id"
      title={t('eject.title')}
      filters={filters}
      columns={columns}
      exportCall="forcedEjectExport"
      exportPerm={PERMS.forcedEjectExport}
      toolbar={
        <Permit perm={PERMS.forcedEjectEject}>
          <Button type="primary" danger icon={<ExportOutlined />} onClick={() => setEjectOpen(true)}>
            {t('eject.action')}
          </Button>
        </Permit>
      }
    >
      <EjectDrawer open={ejectOpen} onClose={() => setEjectOpen(false)} />
    </ListPage>
  );
}

/** The slot form field: the cabinet's picture, a click picks a slot (Form.Item gives value/onChange). */
function SlotField({
  value,
  onChange,
  detail,
  picked,
}: {
  value?: number;
  onChange?: (slot: number) => void;
  detail: CabinetDetail | undefined;
  picked: boolean;
}) {
  const { t } = useTranslation('fleet');
  if (detail)
    return (
      <CabinetSlots
        slots={detail.slotList}
        slotCount={detail.slots ?? undefined}
        selectedSlot={value}
        onSlotClick={(s) => onChange?.(s.slot)}
      />
    );
  if (picked) return <Typography.Text type="secondary">{t('picker.loading')}</Typography.Text>;
  return <Result status="info" title={null} subTitle={t('eject.pickCabinet')} style={{ padding: 8 }} />;
}

interface EjectForm {
  sn?: string;
  slot?: number;
  reason?: string;
}

/** Pick a cabinet, click an occupied slot, give a reason, confirm; then watch the command. */
function EjectDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['fleet', 'kit']);
  const isMobile = useIsMobile();
  const rule = useZodRule();
  const [form] = Form.useForm<EjectForm>();
  const sn = Form.useWatch('sn', form);
  const slot = Form.useWatch('slot', form);
  const cabinet = useLiveCabinetDetail(sn, open);
  const commands = useTrackedCommands();
  const [record, setRecord] = useState<ForcedEjectItem>();
  const command = commands.get(record?.commandId);
  // The command row itself (times, reply); the live messages move it on from there.
  const commandRow = useQuery({
    queryKey: callKey('commandDetail', { id: record?.commandId }),
    queryFn: async ({ signal }) => {
      const c = await request('commandDetail', { query: { id: record!.commandId } }, { signal, silent: true });
      commands.track(c);
      return c;
    },
    enabled: !!record,
  });

  const eject = useRowAction<{ sn: string; slot: number; reason: string; powerBankId: string }, ForcedEjectItem>({
    confirm: (body) => ({
      title: t('eject.confirmTitle'),
      content: t('eject.confirmText', body),
      okText: t('eject.action'),
      danger: true,
    }),
    // An empty or busy slot, an offline cabinet: said under the field the person picked.
    call: ({ sn, slot, reason }) =>
      submitWithFieldErrors(form, () => request('forcedEjectEject', { body: { sn, slot, reason } })),
    onDone: setRecord,
    invalidates: ['forcedEjectQueryPage'],
  });

  const chosen: SlotView | undefined = cabinet.data?.slotList.find((s) => s.slot === slot);
  const close = () => {
    onClose();
    form.resetFields();
    setRecord(undefined);
  };

  const submit = async () => {
    let v: EjectForm;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    eject.run({ sn: v.sn!, slot: v.slot!, reason: v.reason!.trim(), powerBankId: chosen?.powerBankId ?? '-' });
  };

  const shown = command ?? commandRow.data;
  return (
    <Drawer open={open} title={t('eject.action')} onClose={close} size={isMobile ? '100%' : 640} destroyOnHidden>
      {record ? (
        <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="eject-progress">
          <Alert
            type="info"
            showIcon
            title={t('eject.sent', { sn: record.sn, slot: record.slot, powerBankId: record.powerBankId ?? '-' })}
          />
          {shown ? <CommandTimeline command={shown} /> : <CommandStateTag state={record.commandState} />}
          <Button
            onClick={() => {
              setRecord(undefined);
              form.setFieldsValue({ slot: undefined, reason: undefined });
            }}
          >
            {t('eject.another')}
          </Button>
        </Space>
      ) : (
        <Form<EjectForm> form={form} name="forcedEject" layout="vertical" disabled={eject.pending}>
          <Form.Item
            name="sn"
            label={t('devTool.cabinet')}
            rules={[rule(forcedEjectRequest.shape.sn, t('devTool.cabinet'))]}
          >
            <CabinetPicker onChange={() => form.setFieldValue('slot', undefined)} />
          </Form.Item>
          {cabinet.data && !cabinet.data.online && (
            <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('devTool.offline')} />
          )}
          <Form.Item
            name="slot"
            label={t('eject.slot')}
            rules={[rule(forcedEjectRequest.shape.slot, t('eject.slot'))]}
            extra={
              chosen
                ? t('eject.chosen', { slot: chosen.slot, powerBankId: chosen.powerBankId ?? t('slots.empty') })
                : t('eject.pickSlot')
            }
          >
            <SlotField detail={cabinet.data} picked={!!sn} />
          </Form.Item>
          {chosen && !chosen.powerBankId && (
            <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('eject.emptySlot')} />
          )}
          <Form.Item
            name="reason"
            label={t('eject.reason')}
            rules={[rule(forcedEjectRequest.shape.reason, t('eject.reason'))]}
          >
            <Input.TextArea rows={3} maxLength={100} showCount />
          </Form.Item>
          <Space>
            <Button onClick={close}>{t('common:cancel')}</Button>
            <Button type="primary" danger loading={eject.pending} onClick={() => void submit()}>
              {t('eject.action')}
            </Button>
          </Space>
        </Form>
      )}
    </Drawer>
  );
}
