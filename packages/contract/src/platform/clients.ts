/** Terminals a call can come from (the ClientType header). The console always sends MANAGE_PC. */
export const CLIENT_TYPES = [
  'MANAGE_PC',
  'AGENT_IOS',
  'AGENT_ANDROID',
  'AGENT_WECHAT',
  'AGENT_ALIPAY',
  'USER_IOS',
  'USER_ANDROID',
  'USER_WECHAT',
  'USER_ALIPAY',
] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];
export const CONSOLE_CLIENT_TYPE: ClientType = 'MANAGE_PC';

/** Account kinds. Only administrators sign in to this console today. */
export const ACCOUNT_TYPES = [
  'admin',
  'agent',
  'user',
  'groundPromoter',
  'serviceProvider',
  'outlet',
  'operator',
] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
