import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One money movement: a set of entries whose debits equal their credits. The key makes a movement
 * happen once: a retried request or a repeated notification posts under the same key and the
 * unique index turns the second into nothing. The fingerprint says what the key stood for, so a
 * key reused for different entries is refused rather than silently ignored.
 */
export const ledTransaction = pgTable(
  'led_transaction',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: varchar('key', { length: 128 }).notNull(),
    kind: varchar('kind', { length: 24 }).notNull(),
    orderNo: varchar('order_no', { length: 32 }),
    /**
     * The outlet of the order the movement is of (asked of the order module when posted; null
     * when it names no rental order): the financial data per outlet, agent and region rolls up by it.
     */
    outletId: bigint('outlet_id', { mode: 'number' }),
    memo: varchar('memo', { length: 128 }).notNull().default(''),
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('led_transaction_key_uq').on(t.key), index('led_transaction_order_idx').on(t.orderNo)],
);

/**
 * One side of a movement on one account. Exactly one of debit and credit is above zero. The
 * account is a code (`kind` or `kind:partyId`); its kind and party are kept beside it for the
 * fund-flow filters. A balance is the sum of an account's entries, never a stored number.
 */
export const ledEntry = pgTable(
  'led_entry',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledTransaction.id, { onDelete: 'restrict' }),
    account: varchar('account', { length: 48 }).notNull(),
    accountKind: varchar('account_kind', { length: 24 }).notNull(),
    partyId: bigint('party_id', { mode: 'number' }),
    debit: bigint('debit', { mode: 'number' }).notNull().default(0),
    credit: bigint('credit', { mode: 'number' }).notNull().default(0),
    orderNo: varchar('order_no', { length: 32 }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('led_entry_one_side', sql`${t.debit} >= 0 and ${t.credit} >= 0 and (${t.debit} = 0) <> (${t.credit} = 0)`),
    index('led_entry_account_idx').on(t.account, t.createdAt),
    index('led_entry_kind_idx').on(t.accountKind, t.createdAt),
    index('led_entry_tx_idx').on(t.transactionId),
    index('led_entry_order_idx').on(t.orderNo),
    index('led_entry_created_idx').on(t.createdAt),
  ],
);

/**
 * The ledger's entries summed per UTC hour of posting, account kind, movement kind and shard
 * (statistics, issue 16): kept by the statement triggers of led_entry (custom migration
 * stats_ledger_sql) in the transaction that posts, so the financial data reads a few rows per hour
 * instead of every entry. The shard is the transaction id modulo 16, so
 * concurrent postings of one hour update different rows instead of queueing on one; readers sum them.
 */
export const statLedgerHour = pgTable(
  'stat_ledger_hour',
  {
    hour: ts('hour').notNull(),
    accountKind: varchar('account_kind', { length: 24 }).notNull(),
    kind: varchar('kind', { length: 24 }).notNull(),
    shard: smallint('shard').notNull(),
    debit: bigint('debit', { mode: 'number' }).notNull().default(0),
    credit: bigint('credit', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.hour, t.accountKind, t.kind, t.shard] })],
);

/**
 * The same per UTC day (the day's first instant), kept by the same trigger right after the hour
 * rows (custom migration ledger_day_sql): the financial data of the whole business reads a window's
 * whole UTC days here, a year being ~365 rows per account and movement kind instead of ~8,760.
 * Sharded like the hour rows (a day's concurrent postings spread over 16 rows); the statistics
 * job folds the shards of days before the current one into shard 0 (LedgerService.compactRollup).
 */
export const statLedgerDay = pgTable(
  'stat_ledger_day',
  {
    day: ts('day').notNull(),
    accountKind: varchar('account_kind', { length: 24 }).notNull(),
    kind: varchar('kind', { length: 24 }).notNull(),
    shard: smallint('shard').notNull(),
    debit: bigint('debit', { mode: 'number' }).notNull().default(0),
    credit: bigint('credit', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.accountKind, t.kind, t.shard] })],
);

/**
 * The financial data's figures (contract stats.ts: income, refunds, shares, platform, taxes, fees)
 * of the entries posted in one hour (or day) for one outlet's orders (0: movements of no outlet),
 * kept by led_entry's statement triggers (custom migration ledger_outlet_sql) in the transaction
 * that posts or removes them. The figures are summed per row already, so a year per outlet is 365
 * day rows whatever the number of orders; the hour rows give the hours at a window's edges.
 * The trigger's mapping from account kind and movement kind to a figure is the one of
 * StatsService's addLine (tests check that the two agree on the whole business).
 */
const figureColumns = () => ({
  income: bigint('income', { mode: 'number' }).notNull().default(0),
  refunds: bigint('refunds', { mode: 'number' }).notNull().default(0),
  agentShare: bigint('agent_share', { mode: 'number' }).notNull().default(0),
  outletShare: bigint('outlet_share', { mode: 'number' }).notNull().default(0),
  providerShare: bigint('provider_share', { mode: 'number' }).notNull().default(0),
  /** The operators' (direct-sales teams') shares (migration operator_share). */
  operatorShare: bigint('operator_share', { mode: 'number' }).notNull().default(0),
  pusherShare: bigint('pusher_share', { mode: 'number' }).notNull().default(0),
  platform: bigint('platform', { mode: 'number' }).notNull().default(0),
  taxes: bigint('taxes', { mode: 'number' }).notNull().default(0),
  fees: bigint('fees', { mode: 'number' }).notNull().default(0),
});
export const statLedgerOutletHour = pgTable(
  'stat_ledger_outlet_hour',
  { hour: ts('hour').notNull(), outletId: bigint('outlet_id', { mode: 'number' }).notNull(), ...figureColumns() },
  (t) => [
    primaryKey({ columns: [t.hour, t.outletId] }),
    index('stat_ledger_outlet_hour_outlet_idx').on(t.outletId, t.hour),
  ],
);
/** The same per UTC day (the day's first instant). */
export const statLedgerOutletDay = pgTable(
  'stat_ledger_outlet_day',
  { day: ts('day').notNull(), outletId: bigint('outlet_id', { mode: 'number' }).notNull(), ...figureColumns() },
  (t) => [
    primaryKey({ columns: [t.day, t.outletId] }),
    index('stat_ledger_outlet_day_outlet_idx').on(t.outletId, t.day),
  ],
);
