import { z } from 'zod';
import { withPhone } from '../platform/phone.js';
import * as r from '../platform/rules.js';
import { AGENT_CLIENT_TYPES, AGENT_LEVELS, APP_ACCOUNT_KINDS, USER_CLIENT_TYPES } from './shared.js';

/**
 * The apps' sign-in. Agents, ground pushers and service providers sign in with a password from
 * the agent app; customers (members) with area code, mobile and the 6-digit code sent by
 * sendCode from the user app (a first sign-in makes the member). The token opens the app calls
 * only; a console token never opens them, and an app token never opens a console call.
 */
export const appLoginRequest = withPhone(
  z
    .object({
      /** The account's mobile number, when it is the only account with it. */
      userName: z.string().trim().max(32).optional(),
      areaCode: r.areaCode.optional(),
      mobile: r.mobile.optional(),
      /** Agent app accounts. */
      password: z.string().min(1).max(64).optional(),
      /** Customers: the code sent to the mobile. */
      code: r.code6.optional(),
      clientType: z.enum([...AGENT_CLIENT_TYPES, ...USER_CLIENT_TYPES]),
    })
    .refine((v) => Boolean(v.userName) || (Boolean(v.areaCode) && Boolean(v.mobile)), {
      error: 'rule.accountOrMobile',
      path: ['userName'],
    })
    .refine((v) => Boolean(v.password) !== Boolean(v.code), { error: 'rule.passwordOrCode', path: ['password'] })
    .refine((v) => !v.code || (Boolean(v.areaCode) && Boolean(v.mobile)), {
      error: 'rule.accountOrMobile',
      path: ['mobile'],
    }),
);
export type AppLoginRequest = z.infer<typeof appLoginRequest>;

/** Who signed in at the apps' sign-in: an agent app account, or a customer. */
export const APP_SIGN_IN_KINDS = [...APP_ACCOUNT_KINDS, 'user'] as const;
export type AppSignInKind = (typeof APP_SIGN_IN_KINDS)[number];
export const appLoginResponse = z.object({ token: z.string(), accountType: z.enum(APP_SIGN_IN_KINDS) });
export type AppLoginResponse = z.infer<typeof appLoginResponse>;

/** The signed-in app account. */
export const appMe = z.object({
  accountType: z.enum(APP_ACCOUNT_KINDS),
  /** The agent, pusher or service provider the account belongs to. */
  id: z.number().int(),
  name: z.string(),
  areaCode: z.string(),
  mobile: z.string(),
  /** Agents only: level and the ratio held. */
  level: z.enum(AGENT_LEVELS).nullable(),
  ratio: z.number().int().nullable(),
});
export type AppMe = z.infer<typeof appMe>;

/** POST sendCode: a 6-digit sign-in code to a customer's mobile, through the SMS provider. */
export const appSendCodeRequest = withPhone(z.object({ areaCode: r.areaCode, mobile: r.mobile }));
