"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.avatarUploaded = exports.updateMobileRequest = exports.newMobileRequest = exports.checkCodeResponse = exports.checkCodeRequest = exports.codeSent = exports.updatePasswordRequest = exports.updateProfileRequest = exports.manageInfo = exports.manageInfoQuery = void 0;
var zod_1 = require("zod");
var r = require("./rules.js");
/** GET /user/api/v1/sys/manage/info?manageId: an admin account as the personal center shows it. */
exports.manageInfoQuery = zod_1.z.object({ manageId: zod_1.z.coerce.number().int().positive() });
exports.manageInfo = zod_1.z.object({
    manageId: zod_1.z.number().int(),
    userName: zod_1.z.string(),
    nickName: zod_1.z.string(),
    areaCode: zod_1.z.string().nullable(),
    mobile: zod_1.z.string().nullable(),
    email: zod_1.z.string().nullable(),
    img: zod_1.z.string().nullable(),
    idCard: zod_1.z.string().nullable(),
    address: zod_1.z.string().nullable(),
    note: zod_1.z.string().nullable(),
    status: zod_1.z.number().int(),
    roles: zod_1.z.array(zod_1.z.object({ id: zod_1.z.number().int(), name: zod_1.z.string() })),
    loginCount: zod_1.z.number().int(),
    lastLoginTime: zod_1.z.string().nullable(),
    createTime: zod_1.z.string(),
});
/** PUT /user/api/v1/sys/manage/updateSysManage: profile fields (spec 3, 5). Empty strings clear. */
exports.updateProfileRequest = zod_1.z.object({
    manageId: zod_1.z.number().int().positive(),
    nickName: r.nickName,
    email: zod_1.z.union([r.email, zod_1.z.literal('')]).optional(),
    idCard: r.idCard.optional(),
    address: r.address.optional(),
    note: r.note.optional(),
    img: zod_1.z.string().trim().max(255).optional(),
});
/** PUT /user/api/v1/sys/manage/updatePassword: own password, 6-18 without special characters. */
exports.updatePasswordRequest = zod_1.z.object({
    oldPassword: zod_1.z.string().min(1).max(128),
    newPassword: r.adminPassword,
});
/** POST sendCode: a code to the account's current mobile, proving it before a change. */
exports.codeSent = zod_1.z.object({
    maskedMobile: zod_1.z.string(),
    expireSeconds: zod_1.z.number().int(),
    resendSeconds: zod_1.z.number().int(),
});
/** POST checkCode: the code from sendCode; answers a short-lived ticket for updateMobile. */
exports.checkCodeRequest = zod_1.z.object({ code: r.code6 });
exports.checkCodeResponse = zod_1.z.object({ ticket: zod_1.z.string() });
/** POST updateMobileSendCode: a code to the new mobile. */
exports.newMobileRequest = zod_1.z.object({ areaCode: r.areaCode, mobile: r.mobile });
/** POST updateMobile: the new mobile, its code, and the ticket (when the account had a mobile). */
exports.updateMobileRequest = zod_1.z.object({
    areaCode: r.areaCode,
    mobile: r.mobile,
    code: r.code6,
    ticket: zod_1.z.string().max(128).optional(),
});
exports.avatarUploaded = zod_1.z.object({ url: zod_1.z.string() });
