import { Alert, Col, Row, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MovementReport } from '@cbo/contract';
import { ApiError } from '@/shared/request';

/** Code of an answer that carries the report of a partly failed movement in `data`. */
const PARTIAL = -100;

/** The report of a movement, whether everything moved (code 0) or part failed (code -100). */
export function reportOf(result: unknown): MovementReport | null {
  if (!(result instanceof ApiError)) return (result as MovementReport) ?? null;
  if (result.code !== PARTIAL) return null;
  const data = result.response?.data as MovementReport | null | undefined;
  return data && Array.isArray(data.failures) ? data : null;
}

/** Total, successes, and each failure with its reason. */
export function MovementReportView({ report }: { report: MovementReport }) {
  const { t } = useTranslation('assets');
  return (
    <div data-testid="movement-report">
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={8}>
          <Statistic title={t('stock.total')} value={report.total} />
        </Col>
        <Col span={8}>
          <Statistic
            title={t('stock.successes')}
            value={report.successes}
            styles={{ content: { color: 'var(--ant-color-success)' } }}
          />
        </Col>
        <Col span={8}>
          <Statistic
            title={t('stock.failures')}
            value={report.failures.length}
            styles={report.failures.length ? { content: { color: 'var(--ant-color-error)' } } : undefined}
          />
        </Col>
      </Row>
      {report.registered ? (
        <Alert
          type="info"
          showIcon
          data-testid="registered"
          title={t('stock.registered', { count: report.registered })}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {report.failures.length ? (
        <Table
          size="small"
          rowKey={(f) => `${f.id}-${f.reason}`}
          dataSource={report.failures}
          pagination={report.failures.length > 10 ? { pageSize: 10, size: 'small' } : false}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('common.deviceId'), dataIndex: 'id', key: 'id' },
            { title: t('common.reason'), dataIndex: 'msg', key: 'msg' },
          ]}
        />
      ) : (
        <Alert type="success" showIcon title={t('stock.allDone')} />
      )}
    </div>
  );
}
