import type { FastifyInstance, FastifyRequest } from 'fastify';
import client from 'prom-client';
import { Errors, type CallName } from '@cbo/contract';

/**
 * The process's Prometheus metrics (GET /metrics, docs/deploy.md "Watching it"). Everything is
 * counted in memory where it happens: nothing here costs a request a database statement. Gauges
 * that need the database (cabinets online, the export queue) are read when Prometheus scrapes.
 *
 * Modules count through the tiny interfaces below (FleetMeter), never through prom-client: the
 * names and labels live in this one file.
 */

/** What a business step ended with: `ok`, a status (`finished`), or the name of the refusal (`ORDER_NO_POWER_BANK`). */
export type Outcome = string;
export type BusinessKind = 'rent' | 'rentEject' | 'return' | 'settle' | 'refund' | 'payout' | 'recharge';

/** What the fleet counts: MQTT messages in and out, and every command that reached a final state. */
export interface FleetMeter {
  mqtt(direction: 'in' | 'out'): void;
  commandFinished(c: {
    type: string;
    state: string;
    sentAt: string | null;
    createdAt: string;
    finishedAt: string | null;
  }): void;
}

/** The calls whose answers count as business outcomes (the call names of the contract). */
const BUSINESS_CALLS: Partial<Record<CallName, BusinessKind>> = {
  appRent: 'rent',
  appRecharge: 'recharge',
  refundOrderRefundAmount: 'refund',
  refundOrderRefundBalance: 'refund',
  refundOrderAudit: 'refund',
  appBalanceRefund: 'refund',
  depositRefundApply: 'refund',
  voucherOrderRefund: 'refund',
  payoutApply: 'payout',
  payoutAudit: 'payout',
  payoutBatchAudit: 'payout',
};

/** Default metrics (memory, CPU, event loop lag, handles) belong to the process: made once, whatever number of servers a test builds. */
let processRegistry: client.Registry | null = null;
function processMetrics(): client.Registry {
  if (!processRegistry) {
    processRegistry = new client.Registry();
    client.collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
  }
  return processRegistry;
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const ROUND_TRIP = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60];

export class Metrics implements FleetMeter {
  readonly registry = new client.Registry();
  private readonly httpDuration = new client.Histogram({
    name: 'cbo_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code, with their latency.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });
  private readonly businessTotal = new client.Counter({
    name: 'cbo_business_total',
    help: 'Rents, rental ejects, returns, settles, refunds, payouts and recharges by outcome (ok, the order status reached, or the refusal code name).',
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly commandRoundTrip = new client.Histogram({
    name: 'cbo_command_round_trip_seconds',
    help: 'Cabinet commands (ejects included) by type and final state, with the time from sending to the final state.',
    labelNames: ['type', 'outcome'] as const,
    buckets: ROUND_TRIP,
    registers: [this.registry],
  });
  private readonly mqttMessages = new client.Counter({
    name: 'cbo_mqtt_messages_total',
    help: 'MQTT messages this process received from cabinets (in) and published to them (out).',
    labelNames: ['direction'] as const,
    registers: [this.registry],
  });

  http(method: string, route: string, status: number, seconds: number): void {
    this.httpDuration.observe({ method, route, status: String(status) }, seconds);
  }

  business(kind: BusinessKind, outcome: Outcome): void {
    this.businessTotal.inc({ kind, outcome });
  }

  mqtt(direction: 'in' | 'out'): void {
    this.mqttMessages.inc({ direction });
  }

  commandFinished(c: {
    type: string;
    state: string;
    sentAt: string | null;
    createdAt: string;
    finishedAt: string | null;
  }): void {
    const from = Date.parse(c.sentAt ?? c.createdAt);
    const to = c.finishedAt ? Date.parse(c.finishedAt) : Date.now();
    this.commandRoundTrip.observe({ type: c.type, outcome: c.state }, Math.max(0, (to - from) / 1000));
  }

  /** A gauge read when scraped; a failing read leaves it out of that scrape (logged by the caller's catch). */
  gauge(
    name: string,
    help: string,
    labelNames: readonly string[],
    read: () => Promise<Array<{ labels?: Record<string, string>; value: number }>>,
  ): void {
    new client.Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const v of await read()) v.labels ? this.set(v.labels, v.value) : this.set(v.value);
      },
    });
  }

  /** Wraps an async step so its outcome is counted: its result's status when it has one, `ok` otherwise, or the refusal's name. */
  counted<A extends unknown[], R>(
    kind: BusinessKind,
    step: (...a: A) => Promise<R>,
    outcomeOf: (r: R) => Outcome = () => 'ok',
  ): (...a: A) => Promise<R> {
    return async (...a: A) => {
      try {
        const r = await step(...a);
        this.business(kind, outcomeOf(r));
        return r;
      } catch (err) {
        this.business(kind, refusalName(err));
        throw err;
      }
    };
  }

  async text(): Promise<{ contentType: string; body: string }> {
    const merged = client.Registry.merge([processMetrics(), this.registry]);
    return { contentType: merged.contentType, body: await merged.metrics() };
  }

  /**
   * Counts every request (route pattern, not the URL: ids do not make new series) and the
   * business calls' answers, in onResponse (after the answer left), and serves GET /metrics:
   * with `token`, only to `Authorization: Bearer <token>`; without one the route is not there (404).
   */
  register(app: FastifyInstance, token: string | undefined): void {
    app.addHook('onResponse', async (req, reply) => {
      const route = req.routeOptions.url ?? 'unmatched';
      if (route === '/metrics') return;
      this.http(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
      const kind = req.routeOptions.config.call && BUSINESS_CALLS[req.routeOptions.config.call];
      if (kind) this.business(kind, outcomeOfCode(reply.envelopeCode ?? (reply.statusCode < 400 ? 0 : -1)));
    });
    if (!token) return;
    app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
      if (!tokenMatches(req, token)) return reply.code(401).header('www-authenticate', 'Bearer').send('unauthorized\n');
      const { contentType, body } = await this.text();
      return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
    });
  }
}

/** Outcomes are the refusals' catalogue names: a bounded set of label values. */
const NAME_OF_CODE = new Map<number, string>(Object.entries(Errors).map(([name, e]) => [e.code, name]));
function outcomeOfCode(code: number): Outcome {
  if (code === 0) return 'ok';
  return NAME_OF_CODE.get(code) ?? 'error';
}

function refusalName(err: unknown): Outcome {
  const name = (err as { errorName?: unknown } | null)?.errorName;
  if (typeof name === 'string') return name;
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'number' ? outcomeOfCode(code) : 'error';
}

function tokenMatches(req: FastifyRequest, token: string): boolean {
  const got = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
  // Constant time over the length of the expected token.
  let diff = got.length ^ token.length;
  for (let i = 0; i < token.length; i++) diff |= token.charCodeAt(i) ^ (got.charCodeAt(i) || 0);
  return diff === 0;
}
