import { and, eq, inArray, sql } from 'drizzle-orm';
import type { OrderActionResult } from '@cbo/contract';
import { query, type Db, inTransaction } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { ordEventArchive, ordOrder, ordOrderArchive, ordPayment, ordRefund } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';
import { EnginePart, MAX_SUSPEND_MINUTES, actionResult, type OrderRow, type PendingPayment } from './order.core.js';

/*
 * Staff actions on a live order (end, suspend, initialise) and finding one, and the demo's
 * removals of simulated orders.
 */

/** Staff actions on an order; the demo's removals. */
export class OrderStaff extends EnginePart {
  /** A live order; one moved to the archive is read-only (spec 5), and says so. */
  async find(orderNo: string, db: Db = this.db): Promise<OrderRow> {
    const [o] = await db.select().from(ordOrder).where(eq(ordOrder.orderNo, orderNo));
    if (o) return o;
    const [old] = await db
      .select({ id: ordOrderArchive.id })
      .from(ordOrderArchive)
      .where(eq(ordOrderArchive.orderNo, orderNo));
    throw new AppError(old ? 'ORDER_ARCHIVED' : 'ORDER_NOT_FOUND');
  }

  /** Staff end a using order at a chosen time (not before its start, not in the future). */
  async end(req: { orderNo: string; endTime: string; reason: string }, by: string): Promise<OrderActionResult> {
    const o = await this.find(req.orderNo);
    nameAuditTarget(o.orderNo);
    if (o.status !== 'using') throw new AppError('ORDER_NOT_USING');
    return this.settling.settle(o.id, new Date(req.endTime), {
      actor: by,
      event: 'ended',
      note: req.reason,
      staffEnd: true,
    });
  }

  /** Staff stop billing a using order for a while: the minutes are not billed. */
  async suspend(req: { orderNo: string; minutes: number; reason: string }, by: string): Promise<OrderActionResult> {
    const o = await this.find(req.orderNo);
    nameAuditTarget(o.orderNo);
    const [row] = await this.db
      .update(ordOrder)
      .set({ suspendedMinutes: sql`${ordOrder.suspendedMinutes} + ${req.minutes}` })
      .where(
        and(
          eq(ordOrder.id, o.id),
          eq(ordOrder.status, 'using'),
          sql`${ordOrder.suspendedMinutes} + ${req.minutes} <= ${MAX_SUSPEND_MINUTES}`,
        ),
      )
      .returning();
    if (!row) {
      const now = await this.find(req.orderNo);
      throw now.status !== 'using'
        ? new AppError('ORDER_NOT_USING')
        : new AppError('ORDER_SUSPEND_TOO_LONG', { max: MAX_SUSPEND_MINUTES });
    }
    await this.events(this.db, o.id, [{ event: 'suspended', actor: by, note: `${req.minutes} min: ${req.reason}` }]);
    return actionResult(row);
  }

  /** Staff initialise a stuck order: it closes, what is held goes back, a deduction still due is dropped. */
  async init(req: { orderNo: string; reason: string }, by: string): Promise<OrderActionResult> {
    const o0 = await this.find(req.orderNo);
    nameAuditTarget(o0.orderNo);
    const settings = await this.needs.settings.pay();
    const { result, payment } = await inTransaction(this.db, async (tx) => {
      const [o] = await tx.select().from(ordOrder).where(eq(ordOrder.id, o0.id)).for('update');
      if (!o || !['ejecting', 'using', 'pendingPayment', 'awaitingDeduction'].includes(o.status))
        throw new AppError('ORDER_CANNOT_INIT');
      let payment: PendingPayment | null = null;
      if (o.status === 'ejecting' || o.status === 'using') {
        payment = await this.settling.close(tx, o, by, req.reason);
      } else {
        // Ended already: what was taken stays taken and is shared; what is still due is dropped (and
        // a deposit-free order's authorization, still frozen, is released).
        await tx
          .update(ordPayment)
          .set({ status: 'cancelled', settledAt: new Date() })
          .where(
            and(
              inArray(ordPayment.key, [`deduct:${o.orderNo}`, `capture:${o.orderNo}`]),
              eq(ordPayment.status, 'pending'),
            ),
          );
        if (o.authState === 'authorized' && o.authReference) payment = await this.settling.releaseAuthorization(tx, o);
        await this.sharing.share(tx, o, o.paidAmount, settings.taxFeePercent);
        await tx
          .update(ordOrder)
          .set({ status: 'closed', originalAmount: o.paidAmount, generatedAmount: o.paidAmount })
          .where(eq(ordOrder.id, o.id));
        await this.events(tx, o.id, [{ event: 'closed', actor: by, note: req.reason }]);
      }
      await this.events(tx, o.id, [{ event: 'initialised', actor: by, note: req.reason }]);
      const [row] = await tx.select().from(ordOrder).where(eq(ordOrder.id, o.id));
      return { result: actionResult(row!), payment };
    });
    if (payment) this.paying.later(payment);
    return result;
  }

  /**
   * Orders of real customers (not among `simulatedMembers`) that the demo's removal would take or
   * leave naming a removed outlet: marked simulated (before a real customer's order at a demo
   * outlet was real), or made at one of the demo's outlets. Live and archived; their numbers, at most `limit`.
   */
  async realOrdersInDemo(
    demoOutlets: number[],
    simulatedMembers: number[],
    limit = 20,
  ): Promise<{ total: number; orderNos: string[] }> {
    const outlets = `{${demoOutlets.join(',')}}`;
    const members = `{${simulatedMembers.join(',')}}`;
    const rows = await query<{ order_no: string; total: string }>(
      this.db,
      sql`
      with real as (
        select order_no, created_at from ord_order
         where (simulated or outlet_id = any(${outlets}::bigint[]) or return_outlet_id = any(${outlets}::bigint[]))
           and not (user_id = any(${members}::bigint[]))
        union all
        select order_no, created_at from ord_order_archive
         where (simulated or outlet_id = any(${outlets}::bigint[]) or return_outlet_id = any(${outlets}::bigint[]))
           and not (user_id = any(${members}::bigint[])))
      select order_no, count(*) over () as total from real order by created_at desc limit ${limit}`,
    );
    return { total: Number(rows[0]?.total ?? 0), orderNos: rows.map((r) => r.order_no) };
  }

  /**
   * Removes the simulated orders (the demo's), live and archived, answering their numbers so their ledger movements go
   * too.
   */
  async clearSimulated(): Promise<string[]> {
    const live = await this.db
      .delete(ordOrder)
      .where(eq(ordOrder.simulated, true))
      .returning({ orderNo: ordOrder.orderNo });
    const old = await this.db
      .delete(ordOrderArchive)
      .where(eq(ordOrderArchive.simulated, true))
      .returning({ id: ordOrderArchive.id, orderNo: ordOrderArchive.orderNo });
    const nos = [...live, ...old].map((r) => r.orderNo);
    for (let i = 0; i < old.length; i += 1000)
      await this.db.delete(ordEventArchive).where(
        inArray(
          ordEventArchive.orderId,
          old.slice(i, i + 1000).map((r) => r.id),
        ),
      );
    for (let i = 0; i < nos.length; i += 1000) {
      const part = nos.slice(i, i + 1000);
      await this.db.delete(ordPayment).where(inArray(ordPayment.orderNo, part));
      // Refunds keep no foreign key to their order (it may be archived): they go by its number.
      await this.db.delete(ordRefund).where(inArray(ordRefund.orderNo, part));
    }
    return nos;
  }
}
