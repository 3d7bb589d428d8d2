import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler } from 'fastify-type-provider-zod';
import { api, extensionOfCall } from '@cbo/contract';
import type { Config } from './config.js';
import type { Database } from './platform/db/database.js';
import { clientErrorHandler, installErrorHandling, zodValidatorCompiler } from './platform/http/envelope.js';
import { installGuard, registeredCalls } from './platform/http/routes.js';
import { safeLogger } from './platform/http/log-safety.js';
import { installRequestIds, requestIdOf } from './platform/http/request-id.js';
import { installSecurityHeaders } from './platform/http/security-headers.js';
import { installCompression } from './platform/http/compression.js';
import { serveFiles } from './platform/http/static-files.js';
import { FileStorage } from './platform/files/storage.js';
import { Uploads } from './platform/files/uploads.js';
import { RateLimits } from './platform/rate-limit/rate-limit.js';
import { periodic } from './platform/jobs/periodic.js';
import { LiveHub } from './platform/live/live-hub.js';
import { SimulatedNumbers, type SmsProvider } from './platform/sms/sms-provider.js';
import { configuredSmsProvider } from './platform/sms/configured.js';
import { ExportService } from './platform/exports/export-centre.js';
import { OperationLogService } from './platform/audit/operation-log.js';
import { Readiness } from './platform/ops/health.js';
import { Metrics } from './platform/ops/metrics.js';
import { installGauges } from './platform/ops/platform-gauges.js';
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
import { order as orderModule, type PaymentProvider } from './modules/order/index.js';
import { voucher as voucherModule } from './modules/voucher/index.js';
import { stats as statsModule } from './modules/stats/index.js';
import { payout as payoutModule } from './modules/payout/index.js';
import { coupon as couponModule } from './modules/coupon/index.js';
import { separation as separationModule } from './modules/separation/index.js';
import { reconcile as reconcileModule } from './modules/reconcile/index.js';
import { built } from './wiring/built.js';
import { accessoriesLate, accessoriesNeeds } from './wiring/accessories.js';
import { assetsLate } from './wiring/assets.js';
import { couponNeeds } from './wiring/coupon.js';
import { depositLate, depositNeeds } from './wiring/deposit.js';
import { fleetLate, fleetNeeds } from './wiring/fleet.js';
import { identityLate } from './wiring/identity.js';
import { ledgerLate, ledgerNeeds } from './wiring/ledger.js';
import { networkLate, networkNeeds } from './wiring/network.js';
import { orderLate, orderNeeds } from './wiring/order.js';
import { outletLate, outletNeeds } from './wiring/outlet.js';
import { payoutNeeds } from './wiring/payout.js';
import { reconcileNeeds } from './wiring/reconcile.js';
import { separationNeeds } from './wiring/separation.js';
import { statsNeeds } from './wiring/stats.js';
import { systemLate, systemNeeds } from './wiring/system.js';
import { voucherNeeds } from './wiring/voucher.js';

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
  const sms = new SimulatedNumbers(opts.sms ?? configuredSmsProvider(config, app.log));
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

  // The modules, in the order they are built: each from the platform and the services of the
  // modules built before it (its needs, built by its wiring file in src/wiring/).
  const identity = await buildModule(identityModule, platform, {});
  const system = await buildModule(systemModule, platform, systemNeeds({ identity: identity.services }));
  const assets = await buildModule(assetsModule, platform, {});
  const fleet = await buildModule(fleetModule, platform, fleetNeeds(built({ identity, assets, system })));
  const accessories = await buildModule(accessoriesModule, platform, accessoriesNeeds(built({ assets, system })));
  const network = await buildModule(networkModule, platform, networkNeeds(built({ identity })));
  const outlet = await buildModule(
    outletModule,
    platform,
    outletNeeds(built({ network, fleet, accessories, assets, system })),
  );
  const ledger = await buildModule(ledgerModule, platform, ledgerNeeds(built({ network, outlet })));
  const deposit = await buildModule(depositModule, platform, depositNeeds(built({ ledger, network, outlet, system })));
  const separation = await buildModule(
    separationModule,
    platform,
    separationNeeds(built({ fleet, ledger, network, system })),
  );
  const coupon = await buildModule(
    couponModule,
    platform,
    couponNeeds(built({ fleet, ledger, network, outlet, system })),
  );
  const order = await buildModule(
    orderModule,
    platform,
    orderNeeds(
      built({ fleet, accessories, outlet, network, system, ledger, deposit, coupon, separation }),
      opts.paymentProvider,
    ),
  );
  const voucher = await buildModule(
    voucherModule,
    platform,
    voucherNeeds(built({ fleet, outlet, network, ledger, order })),
  );
  const payout = await buildModule(
    payoutModule,
    platform,
    payoutNeeds(built({ ledger, network, outlet, system, order })),
  );
  const reconcile = await buildModule(reconcileModule, platform, reconcileNeeds(built({ order, payout, voucher })));
  const stats = await buildModule(
    statsModule,
    platform,
    statsNeeds(built({ ledger, order, network, identity, outlet, fleet, accessories, deposit, payout, system })),
  );

  // The bind phase: each module's late needs (on modules built after it), all handed over here,
  // before any route is registered; a module whose late needs are missing fails the start.
  const all = built({
    identity,
    system,
    assets,
    fleet,
    accessories,
    network,
    outlet,
    ledger,
    deposit,
    order,
    voucher,
    payout,
  });
  identity.bind(identityLate(all));
  system.bind(systemLate(all));
  assets.bind(assetsLate(all));
  fleet.bind(fleetLate(all));
  accessories.bind(accessoriesLate(all));
  network.bind(networkLate(all));
  outlet.bind(outletLate(all));
  ledger.bind(ledgerLate(all));
  deposit.bind(depositLate(all));
  order.bind(orderLate(all));

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
  for (const m of modules) m.assertBound();
  installGauges(metrics, database, exports);

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
        if (of) await system.services.extensions.require(of);
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

  await serveFiles(app, files, config);

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

export type Server = Awaited<ReturnType<typeof buildApp>>;
