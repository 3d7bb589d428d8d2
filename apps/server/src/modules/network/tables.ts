import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  smallint,
  type AnyPgColumn,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The network: regions, teams, agents, ground pushers, service providers, their app accounts and
 * sessions, members and cooperation applications. Staff accounts are the identity module's: they
 * are named here by id only (no foreign key across modules). Balances, revenue, turnover and
 * order counts are never stored: they come from the ledger and the orders.
 */

/** Regions (area management). */
export const netRegion = pgTable(
  'net_region',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 16 }).notNull(),
    /** The staff account in charge. */
    managerId: bigint('manager_id', { mode: 'number' }),
    remark: varchar('remark', { length: 32 }),
    simulated: boolean('simulated').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('net_region_name_uq').on(sql`lower(${t.name})`)],
);

/** Teams of direct-sales operators (staff accounts) in one region. */
export const netTeam = pgTable(
  'net_team',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 16 }).notNull(),
    regionId: bigint('region_id', { mode: 'number' })
      .notNull()
      .references(() => netRegion.id, { onDelete: 'restrict' }),
    leaderId: bigint('leader_id', { mode: 'number' }).notNull(),
    /** The operator's share (0-100 %) of its direct outlets' orders, out of the platform's part. */
    ratio: smallint('ratio').notNull().default(0),
    simulated: boolean('simulated').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('net_team_name_uq').on(sql`lower(${t.name})`),
    index('net_team_region_idx').on(t.regionId),
    check('net_team_ratio_ck', sql`${t.ratio} between 0 and 100`),
  ],
);

/** A staff account belongs to one team at most (the key is the account). */
export const netTeamMember = pgTable(
  'net_team_member',
  {
    accountId: bigint('account_id', { mode: 'number' }).primaryKey(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => netTeam.id, { onDelete: 'cascade' }),
  },
  (t) => [index('net_team_member_team_idx').on(t.teamId)],
);

/**
 * Accounts of the agent app: agents, ground pushers and service providers sign in there with an
 * area code and mobile (unique across the three kinds) and an argon2id password. Status and the
 * freeze reason live here, so a freeze ends the sign-in of whichever kind it is.
 */
export const netAppAccount = pgTable(
  'net_app_account',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 24 }).notNull(),
    areaCode: varchar('area_code', { length: 8 }).notNull(),
    mobile: varchar('mobile', { length: 20 }).notNull(),
    passwordHash: varchar('password_hash', { length: 255 }).notNull(),
    status: smallint('status').notNull().default(0),
    freezeReason: varchar('freeze_reason', { length: 32 }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Outlet and operator accounts: the outlet's id (the outlet module's) or the direct-sales team's; the other kinds are named by their own rows. */
    partyId: bigint('party_id', { mode: 'number' }),
    /**
     * Set by the canonical-phone migration on an account whose phone, canonical, is an older
     * account's (net_phone_duplicate says which and what it was): it no longer signs in by phone
     * until staff give it a phone of its own (which clears this).
     */
    duplicateOf: bigint('duplicate_of', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('net_app_account_mobile_uq')
      .on(t.areaCode, t.mobile)
      .where(sql`duplicate_of is null`),
    index('net_app_account_mobile_idx').on(t.mobile),
    uniqueIndex('net_app_account_party_uq')
      .on(t.kind, t.partyId)
      .where(sql`party_id is not null`),
  ],
);

/** Sessions of the agent app: only the SHA-256 of the token is kept. */
export const netAppSession = pgTable(
  'net_app_session',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => netAppAccount.id, { onDelete: 'cascade' }),
    clientType: varchar('client_type', { length: 16 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('net_app_session_account_idx').on(t.accountId)],
);

/** Agents: A, B or C, each holding a ratio of at most its parent's. */
export const netAgent = pgTable(
  'net_agent',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => netAppAccount.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 18 }).notNull(),
    level: varchar('level', { length: 1 }).notNull(),
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => netAgent.id, {
      onDelete: 'restrict',
    }),
    ratio: smallint('ratio').notNull(),
    regionId: bigint('region_id', { mode: 'number' }).references(() => netRegion.id, { onDelete: 'restrict' }),
    minWithdrawal: bigint('min_withdrawal', { mode: 'number' }).notNull().default(0),
    withdrawalFeeRate: smallint('withdrawal_fee_rate').notNull().default(0),
    idCard: varchar('id_card', { length: 20 }),
    avatar: varchar('avatar', { length: 255 }),
    remark: varchar('remark', { length: 32 }),
    simulated: boolean('simulated').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('net_agent_parent_idx').on(t.parentId),
    index('net_agent_region_idx').on(t.regionId),
    check('net_agent_ratio_ck', sql`${t.ratio} between 0 and 100`),
    check(
      'net_agent_level_ck',
      sql`(${t.level} = 'A' and ${t.parentId} is null) or (${t.level} in ('B', 'C') and ${t.parentId} is not null)`,
    ),
  ],
);

/** Ground pushers, attributed to an agent. */
export const netPusher = pgTable(
  'net_pusher',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => netAppAccount.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 18 }).notNull(),
    agentId: bigint('agent_id', { mode: 'number' })
      .notNull()
      .references(() => netAgent.id, { onDelete: 'restrict' }),
    permission: varchar('permission', { length: 16 }).notNull(),
    idCardFront: varchar('id_card_front', { length: 255 }),
    idCardBack: varchar('id_card_back', { length: 255 }),
    avatar: varchar('avatar', { length: 255 }),
    note: varchar('note', { length: 18 }),
    simulated: boolean('simulated').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('net_pusher_agent_idx').on(t.agentId)],
);

/** Outlet service providers. */
export const netProvider = pgTable(
  'net_provider',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => netAppAccount.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 18 }).notNull(),
    contact: varchar('contact', { length: 18 }).notNull(),
    ratio: smallint('ratio').notNull(),
    remark: varchar('remark', { length: 32 }),
    simulated: boolean('simulated').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('net_provider_ratio_ck', sql`${t.ratio} between 0 and 100`)],
);

/** Members: the end users of the rental apps. */
export const netMember = pgTable(
  'net_member',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    areaCode: varchar('area_code', { length: 8 }).notNull(),
    mobile: varchar('mobile', { length: 20 }).notNull(),
    nickname: varchar('nickname', { length: 18 }).notNull(),
    terminal: varchar('terminal', { length: 16 }).notNull(),
    level: varchar('level', { length: 1 }).notNull().default('C'),
    status: smallint('status').notNull().default(0),
    freezeReason: varchar('freeze_reason', { length: 32 }),
    simulated: boolean('simulated').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set by the canonical-phone migration on a member whose phone, canonical, is an older
     * member's: the older one is the customer from then on (every sign-in lands there); this one
     * keeps its orders, deposits, coupons and ledger as they were, for staff to settle
     * (net_phone_duplicate, docs/decisions/customers.md "One phone, one customer").
     */
    duplicateOf: bigint('duplicate_of', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('net_member_mobile_uq')
      .on(t.areaCode, t.mobile)
      .where(sql`duplicate_of is null`),
    index('net_member_created_idx').on(t.createdAt),
  ],
);

/**
 * The canonical-phone migration's report: every member, app account or staff account whose phone
 * turned out to be another's (kept_id: the one kept, older) or no phone at all (kept_id null: left
 * as it was typed), with the phone as it was stored. Nothing is deleted; staff settle these.
 */
export const netPhoneDuplicate = pgTable(
  'net_phone_duplicate',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** member, appAccount or staff. */
    kind: varchar('kind', { length: 16 }).notNull(),
    rowId: bigint('row_id', { mode: 'number' }).notNull(),
    keptId: bigint('kept_id', { mode: 'number' }),
    areaCodeWas: varchar('area_code_was', { length: 8 }),
    mobileWas: varchar('mobile_was', { length: 20 }),
    /** The canonical phone (null: none could be made). */
    areaCode: varchar('area_code', { length: 8 }),
    mobile: varchar('mobile', { length: 20 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('net_phone_duplicate_row_uq').on(t.kind, t.rowId)],
);

/** Agency cooperation applications. */
export const netCooperation = pgTable(
  'net_cooperation',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    number: varchar('number', { length: 24 }).notNull().unique(),
    type: varchar('type', { length: 8 }).notNull(),
    contact: varchar('contact', { length: 18 }).notNull(),
    areaCode: varchar('area_code', { length: 8 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('unprocessed'),
    /** The partner-app account that passed it on (an agent, pusher, service provider or operator). */
    submittedBy: bigint('submitted_by', { mode: 'number' }).references(() => netAppAccount.id, {
      onDelete: 'set null',
    }),
    /** The customer who applied in the customer app. Neither (null, null): entered otherwise, the demo. */
    memberId: bigint('member_id', { mode: 'number' }).references(() => netMember.id, { onDelete: 'set null' }),
    /** The staff account that handled it last, and its name then. */
    handlerId: bigint('handler_id', { mode: 'number' }),
    handlerName: varchar('handler_name', { length: 18 }),
    note: varchar('note', { length: 64 }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    simulated: boolean('simulated').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('net_cooperation_created_idx').on(t.createdAt)],
);

/** Sessions of customers (members) of the user app, signed in by a code: only the SHA-256 of the token is kept. */
export const netMemberSession = pgTable(
  'net_member_session',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => netMember.id, { onDelete: 'cascade' }),
    clientType: varchar('client_type', { length: 16 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('net_member_session_member_idx').on(t.memberId)],
);

/**
 * Every freeze and unfreeze of a member by staff: who (their id and name then), when, why. Written
 * in the same transaction as the member's status (the customer screen shows them; none before it came).
 */
export const netMemberFreeze = pgTable(
  'net_member_freeze',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => netMember.id, { onDelete: 'cascade' }),
    /** 1: frozen, 0: unfrozen. */
    status: smallint('status').notNull(),
    reason: varchar('reason', { length: 32 }),
    operatorId: bigint('operator_id', { mode: 'number' }),
    operatorName: varchar('operator_name', { length: 18 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('net_member_freeze_member_idx').on(t.memberId, t.createdAt)],
);
