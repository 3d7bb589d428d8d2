import { Badge, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CabinetItem } from '@cbo/contract';
import { formatDateTime } from '@/shared/list-page';

/** Online or offline, with why and since when (the reason the gateway recorded). */
export function OnlineBadge({ row, withReason }: { row: Pick<CabinetItem, 'online' | 'onlineReason' | 'onlineChangedAt'>; withReason?: boolean }) {
  const { t } = useTranslation('fleet');
  const text = row.online ? t('cabinet.onlineYes') : t('cabinet.onlineNo');
  const why = row.onlineReason ? t(`onlineReason.${row.onlineReason}`, { defaultValue: row.onlineReason }) : t('cabinet.neverConnected');
  const since = row.onlineChangedAt ? formatDateTime(row.onlineChangedAt) : null;
  const badge = <Badge status={row.online ? 'success' : 'default'} text={text} data-online={row.online} />;
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
export function batterySummary(t: TFunction, row: Pick<CabinetItem, 'powerBanks' | 'chargedPowerBanks' | 'batteryAvg' | 'slots' | 'freeSlots'>): string {
  if (row.freeSlots === null) return '-';
  if (row.powerBanks === 0) return t('cabinet.noPowerBanks');
  return t('cabinet.batterySummary', { banks: row.powerBanks, charged: row.chargedPowerBanks, avg: row.batteryAvg ?? '-' });
}

export function hostPort(host: string | null, port: number | null): string {
  if (!host) return '-';
  return port === null ? host : `${host}:${port}`;
}
