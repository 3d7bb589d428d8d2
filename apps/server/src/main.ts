import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from './config.js';
import { lockDataDir, openPglite, openPostgres } from './platform/db/database.js';
import { buildApp } from './app.js';
import { startSimulatedFleet } from './simulated-fleet.js';
import { makeDemoNetwork } from './demo-network.js';
import { startSimulatedCustomers } from './simulated-customers.js';
import { startSimulatedPartners } from './simulated-partners.js';

/** Starts one server process: settings, database (embedded or DATABASE_URL), app, listen. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  let unlock = () => {};
  if (!config.DATABASE_URL) {
    try {
      unlock = lockDataDir(config.dataDir);
    } catch (e) {
      console.error((e as Error).message);
      process.exit(1);
    }
  }
  const database = config.DATABASE_URL ? await openPostgres(config.DATABASE_URL) : await openPglite(config.dataDir);
  const server = await buildApp({
    config,
    database,
    logger: {
      level: config.LOG_LEVEL,
      ...((config.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json')) === 'pretty'
        ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
        : // Written without blocking the request that logs: lines wait in memory while a write is
          // under way and go out together after it; what is waiting is written at exit, even a crash's.
          { stream: pino.destination({ dest: 1, sync: false }) }),
    },
    // Plain text on the terminal, not inside a JSON log line: a person has to read it.
    announce: (m) => console.log(m),
  });
  const log = server.app.log;
  if (!fs.existsSync(path.join(config.webDist, 'index.html'))) {
    log.warn(`No console build at ${config.webDist}: serving the API only (npm start builds it).`);
  }
  let stopping = false;
  let simulated: Awaited<ReturnType<typeof startSimulatedFleet>> = null;
  let customers: ReturnType<typeof startSimulatedCustomers> | null = null;
  let partners: ReturnType<typeof startSimulatedPartners> | null = null;
  // A graceful stop, bounded: readiness fails first (load balancers stop sending), then after
  // STOP_DRAIN_SECONDS no new request is taken and those under way finish, the MQTT shared
  // subscription goes back to the broker, the workers finish their pass and the database closes.
  // Past STOP_TIMEOUT_SECONDS the process exits anyway (code 1).
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, timeoutSeconds: config.STOP_TIMEOUT_SECONDS }, 'stopping');
    server.readiness.markStopping();
    setTimeout(() => {
      log.error({ timeoutSeconds: config.STOP_TIMEOUT_SECONDS }, 'stop took too long; exiting');
      unlock();
      process.exit(1);
    }, config.STOP_TIMEOUT_SECONDS * 1000).unref();
    let code = 0;
    try {
      if (config.STOP_DRAIN_SECONDS > 0) await new Promise((r) => setTimeout(r, config.STOP_DRAIN_SECONDS * 1000));
      customers?.stop();
      partners?.stop();
      await simulated?.stop().catch((e: unknown) => log.warn({ err: e }, 'simulated cabinets did not stop cleanly'));
      await server.close();
      await database.close();
      log.info('stopped');
    } catch (err) {
      log.error({ err }, 'stop failed');
      code = 1;
    } finally {
      unlock();
      // Lines still waiting in the asynchronous log destination are written by pino at exit.
      process.exit(code);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('exit', unlock);
  await server.app.listen({ port: config.PORT, host: config.HOST });
  // A living fleet for a new install: SIMULATOR cabinets, registered the way real ones are.
  simulated = await startSimulatedFleet(config.SIMULATOR, server.services, log, { language: config.DEMO_LANGUAGE });
  // With the simulator on, a demo network around those cabinets, made once (npm run demo:clear removes it).
  await makeDemoNetwork(
    database.db,
    server.services,
    { simulatedCabinets: config.SIMULATOR, leaderUserName: config.ADMIN_USERNAME, language: config.DEMO_LANGUAGE },
    log,
  );
  // And customers who rent and return through the app API, so orders arrive, finish and pay the chain.
  if (simulated) {
    const [lo, hi] = config.SIMULATED_HOLD_SECONDS.split('-').map(Number) as [number, number];
    const many = config.SIMULATED_CUSTOMERS ?? Math.min(8, Math.max(2, Math.ceil(config.SIMULATOR / 3)));
    if (many > 0)
      customers = startSimulatedCustomers(server, simulated, log, { customers: many, holdSeconds: [lo, hi] });
  }
  // And the demo's partners, who ask for withdrawals through the partner app now and then.
  if (simulated) partners = startSimulatedPartners(server, log);
  log.info(
    `Console and API on http://localhost:${(server.app.server.address() as { port: number }).port} (${database.engine})`,
  );
}

main().catch((err) => {
  // A start-up problem the person starting the server can fix is one readable line.
  console.error((err as { startup?: boolean })?.startup ? (err as Error).message : err);
  process.exit(1);
});
