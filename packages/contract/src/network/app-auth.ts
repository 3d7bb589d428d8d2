import { z } from 'zod';
import * as r from '../platform/rules.js';
import { AGENT_CLIENT_TYPES, AGENT_LEVELS, APP_ACCOUNT_KINDS } from './shared.js';

/**
 * The agent app's sign-in (agents, ground pushers and service providers). Its token opens the
 * app's calls only; a console token never opens them, and its token never opens a console call.
 */
export const appLoginRequest = z
  .object({
    /** The account's mobile number, when it is the only account with it. */
    userName: z.string().trim().max(32).optional(),
    areaCode: r.areaCode.optional(),
    mobile: r.mobile.optional(),
    password: z.string().min(1).max(64),
    clientType: z.enum(AGENT_CLIENT_TYPES),
  })
  .refine((v) => Boolean(v.userName) || (Boolean(v.areaCode) && Boolean(v.mobile)), { error: 'rule.accountOrMobile', path: ['userName'] });
export type AppLoginRequest = z.infer<typeof appLoginRequest>;

export const appLoginResponse = z.object({ token: z.string(), accountType: z.enum(APP_ACCOUNT_KINDS) });
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
