/*
 * Over 400 lines on purpose: a rent is one sequence whose order is its rule (look at what the tap
 * already has, take the money, record the order, the deposit, the ledger and the eject under the
 * customer's and the cabinet's locks, give the money back when nothing was recorded), and the twin
 * tap's answers (the same key's order, its spent charge, its in-app payment) are decided at three
 * points of it that must read together. What stands apart is apart: the terms (order.rent-terms.ts),
 * the give-back step the accessories share (give-back.ts), the payments (order.paying.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { OrderPayChannel, OrderStatus, PayMode, RentResult } from '@cbo/contract';
import { inTransaction, query, type Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Principal } from '../../platform/http/routes.js';
import type { PaymentOutcome } from './payments.js';
import { giveBack, twinOrGiveBack } from './give-back.js';
import { ordEvent, ordOrder, ordPayment } from './tables.js';
import { EnginePart, customerLock, newNo, placeOf, sourceOf, writeWithEvents, type OrderRow } from './order.core.js';

/*
 * Renting: the rent (the deposit or authorization taken first, then one transaction recording the
 * order, the money held and the eject), a charge given back when no order came of it, and the
 * cabinet's answer to the eject. What a rental would be (chain, terms, pay modes): order.rent-terms.ts.
 *
 * Why this file is over 400 lines: `rentOnce` alone is about 300, one method whose steps (the charge
 * or the freeze, giving it back when the amount differs, the one transaction under the customer's
 * lock, giving back on failure unless a twin tap opened the order) share its locals and must stay in
 * this order; cutting it would rewrite the rent, which this split was not to do (issue 30, part 2).
 */

/** The rent, a charge given back, and the eject's outcome. */
export class OrderRenting extends EnginePart {
  async rent(
    p: Principal,
    req: { sn: string; payMode: PayMode; channel?: OrderPayChannel; idempotencyKey?: string; payerId?: string },
  ): Promise<RentResult> {
    try {
      return await this.rentOnce(p, req);
    } catch (err) {
      // The second call of a rent paid in the app that cannot open its order (the cabinet went
      // offline, no power bank is left): the payment goes back now rather than at the sweep.
      if (err instanceof AppError && req.idempotencyKey && p.accountType === 'user') {
        await this.inApp.refused(`rent:${p.accountId}:${req.idempotencyKey}`);
      }
      throw err;
    }
  }

  private async rentOnce(
    p: Principal,
    req: { sn: string; payMode: PayMode; channel?: OrderPayChannel; idempotencyKey?: string; payerId?: string },
  ): Promise<RentResult> {
    // What the cabinet offers (its outlet, the terms, the pay modes, the chain) is read while the customer and the
    // customer's own rows are: the reads wait on one another only where one needs the other (they were nine round
    // trips one after the other, now three). Its refusals are thrown where they were, after the customer's.
    const offer = this.offerAt(req.sn);
    offer.catch(() => undefined);
    const member = await this.terms.customer(p);
    const byKey = () => (req.idempotencyKey ? this.orderByKey(member.id, req.idempotencyKey) : null);
    // What the customer has already, in one statement: the order of this tap (the same tap twice answers it), the
    // power banks held, and the key's payment rows.
    const mine = await this.customerNow(member.id, req.idempotencyKey);
    if (mine.was) return mine.was;
    const { outlet, avail, billing, config, operation, modes, chain } = await offer;
    if (!modes.includes(req.payMode)) throw new AppError('ORDER_PAY_MODE');
    const channel = this.terms.channelOf(config, req.payMode, req.channel);
    if (!avail.online) throw new AppError('ORDER_DEVICE_OFFLINE');
    if (avail.available < 1) throw new AppError('ORDER_NO_POWER_BANK');
    const { maxPowerBanksPerRental: max } = operation;
    if (mine.holding >= max) throw new AppError('ORDER_MAX_RENTALS', { max });
    // A rent paid in the app comes twice under one key: the second call keeps the number the first gave.
    let paying: { orderNo: string | null } | null = mine.paying;
    let orderNo = paying?.orderNo ?? newNo('R');
    const held = billing.deposit;
    const chargeKey = `rent:${member.id}:${req.idempotencyKey ?? orderNo}`;
    // The customer's app pays first when the channel's company is a real one: the rent answers what it pays with.
    const payInApp = async (out: PaymentOutcome, op: 'charge' | 'freeze', amount: number): Promise<RentResult> => {
      const asked = await this.inApp.ask({
        key: chargeKey,
        op,
        userId: member.id,
        orderNo,
        amount,
        channel,
        out,
        keyGiven: Boolean(req.idempotencyKey),
      });
      return {
        orderNo: asked.orderNo,
        status: 'pendingPayment',
        slot: null,
        powerBankId: null,
        payment: asked.payment,
      };
    };

    // The deposit is taken before anything is recorded: no order exists without its money.
    let reference: string | null = null;
    if (mine.spent) {
      // A twin tap opened its order, the eject failed and the charge went back, all since the look above.
      const twin = await byKey();
      if (twin) return twin;
      throw new AppError('ORDER_KEY_SPENT');
    }
    if (req.payMode === 'deposit' && held > 0) {
      const paid = await this.provider.charge({
        key: chargeKey,
        amount: held,
        userId: member.id,
        description: `Deposit ${orderNo}`,
        channel: channel ?? undefined,
        payerId: req.payerId,
      });
      if (paid.status === 'pending' && paid.payParams) return payInApp(paid, 'charge', held);
      if (paid.status !== 'succeeded')
        throw new AppError('ORDER_PAYMENT_FAILED', { reason: paid.failure ?? paid.status });
      // The company's word on what moved is compared with the deposit: another amount opens no order, it goes back.
      if (paid.amount !== held) {
        this.log.error({ key: chargeKey, asked: held, charged: paid.amount }, 'a deposit charged another amount');
        await giveBack(this, member.id, { chargeKey, amount: paid.amount, reference: paid.reference, orderNo });
        throw new AppError('ORDER_PAYMENT_FAILED', { reason: 'amount' });
      }
      reference = paid.reference;
    }
    // Deposit-free: the amount declared (the buy-out cap) is frozen on the customer's account first,
    // under the same key. Like a deposit charge, only a granted authorization opens the order; one
    // pending or unanswered is given back at once (its key spent), so nothing stays frozen for an
    // order that does not exist (docs/decisions/orders-and-payments.md, "Deposit-free rentals carry their
    // authorization").
    const declared = req.payMode === 'depositFree' ? billing.totalCap : 0;
    let authReference: string | null = null;
    if (declared > 0) {
      const auth = await this.provider
        .authorize({
          key: chargeKey,
          amount: declared,
          userId: member.id,
          description: `Deposit-free ${orderNo}`,
          channel: channel ?? undefined,
          payerId: req.payerId,
        })
        .catch((err: unknown) => {
          this.log.warn({ err, key: chargeKey }, 'authorization unanswered; it is released');
          return null;
        });
      if (auth?.status === 'pending' && auth.payParams) return payInApp(auth, 'freeze', declared);
      if (!auth || auth.status !== 'succeeded') {
        if (!auth || auth.status === 'pending')
          await giveBack(this, member.id, {
            chargeKey,
            amount: declared,
            reference: auth?.reference ?? '',
            orderNo,
            op: 'unfreeze',
          });
        throw new AppError('ORDER_AUTH_REFUSED', { reason: auth ? (auth.failure ?? auth.status) : 'no answer' });
      }
      if (auth.amount !== declared) {
        this.log.error(
          { key: chargeKey, asked: declared, frozen: auth.amount },
          'an authorization froze another amount',
        );
        await giveBack(this, member.id, {
          chargeKey,
          amount: auth.amount,
          reference: auth.reference,
          orderNo,
          op: 'unfreeze',
        });
        throw new AppError('ORDER_AUTH_REFUSED', { reason: 'amount' });
      }
      authReference = auth.reference;
    }
    // Paid in the app while this call raced the first one (it read no payment row before asking): the
    // order takes the number the first call gave the customer, so the row and its order stay one.
    if (!paying && req.idempotencyKey && (reference || authReference)) {
      paying = await this.inApp.find(chargeKey);
      if (paying?.orderNo) orderNo = paying.orderNo;
    }
    let reserved: { commandId: string; slot: number; powerBankId: string } | null;
    try {
      reserved = await inTransaction(this.db, async (tx) => {
        // One customer's rents are decided one after another: the holding limit and the balance are read under this
        // lock.
        await tx.execute(customerLock(member.id));
        // Under the lock, in one statement: the same tap twice (the first one's order answers both and owns the one
        // charge); a retry after this key's charge was given back (the company answers that charge again, which
        // paid nothing); the power banks held.
        const [under] = await query<{ was: number | null; spent: boolean; holding: number }>(
          tx,
          sql`select
                ${req.idempotencyKey ? sql`(select o.id from ${ordOrder} o where o.user_id = ${member.id} and o.rent_key = ${req.idempotencyKey} limit 1)` : sql`null::bigint`} as was,
                exists (select 1 from ${ordPayment} p where p.key = ${`${chargeKey}:undo`}) as spent,
                (${this.terms.holdingSql(member.id)}) as holding`,
        );
        if (under?.was) return null;
        if (under?.spent) throw new AppError('ORDER_KEY_SPENT');
        if (Number(under?.holding ?? 0) >= max) throw new AppError('ORDER_MAX_RENTALS', { max });
        if (req.payMode === 'balance' && (await this.paying.balanceOf(member.id, tx)) < held)
          throw new AppError('ORDER_BALANCE_LOW', { need: (held / 100).toFixed(2) });
        if (req.payMode === 'depositFree') {
          // The deposit rules, read under the customer's lock: two rents at once cannot both use the last deposit-free
          // order earned.
          const refused = await this.needs.deposits.depositFreeRefusal(member.id, placeOf(outlet, chain), tx);
          if (refused) throw new AppError('DEPOSIT_FREE_REFUSED', { ...refused });
        }
        // What does not need the cabinet is written before its lock, which is held from its taking to the commit (the
        // cabinet's other rents and the gateway's writes to its row wait on it): the payment row taken, the deposit,
        // the deposit's ledger movement.
        if (paying)
          await this.inApp.taken(tx, chargeKey, {
            reference: (reference ?? authReference)!,
            amount: req.payMode === 'depositFree' ? declared : held,
          });
        if (req.payMode === 'depositFree')
          await this.needs.deposits.freeRented(tx, {
            orderNo,
            userId: member.id,
            outletId: outlet.id,
            declared: billing.totalCap,
            simulated: member.simulated,
          });
        else if (held > 0)
          await this.needs.deposits.held(tx, {
            orderNo,
            userId: member.id,
            userMobile: `${member.areaCode}-${member.mobile}`,
            outletId: outlet.id,
            outletName: outlet.name,
            amount: held,
            channel: req.payMode === 'balance' ? 'balance' : 'provider',
            payReference: reference,
            simulated: member.simulated,
          });
        // The deposit's movement, before the cabinet's lock too: it needs no cabinet, and the rollup rows its triggers
        // write are no outlet's hot row (stat_ledger_hour and stat_ledger_day are sharded by the movement's id; the
        // outlet's ledger rollup takes none of the rent's accounts, ledger/rollups.sql), so the cabinet is not held while
        // it runs or waits on a shard. The settle takes the ledger's rows before the order's too: one order for both.
        if (req.payMode === 'deposit' && held > 0) {
          await this.needs.ledger.post(
            {
              idempotencyKey: `rent:${orderNo}`,
              kind: 'rent',
              orderNo,
              // The order's outlet is at hand: the ledger need not look it up.
              outletId: outlet.id,
              memo: 'depositTaken',
              entries: [
                { account: { kind: 'providerClearing' }, debit: held },
                { account: { kind: 'userDeposit', partyId: member.id }, credit: held },
              ],
            },
            tx,
          );
        } else if (req.payMode === 'balance' && held > 0) {
          await this.needs.ledger.post(
            {
              idempotencyKey: `rent:${orderNo}`,
              kind: 'rent',
              orderNo,
              // The order's outlet is at hand: the ledger need not look it up.
              outletId: outlet.id,
              memo: 'depositFromBalance',
              entries: [
                { account: { kind: 'userBalance', partyId: member.id }, debit: held },
                { account: { kind: 'userDeposit', partyId: member.id }, credit: held },
              ],
            },
            tx,
          );
        }
        // The cabinet's lock, the pick and the eject's record (two statements, rental-port.ts), then the order: its row
        // updates its outlet's rollup row of the hour, which every rent, eject result and settle at that outlet updates
        // too (docs/decisions/statistics.md), so the order is written last, right before its events and the commit, and
        // the rent holds that row for two statements. The cabinet's lock is held for four: the lock, the pick with the
        // record, the order, the commit.
        const r = await this.needs.fleet.reserveEject(tx, req.sn);
        // The order and its timeline by one statement, the last before the commit.
        const userMobile = `${member.areaCode}-${member.mobile}`;
        const insert = tx
          .insert(ordOrder)
          .values({
            orderNo,
            userId: member.id,
            userMobile,
            status: 'ejecting',
            payMode: req.payMode,
            sn: req.sn,
            slot: r.slot,
            powerBankId: r.powerBankId,
            commandId: r.commandId,
            outletId: outlet.id,
            outletName: outlet.name,
            billing,
            chain,
            // Deposit-free: the amount declared is the most the order may ever charge.
            depositAmount: req.payMode === 'depositFree' ? billing.totalCap : held,
            payReference: reference,
            rentKey: req.idempotencyKey ?? null,
            // A simulated customer's order; a real customer's order is real wherever it happens (a demo outlet too).
            simulated: member.simulated,
            source: sourceOf(p.clientType),
            payChannel: channel,
            payConfigId: config?.id ?? null,
            payConfigName: config?.name ?? null,
            authState: authReference ? 'authorized' : null,
            authReference,
            authAmount: authReference ? declared : 0,
          })
          .returning({ id: ordOrder.id });
        await writeWithEvents(tx, insert, [
          { event: 'created', actor: userMobile },
          ...(req.payMode !== 'depositFree' && held > 0
            ? [{ event: 'paid' as const, amount: held, note: reference }]
            : []),
          ...(authReference ? [{ event: 'authorized' as const, amount: declared, note: authReference }] : []),
          { event: 'ejectSent', actor: req.sn, note: `slot ${r.slot} ${r.powerBankId}` },
        ]);
        return r;
      });
    } catch (err) {
      if (!reference && !authReference) throw err;
      // Nothing was recorded: the deposit goes back (the authorization is released), unless a twin
      // tap with the same key opened the order meanwhile (it keeps the charge). Decided under the
      // customer's lock, where the rent's transaction decides too, so a retry either finds the order
      // or finds the key spent.
      return twinOrGiveBack(
        this,
        { userId: member.id, rentKey: req.idempotencyKey },
        reference
          ? { chargeKey, amount: held, reference, orderNo }
          : { chargeKey, amount: declared, reference: authReference!, orderNo, op: 'unfreeze' },
        (twin) => ({
          orderNo: twin.orderNo,
          status: twin.status as OrderStatus,
          slot: twin.slot,
          powerBankId: twin.powerBankId,
        }),
        err,
      );
    }
    if (!reserved) return (await byKey())!;
    await this.needs.fleet.dispatch(reserved.commandId, req.sn);
    const [now] = await this.db.select({ status: ordOrder.status }).from(ordOrder).where(eq(ordOrder.orderNo, orderNo));
    return {
      orderNo,
      status: (now?.status ?? 'ejecting') as OrderStatus,
      slot: reserved.slot,
      powerBankId: reserved.powerBankId,
    };
  }

  /**
   * What a rent at this cabinet would be, before anything is charged: the cabinet's outlet (refusing a
   * cabinet that cannot be rented from), the terms and the pay modes offered with them, and the chain
   * copied into the order: the deposit-free switch beside the cabinet, then the terms and the chain together.
   */
  private async offerAt(sn: string) {
    const depositFree = this.needs.settings.depositFree();
    depositFree.catch(() => undefined);
    const { outlet, avail } = await this.terms.rentable(sn);
    const [terms, chain, depositFreeOn] = await Promise.all([
      this.terms.rentTerms(outlet),
      this.terms.chainOf(outlet),
      depositFree,
    ]);
    return {
      outlet,
      avail,
      chain,
      ...terms,
      modes: await this.terms.payModes(undefined, undefined, terms.config, depositFreeOn),
    };
  }

  /**
   * A customer at the start of a rent, in one statement (each part was a statement of its own): the order
   * opened under this rent key, the power banks held, the rent's payment made in the app under the key (its
   * first call reserved the order number) and whether the key's charge was given back (its `…:undo` row).
   * All of it is read again under the customer's lock before anything is written; without a key, only the
   * holding.
   */
  private async customerNow(
    userId: number,
    rentKey: string | undefined,
  ): Promise<{ was: RentResult | null; holding: number; paying: { orderNo: string | null } | null; spent: boolean }> {
    const chargeKey = `rent:${userId}:${rentKey}`;
    const [r] = await query<{
      was: RentResult | null;
      holding: number;
      paying: boolean;
      paying_no: string | null;
      spent: boolean;
    }>(
      this.db,
      rentKey
        ? sql`select
            (select json_build_object('orderNo', o.order_no, 'status', o.status, 'slot', o.slot, 'powerBankId', o.power_bank_id)
               from ${ordOrder} o where o.user_id = ${userId} and o.rent_key = ${rentKey} limit 1) as was,
            (${this.terms.holdingSql(userId)}) as holding,
            exists (select 1 from ${ordPayment} p where p.key = ${chargeKey} and p.purpose = 'rent') as paying,
            (select p.order_no from ${ordPayment} p where p.key = ${chargeKey} and p.purpose = 'rent') as paying_no,
            exists (select 1 from ${ordPayment} p where p.key = ${`${chargeKey}:undo`}) as spent`
        : sql`select null::json as was, (${this.terms.holdingSql(userId)}) as holding, false as paying,
            null::text as paying_no, false as spent`,
    );
    return {
      was: r?.was ?? null,
      holding: Number(r?.holding ?? 0),
      paying: r?.paying ? { orderNo: r.paying_no } : null,
      spent: Boolean(r?.spent),
    };
  }

  /** The customer's order opened under this rent key (the same tap twice answers it). */
  private async orderByKey(userId: number, rentKey: string): Promise<RentResult | null> {
    const [was] = await this.db
      .select()
      .from(ordOrder)
      .where(and(eq(ordOrder.userId, userId), eq(ordOrder.rentKey, rentKey)));
    return was
      ? { orderNo: was.orderNo, status: was.status as OrderStatus, slot: was.slot, powerBankId: was.powerBankId }
      : null;
  }

  /** Whether this charge key was given back (its payment row `…:undo` exists). */
  async keySpent(chargeKey: string, db: Db = this.db): Promise<boolean> {
    const [row] = await db
      .select({ key: ordPayment.key })
      .from(ordPayment)
      .where(eq(ordPayment.key, `${chargeKey}:undo`));
    return Boolean(row);
  }

  /**
   * A rent charged but recorded nothing: under the customer's lock, either a twin request with the
   * same key has opened the order (answered; it keeps the charge) or the key is marked spent by the
   * refund's payment row, written before the refund is asked for (so the sweep settles it if the
   * answer is lost). Answers the twin's order, or null once the money is on its way back. Rents,
   * cable purchases and Bluetooth sessions all give back this way (they share the customer's lock).
   */
  async giveBackCharge(c: {
    userId: number;
    rentKey: string | null;
    chargeKey: string;
    amount: number;
    reference: string;
    orderNo: string;
    op?: 'refund' | 'unfreeze';
  }): Promise<OrderRow | null> {
    const op = c.op ?? 'refund';
    const key = `${c.chargeKey}:undo`;
    const twin = await inTransaction(this.db, async (tx) => {
      await tx.execute(customerLock(c.userId));
      if (c.rentKey) {
        const [was] = await tx
          .select()
          .from(ordOrder)
          .where(and(eq(ordOrder.userId, c.userId), eq(ordOrder.rentKey, c.rentKey)));
        if (was) return was;
      }
      await tx
        .insert(ordPayment)
        .values({ key, op, purpose: 'undo', userId: c.userId, amount: c.amount })
        .onConflictDoNothing();
      return null;
    });
    if (twin) return twin;
    void this.paying
      .sendPayment({
        key,
        op,
        amount: c.amount,
        userId: c.userId,
        orderNo: null,
        chargeReference: c.reference,
      })
      .catch((e: unknown) => this.log.error({ err: e, orderNo: c.orderNo }, 'deposit of a failed rent not returned'));
    return null;
  }

  /** The cabinet's answer to a rental eject: using, or closed with everything given back. */
  async ejectOutcome(e: { commandId: string; ejected: boolean }): Promise<void> {
    this.meter.business('rentEject', e.ejected ? 'ejected' : 'notEjected');
    // The usual case in one conditional update (no read and lock first): the order waiting for this eject is using.
    // The update and its timeline entry are one statement: atomic by itself, no transaction around it (was four round
    // trips: begin, the update, the entry, commit).
    if (e.ejected) {
      const [done] = await query<{ id: number }>(
        this.db,
        sql`with o as ${this.db
          .update(ordOrder)
          .set({ status: 'using', startAt: new Date() })
          .where(and(eq(ordOrder.commandId, e.commandId), eq(ordOrder.status, 'ejecting')))
          .returning({ id: ordOrder.id, sn: ordOrder.sn })}, ev as (
            insert into ${ordEvent} (order_id, event, actor) select o.id, 'ejected', o.sn from o
          )
          select id from o`,
      );
      if (done) return;
    }
    const released = await inTransaction(this.db, async (tx) => {
      const [o] = await tx.select().from(ordOrder).where(eq(ordOrder.commandId, e.commandId)).for('update');
      if (!o) return null;
      if (o.status !== 'ejecting') {
        if (e.ejected && o.status === 'closed')
          this.log.warn({ orderNo: o.orderNo }, 'a power bank left for an order already closed');
        return null;
      }
      if (e.ejected) {
        await tx.update(ordOrder).set({ status: 'using', startAt: new Date() }).where(eq(ordOrder.id, o.id));
        await this.events(tx, o.id, [{ event: 'ejected', actor: o.sn }]);
        return null;
      }
      await this.events(tx, o.id, [{ event: 'ejectFailed', actor: o.sn }]);
      return this.settling.close(tx, o, null);
    });
    if (released) await this.paying.sendPayment(released);
  }
}
