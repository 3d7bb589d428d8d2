import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from '../../platform/ops/metrics.js';
import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import {
  MEMBER_LEVEL_DISCOUNT,
  type AccountKind,
  type OrderActionResult,
  type OrderBilling,
  type OrderEvent,
  type OrderPayChannel,
  type OrderSource,
  type OrderStatus,
  type PayMode,
  type RentResult,
  type ShareParty,
} from '@cbo/contract';
import { query, type Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { afterCommit } from '../../platform/db/request-tx.js';
import type { Principal } from '../../platform/http/routes.js';
import { billedMinutes, percentOf, rentalFee } from './billing.js';
import type { DevicePayTerms, EntryInput, OrderNeeds, OutletForOrder } from './needs.js';
import { payChannelOf } from './pay-config.js';
import type { PaymentOutcome, PaymentProvider, SignedNotification } from './payments.js';
import { InAppPayments } from './in-app-payments.js';
import { ordEvent, ordEventArchive, ordOrder, ordOrderArchive, ordPayment, ordRefund } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

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
const OPEN: OrderStatus[] = ['ejecting', 'using'];
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
  actor: string;
  event: OrderEvent;
  note?: string;
  fromEjecting?: boolean;
  staffEnd?: boolean;
}

/**
 * The order engine: the life of a rental and the money that moves with it.
 *
 * - Rent: the deposit is charged through the payment company first (its key makes a retried tap
 *   one charge), then one transaction records the order (waiting for the eject), the money held
 *   in the ledger and the eject command under the cabinet's lock; the eject is published after
 *   it commits. The order is "using" only when the cabinet says the power bank left.
 * - An eject that fails, or expires and the inventory says nothing left, closes the order and
 *   gives everything held back.
 * - A power bank arriving in any cabinet ends its order: the fee comes from the billing rule
 *   copied into the order, is taken from what is held, the rest released (less the deposit refund
 *   fee), and what is still due is asked of the payment company (awaiting deduction). Once the
 *   order has its money, the net less the tax is shared along the chain copied into the order.
 * - Deposit-free: the declared amount is frozen by the payment company before anything is
 *   recorded (a pre-authorization); the fee is paid from it and the rest unfrozen at the end, all
 *   of it unfrozen when nothing is owed or the order closes (docs/decisions.md, "Deposit-free
 *   rentals carry their authorization").
 * - A refund takes the money back from every share pro rata, and gives it back if it fails.
 *
 * Every state change, its ledger movement and its timeline entry are one transaction; "only once"
 * is decided by the order's row lock or a conditional update, and every movement's key is unique.
 */
export class OrderEngine {
  constructor(
    private readonly db: Db,
    private readonly needs: OrderNeeds,
    readonly provider: PaymentProvider,
    private readonly log: FastifyBaseLogger,
    /** Rental ejects, returns and settles counted by outcome where they happen (GET /metrics). */
    private readonly meter: Pick<Metrics, 'business' | 'counted'>,
  ) {
    provider.onNotify((n) => this.notified(n).then(() => undefined));
    this.inApp = new InAppPayments(db, this, log);
  }
  /** Rents the customer pays in the app (a real payment company): in-app-payments.ts. */
  private readonly inApp: InAppPayments;

  // ------------------------------------------------------------------ the chain and the rule

  /**
   * Who shares an order at this outlet: each agent earns what it holds less what it granted below;
   * the outlet its ratio; the service provider's ratio, then the operator's (the direct-sales team
   * owning the outlet), come out of the platform's part, each at most what the platform has left.
   */
  async chainOf(outlet: OutletForOrder): Promise<ChainLink[]> {
    const links: ChainLink[] = [];
    let platform = 100 - outlet.ratio;
    if (outlet.agentId) {
      const line = await this.needs.agentLine(outlet.agentId);
      if (line.length) {
        platform = 100 - line[0]!.ratio;
        line.forEach((a, i) => {
          const below = line[i + 1]?.ratio ?? outlet.ratio;
          links.push({
            party: `agent${a.level}` as ShareParty,
            partyId: a.id,
            name: a.name,
            ratio: Math.max(0, a.ratio - below),
          });
        });
      }
    }
    links.push({ party: 'outlet', partyId: outlet.id, name: outlet.name, ratio: outlet.ratio });
    // The service provider's ratio comes out of the platform's part.
    if (outlet.serviceProviderId && outlet.serviceProviderRatio > 0) {
      const ratio = Math.min(outlet.serviceProviderRatio, Math.max(0, platform));
      links.push({
        party: 'serviceProvider',
        partyId: outlet.serviceProviderId,
        name: await this.needs.providerName(outlet.serviceProviderId),
        ratio,
      });
      platform -= ratio;
    }
    // So does the operator's: the direct-sales team that owns the outlet (docs/decisions.md, "The operator's share").
    const team = outlet.teamId ? await this.needs.teamShare(outlet.teamId) : null;
    if (outlet.teamId && team && team.ratio > 0) {
      links.push({
        party: 'operator',
        partyId: outlet.teamId,
        name: team.name,
        ratio: Math.min(team.ratio, Math.max(0, platform)),
      });
    }
    return links;
  }

  /**
   * The rule an order at this outlet is billed by: the outlet's, with the free minutes at least the
   * platform's setting and within its bounds; then the device payment configuration of cabinets,
   * when one is enabled, sets the money terms (docs/decisions.md, "Device payment configurations
   * act"): the amount held (its deposit or prepayment; a deposit-free configuration keeps the
   * outlet's deposit for who pays one anyway), the buy-out price (the total cap) and the buy-out
   * days. Without one: the outlet's deposit and total cap, the buy-out after BUY_OUT_DAYS.
   */
  async rentTerms(outlet: OutletForOrder): Promise<{ billing: OrderBilling; config: DevicePayTerms | null }> {
    const [op, config] = await Promise.all([this.needs.settings.operation(), this.needs.settings.devicePay('cabinet')]);
    const free = Math.min(op.maxFreeMinutes, Math.max(op.minFreeMinutes, outlet.billing.freeMinutes, op.freeMinutes));
    const billing: OrderBilling = { ...outlet.billing, freeMinutes: free, buyOutDays: BUY_OUT_DAYS };
    if (!config) return { billing, config: null };
    return {
      billing: {
        ...billing,
        deposit: config.payMode === 'depositFree' ? billing.deposit : config.amount,
        totalCap: config.buyoutPrice,
        buyOutDays: config.buyoutDays,
      },
      config,
    };
  }

  async billingOf(outlet: OutletForOrder): Promise<OrderBilling> {
    return (await this.rentTerms(outlet)).billing;
  }

  /**
   * The pay modes offered; for a customer at an outlet, deposit-free only where the deposit rules
   * allow it. A device payment configuration narrows them: the balance only when it offers the
   * balance channel, a deposit only with a payment company's channel, deposit-free only when its
   * pay mode is deposit-free.
   */
  async payModes(userId?: number, outlet?: OutletForOrder, config?: DevicePayTerms | null): Promise<PayMode[]> {
    const terms = config === undefined ? await this.needs.settings.devicePay('cabinet') : config;
    const company = !terms || terms.channels.some((c) => c !== 'balance');
    const allowed = (m: PayMode) =>
      !terms ||
      (m === 'balance'
        ? terms.channels.includes('balance')
        : company && (m !== 'depositFree' || terms.payMode === 'depositFree'));
    const base: PayMode[] = ['deposit', 'balance'];
    if (!(await this.needs.settings.depositFree())) return base.filter(allowed);
    if (
      userId &&
      outlet &&
      (await this.needs.deposits.depositFreeRefusal(userId, placeOf(outlet, await this.chainOf(outlet))))
    )
      return base.filter(allowed);
    return (['deposit', 'depositFree', 'balance'] as PayMode[]).filter(allowed);
  }

  /** The channel a rental's money goes through (pay-config.ts: one rule for every device kind). */
  channelOf(
    config: DevicePayTerms | null,
    payMode: PayMode,
    asked: OrderPayChannel | undefined,
  ): OrderPayChannel | null {
    return payChannelOf(config, payMode, asked);
  }

  /** The cabinet's outlet, in service; refuses what cannot be rented from. */
  async rentable(
    sn: string,
  ): Promise<{ outlet: OutletForOrder; avail: Awaited<ReturnType<OrderNeeds['fleet']['availability']>> }> {
    const avail = await this.needs.fleet.availability(sn);
    if (!avail.exists || !avail.outletId) throw new AppError('ORDER_DEVICE_NOT_FOUND');
    const outlet = await this.needs.outlets.forOrder(avail.outletId);
    if (!outlet || outlet.status === 'deleted') throw new AppError('ORDER_DEVICE_NOT_FOUND');
    if (outlet.status === 'suspended') throw new AppError('ORDER_OUTLET_SUSPENDED');
    return { outlet, avail };
  }

  /** Power banks a customer holds now (a Bluetooth session is not one). */
  async holding(userId: number, db: Db = this.db): Promise<number> {
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(ordOrder)
      .where(and(eq(ordOrder.userId, userId), eq(ordOrder.deviceType, 'powerBank'), inArray(ordOrder.status, OPEN)));
    return Number(r?.n ?? 0);
  }

  /** A customer's balance (a liability: its credits less debits). */
  async balanceOf(userId: number, db: Db = this.db): Promise<number> {
    return -(await this.needs.ledger.balance({ kind: 'userBalance', partyId: userId }, db));
  }

  // ------------------------------------------------------------------ rent

  /** The signed-in customer of an app call; agents' app accounts and frozen customers are refused. */
  async customer(p: Principal): Promise<NonNullable<Awaited<ReturnType<OrderNeeds['customers']['member']>>>> {
    if (p.accountType !== 'user') throw new AppError('ORDER_APP_USERS_ONLY');
    const member = await this.needs.customers.member(p.accountId);
    if (!member || member.status !== 0) throw new AppError('ACCOUNT_FROZEN');
    return member;
  }

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
        const paid = await this.inApp.find(`rent:${p.accountId}:${req.idempotencyKey}`);
        if (paid && paid.status !== 'failed') await this.inApp.giveBackIfPaid(paid);
      }
      throw err;
    }
  }

  private async rentOnce(
    p: Principal,
    req: { sn: string; payMode: PayMode; channel?: OrderPayChannel; idempotencyKey?: string; payerId?: string },
  ): Promise<RentResult> {
    const member = await this.customer(p);
    if (req.idempotencyKey) {
      const [was] = await this.db
        .select()
        .from(ordOrder)
        .where(and(eq(ordOrder.userId, member.id), eq(ordOrder.rentKey, req.idempotencyKey)));
      if (was)
        return {
          orderNo: was.orderNo,
          status: was.status as OrderStatus,
          slot: was.slot,
          powerBankId: was.powerBankId,
        };
    }
    const { outlet, avail } = await this.rentable(req.sn);
    const { billing, config } = await this.rentTerms(outlet);
    if (!(await this.payModes(undefined, undefined, config)).includes(req.payMode))
      throw new AppError('ORDER_PAY_MODE');
    const channel = this.channelOf(config, req.payMode, req.channel);
    if (!avail.online) throw new AppError('ORDER_DEVICE_OFFLINE');
    if (avail.available < 1) throw new AppError('ORDER_NO_POWER_BANK');
    const { maxPowerBanksPerRental: max } = await this.needs.settings.operation();
    if ((await this.holding(member.id)) >= max) throw new AppError('ORDER_MAX_RENTALS', { max });
    const chain = await this.chainOf(outlet);
    // A rent paid in the app comes twice under one key: the second call keeps the number the first gave.
    const paying = req.idempotencyKey ? await this.inApp.find(`rent:${member.id}:${req.idempotencyKey}`) : null;
    const orderNo = paying?.orderNo ?? newNo('R');
    const held = billing.deposit;
    const chargeKey = `rent:${member.id}:${req.idempotencyKey ?? orderNo}`;
    // The customer's app pays first when the channel's company is a real one: the rent answers what it pays with.
    const payInApp = async (out: PaymentOutcome, op: 'charge' | 'freeze', amount: number): Promise<RentResult> => {
      await this.inApp.awaiting({ key: chargeKey, op, userId: member.id, orderNo, amount });
      if (!req.idempotencyKey) throw new AppError('ORDER_KEY_REQUIRED');
      return {
        orderNo,
        status: 'pendingPayment',
        slot: null,
        powerBankId: null,
        payment: { channel: channel ?? '', params: out.payParams ?? {} },
      };
    };

    // The deposit is taken before anything is recorded: no order exists without its money.
    let reference: string | null = null;
    if (await this.keySpent(chargeKey)) throw new AppError('ORDER_KEY_SPENT');
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
        await this.giveBackCharge({
          userId: member.id,
          rentKey: null,
          chargeKey,
          amount: paid.amount,
          reference: paid.reference,
          orderNo,
        });
        throw new AppError('ORDER_PAYMENT_FAILED', { reason: 'amount' });
      }
      reference = paid.reference;
    }
    // Deposit-free: the amount declared (the buy-out cap) is frozen on the customer's account first,
    // under the same key. Like a deposit charge, only a granted authorization opens the order; one
    // pending or unanswered is given back at once (its key spent), so nothing stays frozen for an
    // order that does not exist (docs/decisions.md, "Deposit-free rentals carry their authorization").
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
          await this.giveBackCharge({
            userId: member.id,
            rentKey: null,
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
        await this.giveBackCharge({
          userId: member.id,
          rentKey: null,
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
    const byKey = async () => {
      if (!req.idempotencyKey) return null;
      const [was] = await this.db
        .select()
        .from(ordOrder)
        .where(and(eq(ordOrder.userId, member.id), eq(ordOrder.rentKey, req.idempotencyKey)));
      return was
        ? { orderNo: was.orderNo, status: was.status as OrderStatus, slot: was.slot, powerBankId: was.powerBankId }
        : null;
    };
    let reserved: { commandId: string; slot: number; powerBankId: string } | null;
    try {
      reserved = await this.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        // One customer's rents are decided one after another: the holding limit and the balance are read under this lock.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ord-user'), ${member.id}::int)`);
        // The same tap twice: the first one's order answers both (and owns the one charge).
        if (req.idempotencyKey) {
          const [was] = await tx
            .select({ id: ordOrder.id })
            .from(ordOrder)
            .where(and(eq(ordOrder.userId, member.id), eq(ordOrder.rentKey, req.idempotencyKey)));
          if (was) return null;
        }
        // A retry after this key's charge was given back: the company answers that charge again, which paid nothing.
        if (await this.keySpent(chargeKey, tx)) throw new AppError('ORDER_KEY_SPENT');
        if ((await this.holding(member.id, tx)) >= max) throw new AppError('ORDER_MAX_RENTALS', { max });
        if (req.payMode === 'balance' && (await this.balanceOf(member.id, tx)) < held)
          throw new AppError('ORDER_BALANCE_LOW', { need: (held / 100).toFixed(2) });
        if (req.payMode === 'depositFree') {
          // The deposit rules, read under the customer's lock: two rents at once cannot both use the last deposit-free order earned.
          const refused = await this.needs.deposits.depositFreeRefusal(member.id, placeOf(outlet, chain), tx);
          if (refused) throw new AppError('DEPOSIT_FREE_REFUSED', refused);
        }
        const r = await this.needs.fleet.reserveEject(tx, req.sn);
        const [order] = await tx
          .insert(ordOrder)
          .values({
            orderNo,
            userId: member.id,
            userMobile: `${member.areaCode}-${member.mobile}`,
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
          .returning();
        const o = order!;
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
            declared: o.depositAmount,
            simulated: o.simulated,
          });
        else if (held > 0)
          await this.needs.deposits.held(tx, {
            orderNo,
            userId: member.id,
            userMobile: o.userMobile,
            outletId: outlet.id,
            outletName: outlet.name,
            amount: held,
            channel: req.payMode === 'balance' ? 'balance' : 'provider',
            payReference: reference,
            simulated: o.simulated,
          });
        if (req.payMode === 'deposit' && held > 0) {
          await this.needs.ledger.post(
            {
              idempotencyKey: `rent:${orderNo}`,
              kind: 'rent',
              orderNo,
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
              memo: 'depositFromBalance',
              entries: [
                { account: { kind: 'userBalance', partyId: member.id }, debit: held },
                { account: { kind: 'userDeposit', partyId: member.id }, credit: held },
              ],
            },
            tx,
          );
        }
        await this.events(tx, o.id, [
          { event: 'created', actor: o.userMobile },
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
      const twin = reference
        ? await this.giveBackCharge({
            userId: member.id,
            rentKey: req.idempotencyKey ?? null,
            chargeKey,
            amount: held,
            reference,
            orderNo,
          })
        : await this.giveBackCharge({
            userId: member.id,
            rentKey: req.idempotencyKey ?? null,
            chargeKey,
            amount: declared,
            reference: authReference!,
            orderNo,
            op: 'unfreeze',
          });
      if (twin)
        return {
          orderNo: twin.orderNo,
          status: twin.status as OrderStatus,
          slot: twin.slot,
          powerBankId: twin.powerBankId,
        };
      throw err;
    }
    if (!reserved) return (await byKey())!;
    await this.needs.fleet.dispatch(reserved.commandId);
    const [now] = await this.db.select({ status: ordOrder.status }).from(ordOrder).where(eq(ordOrder.orderNo, orderNo));
    return {
      orderNo,
      status: (now?.status ?? 'ejecting') as OrderStatus,
      slot: reserved.slot,
      powerBankId: reserved.powerBankId,
    };
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
    const twin = await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ord-user'), ${c.userId}::int)`);
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
    void this.sendPayment({
      key,
      op,
      amount: c.amount,
      userId: c.userId,
      orderNo: null,
      chargeReference: c.reference,
    }).catch((e: unknown) => this.log.error({ err: e, orderNo: c.orderNo }, 'deposit of a failed rent not returned'));
    return null;
  }

  // ------------------------------------------------------------------ what the cabinets say

  /** The cabinet's answer to a rental eject: using, or closed with everything given back. */
  async ejectOutcome(e: { commandId: string; ejected: boolean }): Promise<void> {
    this.meter.business('rentEject', e.ejected ? 'ejected' : 'notEjected');
    const released = await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
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
      return this.close(tx, o, null);
    });
    if (released) await this.sendPayment(released);
  }

  /** A power bank came back to a cabinet: its open order ends there and then. */
  returned(e: { sn: string; powerBankId: string; at: Date }): Promise<void> {
    return this.meter.counted('return', () => this.returnedOnce(e))();
  }

  private async returnedOnce(e: { sn: string; powerBankId: string; at: Date }): Promise<void> {
    const [o] = await this.db
      .select({ id: ordOrder.id })
      .from(ordOrder)
      .where(and(eq(ordOrder.powerBankId, e.powerBankId), inArray(ordOrder.status, OPEN)));
    if (!o) return;
    try {
      await this.settle(o.id, e.at, { returnSn: e.sn, actor: e.sn, event: 'returned', fromEjecting: true });
    } catch (err) {
      if (!(err instanceof AppError && err.errorName === 'ORDER_NOT_USING')) throw err;
    }
  }

  // ------------------------------------------------------------------ ending

  /**
   * Ends a using order at `end` (a return may also end one still waiting for its eject result: the
   * power bank came back, so it left): the fee from the rule, taken from what is held, the rest
   * released, what is still due asked of the payment company, the shares once it is all paid.
   */
  settle(orderId: number, end: Date, how: SettleHow): Promise<OrderActionResult> {
    return this.meter.counted(
      'settle',
      () => this.settleOnce(orderId, end, how),
      (r) => r.status,
    )();
  }

  private async settleOnce(orderId: number, end: Date, how: SettleHow): Promise<OrderActionResult> {
    const settings = await this.needs.settings.pay();
    let returnOutlet: { id: number; name: string } | null = null;
    if (how.returnSn) {
      const outletId = await this.needs.fleet.outletOf(how.returnSn);
      const outlet = outletId ? await this.needs.outlets.forOrder(outletId) : null;
      returnOutlet = outlet ? { id: outlet.id, name: outlet.name } : null;
    }
    const outletTeam = await this.outletTeamOf(orderId);
    // The level that gives a benefit: the customer's now, while the membership function is activated.
    const memberLevel = (await this.needs.settings.membership()) ? await this.levelOfOrder(orderId) : null;
    const { result, payments } = await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [o] = await tx.select().from(ordOrder).where(eq(ordOrder.id, orderId)).for('update');
      if (!o) throw new AppError('ORDER_NOT_FOUND');
      if (!(o.status === 'using' || (how.fromEjecting && o.status === 'ejecting')))
        throw new AppError('ORDER_NOT_USING');
      const start = o.startAt ?? o.createdAt;
      if (how.staffEnd && (end.getTime() < start.getTime() || end.getTime() > Date.now() + 60_000))
        throw new AppError('ORDER_STOP_TIME_WRONG');
      const endAt = end.getTime() < start.getTime() ? start : end;
      const billing = o.billing as OrderBilling;
      const minutes = billedMinutes(start, endAt, o.suspendedMinutes);
      const fee = rentalFee(billing, minutes);
      const amount = o.payMode === 'depositFree' ? Math.min(fee.amount, o.depositAmount) : fee.amount;
      const held = o.payMode === 'depositFree' ? 0 : o.depositAmount;
      // The customer's best valid voucher covers up to its free minutes of the fee; a bought-out order pays in full.
      const capped = (x: number) => Math.min(amount, o.payMode === 'depositFree' ? Math.min(x, o.depositAmount) : x);
      const agentIds = (o.chain as ChainLink[]).flatMap((l) =>
        l.party.startsWith('agent') && l.partyId ? [l.partyId] : [],
      );
      const voucher =
        amount > 0 && fee.paymentKind === 'normal'
          ? await this.needs.vouchers.apply(tx, {
              userId: o.userId,
              orderNo: o.orderNo,
              outletId: o.outletId,
              agentIds,
              at: endAt,
              fee: amount,
              feeAfter: (free) => capped(rentalFee(billing, Math.max(0, minutes - free)).amount),
            })
          : null;
      // Then the best valid coupon on what is left (spec 3, coupon deduction), the platform's marketing expense.
      const afterVoucher = amount - (voucher?.deduction ?? 0);
      const voucherFree = voucher?.freeMinutes ?? 0;
      // Scope operator is the direct-sales team: the chain's operator link (the team at the rent, as
      // the agents are), else the outlet's team (a team at 0 % is no link of the chain).
      const chain = o.chain as ChainLink[];
      const teamId = chain.find((l) => l.party === 'operator')?.partyId ?? outletTeam;
      const providerId = chain.find((l) => l.party === 'serviceProvider')?.partyId ?? null;
      const coupon =
        afterVoucher > 0 && fee.paymentKind === 'normal'
          ? await this.needs.coupons.apply(tx, {
              userId: o.userId,
              orderNo: o.orderNo,
              sn: o.sn,
              outletId: o.outletId,
              agentIds,
              teamId,
              providerId,
              at: endAt,
              owed: afterVoucher,
              owedAfter: (free) => capped(rentalFee(billing, Math.max(0, minutes - voucherFree - free)).amount),
            })
          : null;
      // Then the customer's member level (spec 3, member deduction) while the membership function is
      // activated: its percent of what is left, the platform's marketing expense like a coupon.
      const afterCoupon = afterVoucher - (coupon?.deduction ?? 0);
      const memberOff =
        afterCoupon > 0 && fee.paymentKind === 'normal' && memberLevel
          ? percentOf(afterCoupon, MEMBER_LEVEL_DISCOUNT[memberLevel])
          : 0;
      if (memberOff > 0) {
        await this.needs.ledger.post(
          {
            idempotencyKey: `member:${o.orderNo}`,
            kind: 'memberDeduction',
            orderNo: o.orderNo,
            memo: 'memberDeducted',
            entries: [
              { account: { kind: 'marketingExpense' }, debit: memberOff },
              { account: { kind: 'orderIncome' }, credit: memberOff },
            ],
          },
          tx,
        );
      }
      const owed = afterCoupon - memberOff;
      const take = Math.min(owed, held);
      const due = owed - take;
      const rest = held - take;
      const payments: PendingPayment[] = [];
      if (take > 0) {
        await this.needs.ledger.post(
          {
            idempotencyKey: `settle:${o.orderNo}`,
            kind: 'settle',
            orderNo: o.orderNo,
            memo: 'feeFromDeposit',
            entries: [
              { account: { kind: 'userDeposit', partyId: o.userId }, debit: take },
              { account: { kind: 'orderIncome' }, credit: take },
            ],
          },
          tx,
        );
      }
      const released = rest > 0 ? await this.release(tx, o, rest, settings.depositRefundFeePercent) : null;
      if (released) payments.push(released);
      else if (held > 0 && rest === 0)
        await this.needs.deposits.ended(tx, { orderNo: o.orderNo, feeTaken: take, refundFee: 0, returned: 0 });
      const status: OrderStatus = due > 0 ? 'awaitingDeduction' : 'finished';
      const events: EventInput[] = [
        { event: how.event, actor: how.actor, note: how.note ?? (how.returnSn ? how.returnSn : null) },
        ...(fee.paymentKind === 'timeout' ? [{ event: 'boughtOut' as const, amount }] : []),
        { event: 'fee', amount, note: `${minutes} min` },
        ...(voucher
          ? [{ event: 'voucherUsed' as const, amount: voucher.deduction, note: voucher.voucherOrderNo }]
          : []),
        ...(coupon
          ? [{ event: 'couponUsed' as const, amount: coupon.deduction, note: String(coupon.userCouponId) }]
          : []),
        ...(memberOff > 0 ? [{ event: 'memberDeducted' as const, amount: memberOff, note: memberLevel }] : []),
        ...(take > 0 ? [{ event: 'charged' as const, amount: take }] : []),
        ...(rest > 0 ? [{ event: 'released' as const, amount: rest }] : []),
      ];
      // A deposit-free order with its authorization: the fee is paid from the frozen amount and the
      // rest unfrozen by one request (capture); owing nothing, all of it is unfrozen. Orders rented
      // before authorizations existed (no state) still ask for a deferred deduction.
      const authorized = o.payMode === 'depositFree' && o.authState === 'authorized' && o.authReference;
      if (authorized && due > 0) {
        const key = `capture:${o.orderNo}`;
        await tx
          .insert(ordPayment)
          .values({ key, op: 'capture', purpose: 'capture', orderNo: o.orderNo, userId: o.userId, amount: due })
          .onConflictDoNothing();
        payments.push({
          key,
          op: 'capture',
          amount: due,
          userId: o.userId,
          orderNo: o.orderNo,
          chargeReference: o.authReference!,
        });
      } else if (due > 0) {
        const key = `deduct:${o.orderNo}`;
        await tx
          .insert(ordPayment)
          .values({ key, op: 'charge', purpose: 'deduct', orderNo: o.orderNo, userId: o.userId, amount: due })
          .onConflictDoNothing();
        payments.push({ key, op: 'charge', amount: due, userId: o.userId, orderNo: o.orderNo, deferred: true });
      } else {
        if (authorized) payments.push(await this.releaseAuthorization(tx, o));
        const shared = await this.share(
          tx,
          {
            ...o,
            voucherValue: voucher?.value ?? 0,
            couponDeduction: coupon?.deduction ?? 0,
            memberDeduction: memberOff,
          },
          take,
          settings.taxFeePercent,
        );
        if (shared)
          events.push({ event: 'shared', amount: take + (voucher?.value ?? 0) + (coupon?.deduction ?? 0) + memberOff });
      }
      const [row] = await tx
        .update(ordOrder)
        .set({
          status,
          startAt: start,
          endAt,
          billedMinutes: minutes,
          originalAmount: amount,
          paidAmount: take,
          voucherDeduction: voucher?.deduction ?? 0,
          voucherValue: voucher?.value ?? 0,
          voucherOrderNo: voucher?.voucherOrderNo ?? null,
          couponDeduction: coupon?.deduction ?? 0,
          userCouponId: coupon?.userCouponId ?? null,
          memberDeduction: memberOff,
          generatedAmount: owed,
          paymentKind: fee.paymentKind,
          ...(how.returnSn
            ? {
                returnSn: how.returnSn,
                returnOutletId: returnOutlet?.id ?? null,
                returnOutletName: returnOutlet?.name ?? null,
              }
            : {}),
        })
        .where(eq(ordOrder.id, o.id))
        .returning();
      await this.events(tx, o.id, events);
      return { result: actionResult(row!), payments };
    });
    for (const p of payments) this.later(p);
    return result;
  }

  /** The member level of an order's customer (the settle reads it once, before its transaction). */
  private async levelOfOrder(orderId: number): Promise<'A' | 'B' | 'C' | null> {
    const [o] = await this.db.select({ userId: ordOrder.userId }).from(ordOrder).where(eq(ordOrder.id, orderId));
    return o ? ((await this.needs.customers.member(o.userId))?.level ?? null) : null;
  }

  /** Releases what is held back to the customer (less the deposit refund fee); answers the payment to send, if any. */
  private async release(tx: Db, o: OrderRow, rest: number, feePercent: number): Promise<PendingPayment | null> {
    if (o.payMode === 'balance') {
      await this.needs.ledger.post(
        {
          idempotencyKey: `release:${o.orderNo}`,
          kind: 'release',
          orderNo: o.orderNo,
          memo: 'depositToBalance',
          entries: [
            { account: { kind: 'userDeposit', partyId: o.userId }, debit: rest },
            { account: { kind: 'userBalance', partyId: o.userId }, credit: rest },
          ],
        },
        tx,
      );
      await this.needs.deposits.ended(tx, {
        orderNo: o.orderNo,
        feeTaken: o.depositAmount - rest,
        refundFee: 0,
        returned: rest,
      });
      return null;
    }
    // The deposit refund fee is kept of deposits only; a Bluetooth prepayment goes back whole.
    const fee = o.payMode === 'prepayment' ? 0 : percentOf(rest, feePercent);
    const back = rest - fee;
    await this.needs.ledger.post(
      {
        idempotencyKey: `release:${o.orderNo}`,
        kind: 'release',
        orderNo: o.orderNo,
        memo: 'depositBack',
        entries: [
          { account: { kind: 'userDeposit', partyId: o.userId }, debit: rest },
          { account: { kind: 'providerClearing' }, credit: back },
          { account: { kind: 'fees' }, credit: fee },
        ],
      },
      tx,
    );
    await this.needs.deposits.ended(tx, {
      orderNo: o.orderNo,
      feeTaken: o.depositAmount - rest,
      refundFee: fee,
      returned: back,
    });
    if (back <= 0 || !o.payReference) return null;
    const key = `release:${o.orderNo}`;
    await tx
      .insert(ordPayment)
      .values({ key, op: 'refund', purpose: 'release', orderNo: o.orderNo, userId: o.userId, amount: back })
      .onConflictDoNothing();
    return { key, op: 'refund', amount: back, userId: o.userId, orderNo: o.orderNo, chargeReference: o.payReference };
  }

  /**
   * Asks for a deposit-free order's whole authorization to be unfrozen (a free rental, a close): the
   * request is recorded here, sent once the transaction commits; its outcome moves the state.
   */
  private async releaseAuthorization(tx: Db, o: OrderRow): Promise<PendingPayment> {
    const key = `unfreeze:${o.orderNo}`;
    await tx
      .insert(ordPayment)
      .values({ key, op: 'unfreeze', purpose: 'unfreeze', orderNo: o.orderNo, userId: o.userId, amount: o.authAmount })
      .onConflictDoNothing();
    return {
      key,
      op: 'unfreeze',
      amount: o.authAmount,
      userId: o.userId,
      orderNo: o.orderNo,
      chargeReference: o.authReference!,
    };
  }

  /**
   * Shares what an order was paid, with the value its voucher use moved to order income and the
   * coupon's deduction (which the platform paid into order income as its marketing expense), less
   * the tax, along its chain; the platform takes the rest.
   */
  async share(tx: Db, o: OrderRow, paid: number, taxPercent: number): Promise<boolean> {
    const net = paid + o.voucherValue + o.couponDeduction + o.memberDeduction;
    if (net <= 0) return false;
    const tax = percentOf(net, taxPercent);
    const rest = net - tax;
    const entries: EntryInput[] = [
      { account: { kind: 'orderIncome' }, debit: net },
      { account: { kind: 'taxes' }, credit: tax },
    ];
    const parts = (o.chain as ChainLink[]).map((l) => ({
      kind: PAYABLE_OF[l.party],
      partyId: l.partyId,
      amount: Math.floor((rest * l.ratio) / 100),
    }));
    const given = parts.reduce((sum, p) => sum + p.amount, 0);
    // The chain was copied at the rent; a team deleted since earns nothing: its part stays with the platform.
    const shares: { kind: AccountKind; partyId: number | null; amount: number }[] = [];
    for (const p of await this.needs.standingPayables(tx, parts)) {
      entries.push({ account: { kind: p.kind, partyId: p.partyId }, credit: p.amount });
      if (p.kind !== 'revenue' && p.amount > 0) shares.push(p);
    }
    entries.push({ account: { kind: 'revenue' }, credit: rest - given });
    const key = `share:${o.orderNo}`;
    const posted = await this.needs.ledger.post(
      { idempotencyKey: key, kind: 'share', orderNo: o.orderNo, memo: 'sharesOfNet', entries },
      tx,
    );
    if (!posted) return false;
    // Separation rules name cabinets: a power bank's order, shared now for the first time, may be separated.
    const diverted =
      o.deviceType === 'powerBank'
        ? await this.needs.separation.shared(tx, {
            orderNo: o.orderNo,
            sn: o.sn,
            createdAt: o.createdAt,
            amount: net,
            shares,
          })
        : [];
    // What the outlet kept of this share pays back part of its cost to its owner.
    const kept = diverted.some((d) => d.kind === 'outletPayable')
      ? undefined
      : shares.find((p) => p.kind === 'outletPayable');
    const repaid = kept && o.outletId ? await this.recoverCost(tx, o.orderNo, o.outletId, kept.amount) : null;
    // After the separation (which takes back at most what this share gave): a partner that owes pays from what it got.
    await this.needs.ledger.keepPayablesWhole(
      tx,
      [...shares, ...(repaid ? [repaid] : [])].map((p) => ({ kind: p.kind, partyId: p.partyId })),
      'added',
      key,
    );
    return true;
  }

  /**
   * The outlet's cost amortization (docs/decisions.md, "The outlet's cost and its amortization"): its
   * amortization execution ratio of what it earned moves from its payable to its owner's (agent, or the
   * direct-sales team's operator payable), until the cost amount is paid back. The movement names the
   * outlet, not the order: an order's refund takes back what the order shared, and a cost paid back stays
   * paid back (the outlet's counter always equals its costRecovery movements).
   */
  private async recoverCost(
    tx: Db,
    orderNo: string,
    outletId: number,
    earned: number,
  ): Promise<{ kind: AccountKind; partyId: number | null } | null> {
    const got = await this.needs.outlets.recoverCost(tx, outletId, earned);
    if (!got) return null;
    // A deleted team earns nothing: what its outlet pays back goes to the platform (as its shares do).
    const [to] = await this.needs.standingPayables(tx, [
      {
        kind: got.owner.kind === 'agent' ? ('agentPayable' as AccountKind) : 'operatorPayable',
        partyId: got.owner.id,
        amount: got.amount,
      },
    ]);
    await this.needs.ledger.post(
      {
        idempotencyKey: `cost:${orderNo}`,
        kind: 'costRecovery',
        outletId,
        memo: 'outletCostRecovered',
        entries: [
          { account: { kind: 'outletPayable', partyId: outletId }, debit: got.amount },
          { account: { kind: to!.kind, partyId: to!.partyId }, credit: got.amount },
        ],
      },
      tx,
    );
    return to!.kind === 'revenue' ? null : to!;
  }

  /** Closes an order without a charge: everything held goes back. */
  private async close(tx: Db, o: OrderRow, actor: string | null, note?: string): Promise<PendingPayment | null> {
    const held = o.payMode === 'depositFree' ? 0 : o.depositAmount;
    const released =
      held > 0
        ? await this.release(tx, o, held, 0)
        : o.authState === 'authorized' && o.authReference
          ? await this.releaseAuthorization(tx, o)
          : null;
    await tx
      .update(ordOrder)
      .set({ status: 'closed', endAt: new Date(), originalAmount: 0, paidAmount: 0 })
      .where(eq(ordOrder.id, o.id));
    await this.events(tx, o.id, [
      ...(held > 0 ? [{ event: 'released' as const, amount: held }] : []),
      { event: 'closed', actor, note: note ?? null },
    ]);
    return released;
  }

  // ------------------------------------------------------------------ staff actions

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

  /**
   * The team owning an order's outlet when the order's chain names no operator (a direct-sales
   * outlet whose team earns 0 %): the coupon scope "operator" still holds there. Read before the
   * settle's transaction (the outlet module reads outside it); an order's outlet never changes, and
   * an agent's outlet (agents in the chain) has no team, so only a direct outlet is asked.
   */
  private async outletTeamOf(orderId: number): Promise<number | null> {
    const [o] = await this.db
      .select({ outletId: ordOrder.outletId, chain: ordOrder.chain })
      .from(ordOrder)
      .where(eq(ordOrder.id, orderId));
    const chain = (o?.chain ?? []) as ChainLink[];
    if (!o?.outletId || chain.some((l) => l.party === 'operator' || l.party.startsWith('agent'))) return null;
    return (await this.needs.outlets.forOrder(o.outletId))?.teamId ?? null;
  }

  /** Staff end a using order at a chosen time (not before its start, not in the future). */
  async end(req: { orderNo: string; endTime: string; reason: string }, by: string): Promise<OrderActionResult> {
    const o = await this.find(req.orderNo);
    nameAuditTarget(o.orderNo);
    if (o.status !== 'using') throw new AppError('ORDER_NOT_USING');
    return this.settle(o.id, new Date(req.endTime), { actor: by, event: 'ended', note: req.reason, staffEnd: true });
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
    const { result, payment } = await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [o] = await tx.select().from(ordOrder).where(eq(ordOrder.id, o0.id)).for('update');
      if (!o || !['ejecting', 'using', 'pendingPayment', 'awaitingDeduction'].includes(o.status))
        throw new AppError('ORDER_CANNOT_INIT');
      let payment: PendingPayment | null = null;
      if (o.status === 'ejecting' || o.status === 'using') {
        payment = await this.close(tx, o, by, req.reason);
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
        if (o.authState === 'authorized' && o.authReference) payment = await this.releaseAuthorization(tx, o);
        await this.share(tx, o, o.paidAmount, settings.taxFeePercent);
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
    if (payment) this.later(payment);
    return result;
  }

  /** A refund the payment company paid (or one to the balance): the money owed back leaves, the order is finished again. */
  async refundDone(
    tx: Db,
    r: typeof ordRefund.$inferSelect,
    how: { reference: string | null; toBalance: boolean },
  ): Promise<void> {
    await this.needs.ledger.post(
      {
        idempotencyKey: `refund-done:${r.refundNo}`,
        kind: 'refund',
        orderNo: r.orderNo,
        memo: 'refundPaid',
        entries: [
          { account: { kind: 'refunds' }, debit: r.amount },
          {
            account: how.toBalance ? { kind: 'userBalance', partyId: r.userId } : { kind: 'providerClearing' },
            credit: r.amount,
          },
        ],
      },
      tx,
    );
    await tx
      .update(ordRefund)
      .set({ status: 'complete', providerReference: how.reference, finishedAt: new Date() })
      .where(eq(ordRefund.id, r.id));
    await tx
      .update(ordOrder)
      .set({ status: 'finished' })
      .where(and(eq(ordOrder.id, r.orderId), eq(ordOrder.status, 'refunding')));
    await this.events(tx, r.orderId, [{ event: 'refunded', amount: r.amount, note: how.reference }]);
  }

  // ------------------------------------------------------------------ the payment company

  later(p: PendingPayment): void {
    afterCommit(() => void this.sendPayment(p));
  }

  /** Sends a recorded request; its outcome (now, by notification or by query) is applied once. */
  async sendPayment(p: PendingPayment): Promise<void> {
    try {
      const outcome =
        p.op === 'charge'
          ? await this.provider.charge({
              key: p.key,
              amount: p.amount,
              userId: p.userId,
              description: p.orderNo ?? p.key,
              deferred: p.deferred,
            })
          : p.op === 'capture'
            ? await this.provider.captureAuthorization({
                key: p.key,
                amount: p.amount,
                authReference: p.chargeReference ?? '',
                description: p.orderNo ?? p.key,
              })
            : p.op === 'unfreeze'
              ? await this.provider.releaseAuthorization({
                  key: p.key,
                  amount: p.amount,
                  authReference: p.chargeReference ?? '',
                })
              : await this.provider.refund({ key: p.key, amount: p.amount, chargeReference: p.chargeReference ?? '' });
      await this.applyOutcome(outcome);
    } catch (err) {
      this.log.warn({ err, key: p.key }, 'payment request failed; it will be queried');
    }
  }

  /** A signed notification: verified, then applied like any outcome (a duplicate changes nothing). */
  async notified(n: SignedNotification): Promise<boolean> {
    const outcome = await this.provider.verify(n);
    if (!outcome) throw new AppError('PAYMENT_SIGNATURE');
    await this.applyOutcome(outcome);
    return true;
  }

  private balanceRefundOutcome: ((tx: Db, out: PaymentOutcome) => Promise<void>) | null = null;
  /** Balance refunds (order.balance-refunds.ts) take their parts' outcomes, in the transaction that applies each once. */
  onBalanceRefundOutcome(handler: (tx: Db, out: PaymentOutcome) => Promise<void>): void {
    this.balanceRefundOutcome = handler;
  }

  /** Applies a final outcome to what it was for, once: the payment's row moves from pending by a conditional update. */
  async applyOutcome(out: PaymentOutcome): Promise<void> {
    if (out.status === 'pending') return;
    const payments: PendingPayment[] = [];
    // Read before the transaction: nothing inside it may wait on another connection (PGlite has one).
    const { taxFeePercent } = await this.needs.settings.pay();
    await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [pay] = await tx
        .update(ordPayment)
        .set({
          status: out.status,
          reference: out.reference,
          failure: out.failure ?? null,
          settledAt: new Date(),
          charged: out.status === 'succeeded' ? out.amount : null,
        })
        .where(and(eq(ordPayment.key, out.key), eq(ordPayment.status, 'pending')))
        .returning();
      // A rent paid in the app: a record of the money only (a late payment after it was given up moves it too).
      if (!pay) {
        await this.inApp.outcome(tx, out);
        return;
      }
      if (InAppPayments.owns(pay)) return;
      if (pay.purpose === 'deduct' || pay.purpose === 'capture') {
        const capture = pay.purpose === 'capture';
        const [o] = await tx.select().from(ordOrder).where(eq(ordOrder.orderNo, pay.orderNo!)).for('update');
        if (!o || o.status !== 'awaitingDeduction' || (capture && o.authState !== 'authorized')) return;
        if (out.status === 'succeeded') {
          // A payment from the authorization enters the books as the payment company's money, like a deduction.
          await this.needs.ledger.post(
            {
              idempotencyKey: `${pay.purpose}:${o.orderNo}`,
              kind: 'deduct',
              orderNo: o.orderNo,
              memo: capture ? 'feeFromAuthorization' : 'feeDeducted',
              entries: [
                { account: { kind: 'providerClearing' }, debit: pay.amount },
                { account: { kind: 'orderIncome' }, credit: pay.amount },
              ],
            },
            tx,
          );
          const paid = o.paidAmount + pay.amount;
          const [row] = await tx
            .update(ordOrder)
            .set({
              status: 'finished',
              paidAmount: paid,
              payReference: o.payReference ?? out.reference,
              ...(capture ? { authState: 'paid' } : {}),
            })
            .where(
              and(
                eq(ordOrder.id, o.id),
                eq(ordOrder.status, 'awaitingDeduction'),
                ...(capture ? [eq(ordOrder.authState, 'authorized')] : []),
              ),
            )
            .returning();
          if (!row) return;
          await this.share(tx, row, paid, taxFeePercent);
          await this.events(tx, o.id, [
            { event: capture ? 'authCaptured' : 'charged', amount: pay.amount, note: out.reference },
            ...(capture && o.authAmount > pay.amount
              ? [{ event: 'authReleased' as const, amount: o.authAmount - pay.amount, note: out.reference }]
              : []),
            { event: 'shared', amount: paid + o.voucherValue + o.couponDeduction + o.memberDeduction },
          ]);
        } else {
          // Refused: the fee is still owed (pending payment); an authorization stays frozen until staff initialise the order, which releases it.
          await tx
            .update(ordOrder)
            .set({ status: 'pendingPayment' })
            .where(and(eq(ordOrder.id, o.id), eq(ordOrder.status, 'awaitingDeduction')));
          await this.events(tx, o.id, [
            { event: capture ? 'authFailed' : 'charged', amount: 0, note: out.failure ?? 'failed' },
          ]);
        }
      } else if (pay.purpose === 'unfreeze') {
        // A deposit-free order's authorization unfrozen whole (a free rental, a close), or refused.
        const [o] = await tx
          .update(ordOrder)
          .set({ authState: out.status === 'succeeded' ? 'released' : 'failed' })
          .where(and(eq(ordOrder.orderNo, pay.orderNo!), eq(ordOrder.authState, 'authorized')))
          .returning({ id: ordOrder.id, authAmount: ordOrder.authAmount });
        if (!o) return;
        if (out.status !== 'succeeded')
          this.log.error(
            { alarm: 'authorizationNotReleased', key: pay.key, orderNo: pay.orderNo, failure: out.failure },
            'ALARM: the payment company refused to release a deposit-free authorization; the amount may still be frozen',
          );
        await this.events(tx, o.id, [
          out.status === 'succeeded'
            ? { event: 'authReleased', amount: o.authAmount, note: out.reference }
            : { event: 'authFailed', amount: 0, note: out.failure ?? 'failed' },
        ]);
      } else if (pay.purpose === 'refund') {
        const [r] = await tx.select().from(ordRefund).where(eq(ordRefund.refundNo, pay.refundNo!)).for('update');
        // Approved and recorded, or handed over: a lost answer may come before the refund was marked sent.
        if (!r || (r.status !== 'refunding' && r.status !== 'approved')) return;
        if (out.status === 'succeeded') await this.refundDone(tx, r, { reference: out.reference, toBalance: false });
        else await this.refundFailed(tx, r, out.failure ?? 'failed');
      } else if (pay.purpose === 'balance') {
        // A part of a balance refund (order.balance-refunds.ts): paid, or back to the balance.
        await this.balanceRefundOutcome?.(tx, out);
      } else if (pay.purpose === 'recharge' && out.status === 'succeeded') {
        // The balance gets what the payment company charged, never only what was asked: a
        // difference is an alarm for the people who reconcile, and the customer is credited the
        // money that really arrived.
        if (out.amount !== pay.amount) {
          this.log.error(
            {
              alarm: 'rechargeAmountDiffers',
              key: pay.key,
              userId: pay.userId,
              requested: pay.amount,
              charged: out.amount,
              reference: out.reference,
            },
            'ALARM: the payment company charged another amount than the top-up asked; the balance is credited what was charged',
          );
        }
        if (out.amount > 0) {
          await this.needs.ledger.post(
            {
              idempotencyKey: `recharge:${pay.key}`,
              kind: 'recharge',
              memo: 'balanceToppedUp',
              entries: [
                { account: { kind: 'providerClearing' }, debit: out.amount },
                { account: { kind: 'userBalance', partyId: pay.userId }, credit: out.amount },
              ],
            },
            tx,
          );
        }
      } else if (pay.purpose === 'release' && out.status === 'failed') {
        // The deposit order says "refund failed": staff ask for its refund from the deposit screen.
        this.log.warn(
          { key: pay.key, failure: out.failure },
          'a deposit could not be given back; its deposit order is marked refund failed',
        );
        await this.needs.deposits.releaseFailed(tx, pay.orderNo!, out.failure ?? 'failed');
      } else if (pay.purpose === 'release') {
        await this.needs.deposits.released(tx, pay.orderNo!, out.reference);
      } else if (pay.purpose === 'deposit') {
        await this.needs.deposits.refundOutcome(tx, pay.key, {
          status: out.status === 'succeeded' ? 'succeeded' : 'failed',
          reference: out.reference,
          failure: out.failure,
        });
      }
    });
    for (const p of payments) await this.sendPayment(p);
  }

  /** A refund the payment company refused: the shares get their parts back, and the order says so. */
  async refundFailed(tx: Db, r: typeof ordRefund.$inferSelect, failure: string): Promise<void> {
    const reversal = r.reversal as { kind: AccountKind; partyId: number | null; amount: number }[];
    const key = `refund-failed:${r.refundNo}`;
    const posted = await this.needs.ledger.post(
      {
        idempotencyKey: key,
        kind: 'refund',
        orderNo: r.orderNo,
        memo: 'refundFailedSharesRestored',
        entries: [
          { account: { kind: 'refunds' }, debit: r.amount },
          ...reversal.map((x) => ({ account: { kind: x.kind, partyId: x.partyId }, credit: x.amount })),
        ],
      },
      tx,
    );
    // The shares given back pay first what their partners came to owe when the refund took them.
    if (posted)
      await this.needs.ledger.keepPayablesWhole(
        tx,
        reversal.map((x) => ({ kind: x.kind, partyId: x.partyId })),
        'added',
        key,
      );
    await tx
      .update(ordRefund)
      .set({ status: 'failed', failReason: failure.slice(0, 64), finishedAt: new Date() })
      .where(eq(ordRefund.id, r.id));
    await tx
      .update(ordOrder)
      .set({ status: 'refundFailed', refundAmount: sql`${ordOrder.refundAmount} - ${r.amount}` })
      .where(and(eq(ordOrder.id, r.orderId), eq(ordOrder.status, 'refunding')));
    await this.events(tx, r.orderId, [{ event: 'refundFailed', amount: r.amount, note: failure }]);
  }

  /** A refund of a deposit approved by staff (the deposit module): recorded in its transaction, sent once it commits. */
  async requestDepositRefund(
    tx: Db,
    r: { key: string; amount: number; userId: number; orderNo: string; chargeReference: string },
  ): Promise<void> {
    await tx
      .insert(ordPayment)
      .values({ key: r.key, op: 'refund', purpose: 'deposit', orderNo: r.orderNo, userId: r.userId, amount: r.amount })
      .onConflictDoNothing();
    this.later({
      key: r.key,
      op: 'refund',
      amount: r.amount,
      userId: r.userId,
      orderNo: r.orderNo,
      chargeReference: r.chargeReference,
    });
  }

  /**
   * Tops a customer's balance up through the payment company. The key is fingerprinted like a
   * refund's or a withdrawal's: asked again with the same amount it is the same top-up (the
   * company answers the first charge, credited once); with another amount it is refused
   * (RECHARGE_KEY_REUSED), decided by the payment row's primary key, so parallel requests under
   * one key record one top-up and charge one amount.
   */
  async recharge(
    p: Principal,
    req: { amount: number; idempotencyKey?: string; channel?: string; payerId?: string },
  ): Promise<{ balance: number; payment?: { channel: string; params: Record<string, string> } }> {
    if (p.accountType !== 'user') throw new AppError('ORDER_APP_USERS_ONLY');
    const key = `recharge:${p.accountId}:${req.idempotencyKey ?? crypto.randomUUID()}`;
    const [made] = await this.db
      .insert(ordPayment)
      .values({ key, op: 'charge', purpose: 'recharge', userId: p.accountId, amount: req.amount })
      .onConflictDoNothing()
      .returning({ key: ordPayment.key });
    if (!made) {
      const [was] = await this.db
        .select({ purpose: ordPayment.purpose, userId: ordPayment.userId, amount: ordPayment.amount })
        .from(ordPayment)
        .where(eq(ordPayment.key, key));
      if (!was || was.purpose !== 'recharge' || was.userId !== p.accountId || was.amount !== req.amount)
        throw new AppError('RECHARGE_KEY_REUSED');
    }
    const out = await this.provider.charge({
      key,
      amount: req.amount,
      userId: p.accountId,
      description: 'recharge',
      channel: req.channel,
      payerId: req.payerId,
    });
    if (out.status === 'failed') throw new AppError('PAYMENT_REFUSED', { reason: out.failure ?? 'failed' });
    await this.applyOutcome(out);
    const balance = await this.balanceOf(p.accountId);
    // Paid in the app: the balance grows when the company says the customer paid (notification or query).
    return out.status === 'pending' && out.payParams
      ? { balance, payment: { channel: req.channel ?? '', params: out.payParams } }
      : { balance };
  }

  // ------------------------------------------------------------------ the sweep

  /**
   * What no event settled: payments without an outcome are asked about; ejects that expired and
   * that the inventory says did not happen close their order; power banks kept past the buy-out
   * are bought; a power bank seen back in a cabinet without its return event ends its order.
   */
  async sweep(now = new Date()): Promise<void> {
    const pending = await this.db
      .select()
      .from(ordPayment)
      .where(
        and(
          eq(ordPayment.status, 'pending'),
          ne(ordPayment.purpose, 'rent'),
          lt(ordPayment.createdAt, new Date(now.getTime() - 30_000)),
        ),
      )
      .limit(50);
    await this.inApp.sweep(now);
    for (const p of pending) {
      const out = await this.provider.query(p.key).catch(() => null);
      if (out) await this.applyOutcome(out);
      else if (now.getTime() - p.createdAt.getTime() > 5 * 60_000) {
        // The company never heard of it: asking again with the same key is safe (it is one request).
        // A request from an authorization names it again: the order's, or (a rent given back) the rent's own.
        const authRef =
          p.op === 'capture' || p.op === 'unfreeze'
            ? p.orderNo
              ? ((
                  await this.db
                    .select({ r: ordOrder.authReference })
                    .from(ordOrder)
                    .where(eq(ordOrder.orderNo, p.orderNo))
                )[0]?.r ?? undefined)
              : ((await this.provider.query(p.key.replace(/:undo$/, '')).catch(() => null))?.reference ?? undefined)
            : undefined;
        await this.sendPayment({
          key: p.key,
          op: p.op as PendingPayment['op'],
          amount: p.amount,
          userId: p.userId ?? 0,
          orderNo: p.orderNo,
          deferred: p.purpose === 'deduct',
          chargeReference: authRef,
        });
      }
    }
    const ejecting = await this.db
      .select()
      .from(ordOrder)
      .where(and(eq(ordOrder.status, 'ejecting'), lt(ordOrder.createdAt, new Date(now.getTime() - 60_000))))
      .limit(50);
    for (const o of ejecting) {
      const st = o.commandId ? await this.needs.fleet.ejectState(o.commandId) : null;
      if (!st) continue;
      if (st.state === 'succeeded' || (st.state === 'expired' && st.confirmedByInventory === true))
        await this.ejectOutcome({ commandId: o.commandId!, ejected: true });
      else if (
        st.state === 'failed' ||
        (st.state === 'expired' &&
          (st.confirmedByInventory === false || now.getTime() - o.createdAt.getTime() > 10 * 60_000))
      )
        await this.ejectOutcome({ commandId: o.commandId!, ejected: false });
    }
    const using = await this.db
      .select()
      .from(ordOrder)
      .where(eq(ordOrder.status, 'using'))
      .orderBy(ordOrder.startAt)
      .limit(200);
    for (const o of using) {
      const billing = o.billing as OrderBilling;
      const start = o.startAt ?? o.createdAt;
      try {
        if (billing.buyOutDays > 0 && now.getTime() - start.getTime() >= billing.buyOutDays * 86_400_000) {
          await this.settle(o.id, now, { actor: 'system', event: 'boughtOut' });
          continue;
        }
        // A Bluetooth session whose fee has used its whole prepayment ends: nothing more can be billed.
        if (o.deviceType === 'bluetooth') {
          if (rentalFee(billing, billedMinutes(start, now, o.suspendedMinutes)).amount >= o.depositAmount)
            await this.settle(o.id, now, { actor: 'system', event: 'ended', note: 'prepayment used up' });
          continue;
        }
        const at = o.powerBankId ? await this.needs.fleet.whereIs(o.powerBankId) : null;
        if (at && at.updatedAt.getTime() > start.getTime() + 5_000)
          await this.settle(o.id, at.updatedAt, { returnSn: at.sn, actor: at.sn, event: 'returned' });
      } catch (err) {
        if (!(err instanceof AppError)) this.log.warn({ err, orderNo: o.orderNo }, 'order sweep');
      }
    }
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

  /** Removes the simulated orders (the demo's), live and archived, answering their numbers so their ledger movements go too. */
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

  // ------------------------------------------------------------------ timeline

  async events(db: Db, orderId: number, list: EventInput[]): Promise<void> {
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
function placeOf(outlet: OutletForOrder, chain: ChainLink[]): { outletId: number; agentIds: number[] } {
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
