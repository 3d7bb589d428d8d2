import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Separation rules. `separated_count` and `separated_amount` (the spec's total separated amount)
 * move only by conditional updates in the transaction that separates or restores an order; the
 * total cap is decided by the same update (`separated_amount + x <= total_cap`). Money in cents.
 */
export const sepRule = pgTable(
  'sep_rule',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    type: varchar('type', { length: 12 }).notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    orderBeginAt: ts('order_begin_at').notNull(),
    orderEndAt: ts('order_end_at').notNull(),
    startAmount: bigint('start_amount', { mode: 'number' }).notNull(),
    capAmount: bigint('cap_amount', { mode: 'number' }).notNull(),
    countStart: integer('count_start').notNull(),
    countCap: integer('count_cap').notNull(),
    totalCap: bigint('total_cap', { mode: 'number' }),
    startAt: ts('start_at').notNull(),
    endAt: ts('end_at').notNull(),
    separatedCount: integer('separated_count').notNull().default(0),
    separatedAmount: bigint('separated_amount', { mode: 'number' }).notNull().default(0),
    creator: varchar('creator', { length: 64 }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sep_rule_code_uq').on(t.code),
    // Names are unique among the rules not deleted (a deleted rule's name may be used again).
    uniqueIndex('sep_rule_name_uq')
      .on(t.name)
      .where(sql`status <> 'deleted'`),
    index('sep_rule_created_idx').on(t.createdAt),
    check(
      'sep_rule_counts_ck',
      sql`${t.separatedCount} >= 0 and ${t.separatedAmount} >= 0 and ${t.startAmount} <= ${t.capAmount} and ${t.countStart} <= ${t.countCap}`,
    ),
  ],
);

/**
 * The devices of a rule, with how many of each device's matching orders were counted (`matched`
 * only grows, up to the rule's count cap, by a conditional update). A device taken off the rule is
 * kept inactive with its count, so putting it back does not start it over.
 */
export const sepRuleDevice = pgTable(
  'sep_rule_device',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ruleId: bigint('rule_id', { mode: 'number' })
      .notNull()
      .references(() => sepRule.id, { onDelete: 'restrict' }),
    sn: varchar('sn', { length: 32 }).notNull(),
    active: boolean('active').notNull().default(true),
    matched: integer('matched').notNull().default(0),
  },
  (t) => [
    uniqueIndex('sep_rule_device_uq').on(t.ruleId, t.sn),
    index('sep_rule_device_sn_idx')
      .on(t.sn)
      .where(sql`active`),
    check('sep_rule_device_matched_ck', sql`${t.matched} >= 0`),
  ],
);

/**
 * Orders a rule separated: one per order (the unique order number makes it once), with the shares
 * it took. A restore moves it to restored by a conditional update and gives back what the separated
 * account still holds of it.
 */
export const sepOrder = pgTable(
  'sep_order',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    ruleId: bigint('rule_id', { mode: 'number' })
      .notNull()
      .references(() => sepRule.id, { onDelete: 'restrict' }),
    ruleCode: varchar('rule_code', { length: 32 }).notNull(),
    sn: varchar('sn', { length: 32 }).notNull(),
    orderAmount: bigint('order_amount', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    restoredAmount: bigint('restored_amount', { mode: 'number' }).notNull().default(0),
    shares: jsonb('shares').notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    orderCreatedAt: ts('order_created_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    restoredAt: ts('restored_at'),
    restoredBy: varchar('restored_by', { length: 64 }),
  },
  (t) => [
    uniqueIndex('sep_order_no_uq').on(t.orderNo),
    index('sep_order_rule_idx').on(t.ruleId, t.status),
    index('sep_order_created_idx').on(t.createdAt),
    check(
      'sep_order_amount_ck',
      sql`${t.amount} > 0 and ${t.restoredAmount} >= 0 and ${t.restoredAmount} <= ${t.amount}`,
    ),
  ],
);
