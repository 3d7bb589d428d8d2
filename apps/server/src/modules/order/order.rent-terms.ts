import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { OrderBilling, OrderPayChannel, PayMode, ShareParty } from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Principal } from '../../platform/http/routes.js';
import type { DevicePayTerms, OrderNeeds, OutletForOrder } from './needs.js';
import { payChannelOf } from './pay-config.js';
import { ordOrder } from './tables.js';
import { BUY_OUT_DAYS, EnginePart, OPEN, placeOf, type ChainLink } from './order.core.js';

/*
 * Renting, before anything is charged: who shares an order at an outlet (the chain), the rule it is
 * billed by, the pay modes and channel offered, whether a cabinet can be rented from, how many power
 * banks a customer holds, and who the customer of an app call is. The rent itself: order.renting.ts.
 */

/** What a rental at a cabinet would be, and who may rent. */
export class OrderTerms extends EnginePart {
  /**
   * Who shares an order at this outlet: each agent earns what it holds less what it granted below;
   * the outlet its ratio; the service provider's ratio, then the operator's (the direct-sales team
   * owning the outlet), come out of the platform's part, each at most what the platform has left.
   */
  async chainOf(outlet: OutletForOrder): Promise<ChainLink[]> {
    const links: ChainLink[] = [];
    let platform = 100 - outlet.ratio;
    const withProvider = Boolean(outlet.serviceProviderId && outlet.serviceProviderRatio > 0);
    // The agents' line, the service provider's name and the operator's team are read at once (they were three round
    // trips one after the other).
    const [line, providerName, team] = await Promise.all([
      outlet.agentId ? this.needs.agentLine(outlet.agentId) : [],
      withProvider ? this.needs.providerName(outlet.serviceProviderId!) : null,
      outlet.teamId ? this.needs.teamShare(outlet.teamId) : null,
    ]);
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
    links.push({ party: 'outlet', partyId: outlet.id, name: outlet.name, ratio: outlet.ratio });
    // The service provider's ratio comes out of the platform's part.
    if (withProvider) {
      const ratio = Math.min(outlet.serviceProviderRatio, Math.max(0, platform));
      links.push({
        party: 'serviceProvider',
        partyId: outlet.serviceProviderId!,
        name: providerName,
        ratio,
      });
      platform -= ratio;
    }
    // So does the operator's: the direct-sales team that owns the outlet (docs/decisions/ledger-and-money.md, "The
    // operator's share").
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
   * when one is enabled, sets the money terms (docs/decisions/orders-and-payments.md, "Device payment configurations
   * act"): the amount held (its deposit or prepayment; a deposit-free configuration keeps the
   * outlet's deposit for who pays one anyway), the buy-out price (the total cap) and the buy-out
   * days. Without one: the outlet's deposit and total cap, the buy-out after BUY_OUT_DAYS.
   */
  async rentTerms(outlet: OutletForOrder): Promise<{
    billing: OrderBilling;
    config: DevicePayTerms | null;
    /** The operation settings the terms were read with (the rent reads its holding limit from them too). */
    operation: Awaited<ReturnType<OrderNeeds['settings']['operation']>>;
  }> {
    const [op, config] = await Promise.all([this.needs.settings.operation(), this.needs.settings.devicePay('cabinet')]);
    const free = Math.min(op.maxFreeMinutes, Math.max(op.minFreeMinutes, outlet.billing.freeMinutes, op.freeMinutes));
    const billing: OrderBilling = { ...outlet.billing, freeMinutes: free, buyOutDays: BUY_OUT_DAYS };
    if (!config) return { billing, config: null, operation: op };
    return {
      operation: op,
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
  async payModes(
    userId?: number,
    outlet?: OutletForOrder,
    config?: DevicePayTerms | null,
    /** Whether deposit-free is switched on, when the caller read it already. */
    depositFreeOn?: boolean,
  ): Promise<PayMode[]> {
    const terms = config === undefined ? await this.needs.settings.devicePay('cabinet') : config;
    const company = !terms || terms.channels.some((c) => c !== 'balance');
    const allowed = (m: PayMode) =>
      !terms ||
      (m === 'balance'
        ? terms.channels.includes('balance')
        : company && (m !== 'depositFree' || terms.payMode === 'depositFree'));
    const base: PayMode[] = ['deposit', 'balance'];
    if (!(depositFreeOn ?? (await this.needs.settings.depositFree()))) return base.filter(allowed);
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

  /** Power banks a customer holds now, as a scalar subquery (a Bluetooth session is not one). */
  holdingSql(userId: number): SQL {
    return sql`select count(*)::int from ${ordOrder} h where h.user_id = ${userId} and h.device_type = 'powerBank'
      and h.status in (${sql.join(
        OPEN.map((s) => sql`${s}`),
        sql`, `,
      )})`;
  }

  /** Power banks a customer holds now (a Bluetooth session is not one). */
  async holding(userId: number, db: Db = this.db): Promise<number> {
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(ordOrder)
      .where(and(eq(ordOrder.userId, userId), eq(ordOrder.deviceType, 'powerBank'), inArray(ordOrder.status, OPEN)));
    return Number(r?.n ?? 0);
  }

  /** The signed-in customer of an app call; agents' app accounts and frozen customers are refused. */
  async customer(p: Principal): Promise<NonNullable<Awaited<ReturnType<OrderNeeds['customers']['member']>>>> {
    if (p.accountType !== 'user') throw new AppError('ORDER_APP_USERS_ONLY');
    const member = await this.needs.customers.member(p.accountId);
    if (!member || member.status !== 0) throw new AppError('ACCOUNT_FROZEN');
    return member;
  }
}
