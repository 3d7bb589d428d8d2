import type { AccountKind } from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { percentOf } from './billing.js';
import type { EntryInput, Posting } from './needs.js';
import { EnginePart, PAYABLE_OF, type ChainLink, type OrderRow } from './order.core.js';

/*
 * Sharing: what an order was paid, less the tax, along the chain copied into it (the platform takes
 * the rest), the separation rules asked, the outlet's cost recovered from its share, and the
 * partners' payables kept whole. Called by the settle, a paid deduction, an initialise, accessories.
 */

/** An order's paid amount shared along its chain. */
export class OrderSharing extends EnginePart {
  /**
   * Shares what an order was paid, with the value its voucher use moved to order income and the
   * coupon's deduction (which the platform paid into order income as its marketing expense), less
   * the tax, along its chain; the platform takes the rest. The caller's other movements of this
   * moment (`movements`: the settle's fee and release) are posted with the share, by one statement.
   */
  async share(tx: Db, o: OrderRow, paid: number, taxPercent: number, movements: Posting[] = []): Promise<boolean> {
    const net = paid + o.voucherValue + o.couponDeduction + o.memberDeduction;
    if (net <= 0) {
      await this.needs.ledger.postAll(movements, tx);
      return false;
    }
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
    const posted = (
      await this.needs.ledger.postAll(
        [
          ...movements,
          {
            idempotencyKey: key,
            kind: 'share',
            orderNo: o.orderNo,
            outletId: o.outletId,
            memo: 'sharesOfNet',
            entries,
          },
        ],
        tx,
      )
    ).at(-1)!;
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
   * The outlet's cost amortization (docs/decisions/network-and-outlets.md, "The outlet's cost and its amortization"):
   * its
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
}
