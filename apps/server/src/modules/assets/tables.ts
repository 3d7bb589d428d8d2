import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Device models. A model code is unique per kind of device among models not deleted. */
export const astModel = pgTable(
  'ast_model',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productName: varchar('product_name', { length: 16 }).notNull(),
    model: varchar('model', { length: 16 }).notNull(),
    deviceType: varchar('device_type', { length: 20 }).notNull(),
    slotCount: smallint('slot_count'),
    status: varchar('status', { length: 10 }).notNull().default('normal'),
    remark: varchar('remark', { length: 64 }).notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ast_model_code_uq')
      .on(t.deviceType, sql`lower(${t.model})`)
      .where(sql`${t.status} <> 'deleted'`),
  ],
);

/** Suppliers; a factory code is unique. */
export const astSupplier = pgTable(
  'ast_supplier',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shortName: varchar('short_name', { length: 16 }).notNull(),
    factoryCode: varchar('factory_code', { length: 4 }).notNull(),
    companyName: varchar('company_name', { length: 64 }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('normal'),
    personInCharge: varchar('person_in_charge', { length: 32 }).notNull().default(''),
    area: varchar('area', { length: 32 }).notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ast_supplier_code_uq').on(t.factoryCode)],
);

/** Warehouses; a name is unique (case-insensitive). Their load is counted from ast_device, never stored. */
export const astWarehouse = pgTable(
  'ast_warehouse',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 30 }).notNull(),
    type: varchar('type', { length: 12 }).notNull(),
    /** Free text of warehouses saved before areas were picked from the regions (kept, shown when no region is picked). */
    area: varchar('area', { length: 32 }).notNull().default(''),
    /** The network module's region (by value, no foreign key across modules), picked as outlets pick theirs. */
    regionId: bigint('region_id', { mode: 'number' }),
    manager: varchar('manager', { length: 32 }).notNull().default(''),
    address: varchar('address', { length: 64 }).notNull().default(''),
    status: varchar('status', { length: 10 }).notNull().default('normal'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ast_warehouse_name_uq').on(sql`lower(${t.name})`)],
);

/**
 * Every device the business owns and where it is now: the result of its movements (ast_movement),
 * changed only together with the movement row that explains it, by conditional updates.
 * state: inStock (warehouseId set), outOfStock (circulation: in no warehouse, no outlet),
 * inBusiness (outletId set). pendingApplicationId: held by a dispatch application under audit.
 */
export const astDevice = pgTable(
  'ast_device',
  {
    deviceId: varchar('device_id', { length: 17 }).primaryKey(),
    deviceType: varchar('device_type', { length: 20 }).notNull(),
    modelId: bigint('model_id', { mode: 'number' }).references(() => astModel.id),
    state: varchar('state', { length: 12 }).notNull(),
    warehouseId: bigint('warehouse_id', { mode: 'number' }).references(() => astWarehouse.id),
    outletId: bigint('outlet_id', { mode: 'number' }),
    /** Set when the device belongs to an agent (agents arrive with the network work). */
    agentId: bigint('agent_id', { mode: 'number' }),
    pendingApplicationId: bigint('pending_application_id', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('ast_device_warehouse_idx').on(t.warehouseId, t.state),
    index('ast_device_model_idx').on(t.modelId),
    index('ast_device_type_idx').on(t.deviceType, t.state),
    index('ast_device_pending_idx').on(t.pendingApplicationId),
  ],
);

/** One row per change of a device's place: put in, take out, dispatch, install, removal. */
export const astMovement = pgTable(
  'ast_movement',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 10 }).notNull(),
    deviceId: varchar('device_id', { length: 17 }).notNull(),
    deviceType: varchar('device_type', { length: 20 }).notNull(),
    /** A stock reason code, or the free text of an install or removal. */
    reason: varchar('reason', { length: 64 }).notNull(),
    fromWarehouseId: bigint('from_warehouse_id', { mode: 'number' }),
    toWarehouseId: bigint('to_warehouse_id', { mode: 'number' }),
    outletId: bigint('outlet_id', { mode: 'number' }),
    applicationId: bigint('application_id', { mode: 'number' }),
    operatorId: bigint('operator_id', { mode: 'number' }),
    operatorName: varchar('operator_name', { length: 64 }).notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ast_movement_device_idx').on(t.deviceId, t.createdAt),
    index('ast_movement_kind_idx').on(t.kind, t.createdAt),
  ],
);

/** Dispatch applications: the devices they hold are in ast_dispatch_device. */
export const astDispatch = pgTable(
  'ast_dispatch',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationNo: varchar('application_no', { length: 32 }).notNull(),
    reason: varchar('reason', { length: 20 }).notNull(),
    remark: varchar('remark', { length: 64 }).notNull().default(''),
    sponsorId: bigint('sponsor_id', { mode: 'number' }),
    sponsorName: varchar('sponsor_name', { length: 64 }).notNull().default(''),
    fromWarehouseId: bigint('from_warehouse_id', { mode: 'number' })
      .notNull()
      .references(() => astWarehouse.id),
    toWarehouseId: bigint('to_warehouse_id', { mode: 'number' })
      .notNull()
      .references(() => astWarehouse.id),
    deviceCount: smallint('device_count').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    auditorId: bigint('auditor_id', { mode: 'number' }),
    auditorName: varchar('auditor_name', { length: 64 }),
    auditReason: varchar('audit_reason', { length: 64 }).notNull().default(''),
    auditedAt: ts('audited_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ast_dispatch_no_uq').on(t.applicationNo),
    index('ast_dispatch_status_idx').on(t.status, t.createdAt),
  ],
);

export const astDispatchDevice = pgTable(
  'ast_dispatch_device',
  {
    dispatchId: bigint('dispatch_id', { mode: 'number' })
      .notNull()
      .references(() => astDispatch.id, { onDelete: 'cascade' }),
    deviceId: varchar('device_id', { length: 17 }).notNull(),
    moved: boolean('moved').notNull().default(false),
  },
  (t) => [uniqueIndex('ast_dispatch_device_pk').on(t.dispatchId, t.deviceId)],
);
