import { sql } from 'drizzle-orm';
import {
  bigserial,
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** Departments: a tree, parent 0 for the first level; an account belongs to one. */
export const sysOrg = pgTable(
  'sys_org',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    parentId: bigint('parent_id', { mode: 'number' }).notNull().default(0),
    name: varchar('name', { length: 32 }).notNull(),
    orderNum: integer('order_num').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sys_org_parent_idx').on(t.parentId), uniqueIndex('sys_org_sibling_name_uq').on(t.parentId, t.name)],
);

/** Admin accounts ("sys managers"). status: 0 normal, 1 frozen. */
export const sysAccount = pgTable(
  'sys_account',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userName: varchar('user_name', { length: 18 }).notNull(),
    nickName: varchar('nick_name', { length: 18 }).notNull(),
    areaCode: varchar('area_code', { length: 8 }),
    mobile: varchar('mobile', { length: 20 }),
    email: varchar('email', { length: 32 }),
    passwordHash: text('password_hash').notNull(),
    avatar: varchar('avatar', { length: 255 }),
    idCard: varchar('id_card', { length: 20 }),
    address: varchar('address', { length: 64 }),
    note: varchar('note', { length: 18 }),
    orgId: bigint('org_id', { mode: 'number' }).references(() => sysOrg.id, { onDelete: 'restrict' }),
    status: smallint('status').notNull().default(0),
    loginCount: integer('login_count').notNull().default(0),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: varchar('last_login_ip', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sys_account_user_name_uq').on(sql`lower(${t.userName})`),
    uniqueIndex('sys_account_mobile_uq').on(t.areaCode, t.mobile),
    index('sys_account_org_idx').on(t.orgId),
  ],
);

/** Roles. A super role holds every menu and every route. */
/**
 * Roles. A seeded role's name and remark are keys (`role.finance`, `roleRemark.finance`) read in
 * the viewer's language; a name that reads as a seeded one is stored as its key
 * (`storedRoleName`), so the unique index on the lower-cased name keeps two roles from ever
 * reading alike, whatever the language or however many are saved at once.
 */
export const sysRole = pgTable(
  'sys_role',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: varchar('code', { length: 32 }).notNull().unique(),
    name: varchar('name', { length: 32 }).notNull(),
    remark: varchar('remark', { length: 64 }),
    weight: bigint('weight', { mode: 'number' }).notNull().default(1),
    isSuper: boolean('is_super').notNull().default(false),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sys_role_name_uq').on(sql`lower(${t.name})`)],
);

export const sysAccountRole = pgTable(
  'sys_account_role',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => sysAccount.id, { onDelete: 'cascade' }),
    roleId: bigint('role_id', { mode: 'number' })
      .notNull()
      .references(() => sysRole.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.roleId] })],
);

/** Menus: type 0 directory, 1 menu, 2 button; parent 0 for the first level. */
export const sysMenu = pgTable(
  'sys_menu',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    parentId: bigint('parent_id', { mode: 'number' }).notNull().default(0),
    /** Stable identity used by seeding, so re-seeding updates instead of duplicating. */
    code: varchar('code', { length: 64 }).notNull().unique(),
    name: varchar('name', { length: 64 }).notNull(),
    path: varchar('path', { length: 200 }).notNull().default(''),
    url: varchar('url', { length: 200 }),
    icon: varchar('icon', { length: 255 }),
    type: smallint('type').notNull(),
    orderNum: integer('order_num').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    perms: varchar('perms', { length: 100 }),
    buttonType: varchar('button_type', { length: 32 }),
    breadcrumb: varchar('breadcrumb', { length: 200 }),
    description: varchar('description', { length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sys_menu_parent_idx').on(t.parentId)],
);

export const sysRoleMenu = pgTable(
  'sys_role_menu',
  {
    roleId: bigint('role_id', { mode: 'number' })
      .notNull()
      .references(() => sysRole.id, { onDelete: 'cascade' }),
    menuId: bigint('menu_id', { mode: 'number' })
      .notNull()
      .references(() => sysMenu.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

/** The interface routes the server really has, registered from the route table at start. */
export const sysApi = pgTable(
  'sys_api',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    method: varchar('method', { length: 8 }).notNull(),
    path: varchar('path', { length: 200 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    module: varchar('module', { length: 32 }).notNull(),
    access: varchar('access', { length: 100 }).notNull(),
    present: boolean('present').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sys_api_route_uq').on(t.method, t.path)],
);

/** Menus of type button (and menus) bind interface routes. */
export const sysMenuApi = pgTable(
  'sys_menu_api',
  {
    menuId: bigint('menu_id', { mode: 'number' })
      .notNull()
      .references(() => sysMenu.id, { onDelete: 'cascade' }),
    apiId: bigint('api_id', { mode: 'number' })
      .notNull()
      .references(() => sysApi.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.menuId, t.apiId] })],
);

/** Sessions: only the SHA-256 of the opaque token is stored. */
export const sysSession = pgTable(
  'sys_session',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => sysAccount.id, { onDelete: 'cascade' }),
    clientType: varchar('client_type', { length: 16 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Error code the session's next call gets: 100021 logout/expired, 100022 elsewhere, 100023 frozen. */
    revokedCode: integer('revoked_code'),
  },
  (t) => [index('sys_session_account_idx').on(t.accountId)],
);

/** Every sign-in attempt. */
export const sysLoginLog = pgTable(
  'sys_login_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' }),
    userName: varchar('user_name', { length: 64 }).notNull(),
    accountType: varchar('account_type', { length: 24 }).notNull(),
    terminal: varchar('terminal', { length: 16 }).notNull(),
    result: varchar('result', { length: 8 }).notNull(),
    failReason: varchar('fail_reason', { length: 64 }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sys_login_log_created_idx').on(t.createdAt),
    index('sys_login_log_user_idx').on(t.userName, t.createdAt),
    index('sys_login_log_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Failed sign-in counters (docs/decisions/identity-and-access.md, "Sign-in lockout"). One row per key: an account (or
 * an unknown identifier) at one address (`subject`, `ip`), an account from every address it has
 * not signed in from (`ip` = '*'), and one address for every name (`subject` = '*'). A pair row
 * also remembers that the account signed in from that address (`trustedAt`).
 */
export const sysLoginGuard = pgTable(
  'sys_login_guard',
  {
    /** `a:<account id>`, `u:<identifier as normalised>` or '*'. */
    subject: varchar('subject', { length: 100 }).notNull(),
    /** The address, or '*'. */
    ip: varchar('ip', { length: 64 }).notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailAt: timestamp('last_fail_at', { withTimezone: true }),
    /** Attempts of this pair whose password is being checked right now, and when the last began. */
    inflight: integer('inflight').notNull().default(0),
    inflightAt: timestamp('inflight_at', { withTimezone: true }),
    /** No attempt for this key is checked before this time. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    trustedAt: timestamp('trusted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.subject, t.ip] }), index('sys_login_guard_last_fail_idx').on(t.lastFailAt)],
);

/** Verification codes (6 digits), stored hashed; they expire and are rate limited. */
export const sysVerifyCode = pgTable(
  'sys_verify_code',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    purpose: varchar('purpose', { length: 24 }).notNull(),
    target: varchar('target', { length: 32 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sys_verify_code_target_idx').on(t.target, t.createdAt)],
);

/**
 * Budgets of texts that cost money: how many codes a scope (a client address's minute or hour,
 * every text's hour) used in the window starting at window_start. A send takes one with a
 * conditional upsert (docs/decisions/customers.md, "One phone, one customer"); windows older than a day are
 * deleted when a new hour starts.
 */
export const sysSmsBudget = pgTable(
  'sys_sms_budget',
  {
    scope: varchar('scope', { length: 80 }).notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    used: integer('used').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.windowStart] }), index('sys_sms_budget_window_idx').on(t.windowStart)],
);
