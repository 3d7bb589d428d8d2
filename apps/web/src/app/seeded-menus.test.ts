import { describe, expect, it } from 'vitest';
import { LANGS } from '@cbo/contract';
import { iconKey, menuIcon } from './layout/menu-icon';
import { lazyView } from './view-registry';
import { storedNameKey } from '@/shared/i18n';

const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.ts', { eager: true });
// The menus the server seeds, every module's (its menus.ts): their names and icons are shown by this console.
const menuFiles = import.meta.glob<Record<string, unknown>>('../../../server/src/modules/*/menus.ts', { eager: true });
const moduleDirs = Object.keys(import.meta.glob('../../../server/src/modules/*/index.ts'));
type Seed = { code: string; name: string; url?: string; icon?: string };
const seeded: Seed[] = Object.values(menuFiles).flatMap(
  (exports) => Object.values(exports).filter(Array.isArray).flat() as Seed[],
);

describe('every menu the server seeds', () => {
  it('reads the menus of every server module', () => {
    // A module without menus.ts would be skipped silently: each module has one, and each gives menus.
    expect(
      Object.keys(menuFiles)
        .map((f) => f.split('/').at(-2))
        .sort(),
    ).toEqual(moduleDirs.map((f) => f.split('/').at(-2)).sort());
    expect(moduleDirs.length).toBeGreaterThanOrEqual(15);
    expect(
      Object.values(menuFiles).every((exports) => Object.values(exports).some((v) => Array.isArray(v) && v.length > 0)),
    ).toBe(true);
  });

  it.each(LANGS)('has its name translated in %s', (lang) => {
    const untranslated = seeded
      .filter((m) => {
        const found = storedNameKey(m.name);
        if (!found) return true;
        const path = found.key.slice(found.key.indexOf(':') + 1).split('.');
        const text = path.reduce<unknown>(
          (node, part) => (node as Record<string, unknown> | undefined)?.[part],
          bundles[`../locales/${lang}/${found.ns}.ts`]?.default,
        );
        return typeof text !== 'string';
      })
      .map((m) => m.name);
    expect(untranslated).toEqual([]);
  });

  it('opens a screen of this console for every url it stores', () => {
    const missing = seeded.filter((m) => m.url && !lazyView(m.url)).map((m) => `${m.code}: ${m.url}`);
    expect(missing).toEqual([]);
  });

  it('names an icon the sidebar can draw', () => {
    const unknown = seeded
      .filter((m) => m.icon && !menuIcon(m.icon, false))
      .map((m) => `${m.code}: ${m.icon} (${iconKey(m.icon!)})`);
    expect(unknown).toEqual([]);
  });
});
