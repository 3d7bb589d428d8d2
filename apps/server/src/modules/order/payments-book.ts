import { and, gte, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import type { PaymentOp } from './payments.js';
import { ordOrder, ordOrderArchive, ordPayment, ordPayRoute } from './tables.js';

/**
 * What the order module's books say went through a payment company, line by line (the
 * reconciliation reads it; it changes nothing). `key` is the engine's request key, `provider` the
 * company it went to (ord_pay_route; no row: the sandbox), `status` the outcome the books hold.
 */
export interface BookLine {
  provider: string;
  key: string;
  op: PaymentOp;
  reference: string | null;
  amount: number;
  /** When the books took the outcome (a pending request: when it was asked). */
  at: string;
  status: 'succeeded' | 'pending' | 'failed';
}

/** The sandbox's name: a request without a route row went to it. */
const SANDBOX = 'sandbox';

/**
 * Read-only: every request of the day's window as the books hold it.
 * - ord_payment: deductions, captures, unfreezes, deposit releases, refunds (order, balance parts,
 *   deposits refunded by staff), top-ups, and the giving back of a rent that recorded nothing
 *   (`<charge key>:undo`, whose charge or freeze is listed too: no order holds it).
 * - the orders (live and archived) hold the charges taken before the order existed: a rent's
 *   deposit (`rent:<member>:<key|orderNo>`, ord_order.pay_reference), a deposit-free rent's
 *   freeze under the same key (auth_reference, auth_amount), a cable package
 *   (`cable:…`) and a Bluetooth prepayment (`bluetooth:…`).
 */
export class PaymentsBook {
  constructor(private readonly db: Db) {}

  /** The lines whose outcome (or, still pending, whose request) falls in [from, to). */
  async lines(from: Date, to: Date): Promise<BookLine[]> {
    const when = sql<Date>`coalesce(${ordPayment.settledAt}, ${ordPayment.createdAt})`;
    const payments = await this.db
      .select({
        key: ordPayment.key,
        op: ordPayment.op,
        purpose: ordPayment.purpose,
        reference: ordPayment.reference,
        amount: ordPayment.amount,
        status: ordPayment.status,
        at: when,
        createdAt: ordPayment.createdAt,
      })
      .from(ordPayment)
      .where(and(gte(when, from), lt(when, to)));
    // What a payment row says comes first; a line rebuilt from an undo row or an order only where no row speaks
    // for that request (a rent paid in the app has its own row, purpose rent, under the charge's key).
    const lines: Omit<BookLine, 'provider'>[] = [];
    const rebuilt: Omit<BookLine, 'provider'>[] = [];
    for (const p of payments) {
      lines.push({
        key: p.key,
        op: p.op as PaymentOp,
        reference: p.reference,
        amount: p.amount,
        at: new Date(p.at).toISOString(),
        status: statusOf(p.status),
      });
      // A rent (or cable, charger) that recorded nothing: its charge or freeze has no order; this row is its record.
      if (p.purpose === 'undo' && p.key.endsWith(':undo'))
        rebuilt.push({
          key: p.key.slice(0, -':undo'.length),
          op: p.op === 'unfreeze' ? 'freeze' : 'charge',
          reference: null,
          amount: p.amount,
          at: p.createdAt.toISOString(),
          status: 'succeeded',
        });
    }
    for (const t of [ordOrder, ordOrderArchive]) {
      const orders = await this.db
        .select({
          orderNo: t.orderNo,
          userId: t.userId,
          rentKey: t.rentKey,
          deviceType: t.deviceType,
          payMode: t.payMode,
          depositAmount: t.depositAmount,
          packageAmount: sql<number | null>`(${t.billing}->>'totalCap')::int`,
          payReference: t.payReference,
          authReference: t.authReference,
          authAmount: t.authAmount,
          createdAt: t.createdAt,
        })
        .from(t)
        .where(
          and(
            gte(t.createdAt, from),
            lt(t.createdAt, to),
            or(isNotNull(t.payReference), isNotNull(t.authReference)) as SQL,
          ),
        );
      for (const o of orders) {
        const line = initialCharge(o);
        if (line) rebuilt.push({ ...line, at: o.createdAt.toISOString(), status: 'succeeded' });
      }
    }
    const seen = new Set(lines.map((l) => `${l.op}:${l.key}`));
    for (const l of rebuilt) {
      if (seen.has(`${l.op}:${l.key}`)) continue;
      seen.add(`${l.op}:${l.key}`);
      lines.push(l);
    }
    const routes = await this.providersOf(lines.map((l) => l.key));
    return lines.map((l) => ({ ...l, provider: routes.get(l.key) ?? SANDBOX }));
  }

  /** Which company each key went to (ord_pay_route); a key without a row went to the sandbox (absent here). */
  async providersOf(keys: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const unique = [...new Set(keys)];
    for (let i = 0; i < unique.length; i += 1000) {
      const rows = await this.db
        .select({ key: ordPayRoute.key, provider: ordPayRoute.provider })
        .from(ordPayRoute)
        .where(inArray(ordPayRoute.key, unique.slice(i, i + 1000)));
      for (const r of rows) out.set(r.key, r.provider);
    }
    return out;
  }
}

function statusOf(s: string): BookLine['status'] {
  return s === 'succeeded' ? 'succeeded' : s === 'failed' ? 'failed' : 'pending';
}

/** The charge (or freeze) an order was opened with, as the engine keyed it; null when it took none. */
function initialCharge(o: {
  orderNo: string;
  userId: number;
  rentKey: string | null;
  deviceType: string;
  payMode: string;
  depositAmount: number;
  packageAmount: number | null;
  payReference: string | null;
  authReference: string | null;
  authAmount: number;
}): Pick<BookLine, 'key' | 'op' | 'reference' | 'amount'> | null {
  const tail = `${o.userId}:${o.rentKey ?? o.orderNo}`;
  if (o.deviceType === 'cable' && o.payReference && o.packageAmount)
    return { key: `cable:${tail}`, op: 'charge', reference: o.payReference, amount: o.packageAmount };
  if (o.deviceType === 'bluetooth' && o.payReference && o.depositAmount > 0)
    return { key: `bluetooth:${tail}`, op: 'charge', reference: o.payReference, amount: o.depositAmount };
  if (o.payMode === 'deposit' && o.payReference && o.depositAmount > 0)
    return { key: `rent:${tail}`, op: 'charge', reference: o.payReference, amount: o.depositAmount };
  if (o.payMode === 'depositFree' && o.authReference && o.authAmount > 0)
    return { key: `rent:${tail}`, op: 'freeze', reference: o.authReference, amount: o.authAmount };
  return null;
}
