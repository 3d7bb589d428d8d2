import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, primaryKey, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

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
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull().references(() => ledTransaction.id, { onDelete: 'restrict' }),
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
