import type { OperationLogFilter, ProblemTypeFilter } from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { ConfigService, type CodeIssuer } from './config.service.js';
import { formatInZone, type ExportService } from './export.service.js';
import { ExtensionService } from './extension.service.js';
import type { OperationLogService } from './operation-log.service.js';
import { ProblemTypeService } from './problem-type.service.js';
import { SceneService } from './scene.service.js';

/**
 * The system module's configuration side: global config, extended functions, device scenes,
 * problem types, and the operation log's exports. Codes come from the identity module.
 */
export function createSystem(db: Db, deps: { codes: CodeIssuer; exports: ExportService; operationLog: OperationLogService }) {
  const config = new ConfigService(db, deps.codes);
  const extensions = new ExtensionService(db, config);
  const scenes = new SceneService(db);
  const problemTypes = new ProblemTypeService(db);

  deps.exports.register<OperationLogFilter>('operationLog', {
    title: { zh_CN: '操作日志', zh_TW: '操作日誌', en_US: 'Operation log' },
    columns: [
      { key: 'userName', header: { zh_CN: '账号', zh_TW: '帳號', en_US: 'Account' } },
      { key: 'accountType', header: { zh_CN: '账号类型', zh_TW: '帳號類型', en_US: 'Account type' }, width: 12 },
      { key: 'terminal', header: { zh_CN: '终端', zh_TW: '終端', en_US: 'Terminal' }, width: 14 },
      { key: 'behaviour', header: { zh_CN: '行为', zh_TW: '行為', en_US: 'Behaviour' }, width: 40 },
      { key: 'request', header: { zh_CN: '接口', zh_TW: '介面', en_US: 'Interface' }, width: 40 },
      { key: 'target', header: { zh_CN: '对象', zh_TW: '對象', en_US: 'Target' } },
      { key: 'result', header: { zh_CN: '结果', zh_TW: '結果', en_US: 'Result' }, width: 10 },
      { key: 'ip', header: { zh_CN: '地址', zh_TW: '位址', en_US: 'Address' } },
      { key: 'durationMs', header: { zh_CN: '耗时（毫秒）', zh_TW: '耗時（毫秒）', en_US: 'Duration (ms)' }, width: 12 },
      { key: 'createTime', header: { zh_CN: '时间', zh_TW: '時間', en_US: 'Time' }, width: 20 },
    ],
    count: (f) => deps.operationLog.count(f),
    rows: async (f, offset, limit, tz) =>
      (await deps.operationLog.rows(f, offset, limit)).map((r) => ({
        ...r,
        request: `${r.method} ${r.path}`,
        result: r.resultCode === 0 ? 'success' : `fail (${r.resultCode})`,
        createTime: formatInZone(r.createTime, tz),
      })),
  });

  deps.exports.register<ProblemTypeFilter>('problemType', {
    title: { zh_CN: '问题类型', zh_TW: '問題類型', en_US: 'Problem types' },
    columns: [
      { key: 'name', header: { zh_CN: '名称', zh_TW: '名稱', en_US: 'Name' } },
      { key: 'sort', header: { zh_CN: '排序', zh_TW: '排序', en_US: 'Order' }, width: 8 },
      { key: 'remark', header: { zh_CN: '备注', zh_TW: '備註', en_US: 'Remark' }, width: 30 },
      { key: 'status', header: { zh_CN: '状态', zh_TW: '狀態', en_US: 'Status' }, width: 10 },
      { key: 'createTime', header: { zh_CN: '创建时间', zh_TW: '建立時間', en_US: 'Created' }, width: 20 },
    ],
    count: (f) => problemTypes.count(f),
    rows: async (f, offset, limit, tz) =>
      (await problemTypes.rows(f, offset, limit)).map((r) => ({ ...r, createTime: formatInZone(r.createTime, tz) })),
  });

  async function seed(): Promise<void> {
    await config.seedDefaults();
    await extensions.seed();
  }

  return { config, extensions, scenes, problemTypes, seed };
}

export type SystemServices = ReturnType<typeof createSystem>;
