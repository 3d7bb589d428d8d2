import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq, like, sql } from 'drizzle-orm';
import { serialNumber } from '@cbo/simulator';
import { engines, useServer } from './test/helper.js';
import { clearDemoNetwork, DemoHoldsRealRecords, makeDemoNetwork } from './demo-network.js';
import { SIMULATOR_PREFIX } from './simulated-fleet.js';
import { DEMO_OPENING_PREFIX, openingEntry, startSimulatedPartners } from './simulated-partners.js';
import { outOutlet } from './modules/outlet/tables.js';
import { ordOrder } from './modules/order/tables.js';
import { ledTransaction } from './modules/ledger/tables.js';

const silent = { info: () => {}, warn: () => {}, debug: () => {} } as never;

/**
 * demo:clear removes the demo and nothing real: a real customer's order at a demo outlet (marked
 * simulated by older versions, or not) stops it before anything is removed. And the demo partners'
 * opening earnings survive a restart: posting them again is the same request.
 */
describe.each(engines)('demo:clear keeps what is real (%s)', (engine) => {
  const s = useServer(engine);
  const services = () => s.current.server.services;
  const db = () => s.current.database.db;
  const n = async (q: Promise<{ n: number }[]>) => Number((await q)[0]!.n);
  let demoOutlet = 0;
  let realMember = 0;

  beforeAll(async () => {
    await services().fleet.stockIn({
      start: serialNumber(SIMULATOR_PREFIX, 1),
      end: serialNumber(SIMULATOR_PREFIX, 4),
    });
    expect(
      await makeDemoNetwork(
        db(),
        services(),
        { simulatedCabinets: 4, leaderUserName: 'admin', language: 'en_US' },
        silent,
      ),
    ).toBe(true);
    demoOutlet = (
      await db().select({ id: outOutlet.id }).from(outOutlet).where(eq(outOutlet.simulated, true)).limit(1)
    )[0]!.id;
    realMember = (
      await services().network.members.create({
        areaCode: '86',
        mobile: '13912340000',
        nickname: 'Real person',
        terminal: 'USER_IOS',
        level: 'C',
      })
    ).id;
  }, 120_000);

  /** An order of a customer at an outlet, as the engine stores a finished one. */
  const order = (orderNo: string, userId: number, simulated: boolean) =>
    db()
      .insert(ordOrder)
      .values({
        orderNo,
        userId,
        userMobile: '86-13912340000',
        status: 'finished',
        payMode: 'deposit',
        sn: serialNumber(SIMULATOR_PREFIX, 1),
        billing: {},
        chain: [],
        outletId: demoOutlet,
        simulated,
      });

  it("the demo partners' opening earnings are the same request at every start (no LEDGER_KEY_REUSED after a restart)", async () => {
    const [first] = await services().network.appAccounts.simulatedPartnerSessions();
    expect(first).toBeDefined();
    const entry = openingEntry(first!.kind, first!.partyId);
    expect(openingEntry(first!.kind, first!.partyId)).toEqual(entry);
    await services().ledger.ledger.post(entry);
    await services().ledger.ledger.post(openingEntry(first!.kind, first!.partyId));
    expect(
      await n(db().select({ n: count() }).from(ledTransaction).where(eq(ledTransaction.key, entry.idempotencyKey))),
    ).toBe(1);
    // A database whose opening was drawn at random by an earlier version: the rounds go on (a restart's first round posts every opening).
    const [, second] = await services().network.appAccounts.simulatedPartnerSessions();
    const other = openingEntry(second!.kind, second!.partyId);
    const odd = other.entries[0]!.debit! + 10_000;
    await services().ledger.ledger.post({
      ...other,
      entries: [
        { ...other.entries[0]!, debit: odd },
        { ...other.entries[1]!, credit: odd },
      ],
    });
    const errors: unknown[] = [];
    const partners = startSimulatedPartners(
      s.current.server,
      { info: () => {}, debug: () => {}, warn: (o: unknown) => errors.push(o) } as never,
      { firstSeconds: 0, everySeconds: 0.2 },
    );
    await new Promise((r) => setTimeout(r, 1_500));
    partners.stop();
    expect(errors).toEqual([]);
    expect(
      await n(
        db()
          .select({ n: count() })
          .from(ledTransaction)
          .where(like(ledTransaction.key, `${DEMO_OPENING_PREFIX}%`)),
      ),
    ).toBeGreaterThanOrEqual(2);
  });

  it("refuses, removing nothing, while a real customer's order is at a demo outlet (marked simulated or not), then clears once it is gone", async () => {
    const outlets = await n(db().select({ n: count() }).from(outOutlet).where(eq(outOutlet.simulated, true)));
    expect(outlets).toBe(10);
    for (const simulated of [true, false]) {
      await order(`REAL${simulated ? 'S' : 'R'}0001`, realMember, simulated);
      const refused = await clearDemoNetwork(db(), services()).then(
        () => null,
        (e: unknown) => e,
      );
      expect(refused).toBeInstanceOf(DemoHoldsRealRecords);
      expect((refused as Error).message).toContain(`REAL${simulated ? 'S' : 'R'}0001`);
      expect((refused as Error).message).toContain('removed nothing');
      // Nothing was removed: the outlets, the order.
      expect(await n(db().select({ n: count() }).from(outOutlet).where(eq(outOutlet.simulated, true)))).toBe(outlets);
      expect(await n(db().select({ n: count() }).from(ordOrder).where(eq(ordOrder.userId, realMember)))).toBe(1);
      await db().delete(ordOrder).where(eq(ordOrder.userId, realMember));
    }
    // A simulated customer's order is the demo's own: it goes with it.
    const [simulatedMember] = (await services().network.simulatedIds()).members;
    await order('SIMU0000001', simulatedMember!, true);
    const cleared = await clearDemoNetwork(db(), services());
    expect(cleared.outlets).toBe(10);
    expect(
      await n(
        db()
          .select({ n: count() })
          .from(ordOrder)
          .where(sql`true`),
      ),
    ).toBe(0);
    const tb = await services().ledger.ledger.trialBalance('en_US');
    expect(tb.totalDebit).toBe(tb.totalCredit);
  });
});
