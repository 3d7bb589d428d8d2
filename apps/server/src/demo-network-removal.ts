import type { Db } from './platform/db/database.js';
import { inRequestTransaction } from './platform/db/request-tx.js';
import type { Server } from './app.js';
import { DEMO_OPENING_PREFIX } from './simulated-partners.js';

/*
 * demo:clear: what is real in the demo network, and the removal of everything simulated
 * (demo-network.ts makes the network; demo-clear.ts is the command).
 */

type Services = Server['services'];

/**
 * What is real among what demo:clear would remove: a real customer's order at a demo outlet (or
 * one marked simulated before such orders were real), a real customer's purchase of a demo pass,
 * a real outlet under a demo partner or region. Each with up to 20 numbers or names; empty when
 * the demo holds only itself.
 */
export async function realRecordsInDemo(services: Services): Promise<string[]> {
  const net = await services.network.simulatedIds();
  const outlets = await services.outlet.outlets.simulatedIds();
  const found: string[] = [];
  const orders = await services.order.engine.realOrdersInDemo(outlets, net.members);
  if (orders.total)
    found.push(
      `${orders.total} order(s) of real customers at demo outlets: ${orders.orderNos.join(', ')}${orders.total > orders.orderNos.length ? ' …' : ''}`,
    );
  const passes = await services.voucher.orders.realOrdersInDemo(net.members);
  if (passes.total)
    found.push(
      `${passes.total} purchase(s) of demo passes by real customers: ${passes.orderNos.join(', ')}${passes.total > passes.orderNos.length ? ' …' : ''}`,
    );
  const named = await services.outlet.outlets.realOutletsNaming(net);
  if (named.length)
    found.push(`real outlets under a demo agent, team, service provider, pusher or region: ${named.join(', ')}`);
  return found;
}

/** demo:clear refused: it found real records in the demo and removed nothing. */
export class DemoHoldsRealRecords extends Error {
  constructor(readonly found: string[]) {
    super(
      'demo:clear removed nothing: the demo network holds real records, and their money is in the ledger.\n' +
        found.map((f) => `  - ${f}`).join('\n') +
        '\nKeep the demo network (its outlets can be stopped in the console), or move the real outlets out of it first.',
    );
  }
}

/**
 * Removes every simulated record of the network and its outlets (devices unbound first); answers
 * how many. Nothing real is ever removed: when a real record belongs to the demo (realRecordsInDemo),
 * it refuses (DemoHoldsRealRecords) before removing anything, in the same transaction as the removal.
 */
export async function clearDemoNetwork(db: Db, services: Services): Promise<{ outlets: number; network: number }> {
  return inRequestTransaction(db, async () => {
    const real = await realRecordsInDemo(services);
    if (real.length) throw new DemoHoldsRealRecords(real);
    // The simulated customers' orders and their money go first: they name the outlets and members.
    await services.deposit.deposits.clearSimulated();
    const orderNos = await services.order.engine.clearSimulated();
    // A rule that separated a simulated order forgets it with its movements (the books stay balanced).
    await services.separation.orders.forgetOrders(orderNos);
    await services.ledger.ledger.removeOrders(orderNos);
    await services.ledger.ledger.removeOrders(await services.voucher.orders.clearSimulated());
    await services.payout.payouts.clearSimulated();
    await services.ledger.ledger.removeKeyPrefix(DEMO_OPENING_PREFIX);
    const outlets = await services.outlet.outlets.clearSimulated();
    await services.network.appAccounts.removeOrphanOutletAccounts();
    const network = await services.network.removeSimulated();
    await services.outlet.outlets.markDemoCleared();
    return { outlets, network };
  });
}
