"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.loginLogItem = exports.loginLogQuery = exports.loginLogFilter = exports.LOGIN_RESULTS = exports.exportStarted = exports.exportDownloadQuery = exports.exportLogQuery = exports.exportLogItem = exports.EXPORT_STATUSES = exports.PUBLIC_PARAMS = exports.paramValue = exports.paramQuery = void 0;
var zod_1 = require("zod");
var envelope_js_1 = require("./envelope.js");
var auth_js_1 = require("./auth.js");
/** GET /user/api/open/v1/auth/findValueByKey (spec 7): public system parameters only. */
exports.paramQuery = zod_1.z.object({
    paramType: zod_1.z.string().trim().min(1).max(32),
    paramKey: zod_1.z.string().trim().min(1).max(64),
});
exports.paramValue = zod_1.z.object({ paramValue: zod_1.z.string().nullable() });
/** Seeded public parameters the layout reads (spec 2, 3). */
exports.PUBLIC_PARAMS = {
    brandName: { paramType: 'basis', paramKey: 'brandName' },
    navLogo: { paramType: 'basis', paramKey: 'navLogo' },
    footerMessage: { paramType: 'basis', paramKey: 'footerMessage' },
};
/** Export log entry (spec 3): fileName, createTime, exportSpeed ("40%"), fileUrl. */
exports.EXPORT_STATUSES = ['pending', 'running', 'done', 'failed'];
exports.exportLogItem = zod_1.z.object({
    id: zod_1.z.number().int(),
    fileName: zod_1.z.string(),
    createTime: zod_1.z.string(),
    exportSpeed: zod_1.z.string(),
    fileUrl: zod_1.z.string().nullable(),
    status: zod_1.z.enum(exports.EXPORT_STATUSES),
    rowCount: zod_1.z.number().int().nullable(),
    error: zod_1.z.string().nullable(),
});
exports.exportLogQuery = envelope_js_1.pageQuery;
exports.exportDownloadQuery = zod_1.z.object({ id: zod_1.z.coerce.number().int().positive() });
/** What starting an export answers: the job, which then shows in the export list. */
exports.exportStarted = zod_1.z.object({ exportId: zod_1.z.number().int(), fileName: zod_1.z.string() });
/** Login log (issue 2, 11): one row per sign-in attempt, successful or not. */
exports.LOGIN_RESULTS = ['success', 'fail'];
exports.loginLogFilter = envelope_js_1.timeRange.extend({
    userName: zod_1.z.string().trim().max(64).optional(),
    accountType: zod_1.z.enum(auth_js_1.ACCOUNT_TYPES).optional(),
    terminal: zod_1.z.enum(auth_js_1.CLIENT_TYPES).optional(),
    result: zod_1.z.enum(exports.LOGIN_RESULTS).optional(),
    ip: zod_1.z.string().trim().max(64).optional(),
});
exports.loginLogQuery = envelope_js_1.pageQuery.extend(exports.loginLogFilter.shape);
exports.loginLogItem = zod_1.z.object({
    id: zod_1.z.number().int(),
    userName: zod_1.z.string(),
    accountType: zod_1.z.string(),
    terminal: zod_1.z.string(),
    result: zod_1.z.enum(exports.LOGIN_RESULTS),
    failReason: zod_1.z.string().nullable(),
    ip: zod_1.z.string().nullable(),
    userAgent: zod_1.z.string().nullable(),
    createTime: zod_1.z.string(),
});
