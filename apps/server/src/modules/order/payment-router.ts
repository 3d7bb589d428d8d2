import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import {
  providerNo,
  type AuthorizeRequest,
  type CaptureRequest,
  type ChargeRequest,
  type NotifyReply,
  type PaymentOp,
  type PaymentOutcome,
  type PaymentProvider,
  type PayoutRequest,
  type RefundRequest,
  type ReleaseAuthorizationRequest,
  type SignedNotification,
  type StatementLine,
} from './payments.js';
import { ordPayRoute } from './tables.js';
import { AppError } from '../../platform/http/app-error.js';

/** Which company a pay channel goes to when that company is configured and enabled. */
export const CHANNEL_COMPANY: Readonly<Record<string, string>> = { wechat: 'wechatpay', alipay: 'alipay' };

/**
 * The real companies with a merchant account, by name (rebuilt by their owner when the merchant
 * settings change). Only an enabled one takes new requests; one switched off still answers for
 * what it already holds (queries, notifications, refunds of its charges, statements).
 */
export type Companies = () => Promise<ReadonlyMap<string, { provider: PaymentProvider; enabled: boolean }>>;

/** A company's statement of a day, its keys turned back into the engine's. */
export interface CompanyStatement {
  provider: string;
  /** The time zone the company's days are in (the sandbox's files: UTC; WeChat Pay and Alipay: Beijing time). */
  timeZone: string;
  lines: StatementLine[];
}

/**
 * The payment company the engine talks to: one face over the sandbox and the real companies
 * (issue 28). A request goes to the company of its pay channel when that company is enabled in the
 * merchant settings, else to the sandbox (a new install has no merchant account and still works). A
 * request to a real company is recorded in `ord_pay_route` before it is sent, under the short number
 * the company knows it by; everything that comes back later (a notification, a query's answer, a
 * statement line) finds the engine's key and the company through that row, and a refund, capture or
 * release goes to the company that holds the charge or the authorization, whatever the settings say
 * by then. The sandbox's requests need no row: no row means the sandbox.
 */
export class PaymentRouter implements PaymentProvider {
  readonly shortKeys = false;

  constructor(
    private readonly db: Db,
    readonly fallback: PaymentProvider,
    private readonly companies: Companies,
    /** false (PAYMENT_SANDBOX=off): new money on a channel with no enabled company is refused, not sandboxed. */
    private readonly sandboxTakesNew = true,
  ) {}

  get name(): string {
    return this.fallback.name;
  }
  get sandbox(): boolean {
    return this.fallback.sandbox;
  }
  get currency(): string {
    return this.fallback.currency;
  }

  /** The names of the real companies enabled now (the console says which; none: the sandbox only). */
  async enabled(): Promise<string[]> {
    return [...(await this.companies())].filter(([, c]) => c.enabled).map(([name]) => name);
  }

  charge(req: ChargeRequest): Promise<PaymentOutcome> {
    return this.send(req.key, 'charge', this.byChannel(req.channel), (c, key) => c.charge({ ...req, key }));
  }
  authorize(req: AuthorizeRequest): Promise<PaymentOutcome> {
    return this.send(req.key, 'freeze', this.byChannel(req.channel), (c, key) => c.authorize({ ...req, key }));
  }
  refund(req: RefundRequest): Promise<PaymentOutcome> {
    return this.send(
      req.key,
      'refund',
      this.byReference(req.chargeReference),
      (c, key) => c.refund({ ...req, key }),
      req.chargeReference,
    );
  }
  captureAuthorization(req: CaptureRequest): Promise<PaymentOutcome> {
    return this.send(
      req.key,
      'capture',
      this.byReference(req.authReference),
      (c, key) => c.captureAuthorization({ ...req, key }),
      req.authReference,
    );
  }
  releaseAuthorization(req: ReleaseAuthorizationRequest): Promise<PaymentOutcome> {
    return this.send(
      req.key,
      'unfreeze',
      this.byReference(req.authReference),
      (c, key) => c.releaseAuthorization({ ...req, key }),
      req.authReference,
    );
  }
  payout(req: PayoutRequest): Promise<PaymentOutcome> {
    return this.send(req.key, 'payout', this.byChannel(req.channel), (c, key) => c.payout({ ...req, key }));
  }

  async query(key: string, op?: PaymentOp): Promise<PaymentOutcome | null> {
    if ((await this.companies()).size === 0) return this.fallback.query(key, op);
    const [route] = await this.db.select().from(ordPayRoute).where(eq(ordPayRoute.key, key));
    if (!route) return this.fallback.query(key, op);
    const company = (await this.companies()).get(route.provider)?.provider;
    if (!company) throw new Error(`payment company ${route.provider} is not configured; ${key} cannot be asked`);
    const out = await company.query(route.providerNo, (op ?? route.op) as PaymentOp, route.reference ?? undefined);
    return out ? this.back(key, { ...out, op: route.op as PaymentOp }, route.reference) : null;
  }

  async verify(n: SignedNotification): Promise<PaymentOutcome | null> {
    if (!n.provider || n.provider === this.fallback.name) return this.fallback.verify(n);
    const company = (await this.companies()).get(n.provider)?.provider;
    if (!company) return null;
    const out = await company.verify(n);
    if (!out) return null;
    const [route] = await this.db
      .select({ key: ordPayRoute.key, op: ordPayRoute.op, reference: ordPayRoute.reference })
      .from(ordPayRoute)
      .where(and(eq(ordPayRoute.provider, company.name), eq(ordPayRoute.providerNo, out.key)));
    // A number this product never sent: the company's word about someone else's request.
    if (!route) return null;
    // The op is the request's as it was sent (Alipay tells a capture from a charge by nothing in its notice).
    return this.back(route.key, { ...out, op: route.op as PaymentOp }, route.reference);
  }

  onNotify(handler: (n: SignedNotification) => Promise<void>): void {
    // Real companies notify over HTTP (/pay/notify/<provider>); only the sandbox calls back in process.
    this.fallback.onNotify(handler);
  }

  /** The HTTP answer a company expects to its notification. */
  async replyTo(provider: string, accepted: boolean): Promise<NotifyReply> {
    const company = (await this.companies()).get(provider)?.provider;
    return (
      company?.notifyReply?.(accepted) ?? {
        status: accepted ? 200 : 400,
        contentType: 'application/json',
        body: JSON.stringify({ accepted }),
      }
    );
  }

  /** The companies whose statements can be read: the sandbox (when it keeps one) and every configured company. */
  async statementProviders(): Promise<string[]> {
    const real = [...(await this.companies()).values()].filter((c) => c.provider.statement).map((c) => c.provider.name);
    return [...(this.fallback.statement ? [this.fallback.name] : []), ...real];
  }

  /** Every company's statement of a day (the sandbox's too), or one company's, with the engine's keys. */
  async statements(day: string, only?: string): Promise<CompanyStatement[]> {
    const out: CompanyStatement[] = [];
    if (this.fallback.statement && (!only || only === this.fallback.name))
      out.push({ provider: this.fallback.name, timeZone: 'UTC', lines: await this.fallback.statement(day) });
    for (const { provider: company } of (await this.companies()).values()) {
      if (!company.statement || (only && only !== company.name)) continue;
      const lines = await company.statement(day);
      const nos = [...new Set(lines.map((l) => l.key))];
      const keys = new Map<string, string>();
      for (let i = 0; i < nos.length; i += 500) {
        const rows = await this.db
          .select({ key: ordPayRoute.key, no: ordPayRoute.providerNo })
          .from(ordPayRoute)
          .where(and(eq(ordPayRoute.provider, company.name), inArray(ordPayRoute.providerNo, nos.slice(i, i + 500))));
        for (const r of rows) keys.set(r.no, r.key);
      }
      // A line this product never sent keeps the company's number: reconciliation shows it as the company's only.
      out.push({
        provider: company.name,
        timeZone: 'Asia/Shanghai',
        lines: lines.map((l) => ({ ...l, key: keys.get(l.key) ?? l.key })),
      });
    }
    return out;
  }

  /** The company a channel goes to now (null: the sandbox). */
  private byChannel(channel: string | undefined): () => Promise<string | null> {
    return async () => {
      const name = channel ? CHANNEL_COMPANY[channel] : undefined;
      return name && (await this.companies()).get(name)?.enabled ? name : null;
    };
  }

  /** The company that holds a charge or an authorization, by the reference it gave (null: the sandbox). */
  private byReference(reference: string): () => Promise<string | null> {
    return async () => {
      if (!reference) return null;
      const [row] = await this.db
        .select({ provider: ordPayRoute.provider })
        .from(ordPayRoute)
        .where(eq(ordPayRoute.reference, reference))
        .limit(1);
      return row?.provider ?? null;
    };
  }

  /**
   * Sends one request: to the sandbox as it is, or to a real company under its short number,
   * recorded first. A key already routed keeps its company (a retry after the settings changed
   * reaches the company that holds the first attempt).
   */
  private async send(
    key: string,
    op: PaymentOp,
    pick: () => Promise<string | null>,
    ask: (company: PaymentProvider, key: string) => Promise<PaymentOutcome>,
    /** The charge or authorization a refund, capture or release belongs to (kept until its own answer names one). */
    parent?: string,
  ): Promise<PaymentOutcome> {
    // No merchant account at all (a new install, the tests): the sandbox, without a lookup.
    if ((await this.companies()).size === 0 && this.sandboxTakesNew) return ask(this.fallback, key);
    const [known] = await this.db
      .select({ provider: ordPayRoute.provider, no: ordPayRoute.providerNo, reference: ordPayRoute.reference })
      .from(ordPayRoute)
      .where(eq(ordPayRoute.key, key));
    const name = known?.provider ?? (await pick());
    if (!name) {
      if (!this.sandboxTakesNew && (op === 'charge' || op === 'freeze' || op === 'payout'))
        return { key, op, status: 'failed', amount: 0, reference: '', failure: 'noCompany' };
      return ask(this.fallback, key);
    }
    const company = (await this.companies()).get(name)?.provider;
    if (!company) throw new Error(`payment company ${name} is not configured`);
    const no = known?.no ?? providerNo(key);
    if (!known) {
      await this.db
        .insert(ordPayRoute)
        .values({ key, provider: name, providerNo: no, op, reference: parent || null })
        .onConflictDoNothing();
    }
    // A company that does not answer (a timeout, a refused connection) is not the caller's fault: the caller
    // hears PAYMENT_UNAVAILABLE in its language and may ask again under the same key (the route stays, so
    // the same request reaches the same company); background senders catch it and query later as before.
    const out = await ask(company, no).catch((err: unknown) => {
      if (err instanceof AppError) throw err;
      throw Object.assign(new AppError('PAYMENT_UNAVAILABLE'), { cause: err });
    });
    // The reference the route holds already (or the parent's, just written) is not written again.
    return this.back(key, out, known ? known.reference : parent || null);
  }

  /**
   * An answer with the engine's key; the company's transaction number is kept on the route (a later
   * refund, capture or release finds the company by it). Written only when it changed.
   */
  private async back(key: string, out: PaymentOutcome, known: string | null | undefined): Promise<PaymentOutcome> {
    const changed = Boolean(out.reference && out.reference !== known);
    // A payout waiting for its payee: what the payee confirms it with, given by the transfer's creation answer only.
    const confirm = out.op === 'payout' && out.status === 'pending' && out.payParams ? out.payParams : null;
    if (changed || confirm)
      await this.db
        .update(ordPayRoute)
        .set({ ...(changed ? { reference: out.reference } : {}), ...(confirm ? { payeeConfirm: confirm } : {}) })
        .where(eq(ordPayRoute.key, key));
    return { ...out, key };
  }

  /**
   * What the payee of a payout confirms it with in their wallet (WeChat Pay's merchant transfer:
   * {mchId, appId, package} for wx.requestMerchantTransfer), and the company that waits for it; null
   * when the payout went to no company that asks its payee (the sandbox, Alipay) or none was kept.
   */
  async payeeConfirmation(key: string): Promise<{ provider: string; params: Record<string, string> } | null> {
    const [route] = await this.db
      .select({ provider: ordPayRoute.provider, op: ordPayRoute.op, params: ordPayRoute.payeeConfirm })
      .from(ordPayRoute)
      .where(eq(ordPayRoute.key, key));
    return route?.op === 'payout' && route.params ? { provider: route.provider, params: route.params } : null;
  }
}
