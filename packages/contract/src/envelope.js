"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.sortQuery = exports.timeRange = exports.pageQuery = exports.emptyEnvelope = void 0;
exports.envelope = envelope;
exports.pageResult = pageResult;
var zod_1 = require("zod");
/** Every answer: `{ code, msg, data }`, code 0 is success (design.md). */
function envelope(data) {
    return zod_1.z.object({ code: zod_1.z.number().int(), msg: zod_1.z.string(), data: data });
}
exports.emptyEnvelope = envelope(zod_1.z.null());
/** Lists take pageNum and pageSize and answer `{ list, total }` (design.md). */
exports.pageQuery = zod_1.z.object({
    pageNum: zod_1.z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: zod_1.z.coerce.number().int().min(1).max(100).default(10),
});
function pageResult(item) {
    return zod_1.z.object({ list: zod_1.z.array(item), total: zod_1.z.number().int() });
}
/** Optional time-range filter shared by list screens; the 30-day rule is checked by the server. */
exports.timeRange = zod_1.z.object({
    beginTime: zod_1.z.string().trim().max(40).optional(),
    endTime: zod_1.z.string().trim().max(40).optional(),
});
/** Sorting: a column the list allows and a direction. */
exports.sortQuery = zod_1.z.object({
    orderBy: zod_1.z.string().trim().max(40).optional(),
    order: zod_1.z.enum(['ascend', 'descend']).optional(),
});
