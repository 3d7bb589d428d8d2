import { randomUUID } from 'node:crypto';
import type { VirtualCabinet } from './cabinet.js';
import type { CallApi } from './client.js';

export interface CustomerDriverOptions {
  /** How many customers (each holds at most one power bank at a time). */
  customers: number;
  /** Rentals started per minute, over all customers. */
  ratePerMinute: number;
  /** The cabinets the customers rent from and return to (this process's own, registered with the server). */
  cabinets: VirtualCabinet[];
  /** The server's API as the customer app calls it (ClientType USER_ANDROID). */
  call: CallApi;
  /** The code texted to a mobile after `since` (ms), or null when none came (yet). */
  readCode: (areaCode: string, mobile: string, since: number) => Promise<string | null>;
  areaCode: string;
  /** Mobile of customer n (1-based). */
  mobileOf: (n: number) => string;
  /** Seconds a customer keeps the power bank, at least and at most. */
  holdSeconds: [number, number];
  random?: () => number;
}

/** What the customers did, for the one-line summary. */
export interface CustomerSummary {
  customers: number;
  signedIn: number;
  /** Rents the server answered (the refused included; one still on its way is not counted yet). */
  rentsAsked: number;
  /** Rents the server refused, by its code. */
  refused: Record<string, number>;
  using: number;
  ejectFailed: number;
  returned: number;
  /** Orders seen ended (finished, or awaiting the deduction) after their return. */
  ended: number;
  /** Rent slots of the rate no customer was free to take. */
  allBusy: number;
  /** Rentals given up: no cabinet had a charged power bank ready. */
  noPowerBank: number;
  lastError: string | null;
}

/**
 * Simulated customers against a running server, as a person with the app: sign in with a texted
 * code, quote a cabinet, rent (deposit), wait for the eject, keep the power bank a while and put it
 * into another cabinet, whose return event ends the order. Rentals start at a steady rate; a
 * customer rents again only once their power bank is back.
 */
export function driveCustomers(o: CustomerDriverOptions): { stop(): Promise<void>; summary(): CustomerSummary } {
  const random = o.random ?? Math.random;
  const s: CustomerSummary = {
    customers: o.customers,
    signedIn: 0,
    rentsAsked: 0,
    refused: {},
    using: 0,
    ejectFailed: 0,
    returned: 0,
    ended: 0,
    allBusy: 0,
    noPowerBank: 0,
    lastError: null,
  };
  const tokens = new Map<number, string>();
  const busy = new Set<number>();
  const running = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });
  const between = (a: number, b: number) => a + random() * (b - a);
  const refuse = (code: number) => (s.refused[code] = (s.refused[code] ?? 0) + 1);

  async function signIn(n: number): Promise<string | null> {
    const mobile = o.mobileOf(n);
    const since = Date.now() - 1000;
    const sent = await o.call('appSendCode', { body: { areaCode: o.areaCode, mobile } });
    if (sent.code !== 0) {
      s.lastError = `sendCode ${sent.code} ${sent.msg}`;
      return null;
    }
    let code: string | null = null;
    for (let i = 0; i < 20 && !code && !stopped; i++) {
      code = await o.readCode(o.areaCode, mobile, since);
      if (!code) await wait(250);
    }
    if (!code) {
      s.lastError = `no code texted to +${o.areaCode} ${mobile} (is the server's SMS_PROVIDER=file, and --sms-log its DATA_DIR/sms.log?)`;
      return null;
    }
    const r = await o.call('appLogin', {
      body: { areaCode: o.areaCode, mobile, code, clientType: 'USER_ANDROID' },
    });
    if (r.code !== 0) {
      s.lastError = `sign-in ${r.code} ${r.msg}`;
      return null;
    }
    s.signedIn++;
    return r.data.token;
  }

  const ready = () => o.cabinets.filter((c) => c.registered && c.inventory().some((x) => x.powerBankId && !x.fault));

  /** One rental from start to the return, by customer n. */
  async function rental(n: number): Promise<void> {
    const token = tokens.get(n) ?? (await signIn(n));
    if (!token) return;
    tokens.set(n, token);
    // A cabinet the server says has a charged power bank ready (its own rule), tried in random order.
    let from: VirtualCabinet | undefined;
    for (const cab of ready()
      .sort(() => random() - 0.5)
      .slice(0, 5)) {
      const quote = await o.call('appQuote', { query: { sn: cab.sn } }, token);
      if (quote.code === 100020 || quote.code === 100021) {
        tokens.delete(n);
        return;
      }
      if (quote.code !== 0) {
        refuse(quote.code);
        s.lastError = `quote ${quote.code} ${quote.msg}`;
        continue;
      }
      if (quote.data.online && quote.data.available > 0 && quote.data.holding < quote.data.maxPerUser) {
        from = cab;
        break;
      }
    }
    if (!from) {
      s.noPowerBank++;
      return;
    }
    const rent = await o.call(
      'appRent',
      { body: { sn: from.sn, payMode: 'deposit', idempotencyKey: randomUUID() } },
      token,
    );
    // Counted once answered: a rent still on its way when the run stops is not in the summary,
    // so the summary never counts more rents than the server has orders for.
    s.rentsAsked++;
    if (rent.code !== 0) {
      refuse(rent.code);
      s.lastError = `rent ${rent.code} ${rent.msg}`;
      if (rent.code === 100020 || rent.code === 100021) tokens.delete(n);
      return;
    }
    const { orderNo, powerBankId } = rent.data;
    const status = async (): Promise<string> => {
      const d = await o.call('appMyOrder', { query: { orderNo } }, token);
      return d.code === 0 ? d.data.status : 'unknown';
    };
    let now: string = rent.data.status;
    for (let i = 0; i < 30 && now === 'ejecting' && !stopped; i++) {
      await wait(1000);
      now = await status();
    }
    if (now !== 'using') {
      if (now === 'closed') s.ejectFailed++;
      return;
    }
    s.using++;
    await wait(between(o.holdSeconds[0], o.holdSeconds[1]) * 1000);
    // Given back to another cabinet (any, if this process has one only): its return event ends the order.
    const others = o.cabinets.filter((c) => c.registered && c !== from).sort(() => random() - 0.5);
    for (const to of [...others, from]) {
      if (powerBankId !== null && to.returnPowerBank(powerBankId, 20 + Math.floor(random() * 60)) !== null) {
        s.returned++;
        break;
      }
    }
    for (let i = 0; i < 20 && !stopped; i++) {
      await wait(500);
      const st = await status();
      if (st !== 'using' && st !== 'ejecting') {
        s.ended++;
        return;
      }
    }
  }

  const tick = () => {
    if (stopped) return;
    const free = Array.from({ length: o.customers }, (_, i) => i + 1).filter((n) => !busy.has(n));
    const n = free[Math.floor(random() * free.length)];
    if (n === undefined) {
      s.allBusy++;
      return;
    }
    busy.add(n);
    const p = rental(n)
      .catch((e: unknown) => void (s.lastError = (e as Error).message))
      .finally(() => {
        busy.delete(n);
        running.delete(p);
      });
    running.add(p);
  };
  const every = 60_000 / o.ratePerMinute;
  tick();
  const interval = setInterval(tick, every);

  return {
    summary: () => ({ ...s, refused: { ...s.refused } }),
    async stop() {
      stopped = true;
      clearInterval(interval);
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}

/**
 * The code texted to a mobile, from the server's SMS_PROVIDER=file log (one JSON line per text:
 * { time, areaCode, mobile, text }): the newest after `since`.
 */
export function codeFromSmsLog(content: string, areaCode: string, mobile: string, since: number): string | null {
  const lines = content.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!.trim();
    if (!line) continue;
    try {
      const t = JSON.parse(line) as { time?: string; areaCode?: string; mobile?: string; text?: string };
      if (t.mobile !== mobile || t.areaCode !== areaCode.replace(/^\+/, '')) continue;
      if (Date.parse(t.time ?? '') < since) return null;
      return t.text?.match(/\d{6}/)?.[0] ?? null;
    } catch {
      continue;
    }
  }
  return null;
}
