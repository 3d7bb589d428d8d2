import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import crypto from 'node:crypto';
import { openPostgres, pgliteTemplate } from '../platform/db/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped, migrated PGlite database every test server of this run starts from (test/helper.ts). */
    pgliteTemplate: string;
    /** With TEST_DATABASE_URL: a migrated PostgreSQL database each test server's database is copied from (test/helper.ts). */
    postgresTemplate: string;
  }
}

/**
 * Once per run, before the server tests: one embedded database is created, migrated and
 * dumped; each test server loads the dump instead of creating and migrating its own (about
 * 3 s a server on this 2-core machine, over a hundred servers a run). Made fresh each run in a
 * directory of its own and removed after, so no run depends on an earlier one.
 *
 * With TEST_DATABASE_URL, the same for PostgreSQL: one database is created and migrated, and each
 * test server's database is made from it (`CREATE DATABASE … TEMPLATE`, about 0.2 s, where migrating
 * an empty one took 1.5 s). Dropped after the run. Tests of migrating an empty database (two
 * processes at once, the restore drill) still get an empty one (`freshPostgres()`).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cbo-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await (await pgliteTemplate()).arrayBuffer()));
  project.provide('pgliteTemplate', file);
  let dropTemplate = async () => {};
  if (process.env.TEST_DATABASE_URL) {
    const base = new URL(process.env.TEST_DATABASE_URL);
    const name = `cbo_tpl_${crypto.randomBytes(5).toString('hex')}`;
    const pg = (await import('pg')).default;
    const admin = async (sql: string) => {
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      try {
        await c.query(sql);
      } finally {
        await c.end();
      }
    };
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(base.toString());
    url.pathname = `/${name}`;
    // Migrated and closed: a template must have no connection while it is copied.
    const migrated = await openPostgres(url.toString(), { max: 1 });
    await migrated.close();
    project.provide('postgresTemplate', name);
    dropTemplate = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await dropTemplate();
  };
}
