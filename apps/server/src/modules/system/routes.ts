import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/http/routes.js';
import type { ExportService } from './export.service.js';
import type { ParamsService } from './params.service.js';

export function systemRoutes(app: FastifyInstance, s: { params: ParamsService; exports: ExportService }): void {
  registerCall(app, 'findValueByKey', ({ query }) => s.params.publicValue(query.paramType, query.paramKey));
  registerCall(app, 'exportLogList', ({ principal, query }) => s.exports.list(principal.accountId, query.pageNum, query.pageSize));
  registerCall(app, 'exportDownload', async ({ principal, query, reply }) => {
    const file = await s.exports.fileFor(principal.accountId, query.id);
    const ascii = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .header('cache-control', 'private, no-store')
      .send(fs.createReadStream(file.path));
  });
}
