import type { ReactNode } from 'react';
import { Card, Flex, Skeleton, Typography, theme } from 'antd';
import { Link } from 'react-router';

export type StatTone = 'success' | 'error' | 'warning' | 'primary' | 'neutral';

/**
 * One number of the dashboard: what it counts, the number (a link to the list filtered to exactly
 * those rows when the account has that list), and a line beneath. `value` undefined: loading.
 */
export function StatCard(props: {
  title: ReactNode;
  value: ReactNode | undefined;
  to?: string | null;
  suffix?: ReactNode;
  footer?: ReactNode;
  icon?: ReactNode;
  tone?: StatTone;
  testId: string;
}) {
  const { title, value, to, suffix, footer, icon, tone = 'neutral', testId } = props;
  const { token } = theme.useToken();
  const colour = {
    success: token.colorSuccess,
    error: token.colorError,
    warning: token.colorWarning,
    primary: token.colorPrimary,
    neutral: token.colorText,
  }[tone];
  const number = (
    <span
      data-testid={testId}
      style={{ fontSize: 30, lineHeight: '38px', fontWeight: 600, color: colour, fontVariantNumeric: 'tabular-nums' }}
    >
      {value}
    </span>
  );
  return (
    <Card size="small" style={{ height: '100%' }} styles={{ body: { padding: '12px 16px' } }}>
      {/* Two lines kept for the title, so the numbers of a row line up whether a title wraps or not. */}
      <Flex justify="space-between" align="flex-start" gap={8} style={{ minHeight: 40 }}>
        <Typography.Text type="secondary" style={{ fontSize: 13, lineHeight: '20px' }}>
          {title}
        </Typography.Text>
        {icon && <span style={{ color: colour, fontSize: 18, opacity: 0.85 }}>{icon}</span>}
      </Flex>
      {value === undefined ? (
        <Skeleton.Input active size="small" style={{ marginTop: 10, marginBottom: 8 }} />
      ) : (
        <div style={{ marginTop: 4 }}>
          {to ? (
            <Link to={to} aria-label={typeof title === 'string' ? title : undefined}>
              {number}
            </Link>
          ) : (
            number
          )}
          {suffix && (
            <Typography.Text type="secondary" style={{ marginLeft: 6 }}>
              {suffix}
            </Typography.Text>
          )}
        </div>
      )}
      <div style={{ minHeight: 20, fontSize: 12 }}>{value === undefined ? null : footer}</div>
    </Card>
  );
}

/** A link to a list with its filters in the address, or null when the account has no such screen. */
export function listLink(path: string | null, filters: Record<string, string> = {}): string | null {
  if (!path) return null;
  const qs = new URLSearchParams(filters).toString();
  return qs ? `${path}?${qs}` : path;
}

/** A number inside a sentence, linked like a stat card's. */
export function CountLink({ value, to, testId }: { value: number; to: string | null; testId?: string }) {
  const n = (
    <span data-testid={testId} style={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
      {value}
    </span>
  );
  return to ? <Link to={to}>{n}</Link> : n;
}
