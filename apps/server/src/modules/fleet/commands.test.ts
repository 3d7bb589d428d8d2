import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useServer } from '../../test/helper.js';
import { brokerEnv, clearRetained, fleetTargets, http, until } from '../../test/fleet/fleet-helpers.js';
import { newSn, powerBankIdFor, TestCabinet, type Down } from '../../test/fleet/test-cabinet.js';

const CMD = '/device/api/v1/command';

describe.each(fleetTargets)('commands to cabinets ($engine, $broker broker)', ({ engine, broker }) => {
  const s = useServer(engine, brokerEnv(broker));
  let token = '';
  const api = http(s, () => token);
  const cabinets: TestCabinet[] = [];

  async function online(slots = 4): Promise<TestCabinet> {
    const sn = newSn();
    await s.current.server.services.fleet.stockIn({ sns: [sn] });
    const cab = new TestCabinet(
      s.current.server.services.gateway.brokerUrl,
      sn,
      s.current.server.services.fleet.secretOf(sn),
      slots,
    );
    cabinets.push(cab);
    await cab.start();
    await until(
      async () => (await api.get('/device/api/v1/cabinet/detail', { sn })).data.slotList.length === slots,
      8_000,
      'inventory',
    );
    return cab;
  }
  const send = (sn: string, type: string, data?: unknown) =>
    api.post(`${CMD}/send`, { sn, type, ...(data === undefined ? {} : { data }) });
  const settled = (id: string) =>
    until(
      async () => {
        const c = (await api.get(`${CMD}/detail`, { id })).data;
        return ['succeeded', 'failed', 'expired'].includes(c.state) ? c : null;
      },
      8_000,
      `command ${id}`,
    );
  const expireNow = (id: string) =>
    s.current.database.db.execute(
      sql`update dev_command set expires_at = now() - interval '1 second' where id = ${id}`,
    );
  const ejectsSeen = (cab: TestCabinet, id: string) =>
    cab.received.filter((m: Down) => m.type === 'eject' && m.id === id).length;

  beforeAll(async () => {
    token = await s.current.login();
  });
  afterAll(async () => {
    await Promise.allSettled(cabinets.map((c) => (c.client ? c.client.endAsync(true) : Promise.resolve())));
    await clearRetained(
      broker,
      cabinets.map((c) => c.sn),
    );
  });

  it('restart: recorded, sent with its expiry, succeeded; who sent it is in the operation log', async () => {
    const cab = await online();
    const r = await send(cab.sn, 'restart');
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ sn: cab.sn, type: 'restart', createdBy: 'admin' });
    expect(['sent', 'acknowledged', 'succeeded']).toContain(r.data.state);
    const down = await cab.next((m) => m.id === r.data.id);
    expect(down).toMatchObject({ v: 1, type: 'restart', data: {} });
    expect(down.expiresAt! - down.ts).toBeGreaterThan(50_000);
    expect(down.expiresAt! - down.ts).toBeLessThanOrEqual(61_000);
    const done = await settled(r.data.id);
    expect(done).toMatchObject({ state: 'succeeded', result: {}, duplicate: false });
    expect(done.sentAt).not.toBeNull();
    const ops = await s.current.database.db.execute(
      sql`select user_name, target from sys_operation_log where path = ${`${CMD}/send`} and target = ${cab.sn}`,
    );
    expect((ops as unknown as { rows: unknown[] }).rows).toEqual([{ user_name: 'admin', target: cab.sn }]);
  });

  it('openLock, queryVersion, queryIccid, config: replies land in the command and the cabinet', async () => {
    const cab = await online();
    const lock = await settled((await send(cab.sn, 'openLock', { slot: 2 })).data.id);
    expect(lock).toMatchObject({ state: 'succeeded', result: { slot: 2 } });
    expect(lock.acknowledgedAt).not.toBeNull();
    cab.firmware = { main: '2.3.9', board: '1.5' };
    const ver = await settled((await send(cab.sn, 'queryVersion')).data.id);
    expect(ver.result).toEqual({ firmware: { main: '2.3.9', board: '1.5' } });
    cab.iccid = '89860099999999999999';
    await settled((await send(cab.sn, 'queryIccid')).data.id);
    const cfg = await settled(
      (
        await send(cab.sn, 'config', {
          host: 'iot2.example.com',
          port: 8883,
          heartbeatSec: 120,
          ftp: { password: 'ftp-secret' },
        })
      ).data.id,
    );
    expect(cfg.state).toBe('succeeded');
    expect((await cab.next((m) => m.id === cfg.id)).data).toMatchObject({ ftp: { password: 'ftp-secret' } }); // the cabinet gets it
    expect(cfg.data.ftp.password).toBe('******'); // nobody reads it back
    expect(JSON.stringify((await api.get(`${CMD}/queryPage`, { sn: cab.sn })).data)).not.toContain('ftp-secret');
    // What the replies report reaches the cabinet's record just after each command's own write (batched).
    const row = await until(async () => {
      const r = (await api.get('/device/api/v1/cabinet/queryPage', { sn: cab.sn })).data.list[0];
      return r.host === 'iot2.example.com' ? r : null;
    });
    expect(row).toMatchObject({
      firmwareMain: '2.3.9',
      firmwareBoard: '1.5',
      iccid: '89860099999999999999',
      host: 'iot2.example.com',
      port: 8883,
      heartbeatSec: 120,
      ftpHost: 'ftp.example.com',
      ftpPort: 21,
      ftpUser: 'cab',
    });
    // An open lock on a slot the cabinet does not have is refused before anything is sent.
    expect((await send(cab.sn, 'openLock', { slot: 9 })).code).toBe(100306);
  });

  it('queryInventory: the inventory that follows replaces the slots', async () => {
    const cab = await online();
    cab.slots[3]!.powerBankId = powerBankIdFor(cab.sn, 44);
    cab.slots[3]!.battery = 99;
    const q = await settled((await send(cab.sn, 'queryInventory')).data.id);
    expect(q.state).toBe('succeeded');
    await until(
      async () =>
        (await api.get('/device/api/v1/cabinet/detail', { sn: cab.sn })).data.slotList[3].powerBankId ===
        powerBankIdFor(cab.sn, 44),
    );
  });

  it('upgrade: progress, then succeeded at 100 %; a firmware batch shows each cabinet', async () => {
    const a = await online();
    const b = await online();
    const offline = newSn();
    await s.current.server.services.fleet.stockIn({ sns: [offline] });
    const percents: number[] = [];
    a.handlers.upgrade = async (c, cab) => {
      await cab.reply(c.id, { stage: 'ack' });
      for (const p of [25, 60]) {
        await cab.reply(c.id, { stage: 'progress', percent: p });
        percents.push(
          (await until(async () => {
            const x = (await api.get(`${CMD}/detail`, { id: c.id })).data;
            return x.percent === p ? x.percent : null;
          })) as number,
        );
      }
      return { stage: 'result', ok: true, result: { version: c.data.version } };
    };
    b.handlers.upgrade = () => ({ stage: 'result', ok: false, reason: 'checksum' });
    const r = await api.post('/device/api/v1/firmware/upgrade', {
      sns: [a.sn, b.sn, offline],
      version: '2.4.0',
      url: 'https://fw.example.com/2.4.0.bin',
      sha256: 'a'.repeat(64),
    });
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ total: 3, version: '2.4.0', createdBy: 'admin' });
    // The offline one failed before the answer; the checksum failure may already be in too.
    expect(r.data.failed).toBeGreaterThanOrEqual(1);
    expect(r.data.running + r.data.succeeded + r.data.failed).toBe(3);
    const down = await a.next((m) => m.type === 'upgrade');
    expect(down.data).toEqual({ version: '2.4.0', url: 'https://fw.example.com/2.4.0.bin', sha256: 'a'.repeat(64) });
    expect(down.expiresAt! - down.ts).toBeGreaterThan(590_000);
    const detail = await until(async () => {
      const d = (await api.get('/device/api/v1/firmware/detail', { id: r.data.id })).data;
      return d.running === 0 ? d : null;
    });
    expect(percents).toEqual([25, 60]);
    const by = Object.fromEntries(detail.items.map((i: { sn: string }) => [i.sn, i]));
    expect(by[a.sn]).toMatchObject({ state: 'succeeded', percent: 100 });
    expect(by[b.sn]).toMatchObject({ state: 'failed', reason: 'checksum' });
    expect(by[offline]).toMatchObject({ state: 'failed', reason: 'offline', commandId: expect.any(String) });
    expect(detail).toMatchObject({ succeeded: 1, failed: 2 });
    expect((await api.get('/device/api/v1/firmware/queryPage')).data.list[0].id).toBe(r.data.id);
  });

  it('eject: succeeded with the power bank; a repeated delivery is answered as duplicate, never executed or sent twice', async () => {
    const cab = await online();
    const pb = powerBankIdFor(cab.sn, 2);
    const r = await send(cab.sn, 'eject', { slot: 2 });
    expect(r.code).toBe(0);
    const done = await settled(r.data.id);
    expect(done).toMatchObject({ state: 'succeeded', result: { slot: 2, powerBankId: pb } });
    await until(
      async () => (await api.get('/device/api/v1/powerBank/queryPage', { powerBankId: pb })).data.list[0].sn === null,
    );
    // The broker delivers the same command again (QoS 1 redelivery): the cabinet does not act, it
    // repeats its stored reply marked duplicate; the server keeps the state and notes it.
    const original = cab.received.find((m) => m.id === r.data.id)!;
    await cab.redeliver(original);
    await until(async () => (await api.get(`${CMD}/detail`, { id: r.data.id })).data.duplicate === true);
    const after = (await api.get(`${CMD}/detail`, { id: r.data.id })).data;
    expect(after).toMatchObject({ state: 'succeeded', duplicate: true });
    expect(cab.executed.filter((m) => m.id === r.data.id)).toHaveLength(1);
    expect(ejectsSeen(cab, r.data.id)).toBe(1); // the server published it once
    expect(cab.received.filter((m) => m.type === 'eject')).toHaveLength(1);
    // An empty slot: the cabinet says so, and the command fails with its reason.
    const empty = await settled((await send(cab.sn, 'eject', { slot: 2 })).data.id);
    expect(empty).toMatchObject({ state: 'failed', reason: 'slotEmpty' });
  });

  it('a second eject for a slot whose eject has not finished is refused, not sent', async () => {
    const cab = await online();
    cab.handlers.eject = (c, me) => me.reply(c.id, { stage: 'ack' }).then(() => null); // acknowledges, never finishes
    const first = await send(cab.sn, 'eject', { slot: 1 });
    expect(first.code).toBe(0);
    await until(async () => (await api.get(`${CMD}/detail`, { id: first.data.id })).data.state === 'acknowledged');
    const second = await send(cab.sn, 'eject', { slot: 1 });
    expect(second.code).toBe(100308);
    const byId = await send(cab.sn, 'eject', { powerBankId: powerBankIdFor(cab.sn, 1) });
    expect(byId.code).toBe(100308);
    expect(cab.received.filter((m) => m.type === 'eject')).toHaveLength(1);
  });

  it('a jammed eject fails with its reason and counts against the power bank; a rejection says why; a late result still lands', async () => {
    const cab = await online();
    const pb = powerBankIdFor(cab.sn, 1);
    cab.handlers.eject = () => ({ stage: 'result', ok: false, reason: 'jammed' });
    const jammed = await settled((await send(cab.sn, 'eject', { slot: 1 })).data.id);
    expect(jammed).toMatchObject({ state: 'failed', reason: 'jammed', percent: null });
    expect(jammed.acknowledgedAt).not.toBeNull(); // a result without an ack still means it arrived
    expect((await api.get('/device/api/v1/powerBank/queryPage', { powerBankId: pb })).data.list[0]).toMatchObject({
      sn: cab.sn,
      slot: 1,
      ejectFailures: 1,
    });

    cab.handlers.restart = () => ({ stage: 'rejected', reason: 'busy' });
    expect(await settled((await send(cab.sn, 'restart')).data.id)).toMatchObject({
      state: 'failed',
      reason: 'rejected:busy',
    });

    // The cabinet answers after the command expired: what it did is still recorded.
    cab.handlers.queryVersion = () => null;
    const late = await send(cab.sn, 'queryVersion');
    await cab.next((m) => m.id === late.data.id);
    await expireNow(late.data.id);
    await until(async () => (await api.get(`${CMD}/detail`, { id: late.data.id })).data.state === 'expired');
    await cab.reply(late.data.id, { stage: 'result', ok: true, result: { firmware: { main: '2.4.0', board: '1.5' } } });
    expect(
      await until(async () => {
        const c = (await api.get(`${CMD}/detail`, { id: late.data.id })).data;
        return c.state === 'succeeded' ? c : null;
      }),
    ).toMatchObject({ state: 'succeeded', result: { firmware: { main: '2.4.0', board: '1.5' } } });
    // The cabinet's own record follows just after the command's commit (the reply's summary step).
    expect(
      await until(async () => {
        const d = (await api.get('/device/api/v1/cabinet/detail', { sn: cab.sn })).data;
        return d.firmwareMain === '2.4.0' ? d : null;
      }),
    ).toMatchObject({ firmwareMain: '2.4.0', firmwareBoard: '1.5' });
  });

  it('fifty copies of one failed eject result arriving at once count one failure against the power bank', async () => {
    const cab = await online();
    const pb = powerBankIdFor(cab.sn, 2);
    const before = (await api.get('/device/api/v1/powerBank/queryPage', { powerBankId: pb })).data.list[0]
      .ejectFailures as number;
    cab.handlers.eject = () => null;
    const r = await send(cab.sn, 'eject', { slot: 2 });
    await cab.next((m) => m.id === r.data.id);
    await Promise.all(
      Array.from({ length: 50 }, () => cab.reply(r.data.id, { stage: 'result', ok: false, reason: 'jammed' })),
    );
    expect(await settled(r.data.id)).toMatchObject({ state: 'failed', reason: 'jammed' });
    // A command answered after the fifty is answered after them: every copy has been handled by then.
    expect(await settled((await send(cab.sn, 'restart')).data.id)).toMatchObject({ state: 'succeeded' });
    expect((await api.get('/device/api/v1/powerBank/queryPage', { powerBankId: pb })).data.list[0]).toMatchObject({
      sn: cab.sn,
      slot: 2,
      ejectFailures: before + 1,
    });
  });

  it("fifty hand-ons of a cabinet's turn at once publish one physical command at a time, each once", async () => {
    const cab = await online(6);
    const sender = s.current.server.services.fleet.commands.sender;
    // The cabinet holds each open-lock until the test lets it finish, and notes how many it held at once.
    const held: { id: string; finish: () => void }[] = [];
    let most = 0;
    cab.handlers.openLock = (c) =>
      new Promise((finish) => {
        held.push({ id: c.id, finish: () => finish({ stage: 'result', ok: true, result: { slot: c.data.slot } }) });
        most = Math.max(most, held.length);
      });
    const hammer = () => Promise.all(Array.from({ length: 50 }, () => sender.next(cab.sn)));
    const sends = await Promise.all([1, 2, 3, 4, 5, 6].map((slot) => send(cab.sn, 'openLock', { slot })));
    expect(sends.map((r) => r.code)).toEqual([0, 0, 0, 0, 0, 0]);
    const ids = sends.map((r) => r.data.id as string);
    const order: string[] = [];
    for (let i = 0; i < ids.length; i++) {
      await hammer();
      await until(async () => (held.length ? true : null), 8_000, `open-lock ${i + 1} published`);
      await hammer(); // while it is open: nobody else gets the turn
      await new Promise((r) => setTimeout(r, 100));
      expect(held).toHaveLength(1);
      const h = held.shift()!;
      order.push(h.id);
      // Its end hands the turn on (the reply's path) while fifty others try to at the same moment.
      h.finish();
      await Promise.all([settled(h.id), hammer()]);
    }
    expect(most).toBe(1);
    expect([...order].sort()).toEqual([...ids].sort());
    expect(cab.received.filter((m) => m.type === 'openLock').map((m) => m.id)).toEqual(order);
    for (const id of ids) expect(await settled(id)).toMatchObject({ state: 'succeeded' });
  });

  it('an eject without an answer expires; the server asks for the inventory instead of resending', async () => {
    const cab = await online();
    const pb = powerBankIdFor(cab.sn, 1);
    let act = false;
    cab.handlers.eject = (c, me) => {
      // The latch opens, but the reply is lost on the way.
      if (act) Object.assign(me.slots[0]!, { powerBankId: null, battery: null, charging: false });
      return null;
    };
    act = true;
    const r = await send(cab.sn, 'eject', { slot: 1 });
    await cab.next((m) => m.id === r.data.id);
    await expireNow(r.data.id);
    const check = await cab.next((m) => m.type === 'queryInventory');
    const expired = await until(async () => {
      const c = (await api.get(`${CMD}/detail`, { id: r.data.id })).data;
      return c.confirmedByInventory !== null ? c : null;
    });
    expect(expired).toMatchObject({
      state: 'expired',
      reason: 'expired',
      checkCommandId: check.id,
      confirmedByInventory: true,
    });
    expect(cab.received.filter((m) => m.type === 'eject')).toHaveLength(1);
    const bank = (await api.get('/device/api/v1/powerBank/queryPage', { powerBankId: pb })).data.list[0];
    expect(bank).toMatchObject({ sn: null, ejectFailures: 0 });

    // Not ejected: the inventory still shows it; the eject stays failed and counts against the power bank.
    act = false;
    const pb2 = powerBankIdFor(cab.sn, 2);
    const r2 = await send(cab.sn, 'eject', { slot: 2 });
    await cab.next((m) => m.id === r2.data.id);
    await expireNow(r2.data.id);
    const c2 = await until(async () => {
      const c = (await api.get(`${CMD}/detail`, { id: r2.data.id })).data;
      return c.confirmedByInventory !== null ? c : null;
    });
    expect(c2).toMatchObject({ state: 'expired', confirmedByInventory: false });
    expect((await api.get('/device/api/v1/powerBank/queryPage', { powerBankId: pb2 })).data.list[0]).toMatchObject({
      sn: cab.sn,
      slot: 2,
      ejectFailures: 1,
    });
    await new Promise((res) => setTimeout(res, 1_500)); // a few sweeps later: still never resent
    expect(cab.received.filter((m) => m.type === 'eject').map((m) => m.id)).toEqual([r.data.id, r2.data.id]);
  });

  it('forced eject: recorded before sent, ejected, returned when the power bank comes back', async () => {
    const cab = await online();
    const pb = powerBankIdFor(cab.sn, 3);
    const r = await api.post('/device/api/v1/forcedEject/eject', { sn: cab.sn, slot: 3, reason: 'stuck in the slot' });
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({
      sn: cab.sn,
      slot: 3,
      powerBankId: pb,
      reason: 'stuck in the slot',
      operatorName: 'admin',
      state: 'notReturned',
    });
    const down = await cab.next((m) => m.id === r.data.commandId);
    expect(down.data).toEqual({ slot: 3, force: true });
    const rec = async () => (await api.get('/device/api/v1/forcedEject/queryPage', { sn: cab.sn })).data.list[0];
    await until(async () => (await rec()).outcome === 'ejected');
    expect((await api.post('/device/api/v1/forcedEject/eject', { sn: cab.sn, slot: 3, reason: 'again' })).code).toBe(
      100307,
    ); // empty now
    await cab.publish('event', { kind: 'returned', slot: 4, powerBankId: pb, battery: 35 });
    const back = await until(async () => {
      const x = await rec();
      return x.state === 'returned' ? x : null;
    });
    expect(back).toMatchObject({ returnedSn: cab.sn, commandState: 'succeeded' });
    expect((await api.get('/device/api/v1/forcedEject/queryPage', { state: 'returned', sn: cab.sn })).data.total).toBe(
      1,
    );
  });

  it('commands sent at the same moment share batches and each gets its own answer, the offline one refused', async () => {
    const cabs = await Promise.all([online(), online(), online()]);
    const offline = newSn();
    await s.current.server.services.fleet.stockIn({ sns: [offline] });
    const sends = await Promise.all([
      ...cabs.flatMap((c) => [send(c.sn, 'queryVersion'), send(c.sn, 'queryIccid')]),
      send(offline, 'queryVersion'),
      send(newSn(), 'restart'),
    ]);
    expect(sends.map((r) => r.code)).toEqual([0, 0, 0, 0, 0, 0, 100305, 100303]);
    const ids = new Set(sends.slice(0, 6).map((r) => r.data.id as string));
    expect(ids.size).toBe(6);
    const done = await Promise.all(sends.slice(0, 6).map((r) => settled(r.data.id)));
    expect(done.map((c) => [c.sn, c.type, c.state])).toEqual(
      cabs.flatMap((c) => [
        [c.sn, 'queryVersion', 'succeeded'],
        [c.sn, 'queryIccid', 'succeeded'],
      ]),
    );
    expect(done.every((c) => c.sentAt && c.acknowledgedAt && c.finishedAt)).toBe(true);
    // Nothing was recorded for the refused ones.
    const rows = await s.current.database.db.execute(
      sql`select count(*)::int as n from dev_command where sn = ${offline}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('refuses commands to an offline or unknown cabinet at once, and bad input by field', async () => {
    const sn = newSn();
    await s.current.server.services.fleet.stockIn({ sns: [sn] });
    const offline = await send(sn, 'eject', { slot: 1 });
    expect(offline).toMatchObject({ code: 100305, msg: 'The cabinet is offline; the command was not sent' });
    expect((await send(sn, 'queryVersion')).code).toBe(100305);
    expect((await send(newSn(), 'restart')).code).toBe(100303);
    expect((await api.post('/device/api/v1/forcedEject/eject', { sn, slot: 1, reason: 'x' })).code).toBe(100305);
    const bad = await send('CHGB12', 'restart');
    expect(bad).toMatchObject({ code: 100001 });
    expect(bad.msg).toMatch(/^Invalid input: sn: is a non-standard device code/);
    expect((await send(sn, 'config', { heartbeatSec: 5 })).msg).toBe(
      'Invalid input: data.heartbeatSec: must be at least 10',
    );
    expect((await send(sn, 'fly')).code).toBe(100001);
    expect((await send(sn, 'eject', { slot: 0 })).code).toBe(100001);
    expect((await api.post('/device/api/v1/forcedEject/eject', { sn, slot: 1, reason: '' })).msg).toBe(
      'Invalid input: reason: is required',
    );
    expect(
      (await api.post('/device/api/v1/firmware/upgrade', { sns: [sn], version: '2.4', url: 'file:///etc/passwd' })).msg,
    ).toBe('Invalid input: url: must start with http://, https:// or ftp://');
    expect(
      (await api.post('/device/api/v1/firmware/upgrade', { sns: [newSn()], version: '2.4', url: 'https://x/y.bin' }))
        .code,
    ).toBe(100303);
    expect((await api.get(`${CMD}/detail`, { id: 'nope' })).code).toBe(100004);
    const list = (await api.get(`${CMD}/queryPage`, { sn, state: 'failed' })).data;
    expect(list.total).toBe(0); // refused commands leave no row: nothing was recorded or sent
  });
});
