import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountKind } from '@cbo/contract';
import type { Server } from './app.js';
import { AppError } from './platform/http/app-error.js';

type Answer = { code: number; msg: string; data: any };

/** The keys of the demo partners' opening earnings (npm run demo:clear removes them by this prefix). */
export const DEMO_OPENING_PREFIX = 'demo-opening:';
const PAYABLE: Record<string, AccountKind> = {
  agent: 'agentPayable',
  groundPromoter: 'pusherPayable',
  serviceProvider: 'providerPayable',
  outlet: 'outletPayable',
  operator: 'operatorPayable',
};

export interface PartnerOptions {
  /** Seconds before the first round, and between rounds. */
  firstSeconds?: number;
  everySeconds?: number;
  /**
   * Applications the whole demo network files in a day, on average (default: half of its
   * partners, so each partner withdraws about every other day, as a real one does).
   */
  perDay?: number;
  /** Told of every application a partner makes (tests: what it asked against what it could). */
  onRequest?: (r: PartnerRequest) => void;
}

/** One application of a demo partner: what it asked for, what it could withdraw then, and the answer's code. */
export interface PartnerRequest {
  kind: string;
  partyId: number;
  amount: number;
  withdrawable: number;
  code: number;
}

/** What a partner reads of its balance before it asks (the app's withdrawal/balance). */
export interface PartnerBalance {
  withdrawable: number;
  minAmount: number;
  singleCap: number;
}

/**
 * What a demo partner asks for: a part of what it may withdraw now (a fifth to a half, in whole
 * currency units), never more than that nor than the single cap; null when that part is under the
 * minimum (it waits until it has earned more). `random` is in [0, 1).
 */
export function askFor(b: PartnerBalance, random: number): number | null {
  const part = b.withdrawable * (0.2 + 0.3 * random);
  const amount = Math.min(
    Math.floor(part / 100) * 100,
    Math.floor(b.singleCap / 100) * 100,
    Math.floor(b.withdrawable / 100) * 100,
  );
  return amount >= b.minAmount && amount > 0 ? amount : null;
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
    entries: [
      { account: { kind: 'providerClearing' as AccountKind }, debit: amount },
      { account: { kind: PAYABLE[kind]!, partyId }, credit: amount },
    ],
  };
}

/**
 * The demo network's partners (its agents, pusher, service provider, the outlets with app accounts
 * and the operator, its team) ask for withdrawals through the partner app's calls, as a person with
 * the app does: they read their withdrawable balance and rules, and apply for a part of it (askFor:
 * a fifth to a half, never more). At a real network's pace (docs/decisions/ledger-and-money.md, "Believable demo
 * money"): a partner with an application waiting for review or payout does not apply again, applies
 * at most once a UTC day, and the whole network files about `perDay` applications a day, drawn
 * round by round; the first round lets one partner apply when none of the demo's applications is
 * waiting, so a new user finds one to review. Each partner starts with opening earnings (a ledger
 * movement from the payment company's clearing account, memo "Demo: opening earnings", posted
 * once): the earnings of its past, which its shares of the simulated orders then add to.
 */
export function startSimulatedPartners(
  server: Server,
  log: FastifyBaseLogger,
  opts: PartnerOptions = {},
): { stop(): void } {
  const every = (opts.everySeconds ?? 90) * 1000;
  let sessions: { kind: string; partyId: number; token: string }[] = [];
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let first = true;
  const call = async (token: string, method: 'GET' | 'POST', url: string, body?: unknown): Promise<Answer> =>
    (
      await server.app.inject({
        method,
        url,
        payload: body as object | undefined,
        headers: { authorization: token, clienttype: 'AGENT_ANDROID' },
      })
    ).json() as Answer;

  async function opening(kind: string, partyId: number): Promise<void> {
    try {
      await server.services.ledger.ledger.post(openingEntry(kind, partyId));
    } catch (err) {
      // Posted by an earlier start, when the amount was drawn at random: already opened, as it should be.
      if (!(err instanceof AppError && err.errorName === 'LEDGER_KEY_REUSED')) throw err;
    }
  }

  async function applyOnce(s: {
    kind: string;
    partyId: number;
    token: string;
  }): Promise<'applied' | 'skipped' | 'signedOut'> {
    const b = await call(s.token, 'GET', '/user/api/app/v1/withdrawal/balance');
    if (b.code !== 0) return 'signedOut';
    const r = b.data as {
      withdrawable: number;
      held: number;
      minAmount: number;
      singleCap: number;
      dailyCount: number;
      usedToday: number;
      methods: string[];
    };
    // One application on its way at a time (held: waiting for review or with the payment company), one a day.
    if (r.held > 0 || r.usedToday >= Math.min(1, r.dailyCount) || !r.methods.length) return 'skipped';
    const amount = askFor(r, Math.random());
    if (amount === null) return 'skipped';
    const me = await call(s.token, 'GET', '/user/api/app/v1/me');
    const method = r.methods[crypto.randomInt(0, r.methods.length)]!;
    const a = await call(s.token, 'POST', '/user/api/app/v1/withdrawal/apply', {
      amount,
      method,
      payeeAccount: method === 'alipay' ? `demo${s.partyId}@example.com` : `${method}_demo_${s.kind}_${s.partyId}`,
      payeeName: String(me.data?.name ?? 'Demo partner').slice(0, 32),
      idempotencyKey: crypto.randomBytes(12).toString('hex'),
    });
    opts.onRequest?.({ kind: s.kind, partyId: s.partyId, amount, withdrawable: r.withdrawable, code: a.code });
    if (a.code !== 0) log.debug({ code: a.code, msg: a.msg }, 'a demo partner could not apply for a withdrawal');
    return a.code === 0 ? 'applied' : 'skipped';
  }

  async function round(): Promise<void> {
    if (!sessions.length) {
      sessions = await server.services.network.appAccounts.simulatedPartnerSessions();
      for (const s of sessions) await opening(s.kind, s.partyId);
    }
    if (!sessions.length) return;
    // The network files perDay applications a day on average: this round's share of them, drawn.
    const perDay = opts.perDay ?? Math.max(1, sessions.length / 2);
    let wanted = perDay * (every / 86_400_000);
    if (first) {
      first = false;
      // A new demo's queue is not empty: one partner applies when none of the demo's applications waits.
      if ((await server.services.payout.payouts.summary()).pendingCount === 0) wanted = Math.max(wanted, 1);
    }
    let n = Math.floor(wanted) + (Math.random() < wanted - Math.floor(wanted) ? 1 : 0);
    for (const s of [...sessions].sort(() => Math.random() - 0.5)) {
      if (stopped || n <= 0) return;
      const done = await applyOnce(s);
      if (done === 'signedOut') {
        sessions = [];
        return;
      }
      if (done === 'applied') n--;
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
