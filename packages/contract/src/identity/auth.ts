import { z } from 'zod';
import { CLIENT_TYPES } from '../platform/clients.js';
import { withPhone } from '../platform/phone.js';

/** POST /user/api/open/v1/auth: userName, or areaCode + mobile, and the password; names are trimmed. */
export const loginRequest = withPhone(
  z
    .object({
      userName: z.string().trim().max(64).optional(),
      areaCode: z.string().trim().max(8).optional(),
      mobile: z.string().trim().max(20).optional(),
      password: z.string().min(1).max(128),
      clientType: z.enum(CLIENT_TYPES).default('MANAGE_PC'),
      /** Second-factor code; reserved (accepted, not required) until an account kind needs it. */
      authCode: z.string().trim().max(16).optional(),
      /** Echoed back; the console stores it and sends 1 when none is stored. */
      browserType: z.union([z.number().int(), z.string().max(16)]).optional(),
    })
    .refine((v) => Boolean(v.userName) || (Boolean(v.areaCode) && Boolean(v.mobile)), {
      error: 'rule.accountOrMobile',
      path: ['userName'],
    }),
  undefined,
  { lenient: true },
);
export type LoginRequest = z.input<typeof loginRequest>;

export const loginResponse = z.object({
  token: z.string(),
  browserType: z.union([z.number(), z.string()]),
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** GET /user/api/v1/sys/user/info: the signed-in account (userId, img, roles, nickName, and more). */
export const userInfo = z.object({
  userId: z.number().int(),
  userName: z.string(),
  nickName: z.string(),
  img: z.string().nullable(),
  roles: z.array(z.string()),
  roleNames: z.array(z.string()),
  authCode: z.string().nullable(),
  areaCode: z.string().nullable(),
  mobile: z.string().nullable(),
  lastLoginTime: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfo>;

/**
 * GET /user/api/v1/sys/user/previousLogin: the sign-in before the one that opened this session
 * (both null on a first sign-in). A call of its own, asked only by the dashboard's account card:
 * it reads the login log, which the user-info call (asked on every page load) must not.
 */
export const previousLogin = z.object({
  previousLoginTime: z.string().nullable(),
  previousLoginIp: z.string().nullable(),
});
export type PreviousLogin = z.infer<typeof previousLogin>;
