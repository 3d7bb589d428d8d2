#!/usr/bin/env node
// Writes the MQTT accounts of an external Mosquitto (deploy/compose.yaml, docs/deploy.md): one per
// stocked-in cabinet (user = SN, password = its secret, docs/protocol.md) and the servers' own.
// Plain `user:password` lines; the broker hashes them with `mosquitto_passwd -U` before loading.
//
//   DATABASE_URL=… DEVICE_SECRET=… MQTT_SERVER_PASSWORD=… node deploy/cabinet-passwords.mjs OUT [--every SECONDS]
//
// With --every it rewrites OUT whenever the set of cabinets changed (a batch stocked in or removed),
// so new cabinets can connect within that time. The file is written whole and renamed into place.
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';

const [out, flag, every] = process.argv.slice(2);
const { DATABASE_URL, DEVICE_SECRET, MQTT_SERVER_USER = 'cbo-server', MQTT_SERVER_PASSWORD } = process.env;
function fail(message) {
  console.error(`cabinet-passwords: ${message}`);
  process.exit(2);
}
if (!out) fail('usage: node deploy/cabinet-passwords.mjs OUT [--every SECONDS]');
if (!DATABASE_URL) fail("DATABASE_URL is required (the servers' database)");
if (!DEVICE_SECRET || DEVICE_SECRET.length < 16)
  fail("DEVICE_SECRET is required (16+ characters, the servers' setting)");
if (!MQTT_SERVER_PASSWORD) fail("MQTT_SERVER_PASSWORD is required (the password in the servers' MQTT_URL)");
const seconds = flag === '--every' ? Number(every) : 0;
if (flag !== undefined && !(flag === '--every' && Number.isFinite(seconds) && seconds >= 5))
  fail('--every takes a number of seconds, at least 5');

/** The same derivation as the server's (apps/simulator/src/secret.ts). */
const secretOf = (sn) => createHmac('sha256', DEVICE_SECRET).update(sn).digest('base64url').slice(0, 32);

const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 1 });
pool.on('error', () => undefined);
let last = '';
async function write() {
  // Before the first server has migrated the database there are no cabinets yet, only the servers' account.
  const { rows } = await pool.query('select sn from dev_cabinet order by sn').catch((e) => {
    if (e.code === '42P01') return { rows: [] };
    throw e;
  });
  const text =
    [`${MQTT_SERVER_USER}:${MQTT_SERVER_PASSWORD}`, ...rows.map((r) => `${r.sn}:${secretOf(r.sn)}`)].join('\n') + '\n';
  if (text === last) return;
  fs.writeFileSync(`${out}.tmp`, text, { mode: 0o600 });
  fs.renameSync(`${out}.tmp`, out);
  last = text;
  console.log(`cabinet-passwords: ${rows.length} cabinets written to ${out}`);
}

try {
  await write();
} catch (e) {
  if (!seconds) fail(e.message);
  console.error(`cabinet-passwords: ${e.message} (trying again in ${seconds} s)`);
}
if (!seconds) await pool.end();
else setInterval(() => write().catch((e) => console.error(`cabinet-passwords: ${e.message}`)), seconds * 1000);
