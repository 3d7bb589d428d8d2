import { useMemo, useState } from 'react';
import { App, Button, Card, DatePicker, Flex, Segmented, Space, Typography } from 'antd';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { PERMS, type StatsReport, type StatsReportQuery } from '@cbo/contract';
import { useButtons } from '@/shared/permission';
import { downloadFile } from '@/shared/request';
import { ScopePicker, scopeParams, SCOPE_KINDS, type Scope, type ScopeKind } from './scope-picker';
import { viewerZone } from './stats-window';

const MAX_DAYS = 366;
const PRESETS = ['lastWeek', 'lastMonth', 'custom'] as const;
type Preset = (typeof PRESETS)[number];

/** The days of a preset in the viewer's zone: last week is Monday to Sunday before this one, last month the calendar month before this one. */
export function presetRange(p: Exclude<Preset, 'custom'>, today = dayjs()): [Dayjs, Dayjs] {
  if (p === 'lastMonth') {
    const first = today.startOf('month').subtract(1, 'month');
    return [first, first.endOf('month')];
  }
  const monday = today.startOf('day').subtract((today.day() + 6) % 7, 'day');
  return [monday.subtract(7, 'day'), monday.subtract(1, 'day').endOf('day')];
}

const parseDay = (v: string | null) =>
  v && dayjs(v, 'YYYY-MM-DD', true).isValid() ? dayjs(v, 'YYYY-MM-DD', true) : null;

/**
 * The report's scope and period, kept in the address (so a link opens the same report), and the
 * query they make: null while a scope kind is picked without its region, agent or outlet.
 */
export function useReportParams() {
  const [params, setParams] = useSearchParams();
  const scopeKind = (SCOPE_KINDS as readonly string[]).includes(params.get('scope') ?? '')
    ? (params.get('scope') as ScopeKind)
    : 'all';
  const scope: Scope = { kind: scopeKind, id: scopeKind === 'all' ? null : Number(params.get('id')) || null };
  const preset: Preset = (PRESETS as readonly string[]).includes(params.get('preset') ?? '')
    ? (params.get('preset') as Preset)
    : 'lastWeek';
  const custom: [Dayjs, Dayjs] | null = useMemo(() => {
    const b = parseDay(params.get('begin'));
    const e = parseDay(params.get('end'));
    return b && e && !b.isAfter(e) ? [b, e] : null;
  }, [params]);
  const range: [Dayjs, Dayjs] = preset === 'custom' ? (custom ?? presetRange('lastWeek')) : presetRange(preset);
  const set = (next: Record<string, string | null>) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        for (const [k, v] of Object.entries(next))
          if (v === null) q.delete(k);
          else q.set(k, v);
        return q;
      },
      { replace: true },
    );

  const query = useMemo<StatsReportQuery | null>(() => {
    if (scope.kind !== 'all' && !scope.id) return null;
    return {
      beginTime: range[0].startOf('day').toISOString(),
      endTime: range[1].endOf('day').toISOString(),
      timeZone: viewerZone(),
      ...scopeParams(scope),
    };
  }, [scope.kind, scope.id, range[0].valueOf(), range[1].valueOf()]);
  return { scope, preset, range, set, query };
}

export type ReportParams = ReturnType<typeof useReportParams>;

/** The report's controls: scope, period (a preset or picked days), print and download. */
export function ReportControls({ p, report }: { p: ReportParams; report: StatsReport | undefined }) {
  const { t } = useTranslation('report');
  const { message } = App.useApp();
  const buttons = useButtons();
  const { scope, preset, range, set, query } = p;
  const [downloading, setDownloading] = useState(false);
  const onDownload = async () => {
    if (!query) return;
    setDownloading(true);
    try {
      const name = await downloadFile('statsReportExport', query, 'report.xlsx', { silent: true });
      void message.success(t('downloaded', { name }));
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card size="small" className="report-controls">
      <Flex wrap gap={12} align="center" justify="space-between">
        <Flex wrap gap={12} align="center">
          {/* The report's answer names its scope: a shared link shows the picked one by name. */}
          <ScopePicker
            value={scope}
            onChange={(next) =>
              set({ scope: next.kind === 'all' ? null : next.kind, id: next.id ? String(next.id) : null })
            }
            known={report?.scope}
            testId="report-scope"
          />
          <Segmented
            value={preset}
            onChange={(v) => {
              const next = v as Preset;
              if (next !== 'custom') return set({ preset: next === 'lastWeek' ? null : next, begin: null, end: null });
              set({ preset: 'custom', begin: range[0].format('YYYY-MM-DD'), end: range[1].format('YYYY-MM-DD') });
            }}
            options={PRESETS.map((k) => ({ value: k, label: t(`preset.${k}`) }))}
            data-testid="report-preset"
          />
          {preset === 'custom' && (
            <DatePicker.RangePicker
              value={range}
              allowClear={false}
              onChange={(v) => {
                if (!v?.[0] || !v[1]) return;
                if (v[1].diff(v[0], 'day') >= MAX_DAYS) return void message.warning(t('tooLong'));
                set({ begin: v[0].format('YYYY-MM-DD'), end: v[1].format('YYYY-MM-DD') });
              }}
              disabledDate={(day, info) =>
                day.isAfter(dayjs().endOf('day')) ||
                Boolean(info.from && Math.abs(day.diff(info.from, 'day')) >= MAX_DAYS)
              }
              data-testid="report-range"
            />
          )}
        </Flex>
        <Space wrap>
          <Button
            icon={<PrinterOutlined />}
            onClick={() => window.print()}
            disabled={!report}
            data-testid="report-print"
          >
            {t('print')}
          </Button>
          {buttons.has(PERMS.statsReportExport) && (
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              onClick={() => void onDownload()}
              loading={downloading}
              disabled={!report}
              data-testid="report-download"
            >
              {t('download')}
            </Button>
          )}
        </Space>
      </Flex>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
        {t('hint', { zone: viewerZone() })}
      </Typography.Text>
    </Card>
  );
}
