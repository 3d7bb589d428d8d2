/**
 * The network's edge: the types other modules name in their needs (type-only imports; lint allows
 * `import type` of a module's ports.ts and nothing else of it). The values behind them are the
 * network module's services, handed over by src/wiring/.
 */
import type { AppAccounts } from './app-accounts.service.js';
import type { CustomerAuth } from './customer-auth.service.js';
import type { NetworkServices } from './index.js';
import type { RegionService } from './region.service.js';
import type { MemberService } from './member.service.js';

/** The customers of the user app (customer-auth.service.ts): the member the rental engine, coupons, vouchers and deposits read. */
export type Customers = CustomerAuth;

/** A customer as the rental engine reads it (its level gives its membership benefit). */
export type CustomerMember = NonNullable<Awaited<ReturnType<CustomerAuth['member']>>>;

/** Regions, teams and direct sales (region.service.ts): a team's share, whether an account is an operator, standing payables. */
export type Regions = RegionService;

/** Partner app accounts (app-accounts.service.ts): who is behind a principal, a partner's withdrawal facts. */
export type PartnerAccounts = AppAccounts;

/** The lookups the outlet module makes of the network (index.ts `forOutlets`): agents, teams, names, choices, app accounts. */
export type NetworkForOutlets = NetworkServices['forOutlets'];

/** An agent as an outlet sees it (locked shared): the ratio it holds is the ceiling of its outlets' ratios. */
export type AgentForOutlet = NonNullable<Awaited<ReturnType<NetworkForOutlets['lockAgentForOutlet']>>>;

/** Kinds of record the network names (`forOutlets.names`). */
export type NetworkNameKind = Parameters<NetworkForOutlets['names']>[0];

/** An agent's chain above and including it: each level's agent, name, level and the ratio it holds. */
export type AgentLine = NetworkServices['agentLine'];

/** The customers as staff see them (member.service.ts): lists, registrations, wallets. */
export type Members = MemberService;
