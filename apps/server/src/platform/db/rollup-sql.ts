import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The statistics triggers' SQL, kept in one source file per owner (the module whose tables the
 * triggers are on) and turned into migrations from there (docs/decisions/statistics.md, "One source
 * for the trigger SQL"). `npm run db:stats-sql` (scripts/dev/stats-sql.mjs) writes a migration with
 * the bodies that differ from the latest migration's; rollup-sql.test.ts compares the sources with
 * the functions of a migrated database.
 */

const serverDir = fileURLToPath(new URL('../../../', import.meta.url));
/** The migrations folder (drizzle's). */
export const MIGRATIONS_DIR = path.join(serverDir, 'drizzle');
/** The source files of the trigger functions, one per owner. */
export const ROLLUP_SQL_SOURCES: readonly string[] = [
  path.join(serverDir, 'src/modules/order/rollups.sql'),
  path.join(serverDir, 'src/modules/ledger/rollups.sql'),
];

/** One trigger function as written: its name, its whole statement and its body (the text between the dollar quotes, what `prosrc` holds). */
export interface FunctionSql {
  name: string;
  statement: string;
  body: string;
}

const FUNCTION = /CREATE (?:OR REPLACE )?FUNCTION "?(\w+)"?\(\)[^\n]*? AS \$\$([\s\S]*?)\$\$;/g;

/** The argument-less functions (trigger functions) a SQL text creates, in their order. */
export function functionsIn(text: string): FunctionSql[] {
  return [...text.matchAll(FUNCTION)].map((m) => ({
    name: m[1]!,
    body: m[2]!,
    statement: m[0].replace(/^CREATE FUNCTION/, 'CREATE OR REPLACE FUNCTION'),
  }));
}

/** Every trigger function of the sources, by name (a name in two sources is refused). */
export function sourceFunctions(sources: readonly string[] = ROLLUP_SQL_SOURCES): Map<string, FunctionSql> {
  const out = new Map<string, FunctionSql>();
  for (const file of sources)
    for (const f of functionsIn(fs.readFileSync(file, 'utf8'))) {
      if (out.has(f.name)) throw new Error(`${f.name} is defined twice in the rollup SQL sources`);
      out.set(f.name, f);
    }
  return out;
}

/** Each function as the latest migration that (re)defines it leaves it, with that migration's file name. */
export function migratedFunctions(dir = MIGRATIONS_DIR): Map<string, FunctionSql & { file: string }> {
  const out = new Map<string, FunctionSql & { file: string }>();
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort())
    for (const f of functionsIn(fs.readFileSync(path.join(dir, file), 'utf8'))) out.set(f.name, { ...f, file });
  return out;
}

/** The source functions whose body is not the one the migrations leave (new ones included). */
export function changedFunctions(
  sources: Map<string, FunctionSql> = sourceFunctions(),
  migrated: Map<string, FunctionSql> = migratedFunctions(),
): FunctionSql[] {
  return [...sources.values()].filter((f) => migrated.get(f.name)?.body !== f.body);
}

/** The SQL of a migration that puts these bodies in place (statements apart, as drizzle's migrator splits them). */
export function migrationSql(changed: readonly FunctionSql[], created: ReadonlySet<string>): string {
  const head = [
    "-- Written by `npm run db:stats-sql` from the trigger functions' sources (ROLLUP_SQL_SOURCES in",
    "-- apps/server/src/platform/db/rollup-sql.ts): the bodies that differ from the previous migrations'.",
    ...(created.size
      ? [`-- New functions (${[...created].join(', ')}): add their CREATE TRIGGER statements below by hand.`]
      : []),
  ];
  return `${head.join('\n')}\n${changed.map((f) => f.statement).join('\n--> statement-breakpoint\n')}\n`;
}
