import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Fleet-wide settings kept in the database (the generated DEVICE_SECRET when the setting is unset). */
export const devSetting = pgTable('dev_setting', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Cabinets in stock (batch storage) and their state as the cabinet reported it. Null means "not
 * reported yet". The slot summary columns are rewritten with each inventory, for list sorting.
 */
export const devCabinet = pgTable(
  'dev_cabinet',
  {
    sn: varchar('sn', { length: 17 }).primaryKey(),
    imei: varchar('imei', { length: 20 }),
    iccid: varchar('iccid', { length: 22 }),
    firmwareMain: varchar('firmware_main', { length: 32 }),
    firmwareBoard: varchar('firmware_board', { length: 32 }),
    model: varchar('model', { length: 32 }),
    hwVersion: varchar('hw_version', { length: 32 }),
    netMode: varchar('net_mode', { length: 8 }),
    slotCount: smallint('slot_count'),
    csq: smallint('csq'),
    heartbeatSec: integer('heartbeat_sec'),
    uptimeSec: integer('uptime_sec'),
    host: varchar('host', { length: 128 }),
    port: integer('port'),
    /** The broker endpoint (host:port) the cabinet last registered through. */
    connectedVia: varchar('connected_via', { length: 160 }),
    ftpHost: varchar('ftp_host', { length: 128 }),
    ftpPort: integer('ftp_port'),
    ftpUser: varchar('ftp_user', { length: 64 }),
    online: boolean('online').notNull().default(false),
    onlineReason: varchar('online_reason', { length: 20 }),
    onlineChangedAt: ts('online_changed_at'),
    /** Any message from the cabinet; the offline sweep reads it. */
    lastSeenAt: ts('last_seen_at'),
    lastHeartbeatAt: ts('last_heartbeat_at'),
    registeredAt: ts('registered_at'),
    inventoryAt: ts('inventory_at'),
    freeSlots: smallint('free_slots'),
    powerBanks: smallint('power_banks').notNull().default(0),
    chargedPowerBanks: smallint('charged_power_banks').notNull().default(0),
    batteryAvg: smallint('battery_avg'),
    faultSlots: smallint('fault_slots').notNull().default(0),
    /** Outlet binding arrives with the outlets work; null = unbound. */
    outletId: bigint('outlet_id', { mode: 'number' }),
    stockedInAt: ts('stocked_in_at').notNull().defaultNow(),
    stockedInBy: bigint('stocked_in_by', { mode: 'number' }),
  },
  (t) => [
    index('dev_cabinet_online_idx').on(t.online, t.lastSeenAt),
    index('dev_cabinet_stocked_idx').on(t.stockedInAt),
  ],
);

/** Each slot of a cabinet as its last inventory (or event) said. */
export const devSlot = pgTable(
  'dev_slot',
  {
    sn: varchar('sn', { length: 17 })
      .notNull()
      .references(() => devCabinet.sn, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    powerBankId: varchar('power_bank_id', { length: 17 }),
    battery: smallint('battery'),
    locked: boolean('locked').notNull(),
    fault: varchar('fault', { length: 8 }),
    charging: boolean('charging').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sn, t.slot] })],
);

/** Power banks, known from the cabinets that held them: where each is now (null = out). */
export const devPowerBank = pgTable(
  'dev_power_bank',
  {
    powerBankId: varchar('power_bank_id', { length: 17 }).primaryKey(),
    sn: varchar('sn', { length: 17 }),
    slot: smallint('slot'),
    battery: smallint('battery'),
    charging: boolean('charging').notNull().default(false),
    locked: boolean('locked'),
    fault: varchar('fault', { length: 8 }),
    leaseCount: integer('lease_count').notNull().default(0),
    leaseMinutes: integer('lease_minutes').notNull().default(0),
    ejectFailures: integer('eject_failures').notNull().default(0),
    lastCabinetSn: varchar('last_cabinet_sn', { length: 17 }),
    firstSeenAt: ts('first_seen_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('dev_power_bank_sn_idx').on(t.sn, t.slot)],
);

/** A firmware upgrade batch: one upgrade command per cabinet (commands carry batch_id). */
export const devFirmwareBatch = pgTable('dev_firmware_batch', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  version: varchar('version', { length: 32 }).notNull(),
  url: varchar('url', { length: 500 }).notNull(),
  sha256: varchar('sha256', { length: 64 }),
  total: integer('total').notNull(),
  createdBy: bigint('created_by', { mode: 'number' }),
  createdByName: varchar('created_by_name', { length: 64 }),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Commands to cabinets, recorded before they are sent (docs/protocol.md). The id is the MQTT
 * message id the cabinet de-duplicates by. An eject is never resent: when it expires, the next
 * inventory says whether the power bank left (confirmed_by_inventory).
 */
export const devCommand = pgTable(
  'dev_command',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    /**
     * By value, no foreign key: a deleted cabinet's commands stay as its history (docs/decisions/fleet-and-gateway.md,
     * "Deleting devices").
     */
    sn: varchar('sn', { length: 17 }).notNull(),
    type: varchar('type', { length: 16 }).notNull(),
    data: jsonb('data').notNull(),
    state: varchar('state', { length: 12 }).notNull().default('pending'),
    percent: smallint('percent'),
    result: jsonb('result'),
    reason: varchar('reason', { length: 64 }),
    duplicate: boolean('duplicate').notNull().default(false),
    /** eject / openLock: the slot acted on, and the power bank that was in it when sent. */
    targetSlot: smallint('target_slot'),
    targetPowerBankId: varchar('target_power_bank_id', { length: 17 }),
    checkCommandId: varchar('check_command_id', { length: 40 }),
    confirmedByInventory: boolean('confirmed_by_inventory'),
    batchId: bigint('batch_id', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdByName: varchar('created_by_name', { length: 64 }),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
    acknowledgedAt: ts('acknowledged_at'),
    finishedAt: ts('finished_at'),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    index('dev_command_sn_idx').on(t.sn, t.createdAt),
    index('dev_command_open_idx')
      .on(t.expiresAt)
      .where(sql`state in ('pending', 'sent', 'acknowledged')`),
    index('dev_command_batch_idx').on(t.batchId),
    // A cabinet's unfinished commands (CommandSender.openPhysical, the physical turn's queue).
    index('dev_command_busy_idx')
      .on(t.sn, t.createdAt)
      .where(
        sql`state in ('pending', 'sent', 'acknowledged') or (type = 'eject' and state = 'expired' and confirmed_by_inventory is null)`,
      ),
  ],
);

/**
 * A cabinet does one physical action at a time: the eject or open-lock it has been sent now. One
 * row per cabinet (its key decides who may send), taken by the oldest pending physical command,
 * given up when that command ends (CommandSender.next). The others wait, pending, in order.
 */
export const devPhysicalTurn = pgTable('dev_physical_turn', {
  sn: varchar('sn', { length: 17 })
    .primaryKey()
    .references(() => devCabinet.sn, { onDelete: 'cascade' }),
  commandId: varchar('command_id', { length: 40 }).notNull(),
  takenAt: ts('taken_at').notNull().defaultNow(),
});

/** Forced ejects: who forced which power bank out, and whether it came back. */
export const devForcedEject = pgTable(
  'dev_forced_eject',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    commandId: varchar('command_id', { length: 40 }).notNull(),
    sn: varchar('sn', { length: 17 }).notNull(),
    slot: smallint('slot').notNull(),
    powerBankId: varchar('power_bank_id', { length: 17 }),
    reason: varchar('reason', { length: 100 }).notNull(),
    operatorId: bigint('operator_id', { mode: 'number' }),
    operatorName: varchar('operator_name', { length: 64 }),
    state: varchar('state', { length: 12 }).notNull().default('notReturned'),
    returnedAt: ts('returned_at'),
    returnedSn: varchar('returned_sn', { length: 17 }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('dev_forced_eject_pb_idx').on(t.powerBankId, t.state),
    index('dev_forced_eject_created_idx').on(t.createdAt),
  ],
);

/** The device log: refused connections and messages, online and offline changes with their reason. */
export const devLog = pgTable(
  'dev_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sn: varchar('sn', { length: 40 }),
    kind: varchar('kind', { length: 12 }).notNull(),
    reason: varchar('reason', { length: 32 }).notNull(),
    address: varchar('address', { length: 64 }),
    detail: varchar('detail', { length: 255 }),
    /** Who ordered the command of an operator line. */
    actor: varchar('actor', { length: 64 }),
    /** Refusals this row stands for (one address's repeats within a minute share a row). */
    count: integer('count').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('dev_log_created_idx').on(t.createdAt), index('dev_log_sn_idx').on(t.sn, t.createdAt)],
);
