// Long for a reason: the payment-company interface every company implements and the sandbox that implements it whole (charges, freezes, refunds, payouts, notifications, statements), read together.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PayoutFailure } from '@cbo/contract';

/**
 * What the engine asks of a payment company. Every request carries an idempotency key: asking
 * twice with one key is one payment, and the answer to the second ask is the first's. The answer
 * may be final (succeeded, failed) or pending, in which case the outcome comes later as a signed
 * notification, which may come twice, late, or never (then the engine asks with `query`). Real
 * adapters (WeChat Pay, Alipay, LINE Pay, Tap) implement this interface; the sandbox below is the
 * built-in one and says it is a sandbox.
 *
 * Pre-authorization (deposit-free rentals): `authorize` freezes an amount on the customer's account
 * (Alipay fund authorization freeze, WeChat Pay "pay after use" service order), `captureAuthorization`
 * pays an amount from what is frozen and unfreezes the rest (Alipay trade pay with the authorization
 * number, auth_confirm_mode COMPLETE; WeChat Pay completing the service order), and
 * `releaseAuthorization` unfreezes all of it (Alipay fund authorization unfreeze; WeChat Pay
 * cancelling the service order). The WeChat Pay and Alipay adapters of issue 28 implement them; like
 * every request they are idempotent by key, answer succeeded, pending or failed, are notified and
 * answer `query`. Their ops: freeze, capture, unfreeze.
 */
export type PaymentOp = 'charge' | 'refund' | 'payout' | 'freeze' | 'capture' | 'unfreeze';
export interface PaymentOutcome {
  key: string;
  op: PaymentOp;
  status: 'succeeded' | 'pending' | 'failed';
  amount: number;
  /** The provider's reference (its transaction number). */
  reference: string;
  /** Why it failed, in the provider's words (payouts: one of the known reasons). */
  failure?: string;
  /**
   * A charge or freeze the customer completes in their app answers pending with what the app hands
   * to the wallet (WeChat Pay JSAPI / mini program requestPayment fields, Alipay's order string); the
   * outcome comes later by notification or query.
   */
  payParams?: Record<string, string>;
}
export interface ChargeRequest {
  key: string;
  amount: number;
  userId: number;
  description: string;
  /** Deferred: the customer pays later (a credit deduction); the outcome comes by notification. */
  deferred?: boolean;
  /** The customer's id at the payment company (WeChat openid, Alipay buyer id), when known. */
  payerId?: string;
  /** The pay channel the customer chose (wechat, alipay, …): the router picks the company by it. */
  channel?: string;
}
export interface RefundRequest {
  key: string;
  amount: number;
  /** The charge this gives money back from. */
  chargeReference: string;
  /** What that charge took, when the caller knows it (WeChat Pay asks for the original total). */
  chargeAmount?: number;
}
export interface AuthorizeRequest {
  key: string;
  /** The amount frozen: the order's declared deposit (its buy-out cap). */
  amount: number;
  userId: number;
  description: string;
  payerId?: string;
  channel?: string;
}
export interface CaptureRequest {
  key: string;
  /** What is paid from the frozen amount; the rest of it is unfrozen by the same request. */
  amount: number;
  /** The authorization's reference (the payment company's, from `authorize`). */
  authReference: string;
  description: string;
}
export interface ReleaseAuthorizationRequest {
  key: string;
  /** The amount unfrozen (all that is frozen). */
  amount: number;
  authReference: string;
}
export interface PayoutRequest {
  key: string;
  amount: number;
  payee: string;
  /** The withdrawal method (wechat, alipay, …): the router picks the company by it. */
  channel?: string;
  /** The payee's real name, when the company checks it (WeChat Pay transfers, Alipay). */
  payeeName?: string;
}
export interface SignedNotification {
  /** The notification as received: the raw HTTP body for a real company. */
  payload: string;
  /** The sandbox's signature; a real company's travels in `headers` or in the body. */
  signature: string;
  /** The HTTP headers of a notification received at /pay/notify/<provider>, names in lower case. */
  headers?: Record<string, string>;
  /** Which company's route it arrived at (the router hands it to that adapter); absent: the sandbox. */
  provider?: string;
}

/**
 * One line of a payment company's statement for a day (WeChat Pay trade and fund bills, Alipay's
 * bill, the sandbox's file): what the company says it moved. `key` is the request key the company
 * knows (a real adapter's short number; the router turns it back into the engine's key).
 */
export interface StatementLine {
  key: string;
  op: PaymentOp;
  /** The company's transaction number. */
  reference: string;
  /** Minor units, always positive; `op` says the direction. */
  amount: number;
  /** The company's fee on this line, minor units (0 when none). */
  fee: number;
  /** When the company booked it (ISO 8601). */
  at: string;
  status: 'succeeded' | 'failed';
}

/** What to answer the company over HTTP once a notification was handled (or refused). */
export interface NotifyReply {
  status: number;
  contentType: string;
  body: string;
}

export interface PaymentProvider {
  readonly name: string;
  readonly sandbox: boolean;
  readonly currency: string;
  charge(req: ChargeRequest): Promise<PaymentOutcome>;
  refund(req: RefundRequest): Promise<PaymentOutcome>;
  payout(req: PayoutRequest): Promise<PaymentOutcome>;
  /** Freezes an amount on the customer's account (op freeze); its reference names the authorization. */
  authorize(req: AuthorizeRequest): Promise<PaymentOutcome>;
  /** Pays an amount from an authorization and unfreezes the rest (op capture). */
  captureAuthorization(req: CaptureRequest): Promise<PaymentOutcome>;
  /** Unfreezes all of an authorization (op unfreeze). */
  releaseAuthorization(req: ReleaseAuthorizationRequest): Promise<PaymentOutcome>;
  /**
   * The outcome of a request by its key; null when the provider never received it. `op` says what
   * the request was (a real company keeps trades, refunds and transfers apart); `reference` the
   * transaction or authorization it belongs to (Alipay finds a refund only through its trade, an
   * unfreeze only through its authorization). The router passes both from its route.
   */
  query(key: string, op?: PaymentOp, reference?: string): Promise<PaymentOutcome | null>;
  /** Reads a notification; null when its signature does not verify (nothing in it is read before). */
  verify(n: SignedNotification): PaymentOutcome | null | Promise<PaymentOutcome | null>;
  /** The company's statement of a day (YYYY-MM-DD, the company's own time zone); absent: none kept. */
  statement?(day: string): Promise<StatementLine[]>;
  /** The HTTP answer the company expects to a notification (accepted or refused). */
  notifyReply?(accepted: boolean): NotifyReply;
  /**
   * True for a real company: keys it is sent are short numbers the router gives
   * (providerNo: 32 characters, letters and digits), and requests go over the network.
   */
  readonly shortKeys?: boolean;
  /** Where notifications go (the engine); a real adapter's arrive over HTTP and are handed here too. */
  onNotify(handler: (n: SignedNotification) => Promise<void>): void;
}

/**
 * The number a real company knows a request by: 32 letters and digits derived from the engine's key
 * (WeChat Pay's out_trade_no allows 32, Alipay's 64), the same every time it is asked, so a retried
 * request reaches the company under the same number.
 */
export function providerNo(key: string): string {
  return 'K' + crypto.createHash('sha256').update(key).digest('hex').slice(0, 31).toUpperCase();
}

export interface SandboxOptions {
  /** Milliseconds each request takes (a real provider is never instant). */
  latencyMs?: number;
  /** Milliseconds before a notification is sent; duplicates follow later. */
  notifyDelayMs?: number;
  /** Share of notifications sent twice (0-1). */
  duplicateRate?: number;
  currency?: string;
  secret?: string;
  /**
   * Where the sandbox keeps its statement: one file a UTC day, `<statementDir>/<YYYY-MM-DD>.csv`, a
   * header line and one line per final outcome that moved money (the columns of StatementLine).
   * Absent: no statement is kept (`statement` answers []).
   */
  statementDir?: string;
}

/** The columns of the sandbox's statement files, in their order (StatementLine's fields). */
const STATEMENT_COLUMNS = ['key', 'op', 'reference', 'amount', 'fee', 'at', 'status'] as const;
/** The sandbox's fee on a payment taken from a customer (charge, capture): 0.6%, rounded, like a real company's rate. */
export const SANDBOX_FEE_PER_MILLE = 6;
const OPS: readonly PaymentOp[] = ['charge', 'refund', 'payout', 'freeze', 'capture', 'unfreeze'];

function csvCell(v: string | number): string {
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
/** Splits one CSV line (quoted cells with doubled quotes). */
function csvCells(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

/**
 * The sandbox payment company: it moves no real money, and it behaves like a real one. Each request
 * takes a while; a key asked twice answers the first outcome; deferred charges are pending until
 * a signed notification says they succeeded, and notifications are sometimes sent twice. A
 * pre-authorization freezes at once; a payment from it is pending like a deferred charge (the
 * customer's frozen money is taken a moment later, the notification says so); a release is
 * immediate. `deferNext('freeze')` makes the next authorization pending. A test
 * or a demo asks it to fail the next request of a kind, with a reason (a payout with any reason
 * payment companies give), or to drop a notification (then the engine must query). With a
 * `statementDir` it keeps a statement like a real company's bill: every final outcome that moved
 * money is a line of its UTC day's file (a charge's or capture's fee 0.6%, rounded; 0 otherwise),
 * and `statementOnly` plants a line the company alone knows (reconciliation tests).
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;
  readonly currency: string;
  private readonly outcomes = new Map<string, PaymentOutcome>();
  private readonly failures: { op: PaymentOp; reason: string }[] = [];
  private dropNext = 0;
  private readonly otherAmounts: number[] = [];
  private readonly deferred: PaymentOp[] = [];
  private readonly lost: PaymentOp[] = [];
  private handler: ((n: SignedNotification) => Promise<void>) | null = null;
  private readonly secret: string;
  private readonly timers = new Set<NodeJS.Timeout>();
  private seq = 0;
  /** Appends to the statement one after another (a file's header is written once). */
  private writing: Promise<void> = Promise.resolve();
  /** Statement lines waiting for the next write (appendStatement). */
  private readonly queuedLines: { file: string; text: string }[] = [];

  constructor(private readonly opts: SandboxOptions = {}) {
    this.currency = opts.currency ?? 'CNY';
    this.secret = opts.secret ?? crypto.randomBytes(16).toString('hex');
  }

  /** The next request of this kind fails with this reason. */
  failNext(op: PaymentOp, reason: PayoutFailure | string = 'declined'): void {
    this.failures.push({ op, reason });
  }
  /** The next request of this kind answers "pending" and succeeds a moment later (a late answer: notification or query). */
  deferNext(op: PaymentOp, n = 1): void {
    for (let i = 0; i < n; i++) this.deferred.push(op);
  }
  /** The next request of this kind is carried out, but its answer never reaches the caller (it throws): only a query finds it. */
  loseNextAnswer(op: PaymentOp, n = 1): void {
    for (let i = 0; i < n; i++) this.lost.push(op);
  }
  /**
   * The next charge is carried out for this amount instead of the one asked, and says so (a
   * company's error, or a tampered request): the engine must credit what was charged and alarm.
   */
  chargeOtherAmountNext(amount: number): void {
    this.otherAmounts.push(amount);
  }
  /** The next notifications are never sent (the engine must query). */
  dropNotifications(n = 1): void {
    this.dropNext += n;
  }
  /**
   * A test's plant: a line written only to the statement (the company says it moved money the
   * product never asked for, or never heard of). Nothing else of the sandbox changes.
   */
  statementOnly(
    line: Pick<StatementLine, 'key' | 'op' | 'amount'> & Partial<Omit<StatementLine, 'key' | 'op' | 'amount'>>,
  ): Promise<void> {
    return this.appendStatement({
      reference: `SBX${line.op[0]!.toUpperCase()}${Date.now().toString(36)}${(++this.seq).toString(36)}`.toUpperCase(),
      fee: 0,
      at: new Date().toISOString(),
      status: 'succeeded',
      ...line,
    });
  }

  /** The sandbox's statement of a UTC day, read back from its file ([] when none was written). */
  async statement(day: string): Promise<StatementLine[]> {
    if (!this.opts.statementDir || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return [];
    await this.writing;
    let text: string;
    try {
      text = await fs.promises.readFile(path.join(this.opts.statementDir, `${day}.csv`), 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
    const [, ...rows] = text.split('\n').filter((l) => l.trim() !== '');
    return rows.map((row) => {
      const c = csvCells(row);
      const op = c[1] as PaymentOp;
      if (c.length !== STATEMENT_COLUMNS.length || !OPS.includes(op))
        throw new Error(`sandbox statement ${day}: bad line`);
      return {
        key: c[0]!,
        op,
        reference: c[2]!,
        amount: Number(c[3]),
        fee: Number(c[4]),
        at: c[5]!,
        status: c[6] === 'failed' ? 'failed' : 'succeeded',
      };
    });
  }

  charge(req: ChargeRequest): Promise<PaymentOutcome> {
    const other = this.outcomes.has(req.key) ? undefined : this.otherAmounts.shift();
    return this.request('charge', req.key, other ?? req.amount, req.deferred === true);
  }
  refund(req: RefundRequest): Promise<PaymentOutcome> {
    return this.request('refund', req.key, req.amount, false);
  }
  async payout(req: PayoutRequest): Promise<PaymentOutcome> {
    const d = this.deferred.indexOf('payout');
    if (d >= 0) this.deferred.splice(d, 1);
    const out = await this.request('payout', req.key, req.amount, d >= 0);
    const l = this.lost.indexOf('payout');
    if (l >= 0) {
      this.lost.splice(l, 1);
      throw new Error('sandbox: the answer was lost on the way');
    }
    return out;
  }

  authorize(req: AuthorizeRequest): Promise<PaymentOutcome> {
    return this.request('freeze', req.key, req.amount, this.takeDeferred('freeze'));
  }
  captureAuthorization(req: CaptureRequest): Promise<PaymentOutcome> {
    if (!req.authReference) return Promise.reject(new Error('sandbox: a capture names its authorization'));
    this.takeDeferred('capture');
    return this.request('capture', req.key, req.amount, true);
  }
  releaseAuthorization(req: ReleaseAuthorizationRequest): Promise<PaymentOutcome> {
    if (!req.authReference) return Promise.reject(new Error('sandbox: a release names its authorization'));
    return this.request('unfreeze', req.key, req.amount, this.takeDeferred('unfreeze'));
  }
  /** Whether the next request of this kind was asked to be pending (deferNext). */
  private takeDeferred(op: PaymentOp): boolean {
    const d = this.deferred.indexOf(op);
    if (d >= 0) this.deferred.splice(d, 1);
    return d >= 0;
  }

  async query(key: string): Promise<PaymentOutcome | null> {
    await this.wait(this.opts.latencyMs ?? 0);
    const o = this.outcomes.get(key);
    return o ? { ...o } : null;
  }

  verify(n: SignedNotification): PaymentOutcome | null {
    const expected = this.sign(n.payload);
    const a = Buffer.from(expected);
    const b = Buffer.from(n.signature);
    if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) return null;
    try {
      return JSON.parse(n.payload) as PaymentOutcome;
    } catch {
      return null;
    }
  }

  onNotify(handler: (n: SignedNotification) => Promise<void>): void {
    this.handler = handler;
  }

  /** Signs a payload as the sandbox's notifications are signed (tests forge with a wrong key). */
  sign(payload: string): string {
    return crypto.createHmac('sha256', this.secret).update(payload).digest('hex');
  }

  /** Stops sending notifications (server shutdown). */
  close(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private async request(op: PaymentOp, key: string, amount: number, deferred: boolean): Promise<PaymentOutcome> {
    await this.wait(this.opts.latencyMs ?? 0);
    const known = this.outcomes.get(key);
    if (known) return { ...known };
    const i = this.failures.findIndex((f) => f.op === op);
    const failure = i >= 0 ? this.failures.splice(i, 1)[0]!.reason : undefined;
    const reference = `SBX${op[0]!.toUpperCase()}${Date.now().toString(36)}${(++this.seq).toString(36)}`.toUpperCase();
    const outcome: PaymentOutcome = failure
      ? { key, op, status: 'failed', amount, reference, failure }
      : { key, op, status: deferred ? 'pending' : 'succeeded', amount, reference };
    this.outcomes.set(key, outcome);
    if (deferred && !failure) {
      // The customer's deduction (or payment from a freeze) goes through a moment later; the notification says so.
      const done: PaymentOutcome = { ...outcome, status: 'succeeded' };
      this.later(() => {
        this.outcomes.set(key, done);
        void this.record(done);
      }, this.opts.notifyDelayMs ?? 0);
      this.notify(done);
    } else {
      if (outcome.status === 'succeeded') await this.record(outcome);
      this.notify(outcome);
    }
    return { ...outcome };
  }

  /** A final outcome that moved money, on the statement of its UTC day (a charge's or capture's fee: 0.6%). */
  private record(o: PaymentOutcome): Promise<void> {
    const fee = o.op === 'charge' || o.op === 'capture' ? Math.round((o.amount * SANDBOX_FEE_PER_MILLE) / 1000) : 0;
    return this.appendStatement({
      key: o.key,
      op: o.op,
      reference: o.reference,
      amount: o.amount,
      fee,
      at: new Date().toISOString(),
      status: 'succeeded',
    }).catch(() => undefined);
  }

  /**
   * Appends a line to its day's statement. Writes stay one at a time and in order, but each write takes every
   * line queued by then (one append a day file, not one a line): under a crowd's charges, releases and refunds
   * the one-line-a-write queue made a charge wait about 2 s for its line at 40 rents a second (bench:rent).
   * A caller's promise settles once a write that took its line is done.
   */
  private appendStatement(line: StatementLine): Promise<void> {
    const dir = this.opts.statementDir;
    if (!dir) return Promise.resolve();
    const file = path.join(dir, `${line.at.slice(0, 10)}.csv`);
    this.queuedLines.push({ file, text: STATEMENT_COLUMNS.map((c) => csvCell(line[c])).join(',') + '\n' });
    const next = this.writing.then(async () => {
      const lines = this.queuedLines.splice(0);
      if (!lines.length) return; // an earlier write took this caller's line
      await fs.promises.mkdir(dir, { recursive: true });
      const byFile = new Map<string, string>();
      for (const l of lines) byFile.set(l.file, (byFile.get(l.file) ?? '') + l.text);
      for (const [f, text] of byFile) {
        const header = fs.existsSync(f) ? '' : STATEMENT_COLUMNS.join(',') + '\n';
        await fs.promises.appendFile(f, header + text);
      }
    });
    this.writing = next.catch(() => undefined);
    return next;
  }

  private notify(o: PaymentOutcome): void {
    if (this.dropNext > 0) {
      this.dropNext--;
      return;
    }
    const payload = JSON.stringify(o);
    const n = { payload, signature: this.sign(payload) };
    const send = () => void this.handler?.(n).catch(() => undefined);
    const delay = this.opts.notifyDelayMs ?? 0;
    this.later(send, delay);
    if (Math.random() < (this.opts.duplicateRate ?? 0.1)) this.later(send, delay + 50 + Math.random() * 500);
  }

  private later(fn: () => void, ms: number): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    t.unref?.();
    this.timers.add(t);
  }

  private wait(ms: number): Promise<void> {
    return ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve();
  }
}
