#!/usr/bin/env node
// `npm run db:stats-sql [-- --name <migration name>] [-- --check]`: the statistics triggers' functions
// are kept in one source file per owner (apps/server/src/modules/{order,ledger}/rollups.sql); this
// compares each body with the one the latest migration that defines it leaves, and when any differs
// writes ONE new migration (drizzle-kit's custom migration: journal entry and snapshot included) that
// replaces those bodies. `--check` only says whether the sources and the migrations agree (exit 1 if not).
// Run with tsx (package.json): the comparison itself is apps/server/src/platform/db/rollup-sql.ts.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  MIGRATIONS_DIR,
  changedFunctions,
  migratedFunctions,
  migrationSql,
} from '../../apps/server/src/platform/db/rollup-sql.ts';

const root = path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url))));
const args = process.argv.slice(2);
const check = args.includes('--check');
const nameAt = args.indexOf('--name');
const name = nameAt >= 0 ? args[nameAt + 1] : 'stats_sql';

const migrated = migratedFunctions();
const changed = changedFunctions(undefined, migrated);
if (!changed.length) {
  console.log('stats-sql: every trigger function source matches the latest migration; nothing to write.');
  process.exit(0);
}
console.log(`stats-sql: changed since the migrations: ${changed.map((f) => f.name).join(', ')}`);
if (check) process.exit(1);

const journal = () => JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
const before = journal().entries.length;
const r = spawnSync(
  'npx',
  ['drizzle-kit', 'generate', '--custom', '--name', name, '--config', 'apps/server/drizzle.config.ts'],
  { cwd: root, stdio: 'inherit' },
);
if (r.status !== 0) process.exit(r.status ?? 1);
const entries = journal().entries;
if (entries.length !== before + 1) {
  console.error('stats-sql: drizzle-kit did not add one migration; nothing written.');
  process.exit(1);
}
const file = path.join(MIGRATIONS_DIR, `${entries.at(-1).tag}.sql`);
const created = new Set(changed.filter((f) => !migrated.has(f.name)).map((f) => f.name));
fs.writeFileSync(file, migrationSql(changed, created));
console.log(`stats-sql: wrote ${path.relative(root, file)}`);
