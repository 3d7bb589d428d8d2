import fs from 'node:fs';
import path from 'node:path';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler } from 'fastify-type-provider-zod';
import {
  api,
  extensionOfCall,
  extensionOfPermission,
  PERMS,
  type BindingDeviceType,
  type DeviceType,
} from '@cbo/contract';
import type { Config } from './config.js';
import type { Database } from './platform/db/database.js';
import { clientErrorHandler, installErrorHandling, sendError, zodValidatorCompiler } from './platform/http/envelope.js';
import { installGuard, registeredCalls } from './platform/http/routes.js';
import { safeLogger } from './platform/http/log-safety.js';
import { installRequestIds, requestIdOf } from './platform/http/request-id.js';
import { installSecurityHeaders } from './platform/http/security-headers.js';
import { installCompression } from './platform/http/compression.js';
import { FileStorage } from './platform/files/storage.js';
import { Uploads } from './platform/files/uploads.js';
import { RateLimits } from './platform/rate-limit/rate-limit.js';
import { periodic } from './platform/jobs/periodic.js';
import { LiveHub } from './platform/live/live-hub.js';
import { FileSmsProvider, LogSmsProvider, SimulatedNumbers, type SmsProvider } from './platform/sms/sms-provider.js';
import { ExportService } from './platform/exports/export-centre.js';
import { OperationLogService } from './platform/audit/operation-log.js';
import { Readiness } from './platform/ops/health.js';
import { Metrics } from './platform/ops/metrics.js';
import { registerListExport, registerListRoutes } from './platform/list-kit.js';
import { SHARED_MENU_GROUPS } from './platform/menus.js';
import { buildModule, type BuiltModule, type Platform } from './platform/module.js';
import { identity as identityModule } from './modules/identity/index.js';
import { system as systemModule } from './modules/system/index.js';
import { fleet as fleetModule } from './modules/fleet/index.js';
import { accessories as accessoriesModule } from './modules/accessories/index.js';
import { assets as assetsModule } from './modules/assets/index.js';
import { network as networkModule } from './modules/network/index.js';
import { outlet as outletModule } from './modules/outlet/index.js';
import { ledger as ledgerModule } from './modules/ledger/index.js';
import { deposit as depositModule } from './modules/deposit/index.js';
import { order as orderModule, type OrderNeeds, type PaymentProvider } from './modules/order/index.js';
import { voucher as voucherModule } from './modules/voucher/index.js';
import { stats as statsModule, type ActionProvider } from './modules/stats/index.js';
import { payout as payoutModule, type PartyFacts } from './modules/payout/index.js';
import { coupon as couponModule } from './modules/coupon/index.js';
import { separation as separationModule } from './modules/separation/index.js';
import { reconcile as reconcileModule } from './modules/reconcile/index.js';

export interface BuildOptions {
  config: Config;
  database: Database;
  sms?: SmsProvider;
  logger?: FastifyServerOptions['logger'];
  /** Background workers (exports). Tests that do not need them leave them off. */
  workers?: boolean;
  /** Where one-time notices for the person starting the server go (the generated password). */
  announce?: (message: string) => void;
  /** The payment company (tests pass a sandbox they steer); the built-in sandbox otherwise. */
  paymentProvider?: PaymentProvider;
}

/** Advisory lock held while a process seeds (docs/deploy.md lists every lock). */
const SEED_LOCK = 727_005;

// Screens live at paths such as /device/cabinet; only /{service}/api/ is the API.
const API_PREFIXES = ['/user/api/', '/order/api/', '/device/api/', '/openapi.json', '/reference', '/ws', '/files/'];

/**
 * Builds the whole server on a database: platform, modules, routes, seeds. Used by main.ts, by
 * every HTTP test (through inject) and by the benchmarks, so they all run the same code.
 */
export async function buildApp(opts: BuildOptions) {
  const { config, database } = opts;
  const app: FastifyInstance = Fastify({
    // Session tokens never reach the log: /ws?token=… is logged redacted, auth headers censored.
    logger: safeLogger(opts.logger ?? false),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // A URL or headers too long to read still get the envelope, not Fastify's own body.
    clientErrorHandler,
    // Each request's id: the caller's sane x-request-id, else a new one (request-id.ts).
    genReqId: requestIdOf,
    requestIdHeader: false,
    // Errors of our own pass through the one handler; ajv is never used.
    ajv: { customOptions: { coerceTypes: false } },
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installRequestIds(app);
  // Counted in memory as requests and messages pass; GET /metrics with METRICS_TOKEN (docs/deploy.md).
  const metrics = new Metrics();
  metrics.register(app, config.METRICS_TOKEN);

  // The platform: services every module may use, built before any module.
  const files = new FileStorage(config.dataDir);
  const uploads = new Uploads(
    database.db,
    files,
    { dailyBytes: Math.floor(config.UPLOAD_DAILY_MB * 1024 * 1024), perMinute: config.UPLOAD_PER_MINUTE },
    app.log,
  );
  const live = new LiveHub(database, app.log);
  // The simulated customers' texts stay in the process (their area code is no country's).
  const sms = new SimulatedNumbers(opts.sms ?? smsProvider(config, app.log));
  const exports = new ExportService(database, files, live, app.log);
  const audit = new OperationLogService(database.db);
  const limits = new RateLimits(database.db);
  // Counters of windows that ended a day ago are forgotten hourly (one row per key otherwise stays).
  const limitsSweeper = periodic('rate-limit sweep', 3_600_000, () => limits.sweep(), app.log, { firstMs: 60_000 });
  const platform: Platform = {
    config,
    database,
    db: database.db,
    log: app.log,
    live,
    exports,
    audit,
    files,
    uploads,
    sms,
    limits,
    metrics,
  };

  // The modules, each built from the platform and the services of the modules it uses (its needs).
  const identity = await buildModule(identityModule, platform, {});
  // The fleet is built after the system module; its broker is only asked for once requests come.
  const broker = { endpoint: () => fleet.services.gateway.endpoint() };
  const system = await buildModule(systemModule, platform, { codes: identity.services.codes, broker });
  const extensions = system.services.extensions;
  // A closed extended function's screens and buttons leave the menus the console is served (by the permission they carry).
  identity.services.access.attachMenuFilter(async () => {
    const active = await extensions.activeCodes();
    return (perms) => {
      const of = extensionOfPermission(perms);
      return !of || active.has(of);
    };
  });
  identity.services.codes.useBudgets(() => system.services.config.read('sms'));
  const assets = await buildModule(assetsModule, platform, {});
  const fleet = await buildModule(fleetModule, platform, {
    access: identity.services.access,
    cabinetsStocked: (sns: string[]) => assets.services.stock.cabinetsStocked(sns),
    forgetAsset: (id: string) => assets.services.removal.forget(id),
    qrBase: async (): Promise<string> => (await system.services.config.read('address')).qrCodeBaseUrl,
  });
  const accessories = await buildModule(accessoriesModule, platform, {
    models: assets.services.models,
    settings: system.services.config,
    problemTypes: system.services.problemTypes,
    forgetAsset: (id: string) => assets.services.removal.forget(id),
  });
  // A cabinet put in stock is registered with the fleet in the put-in's transaction (one way in).
  assets.services.stock.attachCabinetRegistry((sns, by) => fleet.services.registerCabinets(sns, by));
  // The asset screen's delete also deletes the device's working row, through the module that keeps it.
  assets.services.removal.attachRemovers({
    cabinet: (sn) => fleet.services.removal.deleteCabinet(sn),
    powerBank: (id) => fleet.services.removal.deletePowerBank(id),
    cable: (id) => accessories.services.cableBinding.delete(id),
    bluetoothCharger: (id) => accessories.services.chargerBinding.delete(id),
  });
  const network = await buildModule(networkModule, platform, {
    staff: identity.services.staff,
    loginGuard: identity.services.loginGuard,
    loginLog: identity.services.loginLog,
    codes: identity.services.codes,
  });
  const outlet = await buildModule(outletModule, platform, {
    network: network.services.forOutlets,
    devices: [fleet.services.outletBinding, accessories.services.cableBinding, accessories.services.chargerBinding],
    // Binding is installing, unbinding removing: the assets write the record in the binding's transaction.
    movements: {
      install: (m, by) => assets.services.stock.install({ ...m, deviceType: assetType(m.deviceType) }, by),
      remove: (m, by) => assets.services.stock.remove({ ...m, deviceType: assetType(m.deviceType) }, by),
    },
    isUnbindableDevice: (code) => fleet.services.outletBinding.isPowerBank(code),
    settings: {
      map: async () => {
        const { mapType, mapKey } = await system.services.config.read('basis');
        return { mapType, mapKey };
      },
      storeUrl: async () => (await system.services.config.read('store')).storeUrl,
      saveStoreUrl: (url) => system.services.config.saveStoreUrl(url),
      range: () => system.services.config.read('range'),
    },
  });
  network.services.attachOutlets(outlet.services.outlets.facts);
  // A warehouse's area is a region of area management, picked as an outlet's is.
  assets.services.warehouses.attachRegions({
    names: async (ids) => {
      const wanted = new Set(ids);
      return new Map(
        (await network.services.regions.options()).filter((r) => wanted.has(r.id)).map((r) => [r.id, r.name] as const),
      );
    },
  });
  const outletNames = (ids: number[]) => outlet.services.outlets.namesOf(ids);
  fleet.services.cabinets.attachOutletNames(outletNames);
  assets.services.stock.attachOutletNames(outletNames);
  accessories.services.attachOutletNames(outletNames);
  // A repair ticket takes its device out of business by the outlet's one removal path (unbind + removal record).
  accessories.services.repairs.attachRemoval((sn, reason, by) =>
    outlet.services.outlets.unbind(sn, undefined, by, reason),
  );
  // The chain's accounts are named by their parties (agents, outlets, service providers, pushers, operators: teams).
  const ledger = await buildModule(ledgerModule, platform, {
    // A partner's receivable (what it owes) is named like its payable.
    partyNames: async (kind, ids) => {
      // A customer's balance and deposit are named by their phone (the fund flows link it to the customer screen).
      if (kind === 'userBalance' || kind === 'userDeposit') return network.services.members.phones(ids);
      const parties = { agent: 'agent', provider: 'serviceProvider', pusher: 'pusher', operator: 'team' } as const;
      const of = /^(\w+?)(Payable|Receivable)$/.exec(kind)?.[1];
      if (of === 'outlet') return outlet.services.outlets.namesOf(ids);
      return of && Object.hasOwn(parties, of)
        ? network.services.forOutlets.names(parties[of as keyof typeof parties], ids)
        : new Map();
    },
  });
  // A partner's statement is the books' (the ledger reads its payable); the network says who the partner is and who may read it.
  network.services.attachStatements((account, period) => ledger.services.ledger.statement(account, period));
  const deposit = await buildModule(depositModule, platform, {
    ledger: ledger.services.ledger,
    customers: network.services.customers,
    agentName: async (id) => (await network.services.forOutlets.names('agent', [id])).get(id) ?? null,
    outletName: async (id) => (await outlet.services.outlets.forOrder(id))?.name ?? null,
    settings: { pay: () => system.services.config.read('pay') },
  });
  const deposits = deposit.services.deposits;
  // Order separation: the order engine asks it in each share's transaction whether a rule takes the partners' shares.
  const separation = await buildModule(separationModule, platform, {
    knownCabinets: async (sns) =>
      new Set(
        (
          await Promise.all(
            sns.map(async (sn) => ((await fleet.services.outletBinding.outletOf(sn)) === undefined ? null : sn)),
          )
        ).filter((sn) => sn !== null),
      ),
    ledger: ledger.services.ledger,
    standingPayables: (tx, parts) => network.services.regions.standingPayables(tx, parts),
  });
  const rental = fleet.services.rental;
  const agentLine = async (agentId: number) => {
    const d = await network.services.agents.detail(agentId);
    return d.chain.flatMap((l) =>
      l.agentId !== null && l.level ? [{ id: l.agentId, name: l.name ?? '', level: l.level, ratio: l.holds }] : [],
    );
  };
  // The order engine asks the voucher module at each settle; the voucher module is built after it (it uses the order's payment company).
  const vouchers: OrderNeeds['vouchers'] = { apply: (tx, r) => voucher.services.orders.apply(tx, r) };
  // The coupon module: coupons given away; the order engine asks it at each settle, after the voucher.
  const coupon = await buildModule(couponModule, platform, {
    // Scope operator names a direct-sales team; provider, the service providers of the former operator scope.
    scopeNames: async (kind, ids) =>
      !ids.length
        ? new Map()
        : kind === 'outlet'
          ? outlet.services.outlets.namesOf(ids)
          : network.services.forOutlets.names(
              ({ agent: 'agent', operator: 'team', provider: 'serviceProvider' } as const)[kind],
              ids,
            ),
    deviceExists: async (sn) => (await fleet.services.outletBinding.outletOf(sn)) !== undefined,
    customers: network.services.customers,
    ledger: ledger.services.ledger,
  });
  const order = await buildModule(orderModule, platform, {
    fleet: {
      availability: (sn) => rental.availability(sn),
      reserveEject: (tx, sn) => rental.reserveEject(tx, sn),
      dispatch: (id) => rental.dispatch(id),
      whereIs: (pb) => rental.whereIs(pb),
      ejectState: (id) => rental.ejectState(id),
      outletOf: (sn) => fleet.services.outletBinding.outletOf(sn),
    },
    accessories: accessories.services.forOrders,
    outlets: {
      forOrder: (id) => outlet.services.outlets.forOrder(id),
      recoverCost: (tx, id, earned) => outlet.services.outlets.recoverCost(tx, id, earned),
    },
    customers: network.services.customers,
    agentLine,
    providerName: async (id) => (await network.services.forOutlets.names('serviceProvider', [id])).get(id) ?? null,
    teamShare: (id) => network.services.regions.teamShare(id),
    standingPayables: (tx, parts) => network.services.regions.standingPayables(tx, parts),
    settings: {
      operation: () => system.services.config.read('operation'),
      pay: () => system.services.config.read('pay'),
      currency: async () => (await system.services.config.read('basis')).currency,
      depositFree: () => extensions.isActive('depositFree'),
      membership: () => extensions.isActive('membership'),
      devicePay: (kind) => system.services.config.devicePayFor(kind),
    },
    isOperator: (accountId) => network.services.regions.isOperator(accountId),
    ledger: ledger.services.ledger,
    deposits: {
      held: (tx, h) => deposits.held(tx, h),
      freeRented: (tx, f) => deposits.freeRented(tx, f),
      ended: (tx, e) => deposits.ended(tx, e),
      released: (tx, no, ref) => deposits.released(tx, no, ref),
      releaseFailed: (tx, no, failure) => deposits.releaseFailed(tx, no, failure),
      depositFreeRefusal: (userId, place, db) => deposit.services.rules.depositFreeRefusal(userId, place, db),
      refundOutcome: (tx, key, out) => deposits.refundOutcome(tx, key, out),
      refundRecords: (f, offset, limit) => deposits.refundRecords(f, offset, limit),
      refundRecordCount: (f) => deposits.refundRecordCount(f),
    },
    vouchers,
    // Closed functions act no more on an order: a settle applies no coupon while Coupons is closed (the
    // customer's copies stay unused), and a share is not separated while Order separation is closed
    // (docs/decisions/system-configuration.md, "Extended functions"). Read in the settle's transaction.
    coupons: {
      apply: async (tx, r) =>
        (await extensions.isActive('coupons', tx)) ? coupon.services.userCoupons.apply(tx, r) : null,
    },
    separation: {
      shared: async (tx, o) =>
        (await extensions.isActive('orderSeparation', tx)) ? separation.services.orders.shared(tx, o) : [],
    },
    provider: opts.paymentProvider,
    // The real payment companies: the merchant accounts of the pay settings (system module).
    merchants: system.services.merchant,
  });
  // The ledger files each movement of an order under the order's outlet (financial data per outlet, agent and region).
  ledger.services.ledger.attachOrderOutlets((orderNo, tx) => order.services.queries.outletOf(orderNo, tx));
  // Deposits refunded by staff go to the payment company through the order module, which hands their outcomes back.
  deposits.attachPayments({ requestRefund: (tx, r) => order.services.engine.requestDepositRefund(tx, r) });
  const voucher = await buildModule(voucherModule, platform, {
    scopeNames: async (kind, ids) =>
      kind === 'agent'
        ? network.services.forOutlets.names('agent', ids)
        : ids.length
          ? outlet.services.outlets.namesOf(ids)
          : new Map(),
    placeOf: async (sn) => {
      const outletId = await fleet.services.outletBinding.outletOf(sn);
      const o = outletId ? await outlet.services.outlets.forOrder(outletId) : null;
      if (!o || o.status === 'deleted') return null;
      return { outletId: o.id, agentIds: o.agentId ? (await agentLine(o.agentId)).map((a) => a.id) : [] };
    },
    customers: network.services.customers,
    ledger: ledger.services.ledger,
    payments: order.services.provider,
  });
  // Withdrawals: the party behind a partner app account (agents carry their own minimum and fee rate).
  // An outlet's app account (outlets are the outlet module's): its name, and whose withdrawal rules apply (agent or direct-sales outlet).
  network.services.appAccounts.outlets = {
    facts: async (id) => {
      const o = await outlet.services.outlets.forOrder(id);
      return o && o.status !== 'deleted' ? { name: o.name, simulated: o.simulated } : null;
    },
  };
  const partyFacts = async (kind: PartyFacts['kind'], id: number): Promise<PartyFacts | null> => {
    const p = await network.services.appAccounts.partner(kind, id);
    const settingKind =
      kind === 'outlet'
        ? (await outlet.services.outlets.forOrder(id))?.agentId
          ? 'agentOutlet'
          : 'directOutlet'
        : undefined;
    return p
      ? {
          kind,
          id,
          name: p.name,
          simulated: p.simulated,
          minWithdrawal: p.minWithdrawal,
          feePercent: p.withdrawalFeeRate,
          settingKind,
        }
      : null;
  };
  const payoutParty = {
    agent: 'agent',
    serviceProvider: 'serviceProvider',
    groundPromoter: 'pusher',
    outlet: 'outlet',
    operator: 'operator',
  } as const;
  const payout = await buildModule(payoutModule, platform, {
    ledger: ledger.services.ledger,
    partyOf: async (p) => {
      const kind = payoutParty[p.accountType as keyof typeof payoutParty];
      const me = kind ? await network.services.appAccounts.me(p).catch(() => null) : null;
      return me ? partyFacts(kind, me.id) : null;
    },
    party: partyFacts,
    settings: { withdrawal: async () => (await system.services.config.read('pay')).withdrawal },
    payments: order.services.provider,
  });
  // Reconciliation: each payment company's statement of a day against the books (the order module's payments,
  // the withdrawals' payouts, the voucher purchases; their company is the one the route table names, none: the sandbox).
  const reconcile = await buildModule(reconcileModule, platform, {
    providers: () => order.services.provider.statementProviders(),
    // Each company's statement by its own days (the sandbox's files: UTC; WeChat Pay, Alipay: Beijing time).
    statements: (day, provider) => order.services.provider.statements(day, provider),
    books: async (from, to) => {
      const [payments, payouts, vouchers] = await Promise.all([
        order.services.book.lines(from, to),
        payout.services.book.lines(from, to),
        voucher.services.book.lines(from, to),
      ]);
      const others = [...payouts, ...vouchers];
      const routes = await order.services.book.providersOf(others.map((p) => p.key));
      return [...payments, ...others.map((p) => ({ ...p, provider: routes.get(p.key) ?? 'sandbox' }))];
    },
  });
  // The direct-management entry is held by whoever runs direct sales (docs/decisions/network-and-outlets.md, "The
  // direct-management menu entry").
  identity.services.access.attachDirectSales((accountId) => network.services.regions.isOperator(accountId));
  // A team is deleted only when its operator holds nothing and has no withdrawal on its way
  // (docs/decisions/ledger-and-money.md, "The operator's share").
  network.services.attachOperatorMoney({
    openWithdrawals: (tx, teamId) => payout.services.payouts.openUnderLock(tx, { kind: 'operator', id: teamId }),
    // What the team is owed less what it owes (a refund took back a share already withdrawn): either keeps the team.
    owed: async (tx, teamId) => {
      const m = await ledger.services.ledger.partnerMoney({ kind: 'operatorPayable', partyId: teamId }, tx);
      return m.payable - m.owed;
    },
  });
  outlet.services.outlets.turnovers = (ids) => order.services.queries.turnovers(ids);
  fleet.services.cabinets.leases = (ids) => order.services.queries.leases(ids);
  // An agent's balance is what its payable holds; what it owes (a refund took back a share already withdrawn) is beside it;
  // its total revenue is every share credited to it less what refunds took back (one grouped read each for the page).
  network.services.agents.money = async (ids) => {
    const [balances, owes, earned] = await Promise.all([
      ledger.services.ledger.owedTo('agentPayable', ids),
      ledger.services.ledger.owedBy('agentPayable', ids),
      ledger.services.ledger.sharesEarned('agentPayable', ids),
    ]);
    return new Map(
      ids.map((id) => [
        id,
        { balance: balances.get(id) ?? 0, owed: owes.get(id) ?? 0, totalRevenue: earned.get(id) ?? 0 },
      ]),
    );
  };
  network.services.members.wallets = async (ids) => {
    const [balances, deposits, orders] = await Promise.all([
      ledger.services.ledger.owedTo('userBalance', ids),
      ledger.services.ledger.owedTo('userDeposit', ids),
      order.services.queries.orderCounts(ids),
    ]);
    return new Map(
      ids.map((id) => [
        id,
        { balance: balances.get(id) ?? 0, deposit: deposits.get(id) ?? 0, orders: orders.get(id) ?? 0 },
      ]),
    );
  };
  const engine = order.services.engine;
  rental.listen({ ejectOutcome: (e) => engine.ejectOutcome(e), returned: (e) => engine.returned(e) });
  // Statistics: the dashboard's action list takes one provider per thing that needs action, each
  // counted by the module that owns it with the filter of the list it links to.
  const actions: ActionProvider[] = [
    {
      key: 'offlineCabinets',
      permission: PERMS.cabinetQuery,
      screen: 'fleet/cabinets',
      query: { connection: 'offline' },
      count: () => fleet.services.cabinets.count({ connection: 'offline' }),
    },
    {
      key: 'faultyCabinets',
      permission: PERMS.cabinetQuery,
      screen: 'fleet/cabinets',
      query: { condition: 'faulty' },
      count: () => fleet.services.cabinets.count({ condition: 'faulty' }),
    },
    {
      key: 'untreatedRepairs',
      permission: PERMS.repairQuery,
      screen: 'accessories/repairs',
      query: { status: 'untreated' },
      count: () => accessories.services.repairs.count({ status: 'untreated' }),
    },
    {
      key: 'processingRepairs',
      permission: PERMS.repairQuery,
      screen: 'accessories/repairs',
      query: { status: 'processing' },
      count: () => accessories.services.repairs.count({ status: 'processing' }),
    },
    {
      key: 'pendingDepositRefunds',
      permission: PERMS.depositQuery,
      screen: 'deposit/deposits',
      query: { state: 'pendingAudit' },
      count: () => deposit.services.deposits.count({ state: 'pendingAudit' }),
    },
    {
      key: 'pendingRefunds',
      permission: PERMS.refundQuery,
      screen: 'order/refunds',
      query: { status: 'initiated' },
      count: () => order.services.refunds.count({ status: 'initiated' }),
    },
    {
      key: 'pendingWithdrawals',
      permission: PERMS.payoutQuery,
      screen: 'payout/withdrawals',
      query: { status: 'initiated' },
      count: () => payout.services.payouts.count({ status: 'initiated' }),
    },
  ];
  const stats = await buildModule(statsModule, platform, {
    ledger: ledger.services.ledger,
    orders: {
      sums: (begin, end, outletIds, by) => order.services.facts.sums(begin, end, outletIds, by),
      outletNames: (ids) => order.services.facts.outletNames(ids),
      activeCabinets: (begin, end) => order.services.facts.activeCabinets(begin, end),
      count: (f) => order.services.queries.count(f),
    },
    members: network.services.members,
    access: identity.services.access,
    places: {
      scope: (q) => outlet.services.scope.resolve(q),
      placesOf: (ids) => outlet.services.outlets.placesOf(ids),
      names: (kind, ids) =>
        kind === 'outlet' ? outlet.services.outlets.namesOf(ids) : network.services.forOutlets.names(kind, ids),
    },
    actions,
    operations: {
      orders: order.services.operations,
      outlets: outlet.services.scope,
      fleet: fleet.services.operations,
      repairs: accessories.services.repairStats,
    },
    compactions: [() => order.services.facts.compact(), () => ledger.services.ledger.compactRollup()],
    currency: async () => (await system.services.config.read('basis')).currency,
  });
  // Gauges read when Prometheus scrapes (a statement each then, never on a request).
  metrics.gauge(
    'cbo_cabinets',
    'Cabinets in the fleet by state: all, online (heard within their heartbeat), connected (to the embedded broker; absent with MQTT_URL).',
    ['state'],
    async () => {
      const [all, online] = await Promise.all([
        fleet.services.cabinets.count({}),
        fleet.services.cabinets.count({ connection: 'online' }),
      ]);
      const connected = fleet.services.gateway.cabinetConnections;
      return [
        { labels: { state: 'all' }, value: all },
        { labels: { state: 'online' }, value: online },
        ...(connected === null ? [] : [{ labels: { state: 'connected' }, value: connected }]),
      ];
    },
  );
  metrics.gauge(
    'cbo_db_pool_connections',
    'Database pool connections of this process: total, idle, and requests waiting for one (PostgreSQL only).',
    ['state'],
    async () => {
      const p = database.poolStats?.();
      return p
        ? [
            { labels: { state: 'total' }, value: p.total },
            { labels: { state: 'idle' }, value: p.idle },
            { labels: { state: 'waiting' }, value: p.waiting },
          ]
        : [];
    },
  );
  metrics.gauge(
    'cbo_export_queue',
    'Exports waiting (pending) and being written (running), across all processes.',
    ['status'],
    async () => Object.entries(await exports.queue()).map(([status, value]) => ({ labels: { status }, value })),
  );
  metrics.gauge('cbo_broker_connected', '1 while this process is connected to its MQTT broker.', [], async () => [
    { value: fleet.services.gateway.connected ? 1 : 0 },
  ]);
  const modules: BuiltModule[] = [
    identity,
    system,
    fleet,
    assets,
    accessories,
    network,
    outlet,
    ledger,
    order,
    deposit,
    voucher,
    stats,
    payout,
    coupon,
    separation,
    reconcile,
  ];

  live.setPermissionCheck((p, code) => identity.services.access.holdsPermission(p, code));
  for (const m of modules) {
    uploads.addReferences(m.fileRefs);
    for (const list of m.lists) registerListExport(exports, list);
  }

  await installSecurityHeaders(app);
  await installCompression(app);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Charging back office API',
        version: '1.0.0',
        description:
          'Every call of the console. Each operation carries x-permission: public, authenticated, or its permission code.',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    transform: jsonSchemaTransform,
    // Schemas given an id in the contract (the recursive trees) become components.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/reference' });

  const { sessions, access } = identity.services;
  installGuard(
    app,
    {
      authenticate: (t, r) => sessions.authenticate(t, r),
      authorize: (p, m, u) => access.authorize(p, m, u),
      authenticateApp: (t) => network.services.appAccounts.authenticate(t),
      // The customer calls and staff calls of a closed extended function are refused (EXTENSION_GATES).
      gate: async (call) => {
        const a = api[call].access;
        const of = extensionOfCall(call, typeof a === 'object' ? a.permission : null);
        if (of) await extensions.require(of);
      },
    },
    audit,
    database.db,
  );

  for (const m of modules) {
    m.routes(app);
    for (const list of m.lists) registerListRoutes(app, exports, list);
  }
  live.register(app, (t, r) => sessions.authenticate(t, r));
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // Liveness (/healthz) and readiness (/readyz) for load balancers: public, not audited, not limited.
  const readiness = new Readiness({ database, brokerConnected: () => fleet.services.gateway.connected });
  readiness.register(app);

  // Uploaded files are only ever images: served with their type fixed (nosniff) and a sandbox
  // policy, so a file can never be run as a page even if something other than an image got in.
  const uploadHeaders = {
    setHeaders: uploadedFileHeaders,
    decorateReply: false,
    maxAge: '7d',
    immutable: true,
  } as const;
  await app.register(fastifyStatic, { root: files.avatarsDir, prefix: '/files/avatars/', ...uploadHeaders });
  await app.register(fastifyStatic, { root: files.imagesDir, prefix: '/files/images/', ...uploadHeaders });
  const hasWeb = fs.existsSync(path.join(config.webDist, 'index.html'));
  if (hasWeb) {
    // Built with a .br and a .gz copy of each file (vite.config.ts): the smallest one the browser
    // accepts is sent, with Content-Encoding and Vary: Accept-Encoding.
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
    });
    // Hashed assets never change; index.html must be re-read on every visit. A missing asset is
    // not cached (a newer build may bring it).
    app.addHook('onSend', async (req, reply) => {
      if (req.url.startsWith('/assets/'))
        reply.header('cache-control', reply.statusCode < 400 ? 'public, max-age=31536000, immutable' : 'no-store');
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = API_PREFIXES.some((p) => req.url.startsWith(p));
    // A script or style that is not there (a tab still running an older build asks for a chunk
    // this build does not have) is a plain not-found: the console page in its place would be
    // run as a script and fail with a misleading type error.
    if (!isApi && hasWeb && req.method === 'GET' && !req.url.startsWith('/assets/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', config.webDist);
    }
    return sendError(reply, req.lang, 'NOT_FOUND');
  });

  await app.ready();

  // Start-up work shared by every process: seed once (every module sees every module's menus and
  // the registered calls), then start the platform's workers and each module's own.
  const seedContext = {
    menus: [...SHARED_MENU_GROUPS, ...modules.flatMap((m) => m.menus)],
    calls: registeredCalls,
    announce: opts.announce ?? ((m: string) => app.log.warn(m)),
  };
  // Processes that start together seed one after the other (the seeds are idempotent: the later ones find everything there).
  await database.exclusive(SEED_LOCK, async () => {
    for (const m of modules) await m.seed(seedContext);
  });
  await live.start();
  if (opts.workers !== false) {
    await exports.startWorker();
    uploads.startSweeper();
    limitsSweeper.start();
  }
  const started: BuiltModule[] = [];
  // A stop: readiness fails first; the HTTP server takes no new requests and finishes those it has
  // (the modules still work for them); then the modules stop (the gateway hands its MQTT shared
  // subscription back and finishes the messages it has), the workers finish their pass, and the
  // live channel closes. The caller closes the database after.
  const stop = async () => {
    readiness.markStopping();
    await app.close();
    for (const m of started.reverse()) await m.stop();
    await exports.stopWorker();
    await uploads.stopSweeper();
    await limitsSweeper.stop();
    await live.stop();
  };
  try {
    for (const m of modules) {
      await m.start();
      started.push(m);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  readiness.markStarted();

  return {
    app,
    services: {
      identity: identity.services,
      system: system.services,
      fleet: fleet.services,
      assets: assets.services,
      accessories: accessories.services,
      network: network.services,
      outlet: outlet.services,
      ledger: ledger.services,
      order: order.services,
      deposit: deposit.services,
      voucher: voucher.services,
      stats: stats.services,
      payout: payout.services,
      coupon: coupon.services,
      separation: separation.services,
      reconcile: reconcile.services,
      params: system.services.params,
      gateway: fleet.services.gateway,
      operationLog: audit,
      exports,
      live,
      files,
      uploads,
      simulatedTexts: sms,
    },
    readiness,
    close: stop,
  };
}

/** The assets' word for a kind of device an outlet binds (the outlet module says 'bluetooth'). */
function assetType(t: BindingDeviceType): DeviceType {
  return t === 'bluetooth' ? 'bluetoothCharger' : t;
}

/** The configured SMS provider, said loudly at start: both built-in ones keep codes readable on the server. */
function smsProvider(config: Config, log: FastifyBaseLogger): SmsProvider {
  if (config.SMS_PROVIDER === 'file') {
    const file = path.join(config.dataDir, 'sms.log');
    log.warn(
      `SMS_PROVIDER=file: verification codes are written to ${file}, not sent. For development and trials only.`,
    );
    return new FileSmsProvider(file);
  }
  log.warn(
    'SMS_PROVIDER=log: verification codes are written to this log at info level, not sent. For development only (refused with NODE_ENV=production); SMS_PROVIDER=file keeps them in DATA_DIR/sms.log.',
  );
  return new LogSmsProvider(log);
}

export type Server = Awaited<ReturnType<typeof buildApp>>;

/** Headers of a served upload: its type as stored, never sniffed, never a document that runs. */
function uploadedFileHeaders(reply: FastifyReply, filePath: string): void {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', "default-src 'none'; sandbox");
  // Only images are ever stored; anything else found there is handed over as an opaque download.
  if (!/\.(png|jpe?g|gif|webp)$/i.test(filePath)) {
    reply.header('content-type', 'application/octet-stream');
    reply.header('content-disposition', 'attachment');
  }
}
