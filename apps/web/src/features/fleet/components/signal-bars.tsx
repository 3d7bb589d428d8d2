import { Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Bars (0-4) from a modem's CSQ (0-31, 99 = no network), the usual GSM mapping:
 * under 2 none, 2-9 one, 10-14 two, 15-19 three, 20 and up four.
 */
export function csqBars(csq: number | null | undefined): number {
  if (csq === null || csq === undefined || csq === 99 || csq < 2) return 0;
  if (csq < 10) return 1;
  if (csq < 15) return 2;
  if (csq < 20) return 3;
  return 4;
}

/** Signal strength as four bars, with the raw CSQ in the tooltip and the accessible name. */
export function SignalBars({ csq }: { csq: number | null | undefined }) {
  const { t } = useTranslation('fleet');
  const { token } = theme.useToken();
  const bars = csqBars(csq);
  const known = csq !== null && csq !== undefined;
  const label = !known ? t('signal.unknown') : csq === 99 ? t('signal.none') : t('signal.csq', { csq, bars });
  // Not reported yet (no heartbeat since it connected): said in words, not "-".
  if (!known)
    return (
      <Typography.Text type="secondary" data-not-reported>
        {t('cabinet.notReported')}
      </Typography.Text>
    );
  const colour = bars >= 3 ? token.colorSuccess : bars === 2 ? token.colorWarning : token.colorError;
  return (
    <Tooltip title={label}>
      <span
        role="img"
        aria-label={label}
        data-bars={bars}
        style={{ display: 'inline-flex', alignItems: 'flex-end', gap: 2, height: 14, verticalAlign: 'middle' }}
      >
        {[1, 2, 3, 4].map((b) => (
          <span
            key={b}
            style={{
              width: 4,
              height: 3 + b * 2.75,
              borderRadius: 1,
              background: b <= bars ? colour : token.colorFillSecondary,
            }}
          />
        ))}
        <span style={{ marginLeft: 4, fontSize: 12, color: token.colorTextSecondary }}>{csq}</span>
      </span>
    </Tooltip>
  );
}
