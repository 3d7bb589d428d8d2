import { z } from 'zod';
import { call } from '../call.js';
import { pageResult } from '../envelope.js';
import * as sys from '../system.js';

/** Permission codes of the system module. */
export const systemPerms = {} as const;

/** Settings, exports and logs. */
export const systemCalls = {
  findValueByKey: call({ method: 'GET', path: '/user/api/open/v1/auth/findValueByKey', access: 'public', module: 'system',
    summary: 'A public system parameter (brand name, logo, footer message)', query: sys.paramQuery, data: sys.paramValue }),
  exportLogList: call({ method: 'GET', path: '/user/api/v1/exportExcelLog/list', access: 'authenticated', module: 'system',
    summary: "The signed-in account's exports, newest first", query: sys.exportLogQuery, data: pageResult(sys.exportLogItem) }),
  exportDownload: call({ method: 'GET', path: '/user/api/v1/exportExcelLog/download', access: 'authenticated', module: 'system',
    summary: 'Download a finished export (only by the account that made it)', query: sys.exportDownloadQuery, data: z.any(), download: true }),
} as const;
