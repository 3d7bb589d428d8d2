import { z } from 'zod';
import { withPhone } from '../platform/phone.js';
import * as r from '../platform/rules.js';
import { adminPassword } from './rules.js';

/** GET /user/api/v1/sys/manage/info?manageId: an admin account as the personal center shows it. */
export const manageInfoQuery = z.object({ manageId: z.coerce.number().int().positive() });
export const manageInfo = z.object({
  manageId: z.number().int(),
  userName: z.string(),
  nickName: z.string(),
  areaCode: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  img: z.string().nullable(),
  idCard: z.string().nullable(),
  address: z.string().nullable(),
  note: z.string().nullable(),
  status: z.number().int(),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  orgId: z.number().int().nullable(),
  orgName: z.string().nullable(),
  loginCount: z.number().int(),
  lastLoginTime: z.string().nullable(),
  createTime: z.string(),
});
export type ManageInfo = z.infer<typeof manageInfo>;

/** PUT /user/api/v1/sys/manage/updateSysManage: profile fields. Empty strings clear. */
export const updateProfileRequest = z.object({
  manageId: z.number().int().positive(),
  nickName: r.nickName,
  email: z.union([r.email, z.literal('')]).optional(),
  idCard: r.idCard.optional(),
  address: r.address.optional(),
  note: r.note.optional(),
  img: z.string().trim().max(255).optional(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

/** PUT /user/api/v1/sys/manage/updatePassword: own password, 6-18 without special characters. */
export const updatePasswordRequest = z.object({
  oldPassword: z.string().min(1).max(128),
  newPassword: adminPassword,
});

/** POST sendCode: a code to the account's current mobile, proving it before a change. */
export const codeSent = z.object({
  maskedMobile: z.string(),
  expireSeconds: z.number().int(),
  resendSeconds: z.number().int(),
});
/** POST checkCode: the code from sendCode; answers a short-lived ticket for updateMobile. */
export const checkCodeRequest = z.object({ code: r.code6 });
export const checkCodeResponse = z.object({ ticket: z.string() });
/** POST updateMobileSendCode: a code to the new mobile. */
export const newMobileRequest = withPhone(z.object({ areaCode: r.areaCode, mobile: r.mobile }));
/** POST updateMobile: the new mobile, its code, and the ticket (when the account had a mobile). */
export const updateMobileRequest = withPhone(
  z.object({
    areaCode: r.areaCode,
    mobile: r.mobile,
    code: r.code6,
    ticket: z.string().max(128).optional(),
  }),
);

export const avatarUploaded = z.object({ url: z.string() });
