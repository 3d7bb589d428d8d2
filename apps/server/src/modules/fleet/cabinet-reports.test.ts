import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { query } from '../../platform/db/database.js';
import { cabinetRowFromSql } from './cabinet.service.js';
import { engines, useServer } from '../../test/helper.js';
import type { SlotReport } from './protocol.js';
import { devCabinet, devForcedEject, devLog, devPowerBank, devSlot } from './tables.js';
import { newSn, powerBankIdFor } from '../../test/fleet/test-cabinet.js';

const reg = (slots: number) => ({
  imei: '861234567890123',
  iccid: '89860012345678901234',
  firmware: { main: '2.3.1', board: '1.4' },
  slots,
  netMode: '4G' as const,
});
const slot = (n: number, powerBankId: string | null, battery: number | null = powerBankId ? 90 : null): SlotReport => ({
  slot: n,
  powerBankId,
  battery,
  locked: true,
  fault: null,
  charging: false,
});

/**
 * The gateway's batched write paths (cabinet-reports.ts, and slot-state.ts for inventories):
 * reports of several cabinets sent in the same moment share a batch, and each must come out as if written alone, in arrival order.
 */
describe.each(engines)('cabinet reports written in batches (%s)', (engine) => {
  const s = useServer(engine);
  const reports = () => s.current.server.services.fleet.reports;
  const slotWriter = () => s.current.server.services.fleet.slots;
  const db = () => s.current.database.db;
  const [a, b, c, offline] = [newSn(), newSn(), newSn(), newSn()];
  const unknown = newSn();

  beforeAll(async () => {
    const r = await s.current.server.services.fleet.stockIn({ sns: [a, b, c, offline] });
    expect(r.succeeded).toBe(4);
  });

  it('registers several cabinets at once; an SN not in stock gets null; each online change is logged once', async () => {
    const got = await Promise.all([a, b, unknown, c].map((sn) => reports().register(sn, reg(4), '10.0.0.9')));
    expect(got).toEqual([{ heartbeatSec: 60 }, { heartbeatSec: 60 }, null, { heartbeatSec: 60 }]);
    const rows = await db()
      .select()
      .from(devCabinet)
      .where(inArray(devCabinet.sn, [a, b, c]));
    expect(
      rows.every(
        (r) => r.online && r.onlineReason === 'register' && r.slotCount === 4 && r.iccid === '89860012345678901234',
      ),
    ).toBe(true);
    // Registering again while online keeps the time it came online and writes no second line.
    const first = rows.find((r) => r.sn === a)!.onlineChangedAt;
    await reports().register(a, reg(4), null);
    const [again] = await db().select().from(devCabinet).where(eq(devCabinet.sn, a));
    expect(again!.onlineChangedAt).toEqual(first);
    const lines = await db()
      .select()
      .from(devLog)
      .where(and(eq(devLog.sn, a), eq(devLog.kind, 'online')));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ reason: 'register', address: '10.0.0.9' });
    expect(await Promise.all([a, unknown].map((sn) => reports().exists(sn)))).toEqual([true, false]);
  });

  it('heartbeats of several cabinets at once: unknown SN refused, an offline cabinet comes back with its reason', async () => {
    const got = await Promise.all([
      reports().heartbeat(a, { csq: 20, heartbeatSec: 30 }),
      reports().heartbeat(offline, { csq: 9, heartbeatSec: 60, netMode: 'WIFI' }),
      reports().heartbeat(unknown, { csq: 9, heartbeatSec: 60 }),
    ]);
    expect(got).toEqual([true, true, false]);
    const [ra] = await db().select().from(devCabinet).where(eq(devCabinet.sn, a));
    expect(ra).toMatchObject({ csq: 20, heartbeatSec: 30, online: true, onlineReason: 'register' });
    const [ro] = await db().select().from(devCabinet).where(eq(devCabinet.sn, offline));
    expect(ro).toMatchObject({ csq: 9, netMode: 'WIFI', online: true, onlineReason: 'heartbeat' });
    expect(
      await db()
        .select()
        .from(devLog)
        .where(and(eq(devLog.sn, offline), eq(devLog.kind, 'online'))),
    ).toHaveLength(1);
    expect(await Promise.all([reports().touch(b), reports().touch(unknown)])).toEqual([true, false]);
  });

  it('what replies report (version, config, ICCID) of several cabinets at once: each written, a cabinet named twice keeps both, an unchanged one untouched', async () => {
    const cabinets = () => s.current.server.services.fleet.cabinets;
    const [before] = await db().select().from(devCabinet).where(eq(devCabinet.sn, c));
    await Promise.all([
      cabinets().applyReported(a, { firmwareMain: '9.9.1', firmwareBoard: '2.0' }, 'firmware'),
      cabinets().applyReported(b, { host: 'mqtt.example.com', port: 8883, heartbeatSec: 45 }, 'config'),
      cabinets().applyReported(b, { iccid: '89860000000000000042' }, 'config'),
      // What c reports is what is known: nothing is written.
      cabinets().applyReported(
        c,
        { firmwareMain: before!.firmwareMain, firmwareBoard: before!.firmwareBoard },
        'firmware',
      ),
      cabinets().applyReported(unknown, { iccid: '89860000000000000043' }, 'config'),
    ]);
    const rows = new Map(
      (
        await db()
          .select()
          .from(devCabinet)
          .where(inArray(devCabinet.sn, [a, b, c]))
      ).map((r) => [r.sn, r]),
    );
    expect(rows.get(a)).toMatchObject({ firmwareMain: '9.9.1', firmwareBoard: '2.0', iccid: '89860012345678901234' });
    expect(rows.get(b)).toMatchObject({
      host: 'mqtt.example.com',
      port: 8883,
      heartbeatSec: 45,
      iccid: '89860000000000000042',
      firmwareMain: '2.3.1',
    });
    expect(rows.get(c)).toEqual(before);
  });

  it('inventories of several cabinets in one batch: slots, power banks, summaries, and a power bank two of them claim', async () => {
    const x = powerBankIdFor(a, 1);
    const y = powerBankIdFor(b, 1);
    const z = powerBankIdFor(c, 3);
    // First: a holds x and y; c holds z.
    await Promise.all([
      slotWriter().inventory(a, [slot(1, x), slot(2, y, 50), slot(3, null), slot(4, null)]),
      slotWriter().inventory(c, [slot(3, z)]),
    ]);
    // y is taken out of a by hand and then put in b; a's inventory still arrives later than b's in the same
    // batch and still (wrongly, it is stale) claims y: arrival order decides, as if written one by one.
    const out = await Promise.all([
      slotWriter().inventory(b, [slot(1, y, 55), slot(2, null)]),
      slotWriter().inventory(a, [slot(1, x), slot(2, y, 50)]),
      slotWriter().inventory(c, []),
      slotWriter().inventory(unknown, [slot(1, powerBankIdFor(unknown, 1))]),
    ]);
    expect(out).toEqual([
      { known: true, expiredEjects: false },
      { known: true, expiredEjects: false },
      { known: true, expiredEjects: false },
      { known: false, expiredEjects: false },
    ]);
    const banks = new Map(
      (
        await db()
          .select()
          .from(devPowerBank)
          .where(inArray(devPowerBank.powerBankId, [x, y, z]))
      ).map((p) => [p.powerBankId, p]),
    );
    expect(banks.get(x)).toMatchObject({ sn: a, slot: 1, battery: 90 });
    expect(banks.get(y)).toMatchObject({ sn: a, slot: 2, battery: 50, lastCabinetSn: a }); // a's report came last
    expect(banks.get(z)).toMatchObject({ sn: null, slot: null, lastCabinetSn: c }); // c no longer holds it
    expect(await db().select().from(devSlot).where(eq(devSlot.sn, c))).toEqual([]);
    expect(
      (await db().select().from(devSlot).where(eq(devSlot.sn, a)).orderBy(devSlot.slot)).map((r) => [
        r.slot,
        r.powerBankId,
      ]),
    ).toEqual([
      [1, x],
      [2, y],
    ]);
    const cabs = new Map(
      (
        await db()
          .select()
          .from(devCabinet)
          .where(inArray(devCabinet.sn, [a, b, c]))
      ).map((r) => [r.sn, r]),
    );
    expect(cabs.get(a)).toMatchObject({ freeSlots: 0, powerBanks: 2, chargedPowerBanks: 1, batteryAvg: 70 });
    expect(cabs.get(b)).toMatchObject({ freeSlots: 1, powerBanks: 1, batteryAvg: 55 });
    expect(cabs.get(c)).toMatchObject({ freeSlots: 0, powerBanks: 0, batteryAvg: null });
    expect(cabs.get(c)!.inventoryAt).not.toBeNull();
    expect(
      await db()
        .select()
        .from(devPowerBank)
        .where(eq(devPowerBank.powerBankId, powerBankIdFor(unknown, 1))),
    ).toEqual([]);
  });

  it('an inventory writes only what changed: a slot as it was keeps its row, a changed, a new and a missing slot are written', async () => {
    const [p1, p2, p3] = [1, 2, 3].map((n) => powerBankIdFor(offline, n)) as [string, string, string];
    await slotWriter().inventory(offline, [slot(1, p1, 100), slot(2, p2, 60), slot(3, p3, 70), slot(4, null)]);
    const earlier = new Date(Date.now() - 3_600_000);
    await db().update(devSlot).set({ updatedAt: earlier }).where(eq(devSlot.sn, offline));
    // Slot 1 as it was; slot 2 charged; slot 3's power bank left; slot 4 no longer reported; slot 5 new.
    await slotWriter().inventory(offline, [slot(1, p1, 100), slot(2, p2, 65), slot(3, null), slot(5, null)]);
    const rows = await db().select().from(devSlot).where(eq(devSlot.sn, offline)).orderBy(devSlot.slot);
    expect(rows.map((r) => [r.slot, r.powerBankId, r.battery])).toEqual([
      [1, p1, 100],
      [2, p2, 65],
      [3, null, null],
      [5, null, null],
    ]);
    const at = new Map(rows.map((r) => [r.slot, r.updatedAt.getTime()]));
    expect(at.get(1)).toBe(earlier.getTime());
    for (const n of [2, 3, 5]) expect(at.get(n)).toBeGreaterThan(earlier.getTime());
    const [cab] = await db().select().from(devCabinet).where(eq(devCabinet.sn, offline));
    expect(cab).toMatchObject({ freeSlots: 2, powerBanks: 2, chargedPowerBanks: 1 });
    const [gone] = await db().select().from(devPowerBank).where(eq(devPowerBank.powerBankId, p3));
    expect(gone).toMatchObject({ sn: null, slot: null });
  });

  // A cabinet's row held by another transaction (a rent picking its power bank) does not hold the other cabinets'
  // messages of the batch: the mark "heard of lately" skips it this time. Needs a second connection (PostgreSQL): the
  // lock is held until the marks are back, so marks that waited for it would never come back and the test would time out.
  it.skipIf(engine === 'pglite')(
    'a message of a cabinet whose row is locked is not waited for: the batch marks the others',
    async () => {
      const before = new Date(Date.now() - 60_000);
      await db()
        .update(devCabinet)
        .set({ lastSeenAt: before })
        .where(inArray(devCabinet.sn, [a, b]));
      await db().transaction(async (tx) => {
        await tx.execute(sql`select sn from dev_cabinet where sn = ${a} for update`);
        expect(await Promise.all([reports().touch(a), reports().touch(b), reports().touch(unknown)])).toEqual([
          true,
          true,
          false,
        ]);
      });
      const rows = await db()
        .select({ sn: devCabinet.sn, lastSeenAt: devCabinet.lastSeenAt })
        .from(devCabinet)
        .where(inArray(devCabinet.sn, [a, b]));
      const seen = new Map(rows.map((r) => [r.sn, r.lastSeenAt!.getTime()]));
      expect(seen.get(a)).toBe(before.getTime());
      expect(seen.get(b)).toBeGreaterThan(before.getTime());
    },
  );

  it('a row returned by hand-written SQL reads exactly as Drizzle reads it (the live pushes use it)', async () => {
    const [raw] = await query<Record<string, unknown>>(db(), sql`select * from dev_cabinet where sn = ${a}`);
    const [drizzled] = await db().select().from(devCabinet).where(eq(devCabinet.sn, a));
    expect(cabinetRowFromSql(raw!)).toEqual(drizzled);
    expect(drizzled!.registeredAt).toBeInstanceOf(Date);
  });

  it('a power bank out of every cabinet that one of the batch reports closes its forced-eject record', async () => {
    const z = powerBankIdFor(c, 3); // out since the last test
    const [rec] = await db()
      .insert(devForcedEject)
      .values({
        commandId: 'test-command',
        sn: c,
        slot: 3,
        powerBankId: z,
        reason: 'test',
        createdAt: new Date(Date.now() - 60_000),
      })
      .returning();
    await Promise.all([
      slotWriter().inventory(b, [slot(1, powerBankIdFor(b, 1), 55), slot(2, z, 40)]),
      slotWriter().inventory(c, []),
    ]);
    const [after] = await db().select().from(devForcedEject).where(eq(devForcedEject.id, rec!.id));
    expect(after).toMatchObject({ state: 'returned', returnedSn: b });
    expect(after!.returnedAt).not.toBeNull();
  });

  it('the slot writer: an eject result empties its slot at once, a failed eject counts, fewer registered slots drop the rest', async () => {
    const pb = powerBankIdFor(b, 1); // in b's slot 1 since the last test, z in slot 2
    const [before] = await db().select().from(devPowerBank).where(eq(devPowerBank.powerBankId, pb));
    // The result named no power bank: the slot's own leaves (in the reply's transaction), then the summary.
    const changed = await db().transaction((tx) => slotWriter().leftIn(tx, [{ sn: b, slot: 1, powerBankId: null }]));
    expect(changed).toEqual([b]);
    await slotWriter().refresh(changed);
    // A result naming a power bank the slot no longer holds (a newer message moved it) changes nothing.
    expect(
      await db().transaction((tx) => slotWriter().leftIn(tx, [{ sn: b, slot: 2, powerBankId: 'XXXX0000000000001' }])),
    ).toEqual([]);
    const [s2] = await db()
      .select()
      .from(devSlot)
      .where(and(eq(devSlot.sn, b), eq(devSlot.slot, 2)));
    expect(s2!.powerBankId).toBe(powerBankIdFor(c, 3));
    const [s1] = await db()
      .select()
      .from(devSlot)
      .where(and(eq(devSlot.sn, b), eq(devSlot.slot, 1)));
    expect(s1).toMatchObject({ powerBankId: null, battery: null, charging: false });
    const [left] = await db().select().from(devPowerBank).where(eq(devPowerBank.powerBankId, pb));
    expect(left).toMatchObject({ sn: null, slot: null, lastCabinetSn: b });
    const [cb] = await db().select().from(devCabinet).where(eq(devCabinet.sn, b));
    expect(cb).toMatchObject({ freeSlots: 1, powerBanks: 1, batteryAvg: 40 });
    await slotWriter().ejectFailed(pb);
    const [counted] = await db().select().from(devPowerBank).where(eq(devPowerBank.powerBankId, pb));
    expect(counted!.ejectFailures).toBe(before!.ejectFailures + 1);
    expect(await slotWriter().event(unknown, { kind: 'slotRecovered', slot: 1 })).toBe(false);
    await reports().register(b, reg(1), null);
    expect((await db().select().from(devSlot).where(eq(devSlot.sn, b))).map((r) => r.slot)).toEqual([1]);
  });
});
