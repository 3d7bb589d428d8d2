import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { AccountKind, OrderActionResult, OrderEvent, OrderSource, OrderStatus, ShareParty } from '@cbo/contract';
import { jsonRows, query, type Db } from '../../platform/db/database.js';
import type { Metrics } from '../../platform/ops/metrics.js';
import type { InAppPayments } from './in-app-payments.js';
import type { OrderNeeds, OutletForOrder } from './needs.js';
import type { OrderEngine } from './order.engine.js';
import type { PaymentProvider } from './payments.js';
import { ordEvent, ordOrder } from './tables.js';

/*
 * What the order engine's parts share (order.engine.ts composes them): the order's types and
 * constants, the timeline, the customer's lock, and EnginePart, the base of each part, which holds
 * the engine's dependencies and names the other parts (`this.paying.later(p)` is a call to
 * order.paying.ts), so an editor follows a call from one job to another in one jump.
 */

export type OrderRow = typeof ordOrder.$inferSelect;
/** One party of the chain that shares an order's net amount (the platform takes what is left). */
export interface ChainLink {
  party: ShareParty;
  partyId: number | null;
  name: string | null;
  ratio: number;
}

/**
 * Days after which an unreturned power bank counts as bought at the total cap, when no device
 * payment configuration applies (a configuration's buy-out days replace it).
 */
export const BUY_OUT_DAYS = 7;
/** The suspensions of one order together: at most 7 days. */
export const MAX_SUSPEND_MINUTES = 10080;
/** Orders a customer holds: waiting for the eject, or using. */
export const OPEN: OrderStatus[] = ['ejecting', 'using'];
/** The accounts an order's net amount is shared to (and a refund takes back from, pro rata). */
// A share a separation rule diverted sits in `separated`: a refund takes its part from there.
export const SHARE_KINDS: AccountKind[] = [
  'revenue',
  'agentPayable',
  'outletPayable',
  'providerPayable',
  'pusherPayable',
  'operatorPayable',
  'taxes',
  'separated',
];
/** The ledger account each party of the chain is paid into. */
export const PAYABLE_OF: Record<ShareParty, AccountKind> = {
  platform: 'revenue',
  agentA: 'agentPayable',
  agentB: 'agentPayable',
  agentC: 'agentPayable',
  outlet: 'outletPayable',
  serviceProvider: 'providerPayable',
  pusher: 'pusherPayable',
  operator: 'operatorPayable',
};

/** Spec 3, source: the customer app's terminal, from the client type of the call that made the order. */
export function sourceOf(clientType: string | undefined): OrderSource {
  const map: Record<string, OrderSource> = {
    USER_IOS: 'userIos',
    USER_ANDROID: 'userAndroid',
    USER_WECHAT: 'userWechat',
    USER_ALIPAY: 'userAlipay',
  };
  return (clientType && map[clientType]) || 'unknown';
}

export const newNo = (prefix: string) => {
  const d = new Date();
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${prefix}${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}${crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')}`;
};

/** How an order ends at a settle: who or what ended it, and where it came back. */
export interface SettleHow {
  returnSn?: string;
  /** The return cabinet's outlet when the caller knows it (a slot event read it); undefined: the settle asks. */
  returnOutletId?: number | null;
  actor: string;
  event: OrderEvent;
  note?: string;
  fromEjecting?: boolean;
  staffEnd?: boolean;
}

/**
 * The lock that decides one customer's orders one after another (rents, cable purchases, Bluetooth sessions, balance
 * refunds).
 */
export const customerLock = (userId: number) => sql`select pg_advisory_xact_lock(hashtext('ord-user'), ${userId}::int)`;

/** What every part of the engine works with. */
export interface EngineContext {
  db: Db;
  needs: OrderNeeds;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** Rental ejects, returns and settles counted by outcome where they happen (GET /metrics). */
  meter: Pick<Metrics, 'business' | 'counted'>;
  /** Rents the customer pays in the app (a real payment company): in-app-payments.ts. */
  inApp: InAppPayments;
}

/**
 * A part of the order engine (one job): the engine's dependencies, the other parts by name, and the
 * order's timeline.
 */
export abstract class EnginePart {
  protected readonly db: Db;
  protected readonly needs: OrderNeeds;
  readonly provider: PaymentProvider;
  protected readonly log: FastifyBaseLogger;
  protected readonly meter: Pick<Metrics, 'business' | 'counted'>;
  protected readonly inApp: InAppPayments;

  constructor(
    ctx: EngineContext,
    private readonly engine: OrderEngine,
  ) {
    this.db = ctx.db;
    this.needs = ctx.needs;
    this.provider = ctx.provider;
    this.log = ctx.log;
    this.meter = ctx.meter;
    this.inApp = ctx.inApp;
  }

  /** Renting's terms: order.rent-terms.ts. */
  protected get terms(): OrderEngine['terms'] {
    return this.engine.terms;
  }
  /** The rent: order.renting.ts. */
  protected get renting(): OrderEngine['renting'] {
    return this.engine.renting;
  }
  /** The settle: order.settling.ts. */
  protected get settling(): OrderEngine['settling'] {
    return this.engine.settling;
  }
  /** The shares: order.sharing.ts. */
  protected get sharing(): OrderEngine['sharing'] {
    return this.engine.sharing;
  }
  /** The payment company: order.paying.ts. */
  protected get paying(): OrderEngine['paying'] {
    return this.engine.paying;
  }
  /** Staff actions: order.staff.ts. */
  protected get staff(): OrderEngine['staff'] {
    return this.engine.staff;
  }

  /** Writes entries of an order's timeline. */
  events(db: Db, orderId: number, list: EventInput[]): Promise<void> {
    return writeEvents(db, orderId, list);
  }
}

/** Writes entries of an order's timeline (in the caller's transaction). */
export async function writeEvents(db: Db, orderId: number, list: EventInput[]): Promise<void> {
  if (!list.length) return;
  await db.insert(ordEvent).values(
    list.map((e) => ({
      orderId,
      event: e.event,
      amount: e.amount ?? null,
      actor: e.actor?.slice(0, 64) ?? null,
      note: e.note?.slice(0, 128) ?? null,
    })),
  );
}

/**
 * Writes an order row and its timeline by one statement: `write` (an insert or update of ord_order returning its
 * `id`) and the entries for every row it wrote. Both commit together or not at all without a transaction of their own,
 * and the order's row (whose outlet rollup row of the hour every rent, eject result and settle at the outlet updates,
 * docs/decisions/statistics.md) is written in the last statement before the commit. Answers the ids it wrote.
 */
export async function writeWithEvents(db: Db, write: SQLWrapper, list: EventInput[]): Promise<number[]> {
  const rows = list.map((e, n) => ({
    n,
    event: e.event,
    amount: e.amount ?? null,
    actor: e.actor?.slice(0, 64) ?? null,
    note: e.note?.slice(0, 128) ?? null,
  }));
  // Drizzle puts an embedded query in parentheses itself: `with o as ${write}` is `with o as (insert …)`.
  const written = await query<{ id: number | string }>(
    db,
    sql`with o as ${write}, ev as (
          insert into ${ordEvent} (order_id, event, amount, actor, note)
          select o.id, v.event, v.amount, v.actor, v.note
          from o, json_to_recordset(${jsonRows(rows)}) as v(n int, event text, amount int, actor text, note text)
          order by o.id, v.n
        )
        select id from o`,
  );
  return written.map((r) => Number(r.id));
}

export interface EventInput {
  event: OrderEvent;
  amount?: number | null;
  actor?: string | null;
  note?: string | null;
}

/** A request to the payment company, recorded (ord_payment) before it is sent. */
export interface PendingPayment {
  key: string;
  /** capture and unfreeze: from a deposit-free order's authorization, named by `chargeReference`. */
  op: 'charge' | 'refund' | 'capture' | 'unfreeze';
  amount: number;
  userId: number;
  orderNo: string | null;
  deferred?: boolean;
  chargeReference?: string;
}

/** Where a rental happens, for the deposit rules: the outlet and its agents, the nearest first. */
export function placeOf(outlet: OutletForOrder, chain: ChainLink[]): { outletId: number; agentIds: number[] } {
  return {
    outletId: outlet.id,
    agentIds: chain
      .filter((l) => l.party.startsWith('agent') && l.partyId)
      .map((l) => l.partyId!)
      .reverse(),
  };
}

export function actionResult(o: OrderRow): OrderActionResult {
  return {
    orderNo: o.orderNo,
    status: o.status as OrderStatus,
    originalAmount: o.originalAmount,
    paidAmount: o.paidAmount,
    refundAmount: o.refundAmount,
  };
}
