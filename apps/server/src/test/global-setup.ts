import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { pgliteTemplate } from '../platform/db/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped, migrated PGlite database every test server of this run starts from (test/helper.ts). */
    pgliteTemplate: string;
  }
}

/**
 * Once per run, before the server tests: one embedded database is created, migrated and
 * dumped; each test server loads the dump instead of creating and migrating its own (about
 * 3 s a server on this 2-core machine, over a hundred servers a run). Made fresh each run in a
 * directory of its own and removed after, so no run depends on an earlier one.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cbo-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await (await pgliteTemplate()).arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
