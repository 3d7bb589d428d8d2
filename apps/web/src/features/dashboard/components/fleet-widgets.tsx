import { useMemo } from 'react';
import { Card, Empty, Flex, List, Space, Tag, Typography, theme } from 'antd';
import {
  ApiOutlined,
  CloudUploadOutlined,
  DisconnectOutlined,
  ThunderboltOutlined,
  WarningOutlined,
  WifiOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import {
  CABINET_CONDITIONS,
  CHARGED_BATTERY_MIN,
  OVERVIEW_HOURS,
  WEAK_SIGNAL_CSQ_MAX,
  type DeviceLogItem,
  type FleetOverview,
} from '@cbo/contract';
import { formatDateTime } from '@/shared/list-page';
import { useScreenPath } from '../use-fleet-overview';
import { Chart } from '@/shared/chart/chart';
import { CountLink, listLink, StatCard } from './stat-card';

/** The console's screens the numbers link to, by their view url. */
const SCREENS = {
  cabinets: 'fleet/cabinets',
  powerBanks: 'fleet/power-banks',
  commands: 'fleet/commands',
  firmware: 'fleet/firmware',
  deviceLog: 'fleet/device-log',
} as const;

type Cabinets = NonNullable<FleetOverview['cabinets']>;
type Commands = NonNullable<FleetOverview['commands']>;
type Events = NonNullable<FleetOverview['events']>;

/** The window of the windowed counts, as the lists' time filter takes it. */
const windowOf = (o: FleetOverview | undefined): Record<string, string> =>
  o ? { beginTime: o.since, endTime: o.at } : {};

export function CabinetStat({
  overview,
  which,
}: {
  overview: FleetOverview | undefined;
  which: 'online' | 'offline' | 'neverConnected';
}) {
  const { t } = useTranslation('dashboard');
  const path = useScreenPath(SCREENS.cabinets);
  const c = overview?.cabinets;
  // Offline cabinets are a problem only when there are some.
  const tone = which === 'online' ? 'success' : which === 'offline' && c && c.offline > 0 ? 'error' : 'neutral';
  const icon = which === 'online' ? <WifiOutlined /> : which === 'offline' ? <DisconnectOutlined /> : <ApiOutlined />;
  const share = c && c.total ? Math.round((c[which] * 100) / c.total) : null;
  return (
    <StatCard
      testId={`stat-${which}`}
      title={t(`fleet.${which}`)}
      value={c?.[which]}
      to={listLink(path, { connection: which })}
      tone={tone}
      icon={icon}
      suffix={c ? t('fleet.ofTotal', { total: c.total }) : undefined}
      footer={share === null ? t('fleet.noCabinets') : t('fleet.share', { value: share })}
    />
  );
}

export function ChargedStat({ overview }: { overview: FleetOverview | undefined }) {
  const { t } = useTranslation('dashboard');
  const path = useScreenPath(SCREENS.powerBanks);
  const p = overview?.powerBanks;
  return (
    <StatCard
      testId="stat-charged"
      title={t('fleet.chargedShare', { min: CHARGED_BATTERY_MIN })}
      value={p ? (p.chargedPercent === null ? '-' : `${p.chargedPercent}%`) : undefined}
      to={listLink(path, { inCabinet: 'true', charged: 'true' })}
      tone="primary"
      icon={<ThunderboltOutlined />}
      footer={
        p &&
        (p.inCabinets ? (
          <span>
            {t('fleet.chargedOf.before')}
            <CountLink
              value={p.charged}
              to={listLink(path, { inCabinet: 'true', charged: 'true' })}
              testId="stat-charged-count"
            />
            {t('fleet.chargedOf.middle')}
            <CountLink value={p.inCabinets} to={listLink(path, { inCabinet: 'true' })} />
            {t('fleet.chargedOf.after')}
          </span>
        ) : (
          t('fleet.noPowerBanks')
        ))
      }
    />
  );
}

export function CommandStat({ overview }: { overview: FleetOverview | undefined }) {
  const { t } = useTranslation('dashboard');
  const path = useScreenPath(SCREENS.commands);
  const c = overview?.commands;
  const win = windowOf(overview);
  return (
    <StatCard
      testId="stat-commands-failed"
      title={t('fleet.commandsFailed', { hours: OVERVIEW_HOURS })}
      value={c ? c.failed + c.expired : undefined}
      tone={c && c.failed + c.expired > 0 ? 'error' : 'neutral'}
      icon={<StopOutlined />}
      footer={
        c && (
          <Space size={12} wrap>
            <span>
              {t('fleet.failed')}{' '}
              <CountLink
                value={c.failed}
                to={listLink(path, { state: 'failed', ...win })}
                testId="stat-commands-only-failed"
              />
            </span>
            <span>
              {t('fleet.expired')}{' '}
              <CountLink
                value={c.expired}
                to={listLink(path, { state: 'expired', ...win })}
                testId="stat-commands-expired"
              />
            </span>
            <span>
              {t('fleet.commandsAll')} <CountLink value={c.total} to={listLink(path, win)} />
            </span>
          </Space>
        )
      }
    />
  );
}

export function FirmwareStat({ overview }: { overview: FleetOverview | undefined }) {
  const { t } = useTranslation('dashboard');
  const path = useScreenPath(SCREENS.firmware);
  const f = overview?.firmware;
  return (
    <StatCard
      testId="stat-firmware"
      title={t('fleet.firmwareRunning')}
      value={f?.running}
      to={listLink(path, { running: 'true' })}
      tone={f && f.running > 0 ? 'primary' : 'neutral'}
      icon={<CloudUploadOutlined />}
      footer={f && (f.running ? t('fleet.firmwareRunningNote') : t('fleet.firmwareIdle'))}
    />
  );
}

/** Hour labels in the viewer's time zone. */
const hourLabel = (iso: string) => dayjs(iso).format('HH:mm');

export function OnlineTrend({ overview }: { overview: FleetOverview | undefined }) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const c = overview?.cabinets;
  const option = useMemo(
    () =>
      c && {
        grid: { left: 40, right: 16, top: 24, bottom: 28 },
        tooltip: { trigger: 'axis' },
        xAxis: {
          type: 'category',
          boundaryGap: false,
          data: c.onlineTrend.map((p) => hourLabel(p.at)),
          axisLabel: { color: token.colorTextSecondary },
        },
        yAxis: {
          type: 'value',
          minInterval: 1,
          max: Math.max(1, c.total),
          splitLine: { lineStyle: { color: token.colorSplit } },
          axisLabel: { color: token.colorTextSecondary },
        },
        series: [
          {
            name: t('fleet.online'),
            type: 'line',
            showSymbol: false,
            data: c.onlineTrend.map((p) => p.online),
            lineStyle: { color: token.colorSuccess, width: 2 },
            itemStyle: { color: token.colorSuccess },
            areaStyle: { color: token.colorSuccessBg },
          },
        ],
      },
    [c, t, token],
  );
  return (
    <Card size="small" title={t('fleet.onlineTrend', { hours: OVERVIEW_HOURS })} style={{ height: '100%' }}>
      {!c ? (
        <ChartSkeleton />
      ) : c.total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('fleet.noCabinets')} />
      ) : (
        <Chart option={option!} label={t('fleet.onlineTrend', { hours: OVERVIEW_HOURS })} />
      )}
    </Card>
  );
}

export function CommandTrend({ overview }: { overview: FleetOverview | undefined }) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const c = overview?.commands;
  const option = useMemo(() => c && commandOption(c, t, token), [c, t, token]);
  return (
    <Card size="small" title={t('fleet.commandTrend', { hours: OVERVIEW_HOURS })} style={{ height: '100%' }}>
      {!c ? (
        <ChartSkeleton />
      ) : c.total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('fleet.noCommands')} />
      ) : (
        <Chart option={option!} label={t('fleet.commandTrend', { hours: OVERVIEW_HOURS })} />
      )}
    </Card>
  );
}

function commandOption(c: Commands, t: (k: string) => string, token: ReturnType<typeof theme.useToken>['token']) {
  const bar = (key: 'succeeded' | 'failed' | 'expired' | 'open', colour: string) => ({
    name: t(`fleet.state.${key}`),
    type: 'bar',
    stack: 'commands',
    barMaxWidth: 18,
    itemStyle: { color: colour },
    data: c.hourly.map((h) => h[key]),
  });
  return {
    grid: { left: 40, right: 16, top: 36, bottom: 28 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, right: 0, textStyle: { color: token.colorTextSecondary } },
    xAxis: {
      type: 'category',
      data: c.hourly.map((h) => hourLabel(h.at)),
      axisLabel: { color: token.colorTextSecondary },
    },
    yAxis: {
      type: 'value',
      minInterval: 1,
      splitLine: { lineStyle: { color: token.colorSplit } },
      axisLabel: { color: token.colorTextSecondary },
    },
    series: [
      bar('succeeded', token.colorSuccess),
      bar('failed', token.colorError),
      bar('expired', token.colorWarning),
      bar('open', token.colorPrimary),
    ],
  };
}

function ChartSkeleton() {
  return <div style={{ height: 240 }} aria-busy="true" />;
}

/** Cabinets that may need a visit: full, empty, weak signal, faulty slots; each a link to them. */
export function AttentionCard({ overview }: { overview: FleetOverview | undefined }) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const path = useScreenPath(SCREENS.cabinets);
  const c: Cabinets | null | undefined = overview?.cabinets;
  return (
    <Card size="small" title={t('fleet.attention')} style={{ height: '100%' }} loading={!c}>
      {c && (
        <List
          size="small"
          split
          dataSource={[...CABINET_CONDITIONS]}
          renderItem={(k) => (
            <List.Item
              extra={
                c[k] > 0 ? (
                  <Link
                    to={listLink(path, { condition: k }) ?? '#'}
                    data-testid={`attention-${k}`}
                    style={{ fontWeight: 600, fontSize: 16 }}
                  >
                    {c[k]}
                  </Link>
                ) : (
                  <span data-testid={`attention-${k}`} style={{ color: token.colorTextTertiary, fontSize: 16 }}>
                    0
                  </span>
                )
              }
            >
              <Flex gap={8} align="center">
                <WarningOutlined style={{ color: c[k] > 0 ? token.colorWarning : token.colorTextQuaternary }} />
                <Flex vertical>
                  <Typography.Text>{t(`fleet.condition.${k}`)}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t(`fleet.conditionHint.${k}`, { csq: WEAK_SIGNAL_CSQ_MAX })}
                  </Typography.Text>
                </Flex>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

const KIND_COLOUR: Record<DeviceLogItem['kind'], string> = {
  refused: 'error',
  online: 'success',
  offline: 'default',
  operator: 'processing',
};

/** The latest device log lines, and the window's lines by kind (each a link to them). */
export function RecentEventsCard({ overview }: { overview: FleetOverview | undefined }) {
  const { t } = useTranslation(['dashboard', 'fleet']);
  const path = useScreenPath(SCREENS.deviceLog);
  const e: Events | null | undefined = overview?.events;
  const win = windowOf(overview);
  return (
    <Card
      size="small"
      title={t('fleet.recentEvents')}
      style={{ height: '100%' }}
      loading={!e}
      extra={path && <Link to={path}>{t('fleet.allEvents')}</Link>}
    >
      {e && (
        <>
          <Space size={16} wrap style={{ marginBottom: 8 }}>
            <Typography.Text type="secondary">{t('fleet.lastHours', { hours: OVERVIEW_HOURS })}</Typography.Text>
            {(['online', 'offline', 'refused'] as const).map((k) => (
              <span key={k}>
                <Tag color={KIND_COLOUR[k]}>{t(`fleet:deviceLog.kind.${k}`)}</Tag>
                <CountLink value={e[k]} to={listLink(path, { kind: k, ...win })} testId={`events-${k}`} />
              </span>
            ))}
          </Space>
          {e.recent.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('fleet.noEvents')} />
          ) : (
            <List
              size="small"
              dataSource={e.recent}
              renderItem={(r) => (
                <List.Item>
                  <Flex gap={8} align="center" wrap style={{ width: '100%' }}>
                    <Typography.Text
                      type="secondary"
                      style={{ width: 150, flex: 'none', fontVariantNumeric: 'tabular-nums' }}
                    >
                      {formatDateTime(r.createdAt)}
                    </Typography.Text>
                    <Tag color={KIND_COLOUR[r.kind]} style={{ flex: 'none' }}>
                      {t(`fleet:deviceLog.kind.${r.kind}`)}
                    </Tag>
                    {r.sn ? (
                      // The cabinet's own lines in the device log.
                      path ? (
                        <Link to={listLink(path, { sn: r.sn })!}>
                          <Typography.Text code>{r.sn}</Typography.Text>
                        </Link>
                      ) : (
                        <Typography.Text code>{r.sn}</Typography.Text>
                      )
                    ) : (
                      <Typography.Text type="secondary">-</Typography.Text>
                    )}
                    <Typography.Text type="secondary" ellipsis style={{ flex: '1 1 120px', minWidth: 0 }}>
                      {r.kind === 'refused'
                        ? t(`fleet:refuseReason.${r.reason}`, { defaultValue: r.reason })
                        : t(`fleet:onlineReason.${r.reason}`, { defaultValue: r.reason })}
                      {r.count > 1 ? ` ×${r.count}` : ''}
                    </Typography.Text>
                  </Flex>
                </List.Item>
              )}
            />
          )}
        </>
      )}
    </Card>
  );
}
