import { useEffect } from 'react';
import { Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { statsReportLabels as L } from '@cbo/contract';
import { EmptyState } from '@/shared/empty-state';
import { useLang } from '@/shared/form';
import { callKey } from '@/shared/list-page';
import { request } from '@/shared/request';
import { ReportControls, useReportParams } from '../components/report-controls';
import { DailySection, HeadlineSection, MoneySection, OutletsSection } from '../components/report-sections';
import './report.css';

/**
 * Statistics → Operation report (menu url stats/report): a period's report of the whole business,
 * a region, an agent or an outlet that an operator sends on. One server call (stats/report) answers
 * every number on the screen, in the workbook it downloads (stats/report/xlsx) and on paper (the
 * print button; report.css lays the sections on A4 and hides the console around them). The scope
 * and the period live in the address, so a link opens the same report (components/report-controls.tsx);
 * the sections are in components/report-sections.tsx.
 */
export default function OperationReportView() {
  const { t } = useTranslation('report');
  const lang = useLang();
  const params = useReportParams();
  const { scope, query } = params;
  const q = useQuery({
    queryKey: [...callKey('statsReport'), query],
    queryFn: ({ signal }) => request('statsReport', { query: query! }, { signal }),
    enabled: query !== null,
  });
  const r = query ? q.data : undefined;

  // While this screen is the one shown, printing lays out the report alone (report.css).
  useEffect(() => {
    document.documentElement.classList.add('report-printable');
    return () => document.documentElement.classList.remove('report-printable');
  }, []);

  const scopeTitle = r
    ? r.scope.kind === 'all'
      ? L.wholeBusiness[lang]
      : `${L.scope[r.scope.kind][lang]}: ${r.scope.name ?? r.scope.id}`
    : '';
  const days = (from: string, to: string) => `${dayjs(from).format('YYYY-MM-DD')} ~ ${dayjs(to).format('YYYY-MM-DD')}`;

  return (
    <Flex vertical gap={16} className="stats-report" data-testid="report">
      <ReportControls p={params} report={r} />

      {!query ? (
        <Card size="small">
          <EmptyState description={t('pickFirst', { kind: L.scope[scope.kind][lang] })} />
        </Card>
      ) : q.isError && !r ? (
        <Card size="small" data-testid="report-error">
          <EmptyState description={q.error instanceof Error ? q.error.message : String(q.error)} />
        </Card>
      ) : (
        <div className="report-paper">
          <header className="report-title">
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="report-title">
              {L.title[lang]}
              {r ? ` · ${scopeTitle}` : ''}
            </Typography.Title>
            {r ? (
              <Typography.Text type="secondary">
                {L.period[lang]}: {days(r.beginTime, r.endTime)} · {L.previousPeriod[lang]}:{' '}
                {days(r.previous.beginTime, r.previous.endTime)}
                {r.scope.outlets !== null ? ` · ${t('outlets', { count: r.scope.outlets })}` : ''}
              </Typography.Text>
            ) : (
              <Skeleton active paragraph={false} />
            )}
          </header>
          <HeadlineSection r={r} />
          <DailySection r={r} />
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={14}>
              <OutletsSection r={r} loading={q.isFetching && !r} />
            </Col>
            <Col xs={24} xl={10}>
              <MoneySection r={r} />
            </Col>
          </Row>
        </div>
      )}
    </Flex>
  );
}
