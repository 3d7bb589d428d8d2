import type { Database } from '../db/database.js';
import type { ExportService } from '../exports/export-centre.js';
import type { Metrics } from './metrics.js';

/** The platform's gauges, read when Prometheus scrapes (a statement each then, never on a request). Modules register their own. */
export function installGauges(metrics: Metrics, database: Database, exports: ExportService): void {
  metrics.gauge(
    'cbo_db_pool_connections',
    'Database pool connections of this process: total, idle, and requests waiting for one (PostgreSQL only).',
    ['state'],
    async () => {
      const p = database.poolStats?.();
      return p
        ? [
            { labels: { state: 'total' }, value: p.total },
            { labels: { state: 'idle' }, value: p.idle },
            { labels: { state: 'waiting' }, value: p.waiting },
          ]
        : [];
    },
  );
  metrics.gauge(
    'cbo_export_queue',
    'Exports waiting (pending) and being written (running), across all processes.',
    ['status'],
    async () => Object.entries(await exports.queue()).map(([status, value]) => ({ labels: { status }, value })),
  );
}
