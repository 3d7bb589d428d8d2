import mqtt from 'mqtt';
import { engines, oneEngine, auth, type TestServer } from '../helper.js';

/**
 * Where fleet tests run: every database engine against the embedded broker, and, when MQTT_TEST_URL
 * is set, the external broker (Mosquitto in CI) on one engine: PostgreSQL when TEST_DATABASE_URL is
 * set (several processes on one external broker need it), else PGlite. So each rule is proven on both
 * engines and both brokers; the fourth pairing (PGlite with an external broker) proved nothing the
 * other three do not and cost a quarter of the fleet tests' time (docs/decisions/tests-and-ci.md, "One
 * engine for what no engine decides").
 */
export const fleetTargets: { engine: 'pglite' | 'postgres'; broker: 'embedded' | 'external' }[] = [
  ...engines.map((engine) => ({ engine, broker: 'embedded' as const })),
  ...(process.env.MQTT_TEST_URL ? oneEngine.map((engine) => ({ engine, broker: 'external' as const })) : []),
];

/** Settings for a test server on the chosen broker; a unique share group keeps parallel runs apart. */
export function brokerEnv(broker: 'embedded' | 'external'): Record<string, string> {
  return broker === 'external'
    ? { MQTT_URL: process.env.MQTT_TEST_URL!, MQTT_SHARE_GROUP: `t${Math.random().toString(36).slice(2, 10)}` }
    : {};
}

export function http(s: { current: TestServer }, token: () => string) {
  return {
    async get(url: string, query: Record<string, string | number | boolean> = {}) {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
      const r = await s.current.inject({ method: 'GET', url: qs ? `${url}?${qs}` : url, headers: auth(token()) });
      return r.json() as { code: number; msg: string; data: any };
    },
    async post(url: string, payload: unknown, lang = 'en_US') {
      const r = await s.current.inject({
        method: 'POST',
        url,
        payload: payload as object,
        headers: auth(token(), lang),
      });
      return r.json() as { code: number; msg: string; data: any };
    },
  };
}

/** Polls until check answers a truthy value (or throws after timeoutMs). */
export async function until<T>(
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 8_000,
  what = 'condition',
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Clears the retained status messages test cabinets left on an external broker, so Mosquitto in
 * CI does not collect them run after run (the embedded broker goes away with its server).
 */
export async function clearRetained(broker: 'embedded' | 'external', sns: string[]): Promise<void> {
  if (broker !== 'external' || !sns.length) return;
  const c = await mqtt.connectAsync(process.env.MQTT_TEST_URL!, { reconnectPeriod: 0, connectTimeout: 5_000 });
  for (const sn of sns) await c.publishAsync(`cbo/v1/cab/${sn}/status`, '', { retain: true, qos: 1 });
  await c.endAsync();
}
