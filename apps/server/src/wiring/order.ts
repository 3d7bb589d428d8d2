import type { OrderLate, OrderModuleNeeds, PaymentProvider } from '../modules/order/index.js';
import { oneName, type Built } from './built.js';

export const orderNeeds = (
  {
    fleet,
    accessories,
    outlet,
    network,
    system,
    ledger,
    deposit,
    coupon,
    separation,
  }: Pick<
    Built,
    'fleet' | 'accessories' | 'outlet' | 'network' | 'system' | 'ledger' | 'deposit' | 'coupon' | 'separation'
  >,
  /** The payment company tests steer (the built-in sandbox otherwise). */
  provider: PaymentProvider | undefined,
): OrderModuleNeeds => {
  const { rental } = fleet;
  const { deposits, rules } = deposit;
  return {
    fleet: {
      availability: (sn) => rental.availability(sn),
      reserveEject: (tx, sn) => rental.reserveEject(tx, sn),
      dispatch: (id, sn) => rental.dispatch(id, sn),
      whereIs: (pb) => rental.whereIs(pb),
      ejectState: (id) => rental.ejectState(id),
      outletOf: (sn) => fleet.outletBinding.outletOf(sn),
    },
    accessories: accessories.forOrders,
    outlets: {
      forOrder: (id) => outlet.outlets.forOrder(id),
      recoverCost: (tx, id, earned) => outlet.outlets.recoverCost(tx, id, earned),
    },
    customers: network.customers,
    agentLine: (agentId) => network.agentLine(agentId),
    providerName: oneName((ids) => network.forOutlets.names('serviceProvider', ids)),
    teamShare: (id) => network.regions.teamShare(id),
    standingPayables: (tx, parts) => network.regions.standingPayables(tx, parts),
    settings: {
      operation: () => system.config.read('operation'),
      pay: () => system.config.read('pay'),
      currency: async () => (await system.config.read('basis')).currency,
      depositFree: () => system.extensions.isActive('depositFree'),
      payAndMembership: async () => {
        const { values, active } = await system.extensions.isActiveWith('membership', 'pay');
        return { pay: values, membership: active };
      },
      devicePay: (kind) => system.config.devicePayFor(kind),
    },
    isOperator: (accountId) => network.regions.isOperator(accountId),
    ledger: ledger.ledger,
    deposits: {
      held: (tx, h) => deposits.held(tx, h),
      freeRented: (tx, f) => deposits.freeRented(tx, f),
      ended: (tx, e) => deposits.ended(tx, e),
      released: (tx, no, ref) => deposits.released(tx, no, ref),
      releaseFailed: (tx, no, failure) => deposits.releaseFailed(tx, no, failure),
      depositFreeRefusal: (userId, place, db) => rules.depositFreeRefusal(userId, place, db),
      refundOutcome: (tx, key, out) => deposits.refundOutcome(tx, key, out),
      refundRecords: (f, offset, limit) => deposits.refundRecords(f, offset, limit),
      refundRecordCount: (f) => deposits.refundRecordCount(f),
    },
    // Closed extended functions act no more on an order: each module answers its own (coupon, separation forOrders).
    coupons: coupon.forOrders,
    separation: separation.forOrders,
    provider,
    // The real payment companies: the merchant accounts of the pay settings (system module).
    merchants: system.merchant,
  };
};

/**
 * The order engine asks the voucher module at each settle, and hands a payout's outcome to the
 * withdrawals; both are built after it (they use the order's payment company).
 */
export const orderLate = ({ voucher, payout }: Pick<Built, 'voucher' | 'payout'>): OrderLate => ({
  vouchers: { apply: (tx, r) => voucher.orders.apply(tx, r) },
  payouts: { applyOutcome: (out) => payout.payouts.applyOutcome(out) },
});
