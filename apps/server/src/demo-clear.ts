import fs from 'node:fs';
import { loadConfig } from './config.js';
import { lockDataDir, openPglite, openPostgres } from './platform/db/database.js';
import { buildApp } from './app.js';
import { clearDemoNetwork } from './demo-network.js';

/**
 * `npm run demo:clear`: removes every simulated record the demo network made (outlets, with their
 * cabinets unbound first, then agents, team, region, service provider, pusher and the network's
 * other simulated records) from the database the settings name, and records that it was removed,
 * so a later `npm start` does not make it again. With the embedded database the server must be
 * stopped first (one process at a time); with DATABASE_URL it may keep running.
 */
async function main(): Promise<void> {
  // Its own broker on a free port, never the running server's.
  const config = loadConfig({ ...process.env, MQTT_PORT: '0', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  let unlock = () => {};
  if (!config.DATABASE_URL) {
    if (!fs.existsSync(config.dataDir)) {
      console.log(`No data at ${config.dataDir}: nothing to clear.`);
      return;
    }
    unlock = lockDataDir(config.dataDir);
  }
  const database = config.DATABASE_URL ? await openPostgres(config.DATABASE_URL) : await openPglite(config.dataDir);
  try {
    const server = await buildApp({ config, database, workers: false, announce: () => {} });
    try {
      const removed = await clearDemoNetwork(database.db, server.services);
      console.log(
        `Demo network removed: ${removed.outlets} outlets and ${removed.network} network records (their cabinets unbound). A later start will not make it again.`,
      );
    } finally {
      await server.close();
    }
  } finally {
    await database.close();
    unlock();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
