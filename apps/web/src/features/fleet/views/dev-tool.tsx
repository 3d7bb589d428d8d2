import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  PERMS,
  cabinetConfigData,
  ftpConfig,
  upgradeData,
  type CabinetItem,
  type CommandItem,
  type CommandSendRequest,
} from '@cbo/contract';
import { useZodRule } from '@/shared/form';
import { useRowAction } from '@/shared/list-page';
import { Permit } from '@/shared/permission';
import { request } from '@/shared/request';
import { CabinetPicker } from '../components/cabinet-picker';
import { CabinetSlots } from '../components/cabinet-slots';
import { CommandStateTag, CommandTimeline } from '../components/command-timeline';
import { RecentCommands } from '../components/cabinet-detail';
import { OnlineBadge } from '../components/cabinet-text';
import { useLiveCabinetDetail, useTrackedCommands } from '../use-fleet-live';
import { EmptyState } from '@/shared/empty-state';

/** The commands the developer tool sends (eject has its own screen and record: forced eject). */
export const DEV_TOOL_COMMANDS = [
  'restart',
  'openLock',
  'config',
  'upgrade',
  'queryVersion',
  'queryIccid',
  'queryInventory',
] as const;
export type DevToolCommand = (typeof DEV_TOOL_COMMANDS)[number];
/** Commands that change the cabinet: asked for confirmation first. Queries go straight out. */
const CONFIRMED: readonly DevToolCommand[] = ['restart', 'openLock', 'config', 'upgrade'];

interface DevToolForm {
  sn?: string;
  type: DevToolCommand;
  slot?: number;
  host?: string;
  port?: number;
  heartbeatSec?: number;
  ftpHost?: string;
  ftpPort?: number;
  ftpUser?: string;
  ftpPassword?: string;
  version?: string;
  url?: string;
  sha256?: string;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
function defined<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => !blank(v))) as Partial<T>;
}

/** The send call's body for the form's values (protocol.md, the commands table). */
export function toCommandRequest(v: DevToolForm & { sn: string }): CommandSendRequest {
  switch (v.type) {
    case 'openLock':
      return { sn: v.sn, type: 'openLock', data: { slot: v.slot! } };
    case 'config': {
      const ftp = defined({ host: v.ftpHost, port: v.ftpPort, user: v.ftpUser, password: v.ftpPassword });
      return {
        sn: v.sn,
        type: 'config',
        data: {
          ...defined({ host: v.host, port: v.port, heartbeatSec: v.heartbeatSec }),
          ...(Object.keys(ftp).length ? { ftp } : {}),
        },
      };
    }
    case 'upgrade':
      return {
        sn: v.sn,
        type: 'upgrade',
        data: {
          version: v.version!.trim(),
          url: v.url!.trim(),
          ...(blank(v.sha256) ? {} : { sha256: v.sha256!.trim() }),
        },
      };
    default:
      return { sn: v.sn, type: v.type, data: {} };
  }
}

/**
 * Device management → developer tool (menu url fleet/dev-tool): send one command to one cabinet
 * and watch it go pending → sent → acknowledged → succeeded / failed / expired, with the reply.
 */
export default function DevToolView() {
  const { t } = useTranslation(['fleet', 'kit']);
  const rule = useZodRule();
  const [form] = Form.useForm<DevToolForm>();
  const sn = Form.useWatch('sn', form);
  const type = Form.useWatch('type', form) ?? 'restart';
  const slot = Form.useWatch('slot', form);
  const [row, setRow] = useState<CabinetItem | undefined>();
  const cabinet = useLiveCabinetDetail(sn);
  const live = cabinet.data ?? row;
  const commands = useTrackedCommands();
  const [sentId, setSentId] = useState<string>();
  const current = commands.get(sentId);

  // Commands that change the cabinet ask first; queries go at once.
  const send = useRowAction<{ body: CommandSendRequest; values: DevToolForm }, CommandItem>({
    confirm: ({ values }) =>
      CONFIRMED.includes(values.type)
        ? {
            title: t('devTool.confirmTitle', { type: t(`command.types.${values.type}`), sn: values.sn }),
            content: t(`devTool.confirm.${values.type}`, { sn: values.sn, slot: values.slot, version: values.version }),
            okText: t('devTool.send'),
            danger: values.type !== 'config',
          }
        : null,
    call: ({ body }) => request('commandSend', { body }),
    onDone: (cmd) => {
      commands.track(cmd);
      setSentId(cmd.id);
    },
  });

  const slotCount = live?.slots ?? 48;
  const slotRule = useMemo(() => rule(z.number().int().min(1).max(slotCount), t('devTool.slot')), [rule, slotCount, t]);
  const configFields = ['host', 'port', 'heartbeatSec', 'ftpHost', 'ftpPort', 'ftpUser', 'ftpPassword'] as const;

  const submit = async () => {
    let values: DevToolForm;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (!values.sn) return;
    if (values.type === 'config' && configFields.every((f) => blank(values[f]))) {
      form.setFields([{ name: 'host', errors: [t('devTool.configEmpty')] }]);
      return;
    }
    send.run({ body: toCommandRequest({ ...values, sn: values.sn }), values });
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10}>
        <Card size="small" title={t('devTool.title')}>
          <Form<DevToolForm>
            form={form}
            name="devTool"
            layout="vertical"
            initialValues={{ type: 'restart' }}
            disabled={send.pending}
          >
            <Form.Item
              name="sn"
              label={t('devTool.cabinet')}
              rules={[{ required: true, message: t('devTool.pickCabinet') }]}
            >
              <CabinetPicker onChange={(_sn, r) => setRow(r)} />
            </Form.Item>
            {live && (
              <div style={{ marginTop: -12, marginBottom: 12 }}>
                <OnlineBadge row={live} withReason />
              </div>
            )}
            {live && !live.online && (
              <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('devTool.offline')} />
            )}
            <Form.Item name="type" label={t('command.type')}>
              <Select
                options={DEV_TOOL_COMMANDS.map((c) => ({ value: c, label: t(`command.types.${c}`) }))}
                data-testid="command-type"
              />
            </Form.Item>
            {type === 'openLock' && (
              <Form.Item name="slot" label={t('devTool.slot')} rules={[slotRule]} extra={t('devTool.slotHint')}>
                <InputNumber min={1} max={slotCount} precision={0} style={{ width: 160 }} />
              </Form.Item>
            )}
            {type === 'config' && (
              <>
                <Typography.Paragraph type="secondary">{t('devTool.configHint')}</Typography.Paragraph>
                <Row gutter={12}>
                  <Col xs={24} sm={16}>
                    <Form.Item
                      name="host"
                      label={t('devTool.host')}
                      rules={[rule(cabinetConfigData.shape.host, t('devTool.host'))]}
                    >
                      <Input placeholder={live?.host ?? ''} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={8}>
                    <Form.Item
                      name="port"
                      label={t('devTool.port')}
                      rules={[rule(cabinetConfigData.shape.port, t('devTool.port'))]}
                    >
                      <InputNumber precision={0} style={{ width: '100%' }} placeholder={live?.port?.toString() ?? ''} />
                    </Form.Item>
                  </Col>
                </Row>
                <Form.Item
                  name="heartbeatSec"
                  label={t('devTool.heartbeatSec')}
                  rules={[rule(cabinetConfigData.shape.heartbeatSec, t('devTool.heartbeatSec'))]}
                >
                  <InputNumber
                    precision={0}
                    style={{ width: 160 }}
                    placeholder={live?.heartbeatSec?.toString() ?? ''}
                  />
                </Form.Item>
                <Row gutter={12}>
                  <Col xs={24} sm={16}>
                    <Form.Item
                      name="ftpHost"
                      label={t('devTool.ftpHost')}
                      rules={[rule(ftpConfig.shape.host, t('devTool.ftpHost'))]}
                    >
                      <Input placeholder={live?.ftpHost ?? ''} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={8}>
                    <Form.Item
                      name="ftpPort"
                      label={t('devTool.ftpPort')}
                      rules={[rule(ftpConfig.shape.port, t('devTool.ftpPort'))]}
                    >
                      <InputNumber
                        precision={0}
                        style={{ width: '100%' }}
                        placeholder={live?.ftpPort?.toString() ?? ''}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item
                      name="ftpUser"
                      label={t('devTool.ftpUser')}
                      rules={[rule(ftpConfig.shape.user, t('devTool.ftpUser'))]}
                    >
                      <Input autoComplete="off" placeholder={live?.ftpUser ?? ''} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item
                      name="ftpPassword"
                      label={t('devTool.ftpPassword')}
                      rules={[rule(ftpConfig.shape.password, t('devTool.ftpPassword'))]}
                    >
                      <Input.Password autoComplete="new-password" />
                    </Form.Item>
                  </Col>
                </Row>
              </>
            )}
            {type === 'upgrade' && (
              <>
                <Form.Item
                  name="version"
                  label={t('firmware.version')}
                  rules={[rule(upgradeData.shape.version, t('firmware.version'))]}
                >
                  <Input placeholder="2.4.0" />
                </Form.Item>
                <Form.Item
                  name="url"
                  label={t('firmware.url')}
                  rules={[rule(upgradeData.shape.url, t('firmware.url'))]}
                >
                  <Input placeholder="https://…/firmware.bin" />
                </Form.Item>
                <Form.Item
                  name="sha256"
                  label={t('firmware.sha256')}
                  rules={[rule(upgradeData.shape.sha256, t('firmware.sha256'))]}
                >
                  <Input />
                </Form.Item>
              </>
            )}
            <Permit
              perm={PERMS.commandSend}
              fallback={<Typography.Text type="secondary">{t('devTool.noSend')}</Typography.Text>}
            >
              <Button type="primary" icon={<SendOutlined />} loading={send.pending} onClick={() => void submit()}>
                {t('devTool.send')}
              </Button>
            </Permit>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Card
            size="small"
            title={t('devTool.reply')}
            extra={current && <CommandStateTag state={current.state} percent={current.percent} />}
            data-testid="command-reply"
          >
            {current ? (
              <>
                <Typography.Paragraph>
                  <Typography.Text strong>{t(`command.types.${current.type}`)}</Typography.Text> → {current.sn}
                  <Typography.Text
                    type="secondary"
                    copyable={{ text: current.id }}
                    style={{ marginLeft: 8, fontSize: 12 }}
                  >
                    {current.id}
                  </Typography.Text>
                </Typography.Paragraph>
                <CommandTimeline command={current} />
              </>
            ) : (
              <EmptyState description={t('devTool.noReply')} />
            )}
          </Card>
          {sn && cabinet.data && (
            <Card
              size="small"
              title={t('slots.title')}
              extra={type === 'openLock' && <Typography.Text type="secondary">{t('devTool.pickSlot')}</Typography.Text>}
            >
              <CabinetSlots
                slots={cabinet.data.slotList}
                slotCount={cabinet.data.slots ?? undefined}
                selectedSlot={type === 'openLock' ? slot : undefined}
                onSlotClick={type === 'openLock' ? (s) => form.setFieldValue('slot', s.slot) : undefined}
              />
            </Card>
          )}
          {sn && <RecentCommands sn={sn} />}
        </Space>
      </Col>
    </Row>
  );
}
