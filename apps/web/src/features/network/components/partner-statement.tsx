import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Card, DatePicker, Descriptions, Flex, Skeleton, Space, Table, Typography } from 'antd';
import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { PERMS, STATEMENT_MAX_DAYS, STATEMENT_PARTIES, type StatementDay, type StatementParty } from '@cbo/contract';
import { request } from '@/shared/request';
import { useButtons } from '@/shared/permission';
import { EmptyState } from '@/shared/empty-state';
import { ExportButton, callKey, useIsMobile } from '@/shared/list-page';
import { plainMoney } from '@/shared/money';
import './partner-statement.css';

export interface PartnerStatementProps {
  partyKind: StatementParty;
  partyId: number;
  onBack: () => void;
}

/** `agent:12` → the statement's partner; anything else → none. */
function statementOf(v: string | null): { kind: StatementParty; id: number } | null {
  const m = /^(\w+):(\d+)$/.exec(v ?? '');
  return m && (STATEMENT_PARTIES as readonly string[]).includes(m[1]!)
    ? { kind: m[1] as StatementParty, id: Number(m[2]) }
    : null;
}

/**
 * A partner list and a partner's statement share a screen: `?statement=<kind>:<id>` shows the
 * statement (a link, back and reload keep it). Every partner list (agents, service providers,
 * ground pushers, teams) reads it the same way.
 */
export function useStatementParam(): {
  statement: { kind: StatementParty; id: number } | null;
  open: (kind: StatementParty, id: number) => void;
  close: () => void;
} {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (v: string | null) =>
      setParams((p) => {
        const out = new URLSearchParams(p);
        if (v === null) out.delete('statement');
        else out.set('statement', v);
        return out;
      }),
    [setParams],
  );
  const open = useCallback((kind: StatementParty, id: number) => set(`${kind}:${id}`), [set]);
  const close = useCallback(() => set(null), [set]);
  return { statement: statementOf(params.get('statement')), open, close };
}

const FIGURES = ['shares', 'reversals', 'withdrawals', 'returned', 'owed', 'other'] as const;

/**
 * A partner's statement for whole days (this month so far unless picked): opening balance, each
 * kind of movement, closing balance, and the days that moved, all from the ledger (partnerStatement).
 * Printable (partner-statement.css hides the console around it while this screen is shown) and
 * exported through the export centre like every list.
 */
export function PartnerStatement({ partyKind, partyId, onBack }: PartnerStatementProps) {
  const { t } = useTranslation('network');
  const buttons = useButtons();
  const isMobile = useIsMobile();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().startOf('month'), dayjs()]);
  const query = {
    partyKind,
    partyId,
    beginDate: range[0].format('YYYY-MM-DD'),
    endDate: range[1].format('YYYY-MM-DD'),
  };
  const q = useQuery({
    queryKey: [...callKey('partnerStatement'), query],
    queryFn: ({ signal }) => request('partnerStatement', { query }, { signal }),
  });
  const s = q.data;

  // While this screen is shown, printing lays out the statement alone.
  useEffect(() => {
    document.documentElement.classList.add('statement-printable');
    return () => document.documentElement.classList.remove('statement-printable');
  }, []);

  const dayColumns = [
    { title: t('partners.date'), dataIndex: 'date', key: 'date', width: 110 },
    { title: t('partners.orders'), dataIndex: 'orders', key: 'orders', align: 'right' as const, width: 70 },
    ...FIGURES.map((f) => ({
      title: t(`partners.${f}`),
      dataIndex: f,
      key: f,
      align: 'right' as const,
      render: (v: number) => plainMoney(v),
    })),
    {
      title: t('partners.closing'),
      dataIndex: 'closing',
      key: 'closing',
      align: 'right' as const,
      render: (v: number) => <strong>{plainMoney(v)}</strong>,
    },
  ];

  return (
    <Flex vertical gap={16} className="partner-statement" data-testid="partner-statement">
      <Card size="small" className="statement-controls">
        <Flex wrap gap={12} align="center" justify="space-between">
          <Space wrap>
            <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="statement-back">
              {t('partners.back')}
            </Button>
            <DatePicker.RangePicker
              value={range}
              allowClear={false}
              onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
              disabledDate={(day, info) =>
                Boolean(info.from && Math.abs(day.diff(info.from, 'day')) >= STATEMENT_MAX_DAYS)
              }
              data-testid="statement-range"
            />
          </Space>
          <Space wrap>
            <Button
              icon={<PrinterOutlined />}
              onClick={() => window.print()}
              disabled={!s}
              data-testid="statement-print"
            >
              {t('partners.print')}
            </Button>
            {buttons.has(PERMS.agentExport) && <ExportButton call="partnerStatementExport" getFilters={() => query} />}
          </Space>
        </Flex>
      </Card>

      {q.isError && !s ? (
        <Card size="small" data-testid="statement-error">
          <EmptyState description={q.error instanceof Error ? q.error.message : String(q.error)} />
        </Card>
      ) : (
        <Card size="small" className="statement-paper">
          {!s ? (
            <Skeleton active />
          ) : (
            <>
              <header className="statement-title">
                <Typography.Title level={4} style={{ margin: 0 }} data-testid="statement-title">
                  {t('partners.statementOf', { name: s.partyName })}
                </Typography.Title>
                <Typography.Text type="secondary">
                  {t(`partners.kind.${s.partyKind}`)} ·{' '}
                  {t('partners.period', { begin: s.beginDate, end: s.endDate, zone: s.timeZone })} · {s.accountCode}
                </Typography.Text>
              </header>
              <Descriptions
                size="small"
                bordered
                column={isMobile ? 1 : 3}
                style={{ marginTop: 12 }}
                data-testid="statement-summary"
                items={[
                  {
                    key: 'opening',
                    label: t('partners.opening'),
                    children: <span data-testid="statement-opening">{plainMoney(s.opening)}</span>,
                  },
                  { key: 'orders', label: t('partners.orders'), children: s.orders },
                  ...FIGURES.map((f) => ({
                    key: f,
                    label: t(`partners.${f}`),
                    children: <span data-testid={`statement-${f}`}>{plainMoney(s[f])}</span>,
                  })),
                  {
                    key: 'closing',
                    label: t('partners.closing'),
                    children: <strong data-testid="statement-closing">{plainMoney(s.closing)}</strong>,
                  },
                  { key: 'withdrawalCount', label: t('partners.withdrawalCount'), children: s.withdrawalCount },
                  {
                    key: 'paidOut',
                    label: t('partners.paidOut'),
                    children: `${plainMoney(s.paidOut)} (${t('partners.fees')} ${plainMoney(s.paidFees)})`,
                  },
                ]}
              />
              <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 12 }}>
                {t('partners.equation')}
              </Typography.Paragraph>
              <Typography.Title level={5}>{t('partners.days')}</Typography.Title>
              <Table<StatementDay>
                size="small"
                rowKey="date"
                pagination={false}
                scroll={{ x: 'max-content' }}
                dataSource={s.days}
                columns={dayColumns}
                locale={{ emptyText: t('partners.noMovement') }}
                data-testid="statement-days"
              />
            </>
          )}
        </Card>
      )}
    </Flex>
  );
}
