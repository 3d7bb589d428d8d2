import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Outlets. The owner is an agent or, for a direct-sales outlet, a team (exactly one, checked by
 * the database too); references to other modules' records are plain ids, checked through their
 * services when saved. The billing rule is data: money in the smallest currency unit.
 */
export const outOutlet = pgTable(
  'out_outlet',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: varchar('code', { length: 16 }).notNull(),
    name: varchar('name', { length: 18 }).notNull(),
    type: varchar('type', { length: 16 }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('inService'),
    suspendReason: varchar('suspend_reason', { length: 32 }).notNull().default(''),
    address: varchar('address', { length: 100 }).notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    regionId: bigint('region_id', { mode: 'number' }),
    agentId: bigint('agent_id', { mode: 'number' }),
    teamId: bigint('team_id', { mode: 'number' }),
    ratio: smallint('ratio').notNull(),
    hiddenRatio: smallint('hidden_ratio').notNull(),
    costAmount: integer('cost_amount').notNull().default(0),
    amortizationRatio: smallint('amortization_ratio').notNull().default(0),
    /**
     * What of the cost amount the outlet's shares have paid back to its owner so far
     * (docs/decisions/network-and-outlets.md,
     * "The outlet's cost and its amortization"): raised only by `recoverCost`, under the row's lock, in the
     * settle's transaction, equal to the sum of the outlet's costRecovery movements in the ledger.
     */
    costRecovered: integer('cost_recovered').notNull().default(0),
    serviceProviderId: bigint('service_provider_id', { mode: 'number' }),
    serviceProviderRatio: smallint('service_provider_ratio').notNull().default(0),
    pusherId: bigint('pusher_id', { mode: 'number' }),
    areaCode: varchar('area_code', { length: 8 }).notNull().default(''),
    servicePhone: varchar('service_phone', { length: 20 }).notNull().default(''),
    serviceHours: varchar('service_hours', { length: 11 }).notNull().default(''),
    picture: varchar('picture', { length: 255 }).notNull().default(''),
    managerName: varchar('manager_name', { length: 20 }).notNull().default(''),
    managerPhone: varchar('manager_phone', { length: 20 }).notNull().default(''),
    remark: varchar('remark', { length: 32 }).notNull().default(''),
    freeMinutes: integer('free_minutes').notNull(),
    pricePerPeriod: integer('price_per_period').notNull(),
    periodMinutes: integer('period_minutes').notNull(),
    dailyCap: integer('daily_cap').notNull(),
    totalCap: integer('total_cap').notNull(),
    deposit: integer('deposit').notNull(),
    /** The outlet's page: the store URL template with {id} replaced, rewritten when the template changes. */
    pageUrl: varchar('page_url', { length: 320 }).notNull().default(''),
    /** Made by the demo network; removed by `npm run demo:clear`. */
    simulated: boolean('simulated').notNull().default(false),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('out_outlet_code_uq').on(t.code),
    index('out_outlet_agent_idx').on(t.agentId),
    index('out_outlet_team_idx').on(t.teamId),
    index('out_outlet_region_idx').on(t.regionId, t.status),
    index('out_outlet_created_idx').on(t.createdAt),
    check('out_outlet_owner_ck', sql`(${t.agentId} IS NULL) <> (${t.teamId} IS NULL)`),
    check(
      'out_outlet_billing_ck',
      sql`${t.pricePerPeriod} <= ${t.dailyCap} AND ${t.dailyCap} <= ${t.totalCap} AND ${t.dailyCap} <= ${t.deposit}`,
    ),
    check(
      'out_outlet_cost_ck',
      sql`${t.costRecovered} >= 0 AND ${t.costAmount} >= 0 AND ${t.amortizationRatio} BETWEEN 0 AND 100`,
    ),
    check('out_outlet_ratio_ck', sql`${t.ratio} BETWEEN 0 AND 100 AND ${t.hiddenRatio} BETWEEN ${t.ratio} AND 100`),
  ],
);

/**
 * Whether the demo network was made (or removed) on this database: `npm start` with the simulator
 * makes it once; `npm run demo:clear` removes it and records that, so a later start does not make it again.
 */
export const outDemo = pgTable('out_demo', {
  key: varchar('key', { length: 32 }).primaryKey(),
  state: varchar('state', { length: 12 }).notNull(),
  at: ts('at').notNull().defaultNow(),
});
