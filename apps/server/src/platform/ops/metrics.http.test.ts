import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneEngine, useServer } from '../../test/helper.js';
import { http, until } from '../../test/fleet/fleet-helpers.js';
import { newSn, TestCabinet } from '../../test/fleet/test-cabinet.js';

const TOKEN = 'metrics-token-0123456789';

/** The value of one series in Prometheus text (0 when absent). */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const inner = /\{(.*)\}/.exec(line)?.[1] ?? '';
    if (want.every((w) => inner.split(',').includes(w))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

describe.each(oneEngine)('GET /metrics (%s)', (engine) => {
  const s = useServer(engine, { METRICS_TOKEN: TOKEN });
  let token = '';
  const api = http(s, () => token);
  const cabinets: TestCabinet[] = [];
  const scrape = async () => {
    const res = await s.current.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  beforeAll(async () => {
    token = await s.current.login();
  });
  afterAll(async () => {
    await Promise.allSettled(cabinets.map((c) => (c.client ? c.client.endAsync(true) : Promise.resolve())));
  });

  it('is refused without the token or with a wrong one', async () => {
    expect((await s.current.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect(
      (await s.current.inject({ url: '/metrics', headers: { authorization: 'Bearer metrics-token-0123456780' } }))
        .statusCode,
    ).toBe(401);
    expect((await s.current.inject({ url: '/metrics', headers: { authorization: token } })).statusCode).toBe(401);
  });

  it('process metrics and the gauges are there', async () => {
    const text = await scrape();
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toMatch(/cbo_broker_connected 1/);
    expect(text).toContain('cbo_export_queue{status="pending"} 0');
    expect(text).toContain('# TYPE cbo_http_request_duration_seconds histogram');
    if (engine === 'postgres') expect(valueOf(text, 'cbo_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
  });

  it('after a request and a cabinet command the counters moved', async () => {
    const route = { method: 'GET', route: '/device/api/v1/cabinet/queryPage', status: '200' };
    const before = await scrape();
    const sn = newSn();
    await s.current.server.services.fleet.stockIn({ sns: [sn] });
    const cab = new TestCabinet(
      s.current.server.services.gateway.brokerUrl,
      sn,
      s.current.server.services.fleet.secretOf(sn),
      4,
    );
    cabinets.push(cab);
    await cab.start();
    await until(
      async () => (await api.get('/device/api/v1/cabinet/detail', { sn })).data.slotList.length === 4,
      8_000,
      'inventory',
    );
    expect((await api.get('/device/api/v1/cabinet/queryPage', { sn })).code).toBe(0);
    const sent = await api.post('/device/api/v1/command/send', { sn, type: 'restart' });
    expect(sent.code).toBe(0);
    await until(
      async () => (await api.get('/device/api/v1/command/detail', { id: sent.data.id })).data.state === 'succeeded',
      8_000,
      'restart',
    );
    const after = await until(
      async () => {
        const t = await scrape();
        return valueOf(t, 'cbo_command_round_trip_seconds_count', { type: 'restart', outcome: 'succeeded' }) >
          valueOf(before, 'cbo_command_round_trip_seconds_count', { type: 'restart', outcome: 'succeeded' })
          ? t
          : null;
      },
      8_000,
      'the command counted',
    );
    expect(valueOf(after, 'cbo_http_request_duration_seconds_count', route)).toBe(
      valueOf(before, 'cbo_http_request_duration_seconds_count', route) + 1,
    );
    // Counted by route pattern: the query string makes no new series.
    expect(after).not.toContain(sn);
    expect(valueOf(after, 'cbo_mqtt_messages_total', { direction: 'in' })).toBeGreaterThan(
      valueOf(before, 'cbo_mqtt_messages_total', { direction: 'in' }),
    );
    expect(valueOf(after, 'cbo_mqtt_messages_total', { direction: 'out' })).toBeGreaterThan(
      valueOf(before, 'cbo_mqtt_messages_total', { direction: 'out' }),
    );
    expect(valueOf(after, 'cbo_cabinets', { state: 'online' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, 'cbo_cabinets', { state: 'connected' })).toBeGreaterThanOrEqual(1);
  });

  it('a business call counts its outcome: a rent refused for want of a sign-in is not counted as ok', async () => {
    const before = await scrape();
    const res = await s.current.inject({ method: 'POST', url: '/order/api/app/v1/order/rent', payload: { sn: 'X' } });
    expect(res.json().code).not.toBe(0);
    const after = await scrape();
    const refusal = [...after.matchAll(/cbo_business_total\{kind="rent",outcome="([A-Z_]+)"\} (\d+)/g)];
    expect(refusal.length).toBeGreaterThan(0);
    expect(refusal.reduce((n, m) => n + Number(m[2]), 0)).toBe(
      [...before.matchAll(/cbo_business_total\{kind="rent",outcome="([A-Z_]+)"\} (\d+)/g)].reduce(
        (n, m) => n + Number(m[2]),
        0,
      ) + 1,
    );
    expect(valueOf(after, 'cbo_business_total', { kind: 'rent', outcome: 'ok' })).toBe(
      valueOf(before, 'cbo_business_total', { kind: 'rent', outcome: 'ok' }),
    );
  });
});

describe.each(oneEngine)('GET /metrics without METRICS_TOKEN (%s)', (engine) => {
  const s = useServer(engine);
  it('is not there', async () => {
    expect((await s.current.inject({ url: '/metrics' })).statusCode).toBe(404);
  });
});
