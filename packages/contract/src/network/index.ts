/** The network domain: regions, teams, agents, ground pushers, service providers, members, cooperation applications, app sign-in. */
export {
  NET_STATUS,
  netStatus,
  type NetStatus,
  AGENT_LEVELS,
  type AgentLevel,
  PARENT_LEVEL,
  MEMBER_LEVELS,
  MEMBER_LEVEL_DISCOUNT,
  type MemberLevel,
  PUSHER_PERMISSIONS,
  type PusherPermission,
  COOPERATION_TYPES,
  type CooperationType,
  COOPERATION_STATUSES,
  type CooperationStatus,
  AGENT_CLIENT_TYPES,
  type AgentClientType,
  USER_CLIENT_TYPES,
  type UserClientType,
  APP_ACCOUNT_KINDS,
  type AppAccountKind,
  NET_MIN_WITHDRAWAL_MAX,
  statusRequest,
  type StatusRequest,
  type Named,
} from './shared.js';
export * from './region.js';
export * from './team.js';
export * from './agent.js';
export * from './pusher.js';
export * from './provider.js';
export * from './member.js';
export * from './cooperation.js';
export * from './app-auth.js';
export * from './picker.js';
export * from './partner.js';
export * from './permissions.js';
export * from './calls.js';
export * from './errors.js';
export * from './labels.js';
export { networkRuleMessages } from './validation.js';
