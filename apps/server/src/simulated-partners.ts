import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountKind } from '@cbo/contract';
import type { Server } from './app.js';
import { AppError } from './platform/http/app-error.js';

type Answer = { code: number; msg: string; data: any };

/** The keys of the demo partners' opening earnings (npm run demo:clear removes them by this prefix). */
export const DEMO_OPENING_PREFIX = 'demo-opening:';
const PAYABLE: Record<string, AccountKind> = { agent: 'agentPayable', groundPromoter: 'pusherPayable', serviceProvider: 'providerPayable', outlet: 'outletPayable', operator: 'operatorPayable' };

export interface PartnerOptions {
  /** Seconds before the first round, and between rounds. */
  firstSeconds?: number;
  everySeconds?: number;
}

/**
 * A demo partner's opening earnings, posted once under its key. The amount follows from the key
 * (80,000-200,000 in steps of 10,000), so every start asks for the same movement and the ledger's
 * idempotency answers the first: a random amount made each restart's post a different request
 * under a used key (LEDGER_KEY_REUSED), and every withdrawal round after a restart failed.
 */
export function openingEntry(kind: string, partyId: number) {
  const idempotencyKey = `${DEMO_OPENING_PREFIX}${kind}:${partyId}`;
  const amount = 80_000 + (crypto.createHash('sha256').update(idempotencyKey).digest().readUInt32BE(0) % 13) * 10_000;
  return {
    idempotencyKey,
    kind: 'demo' as const,
    memo: 'demoOpeningEarnings',
    entries: [{ account: { kind: 'providerClearing' as AccountKind }, debit: amount }, { account: { kind: PAYABLE[kind]!, partyId }, credit: amount }],
  };
}

/**
 * The demo network's partners (its agents, pusher, service provider, the outlets with app accounts and the operator, its team) ask for withdrawals now
 * and then through the partner app's calls, as a person with the app does: they read their
 * withdrawable balance and rules, and apply for part of it, keeping at most two applications
 * waiting each. Their shares of the simulated orders are small and new, so each starts with
 * opening earnings (a ledger movement from the payment company's clearing account, memo "Demo:
 * opening earnings", posted once); a new user finds applications waiting for review within a few
 * minutes of the first start.
 */
export function startSimulatedPartners(server: Server, log: FastifyBaseLogger, opts: PartnerOptions = {}): { stop(): void } {
  const every = (opts.everySeconds ?? 90) * 1000;
  let sessions: { kind: string; partyId: number; token: string }[] = [];
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const call = async (token: string, method: 'GET' | 'POST', url: string, body?: unknown): Promise<Answer> =>
    (await server.app.inject({ method, url, payload: body as object | undefined, headers: { authorization: token, clienttype: 'AGENT_ANDROID' } })).json() as Answer;

  async function opening(kind: string, partyId: number): Promise<void> {
    try {
      await server.services.ledger.ledger.post(openingEntry(kind, partyId));
    } catch (err) {
      // Posted by an earlier start, when the amount was drawn at random: already opened, as it should be.
      if (!(err instanceof AppError && err.errorName === 'LEDGER_KEY_REUSED')) throw err;
    }
  }

  async function applyOnce(s: { kind: string; partyId: number; token: string }): Promise<'applied' | 'skipped' | 'signedOut'> {
    const b = await call(s.token, 'GET', '/user/api/app/v1/withdrawal/balance');
    if (b.code !== 0) return 'signedOut';
    const waiting = await call(s.token, 'GET', '/user/api/app/v1/withdrawal/mine?pageNum=1&pageSize=1&status=initiated');
    const r = b.data as { withdrawable: number; minAmount: number; singleCap: number; dailyCount: number; usedToday: number; methods: string[] };
    if ((waiting.data?.total ?? 0) >= 2 || r.usedToday >= r.dailyCount || r.withdrawable < r.minAmount) return 'skipped';
    const top = Math.min(r.singleCap, Math.max(r.minAmount, Math.floor((r.withdrawable * 0.4) / 100) * 100));
    const amount = r.minAmount + Math.floor((Math.random() * (top - r.minAmount)) / 100) * 100;
    const me = await call(s.token, 'GET', '/user/api/app/v1/me');
    const method = r.methods[crypto.randomInt(0, r.methods.length)]!;
    const a = await call(s.token, 'POST', '/user/api/app/v1/withdrawal/apply', {
      amount,
      method,
      payeeAccount: method === 'alipay' ? `demo${s.partyId}@example.com` : `${method}_demo_${s.kind}_${s.partyId}`,
      payeeName: String(me.data?.name ?? 'Demo partner').slice(0, 32),
      idempotencyKey: crypto.randomBytes(12).toString('hex'),
    });
    if (a.code !== 0) log.debug({ code: a.code, msg: a.msg }, 'a demo partner could not apply for a withdrawal');
    return a.code === 0 ? 'applied' : 'skipped';
  }

  async function round(): Promise<void> {
    if (!sessions.length) {
      sessions = await server.services.network.appAccounts.simulatedPartnerSessions();
      for (const s of sessions) await opening(s.kind, s.partyId);
    }
    // One or two partners a round, in random order.
    const picked = [...sessions].sort(() => Math.random() - 0.5).slice(0, 1 + crypto.randomInt(0, 2));
    for (const s of picked) {
      if (stopped) return;
      if ((await applyOnce(s)) === 'signedOut') sessions = [];
    }
  }

  const loop = (ms: number) => {
    timer = setTimeout(() => {
      round()
        .catch((err: unknown) => log.warn({ err }, 'demo partners: withdrawal round failed'))
        .finally(() => {
          if (!stopped) loop(every);
        });
    }, ms);
    timer.unref();
  };
  loop((opts.firstSeconds ?? 20) * 1000);
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
