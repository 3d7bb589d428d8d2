"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AVATAR_MAX_BYTES = exports.EXPORT_MAX_ROWS = exports.MAX_RANGE_DAYS = exports.dateTime = exports.percent = exports.code6 = exports.address = exports.note = exports.idCard = exports.email = exports.nickName = exports.adminUserName = exports.adminPassword = exports.areaCode = exports.mobile = void 0;
var zod_1 = require("zod");
/**
 * Field rules of spec 5, written once. Server schemas, console forms and tests import these.
 */
/** Mobile: "in English text 1-20 digits" (spec 5). */
exports.mobile = zod_1.z.string().trim().regex(/^\d{1,20}$/, { error: 'rule.mobile' });
exports.areaCode = zod_1.z.string().trim().regex(/^\+?\d{1,4}$/, { error: 'rule.areaCode' });
/** Admin passwords: 6-18 characters, no special characters (spec 5). */
exports.adminPassword = zod_1.z.string().regex(/^[A-Za-z0-9]{6,18}$/, { error: 'rule.password' });
/** Admin username: 1-18 letters, digits or underscores (spec 5). */
exports.adminUserName = zod_1.z.string().trim().regex(/^[A-Za-z0-9_]{1,18}$/, { error: 'rule.userName' });
exports.nickName = zod_1.z.string().trim().min(1).max(18);
exports.email = zod_1.z.string().trim().max(32).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'rule.email' });
exports.idCard = zod_1.z.string().trim().max(20);
exports.note = zod_1.z.string().trim().max(18);
exports.address = zod_1.z.string().trim().max(64);
/** Verification codes: 6 digits (spec 5, 9). */
exports.code6 = zod_1.z.string().trim().regex(/^\d{6}$/, { error: 'rule.code6' });
/** Percentages are integers 0-100 (spec 5). */
exports.percent = zod_1.z.number().int({ error: 'rule.percent' }).min(0).max(100);
/** A timestamp from the console: ISO 8601 or "YYYY-MM-DD HH:mm:ss" in UTC offset form. */
exports.dateTime = zod_1.z
    .string()
    .trim()
    .refine(function (v) { return !Number.isNaN(Date.parse(v)); }, { error: 'rule.dateTime' });
/** Longest span a time-range filter may cover (spec 5: a range over 30 days is rejected). */
exports.MAX_RANGE_DAYS = 30;
/** Export limits (spec 5): 20,000 rows per export. */
exports.EXPORT_MAX_ROWS = 20000;
/** Avatar upload limit (spec 5): images up to 5 MB. */
exports.AVATAR_MAX_BYTES = 5 * 1024 * 1024;
