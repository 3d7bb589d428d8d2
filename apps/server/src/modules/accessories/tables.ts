import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { PackageTier } from '@cbo/contract';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Charging cables: no network. Each has its own code secret and the next position of its ring
 * of offline unlock codes (docs/offline-codes.md); the row is locked while a code is issued.
 */
export const accCable = pgTable('acc_cable', {
  id: varchar('id', { length: 17 }).primaryKey(),
  modelId: bigint('model_id', { mode: 'number' }),
  /** The outlet it is bound to; binding arrives with the outlets. Null: not bound. */
  outletId: bigint('outlet_id', { mode: 'number' }),
  packages: jsonb('packages').$type<PackageTier[]>().notNull(),
  /** 32 random bytes, hex; the device holds the same secret (or the table made from it). */
  secret: varchar('secret', { length: 64 }).notNull(),
  /** The next ring position the server will issue (counted from 0, only ever increases). */
  position: integer('position').notNull().default(0),
  createdBy: bigint('created_by', { mode: 'number' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Every code issued, one row per ring position: the unique index refuses a position handed out twice. */
export const accCableCode = pgTable(
  'acc_cable_code',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    cableId: varchar('cable_id', { length: 17 }).notNull(),
    position: integer('position').notNull(),
    hours: integer('hours').notNull(),
    code: varchar('code', { length: 8 }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    issuedBy: bigint('issued_by', { mode: 'number' }),
    issuedByName: varchar('issued_by_name', { length: 32 }),
    issuedAt: ts('issued_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('acc_cable_code_pos_uq').on(t.cableId, t.position),
    index('acc_cable_code_time_idx').on(t.cableId, t.issuedAt),
  ],
);

/** Bluetooth chargers: tiers and billing, bounded by the system's Bluetooth settings. */
export const accBluetooth = pgTable('acc_bluetooth', {
  id: varchar('id', { length: 17 }).primaryKey(),
  modelId: bigint('model_id', { mode: 'number' }),
  outletId: bigint('outlet_id', { mode: 'number' }),
  packages: jsonb('packages').$type<PackageTier[]>().notNull(),
  hourlyPrice: bigint('hourly_price', { mode: 'number' }).notNull(),
  dailyCap: bigint('daily_cap', { mode: 'number' }).notNull(),
  prepayment: bigint('prepayment', { mode: 'number' }).notNull(),
  createdBy: bigint('created_by', { mode: 'number' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Repair tickets (problem feedback): untreated → processing → finished, only forward. */
export const accRepairTicket = pgTable(
  'acc_repair_ticket',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    no: varchar('no', { length: 20 }).notNull(),
    deviceType: varchar('device_type', { length: 16 }).notNull(),
    deviceId: varchar('device_id', { length: 17 }).notNull(),
    problemTypeId: bigint('problem_type_id', { mode: 'number' }).notNull(),
    problemTypeName: varchar('problem_type_name', { length: 16 }).notNull(),
    contact: varchar('contact', { length: 18 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    description: varchar('description', { length: 200 }).notNull(),
    /** JSON array of picture addresses (uploads); the upload sweep keeps what it names. */
    pictures: text('pictures').notNull().default('[]'),
    status: varchar('status', { length: 12 }).notNull().default('untreated'),
    outOfBusiness: boolean('out_of_business').notNull().default(false),
    /** Whether the device assets took the device out of business (recorded until they can). */
    outOfBusinessApplied: boolean('out_of_business_applied').notNull().default(false),
    handlerId: bigint('handler_id', { mode: 'number' }),
    handlerName: varchar('handler_name', { length: 32 }),
    result: varchar('result', { length: 200 }).notNull().default(''),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    processedAt: ts('processed_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [uniqueIndex('acc_repair_no_uq').on(t.no), index('acc_repair_created_idx').on(t.createdAt)],
);
