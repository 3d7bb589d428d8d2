"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.userInfo = exports.loginResponse = exports.loginRequest = exports.ACCOUNT_TYPES = exports.CONSOLE_CLIENT_TYPE = exports.CLIENT_TYPES = void 0;
var zod_1 = require("zod");
/** Terminals (spec 3). The console always sends MANAGE_PC. */
exports.CLIENT_TYPES = [
    'MANAGE_PC',
    'AGENT_IOS', 'AGENT_ANDROID', 'AGENT_WECHAT', 'AGENT_ALIPAY',
    'USER_IOS', 'USER_ANDROID', 'USER_WECHAT', 'USER_ALIPAY',
];
exports.CONSOLE_CLIENT_TYPE = 'MANAGE_PC';
/** Account kinds (spec 1). Only administrators sign in to this console today. */
exports.ACCOUNT_TYPES = ['admin', 'agent', 'user', 'groundPromoter', 'serviceProvider'];
/** POST /user/api/open/v1/auth (spec 7). userName, or areaCode + mobile; trimmed (spec 5). */
exports.loginRequest = zod_1.z
    .object({
    userName: zod_1.z.string().trim().max(64).optional(),
    areaCode: zod_1.z.string().trim().max(8).optional(),
    mobile: zod_1.z.string().trim().max(20).optional(),
    password: zod_1.z.string().min(1).max(128),
    clientType: zod_1.z.enum(exports.CLIENT_TYPES).default('MANAGE_PC'),
    /** Second-factor code; reserved (accepted, not required) until an account kind needs it. */
    authCode: zod_1.z.string().trim().max(16).optional(),
    /** Echoed back; the console stores it and sends 1 when none is stored (spec 9). */
    browserType: zod_1.z.union([zod_1.z.number().int(), zod_1.z.string().max(16)]).optional(),
})
    .refine(function (v) { return Boolean(v.userName) || (Boolean(v.areaCode) && Boolean(v.mobile)); }, {
    error: 'rule.accountOrMobile',
    path: ['userName'],
});
exports.loginResponse = zod_1.z.object({
    token: zod_1.z.string(),
    browserType: zod_1.z.union([zod_1.z.number(), zod_1.z.string()]),
});
/** GET /user/api/v1/sys/user/info (spec 7): userId, img, roles, nickName, and more. */
exports.userInfo = zod_1.z.object({
    userId: zod_1.z.number().int(),
    userName: zod_1.z.string(),
    nickName: zod_1.z.string(),
    img: zod_1.z.string().nullable(),
    roles: zod_1.z.array(zod_1.z.string()),
    roleNames: zod_1.z.array(zod_1.z.string()),
    authCode: zod_1.z.string().nullable(),
    areaCode: zod_1.z.string().nullable(),
    mobile: zod_1.z.string().nullable(),
    lastLoginTime: zod_1.z.string().nullable(),
    lastLoginIp: zod_1.z.string().nullable(),
});
