import crypto from 'node:crypto';
import mqtt from 'mqtt';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { query } from '../../platform/db/database.js';
import { engines, useServer } from '../../test/helper.js';
import { DeviceLogService } from './device-log.service.js';

describe.each(engines)('refused connections in the device log (%s)', (engine) => {
  const s = useServer(engine);
  const refusedRows = async (address?: string) =>
    query<{ sn: string | null; reason: string; address: string | null; count: number }>(
      s.current.database.db,
      sql`select sn, reason, address, count from dev_log where kind = 'refused' ${address ? sql`and address = ${address}` : sql``} order by id`,
    );

  it('100 connects with junk credentials from one address: at most eleven rows, and their counts add up to 100', async () => {
    const url = s.current.server.services.gateway.brokerUrl;
    const codes: (number | undefined)[] = [];
    for (let i = 0; i < 100; i++) {
      const junk = crypto.randomBytes(6).toString('hex');
      try {
        const c = await mqtt.connectAsync(url, {
          clientId: `cab-${junk}`,
          username: junk,
          password: 'nope',
          reconnectPeriod: 0,
          connectTimeout: 5_000,
        });
        await c.endAsync(true);
        codes.push(0);
      } catch (e) {
        codes.push((e as { code?: number }).code);
      }
    }
    expect(codes.every((c) => c === 5)).toBe(true);
    await s.current.server.services.fleet.deviceLog.flush();
    const rows = await refusedRows();
    expect(rows.length).toBe(11);
    expect(rows.every((r) => /127\.0\.0\.1/.test(r.address ?? ''))).toBe(true);
    expect(rows.slice(0, 10).every((r) => r.reason === 'malformedSn' && r.count === 1)).toBe(true);
    expect(rows[10]).toMatchObject({ sn: null, reason: 'tooMany', count: 90 });
    expect(rows.reduce((n, r) => n + r.count, 0)).toBe(100);
    // the console reads the count
    const token = await s.current.login();
    const page = (
      await s.current.inject({
        url: '/device/api/v1/deviceLog/queryPage?kind=refused&pageSize=20',
        headers: { authorization: token },
      })
    ).json();
    expect(page.code).toBe(0);
    expect(page.data.list[0]).toMatchObject({ reason: 'tooMany', count: 90 });
  });

  it('a repeated refusal raises its row count; the next minute starts new rows', async () => {
    let now = 1_000_000;
    const log = new DeviceLogService(s.current.database.db, () => now);
    const refusal = { sn: 'CAB0000000000001', kind: 'refused' as const, reason: 'badSecret', address: '10.9.9.9' };
    for (let i = 0; i < 30; i++) await log.record(refusal);
    await log.record({ ...refusal, address: '10.9.9.8' }); // another address has its own row
    await log.flush();
    expect((await refusedRows('10.9.9.9')).map((r) => r.count)).toEqual([30]);
    expect((await refusedRows('10.9.9.8')).map((r) => r.count)).toEqual([1]);
    now += 59_000;
    await log.record(refusal);
    now += 1_000; // a minute after the first
    await log.record(refusal);
    await log.record(refusal);
    await log.close();
    expect((await refusedRows('10.9.9.9')).map((r) => r.count)).toEqual([31, 2]);
  });
});
