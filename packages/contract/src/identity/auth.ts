import { z } from 'zod';

/** Terminals (spec 3). The console always sends MANAGE_PC. */
export const CLIENT_TYPES = [
  'MANAGE_PC',
  'AGENT_IOS', 'AGENT_ANDROID', 'AGENT_WECHAT', 'AGENT_ALIPAY',
  'USER_IOS', 'USER_ANDROID', 'USER_WECHAT', 'USER_ALIPAY',
] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];
export const CONSOLE_CLIENT_TYPE: ClientType = 'MANAGE_PC';

/** Account kinds (spec 1). Only administrators sign in to this console today. */
export const ACCOUNT_TYPES = ['admin', 'agent', 'user', 'groundPromoter', 'serviceProvider'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** POST /user/api/open/v1/auth (spec 7). userName, or areaCode + mobile; trimmed (spec 5). */
export const loginRequest = z
  .object({
    userName: z.string().trim().max(64).optional(),
    areaCode: z.string().trim().max(8).optional(),
    mobile: z.string().trim().max(20).optional(),
    password: z.string().min(1).max(128),
    clientType: z.enum(CLIENT_TYPES).default('MANAGE_PC'),
    /** Second-factor code; reserved (accepted, not required) until an account kind needs it. */
    authCode: z.string().trim().max(16).optional(),
    /** Echoed back; the console stores it and sends 1 when none is stored (spec 9). */
    browserType: z.union([z.number().int(), z.string().max(16)]).optional(),
  })
  .refine((v) => Boolean(v.userName) || (Boolean(v.areaCode) && Boolean(v.mobile)), {
    error: 'rule.accountOrMobile',
    path: ['userName'],
  });
export type LoginRequest = z.input<typeof loginRequest>;

export const loginResponse = z.object({
  token: z.string(),
  browserType: z.union([z.number(), z.string()]),
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** GET /user/api/v1/sys/user/info (spec 7): userId, img, roles, nickName, and more. */
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
