import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
// The boundary rules need no types: the type-aware rules are left out, so a planted file need not exist.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'off',
      '@typescript-eslint/await-thenable': 'off',
    },
  },
});

/** The boundary errors the lint config reports for a file planted at `file` holding `code`. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((m) => m.message);
}

describe('lint keeps the boundaries', () => {
  it('a server module importing another module fails; its own files and the platform pass', async () => {
    expect(
      await boundaryErrors(
        'apps/server/src/modules/fleet/planted.ts',
        "import { LoginLogService } from '../identity/login-log.service.js';\nexport const x = LoginLogService;\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('apps/server/src/modules/system/planted.ts', "export { fleet } from '../fleet/index.js';\n"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'apps/server/src/modules/fleet/sub/planted.ts',
        "export * from '../../../modules/identity/tables.js';\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'apps/server/src/modules/fleet/planted.ts',
        "export * from './tables.js';\nexport * from '../../platform/db/paging.js';\n",
      ),
    ).toEqual([]);
  });

  it("a module may import another module's ports.ts as types only, and nothing else of it", async () => {
    // The named edge: the types of the provider's ports.ts, by `import type` or type-only specifiers.
    expect(
      await boundaryErrors(
        'apps/server/src/modules/network/planted.ts',
        "import type { LedgerMoneyReads } from '../ledger/ports.js';\nimport { type Ledger } from '../ledger/ports.js';\nexport type X = LedgerMoneyReads | Ledger;\n",
      ),
    ).toEqual([]);
    // A value from a ports file, or a type from any other file of the module, is refused.
    expect(
      await boundaryErrors(
        'apps/server/src/modules/network/planted.ts',
        "import { Ledger } from '../ledger/ports.js';\nexport const x = Ledger;\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'apps/server/src/modules/network/planted.ts',
        "import type { LedgerService } from '../ledger/ledger.service.js';\nexport type X = LedgerService;\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('apps/server/src/modules/network/planted.ts', "export * from '../ledger/ports.js';\n"),
    ).toHaveLength(1);
  });

  it('every ports.ts holds types only (a consumer takes no value through it)', async () => {
    const dir = path.join(root, 'apps/server/src/modules');
    const ports = fs
      .readdirSync(dir)
      .map((m) => path.join(dir, m, 'ports.ts'))
      .filter((f) => fs.existsSync(f));
    expect(ports.length).toBeGreaterThan(0);
    for (const file of ports) {
      const code = fs
        .readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, '');
      const statements = code.split('\n').filter((l) => /^(import|export)\b/.test(l));
      expect(statements.length, file).toBeGreaterThan(0);
      for (const st of statements)
        expect(st, `${path.relative(root, file)}: ${st}`).toMatch(/^(import type|export type|export interface)\b/);
    }
  });

  it('the platform importing a module, or the schema of all modules, fails', async () => {
    expect(
      await boundaryErrors(
        'apps/server/src/platform/db/planted.ts',
        "export * from '../../modules/identity/tables.js';\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('apps/server/src/platform/db/planted.ts', "export * from '../../schema.js';\n"),
    ).toHaveLength(1);
    expect(await boundaryErrors('apps/server/src/platform/planted.ts', "export * from './db/paging.js';\n")).toEqual(
      [],
    );
  });

  it('a console feature importing another feature fails, by path or by alias', async () => {
    expect(
      await boundaryErrors('apps/web/src/features/fleet/planted.ts', "export * from '../system/index';\n"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('apps/web/src/features/fleet/planted.ts', "export * from '@/features/auth/login-page';\n"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'apps/web/src/features/fleet/planted.ts',
        "export * from '@/shared/i18n';\nexport * from './planted-too';\n",
      ),
    ).toEqual([]);
  });

  it('the start-up path importing a barrel or zod fails; deep paths and type imports pass; the auth feature keeps its boundary', async () => {
    expect(
      await boundaryErrors(
        'apps/web/src/features/auth/planted.tsx',
        "import { Button } from 'antd';\nexport const x = Button;\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'apps/web/src/shared/errors.ts',
        "import { LockOutlined } from '@ant-design/icons';\nexport const x = LockOutlined;\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('apps/web/src/main.tsx', "import { z } from 'zod';\nexport const x = z;\n"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'apps/web/src/features/auth/planted.tsx',
        "export * from '@/features/fleet/views/cabinets';\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'apps/web/src/app/root.tsx',
        "import Button from 'antd/es/button';\nimport type { App } from 'antd';\nexport const x: typeof App | typeof Button = Button;\n",
      ),
    ).toEqual([]);
    // Screens behind the sign-in load later and may use the barrels.
    expect(
      await boundaryErrors(
        'apps/web/src/features/fleet/planted.tsx',
        "import { Button } from 'antd';\nexport const x = Button;\n",
      ),
    ).toEqual([]);
  });
});
