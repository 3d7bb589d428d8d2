// Type-aware lint for the bugs that types alone miss (style.md 8): promises nobody awaits or
// handles, promises passed where a callback's result is ignored, switches that miss a case.
// Then the boundaries of the code (ARCHITECTURE.md): a server module imports no other module's
// files, the platform imports no module, a console feature imports no other feature.
import fs from 'node:fs';
import path from 'node:path';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const foldersOf = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Server modules: each may import the platform and its own files, never another module's. */
const serverModules = foldersOf('apps/server/src/modules');
/** Console features: each may import shared/ and its own files, never another feature's. */
const webFeatures = foldersOf('apps/web/src/features');

/** One config block per folder: imports of its siblings (relative or by alias) are errors. */
function apart(dir, names, alias, what) {
  return names.map((name) => {
    const patterns = apartPatterns(dir, names, alias, what, name);
    return {
      files: [`${dir}/${name}/**/*.{ts,tsx}`],
      // Tests set up data across modules (an account for a fleet test); production code may not.
      ignores: ['**/*.test.ts', '**/*.test.tsx'],
      rules: { 'no-restricted-imports': ['error', { patterns }] },
    };
  });
}

/**
 * Server modules: a module imports no other module's files, except the types of another module's
 * ports.ts (its named edge: `import type { Ledger } from '../ledger/ports.js'`), which a consumer's
 * needs name instead of restating them (ARCHITECTURE.md, "How modules talk").
 */
function apartModules(dir, names) {
  return names.map((name) => {
    const others = names
      .filter((n) => n !== name)
      .map(esc)
      .join('|');
    const to = `^(\\.\\./)+(${path.basename(dir)}/)?(${others})`;
    return {
      files: [`${dir}/${name}/**/*.ts`],
      ignores: ['**/*.test.ts'],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `${to}(/(?!ports\\.js$)|$)`,
                message: `module ${name} imports another module's files: use what that module hands over, typed by its ports.ts (ARCHITECTURE.md, "How modules talk").`,
              },
              {
                regex: `${to}/ports\\.js$`,
                allowTypeImports: true,
                message: `module ${name} may import another module's ports.ts with \`import type\` only (its values come through the module's needs).`,
              },
            ],
          },
        ],
      },
    };
  });
}

/** The import patterns that keep folder `name` of `dir` away from its siblings. */
function apartPatterns(dir, names, alias, what, name) {
  const others = names
    .filter((n) => n !== name)
    .map(esc)
    .join('|');
  if (!others) return [];
  return [
    {
      regex: `^(\\.\\./)+(${path.basename(dir)}/)?(${others})(/|$)`,
      message: `${what} ${name} imports another ${what}'s files: use what that ${what} hands over (ARCHITECTURE.md, "How modules talk").`,
    },
    ...(alias
      ? [{ regex: `^${esc(alias)}(${others})(/|$)`, message: `${what} ${name} imports another ${what}'s files.` }]
      : []),
  ];
}

/**
 * What /login loads before its form shows (the console's start-up path) has a budget of 200 KB of
 * JavaScript over the wire (npm run bench). A barrel ('antd', '@ant-design/icons') reached from it
 * makes the bundler put every component that any later screen takes from the barrel into the
 * start-up chunks, and zod is only needed once the shell loads: these files import components by
 * their own paths ('antd/es/button', '@ant-design/icons/LockOutlined') and never zod.
 */
const startupFiles = [
  'apps/web/src/main.tsx',
  'apps/web/src/app/{root,app-routes}.tsx',
  'apps/web/src/app/{guard,route-title}.ts',
  'apps/web/src/features/auth/**/*.{ts,tsx}',
  'apps/web/src/shared/{feedback,error-boundary,top-progress}.tsx',
  'apps/web/src/shared/{errors,i18n,ui-locale,session,request,live,settings,store,theme,client-type,lang-labels,zod-jitless}.ts',
  'apps/web/src/shared/form/form-claims.ts',
];
const startupMessage =
  "On the start-up path (/login's 200 KB budget): import the component by its own path, not the barrel (eslint.config.mjs, startupFiles).";
const startupPaths = ['antd', '@ant-design/icons', 'zod'].map((name) => ({
  name,
  message: startupMessage,
  allowTypeImports: true,
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'apps/server/drizzle/**', '**/*.mjs', '**/*.js'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...apartModules('apps/server/src/modules', serverModules),
  ...apart('apps/web/src/features', webFeatures, '@/features/', 'feature'),
  {
    files: startupFiles,
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        // features/auth keeps its feature boundary too (a later block replaces the rule whole).
        {
          paths: startupPaths,
          patterns: apartPatterns('apps/web/src/features', webFeatures, '@/features/', 'feature', 'auth'),
        },
      ],
    },
  },
  {
    // The platform is below every module: it is handed what it needs (the schema, the guard's
    // sign-in) by app.ts, and never reaches up.
    files: ['apps/server/src/platform/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(modules/|app\\.js$|schema\\.js$|main\\.js$)',
              message: 'The platform imports no module (nor app.ts, schema.ts): take what you need as a parameter.',
            },
          ],
        },
      ],
    },
  },
);
