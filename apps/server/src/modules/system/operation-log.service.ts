import type { Db } from '../../platform/db/database.js';
import type { AuditSink } from '../../platform/http/routes.js';
import { sysOperationLog } from './tables.js';

/** The operation log: one row per change made by staff, written by the platform's guard. */
export class OperationLogService implements AuditSink {
  constructor(private readonly db: Db) {}

  async record(e: Parameters<AuditSink['record']>[0]): Promise<void> {
    await this.db.insert(sysOperationLog).values({
      accountId: e.principal?.accountId ?? null,
      userName: e.principal?.userName ?? null,
      accountType: e.principal?.accountType ?? 'anonymous',
      terminal: e.principal?.clientType ?? null,
      method: e.method,
      path: e.path,
      behaviour: e.behaviour.slice(0, 200),
      target: e.target,
      resultCode: e.resultCode,
      ip: e.ip,
      durationMs: e.durationMs,
    });
  }
}
