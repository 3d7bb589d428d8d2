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
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One row per party that ever applied: the row every application of the party locks (SELECT ...
 * FOR UPDATE), so the daily count and the balance are decided one application at a time.
 */
export const payParty = pgTable(
  'pay_party',
  {
    partyKind: varchar('party_kind', { length: 16 }).notNull(),
    partyId: bigint('party_id', { mode: 'number' }).notNull(),
    applied: integer('applied').notNull().default(0),
    lastAppliedAt: ts('last_applied_at'),
  },
  (t) => [primaryKey({ columns: [t.partyKind, t.partyId] })],
);

/**
 * Withdrawal applications. The amount is held in the books at application; the state moves only
 * by conditional updates, each with its ledger movement in the same transaction. The payout row
 * (payout_key set, status paying) is written before the payment company is asked, so the sweep
 * settles a payout whose answer was lost.
 */
export const payWithdrawal = pgTable(
  'pay_withdrawal',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationNo: varchar('application_no', { length: 32 }).notNull(),
    partyKind: varchar('party_kind', { length: 16 }).notNull(),
    partyId: bigint('party_id', { mode: 'number' }).notNull(),
    partyName: varchar('party_name', { length: 64 }).notNull(),
    /** The pay settings' account kind whose withdrawal rules applied. */
    settingKind: varchar('setting_kind', { length: 16 }).notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    method: varchar('method', { length: 12 }).notNull(),
    payeeAccount: varchar('payee_account', { length: 64 }).notNull(),
    payeeName: varchar('payee_name', { length: 32 }).notNull(),
    amount: integer('amount').notNull(),
    fee: integer('fee').notNull(),
    status: varchar('status', { length: 12 }).notNull(),
    automatic: boolean('automatic').notNull().default(false),
    failureReason: varchar('failure_reason', { length: 32 }),
    rejectReason: varchar('reject_reason', { length: 64 }),
    reviewer: varchar('reviewer', { length: 64 }),
    reviewedAt: ts('reviewed_at'),
    /** The payment company's idempotency key of the payout, set when it is asked. */
    payoutKey: varchar('payout_key', { length: 64 }),
    providerReference: varchar('provider_reference', { length: 64 }),
    /** Each change of state: [{ status, time, actor, note }]. */
    history: jsonb('history')
      .notNull()
      .default(sql`'[]'::jsonb`),
    simulated: boolean('simulated').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    payingAt: ts('paying_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('pay_withdrawal_no_uq').on(t.applicationNo),
    uniqueIndex('pay_withdrawal_key_uq').on(t.partyKind, t.partyId, t.idempotencyKey),
    uniqueIndex('pay_withdrawal_payout_key_uq').on(t.payoutKey),
    index('pay_withdrawal_created_idx').on(t.createdAt),
    index('pay_withdrawal_status_idx').on(t.status, t.createdAt),
    index('pay_withdrawal_party_idx').on(t.partyKind, t.partyId, t.createdAt),
    check('pay_withdrawal_money_ck', sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.fee} <= ${t.amount}`),
  ],
);
