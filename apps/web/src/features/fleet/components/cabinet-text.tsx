import { Badge, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CabinetItem, ConnectionState } from '@cbo/contract';
import { formatDateTime } from '@/shared/list-page';

/** Online, offline (it was connected and dropped off) or never connected yet. */
export function connectionOf(
  row: Pick<CabinetItem, 'online' | 'onlineChangedAt'> & { connection?: ConnectionState },
): ConnectionState {
  return row.connection ?? (row.online ? 'online' : row.onlineChangedAt ? 'offline' : 'neverConnected');
}

const BADGE: Record<ConnectionState, 'success' | 'error' | 'default'> = {
  online: 'success',
  offline: 'error',
  neverConnected: 'default',
};

/**
 * Online, offline or never connected, with why and since when (the reason the gateway recorded):
 * a cabinet that dropped off reads apart from one not yet installed.
 */
export function OnlineBadge({
  row,
  withReason,
}: {
  row: Pick<CabinetItem, 'online' | 'onlineReason' | 'onlineChangedAt'> & { connection?: ConnectionState };
  withReason?: boolean;
}) {
  const { t } = useTranslation('fleet');
  const state = connectionOf(row);
  const text =
    state === 'online'
      ? t('cabinet.onlineYes')
      : state === 'offline'
        ? t('cabinet.onlineNo')
        : t('cabinet.neverConnected');
  const why = row.onlineReason
    ? t(`onlineReason.${row.onlineReason}`, { defaultValue: row.onlineReason })
    : t('cabinet.notReported');
  const since = row.onlineChangedAt ? formatDateTime(row.onlineChangedAt) : null;
  const badge = <Badge status={BADGE[state]} text={text} data-online={row.online} data-connection={state} />;
  if (withReason)
    return (
      <span>
        {badge}
        <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
          {why}
          {since && ` · ${since}`}
        </Typography.Text>
      </span>
    );
  return <Tooltip title={since ? `${why} · ${since}` : why}>{badge}</Tooltip>;
}

/** "8 power banks, 5 charged, average 72 %", or "empty" / "-" before any inventory. */
export function batterySummary(
  t: TFunction,
  row: Pick<CabinetItem, 'powerBanks' | 'chargedPowerBanks' | 'batteryAvg' | 'slots' | 'freeSlots'>,
): string {
  if (row.freeSlots === null) return '-';
  if (row.powerBanks === 0) return t('cabinet.noPowerBanks');
  return t('cabinet.batterySummary', {
    banks: row.powerBanks,
    charged: row.chargedPowerBanks,
    avg: row.batteryAvg ?? '-',
  });
}

export function hostPort(host: string | null, port: number | null): string {
  if (!host) return '-';
  return port === null ? host : `${host}:${port}`;
}

/**
 * The server address a cabinet uses: as its config reported it, else the broker endpoint it
 * registered through (said so in the tooltip), else "not reported yet".
 */
export function ServerAddress({ row }: { row: Pick<CabinetItem, 'host' | 'port' | 'connectedVia'> }) {
  const { t } = useTranslation('fleet');
  if (row.host) return <span data-server="reported">{hostPort(row.host, row.port)}</span>;
  if (row.connectedVia)
    return (
      <Tooltip title={t('cabinet.connectedViaHint')}>
        <span data-server="connection">{row.connectedVia}</span>
      </Tooltip>
    );
  return <NotReported />;
}

/** What a cabinet has not reported yet, said so rather than "-". */
export function NotReported() {
  const { t } = useTranslation('fleet');
  return (
    <Typography.Text type="secondary" data-not-reported>
      {t('cabinet.notReported')}
    </Typography.Text>
  );
}
