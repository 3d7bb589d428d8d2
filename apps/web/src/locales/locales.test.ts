import { describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES, CLIENT_TYPES, LANGS } from '@cbo/contract';

/**
 * Every namespace file of every language, read as the app reads them. A key present in one
 * language and missing in another fails here, for every namespace, the shell's and the screens'.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>('./*/*.ts', { eager: true });

function flatKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => flatKeys(v, prefix ? `${prefix}.${k}` : k));
}

const byLang = new Map<string, Map<string, Record<string, unknown>>>();
for (const [path, mod] of Object.entries(files)) {
  const [, lang, file] = path.split('/');
  const ns = file!.replace(/\.ts$/, '');
  if (ns.endsWith('.test')) continue;
  if (!byLang.has(lang!)) byLang.set(lang!, new Map());
  byLang.get(lang!)!.set(ns, mod.default);
}

const namespaces = [...new Set([...byLang.values()].flatMap((m) => [...m.keys()]))].sort();

describe('locales', () => {
  it('has a folder for each language of the product, and nothing else', () => {
    expect([...byLang.keys()].sort()).toEqual([...LANGS].sort());
  });

  it('includes the shell namespaces', () => {
    for (const ns of ['common', 'layout', 'login', 'menu', 'errors']) expect(namespaces).toContain(ns);
  });

  describe.each(namespaces)('namespace %s', (ns) => {
    it('exists in every language', () => {
      const missing = LANGS.filter((lang) => !byLang.get(lang)?.has(ns));
      expect(missing, `${ns}.ts missing in`).toEqual([]);
    });

    it('has the same keys in every language', () => {
      const keys = new Map(LANGS.map((lang) => [lang, new Set(flatKeys(byLang.get(lang)?.get(ns) ?? {}))]));
      const all = new Set([...keys.values()].flatMap((s) => [...s]));
      const problems: string[] = [];
      for (const lang of LANGS) {
        for (const key of all) if (!keys.get(lang)!.has(key)) problems.push(`${lang}/${ns}: missing "${key}"`);
      }
      expect(problems).toEqual([]);
    });

    it('has no empty strings', () => {
      const empty: string[] = [];
      for (const lang of LANGS) {
        const walk = (v: unknown, path: string) => {
          if (typeof v === 'string') {
            if (!v.trim()) empty.push(`${lang}/${ns}: "${path}"`);
          } else if (v && typeof v === 'object')
            Object.entries(v).forEach(([k, c]) => walk(c, path ? `${path}.${k}` : k));
        };
        walk(byLang.get(lang)?.get(ns), '');
      }
      expect(empty).toEqual([]);
    });
  });

  it('names every account kind and terminal the sign-in and operation logs can show, in every language', () => {
    const missing: string[] = [];
    for (const lang of LANGS) {
      const common = byLang.get(lang)?.get('common') as
        { accountTypes?: Record<string, string>; terminals?: Record<string, string> } | undefined;
      for (const kind of ACCOUNT_TYPES) if (!common?.accountTypes?.[kind]) missing.push(`${lang} accountTypes.${kind}`);
      for (const terminal of CLIENT_TYPES)
        if (!common?.terminals?.[terminal]) missing.push(`${lang} terminals.${terminal}`);
    }
    expect(missing).toEqual([]);
  });

  it('writes a percentage against its number ("80%+", "{{avg}}%"), never "80 %"', () => {
    const spaced: string[] = [];
    const walk = (v: unknown, path: string) => {
      if (typeof v === 'string') {
        if (/(\d|\}\}) %/.test(v)) spaced.push(`${path}: ${v}`);
      } else if (v && typeof v === 'object') Object.entries(v).forEach(([k, c]) => walk(c, `${path}.${k}`));
    };
    for (const [lang, nss] of byLang) for (const [ns, v] of nss) walk(v, `${lang}/${ns}`);
    expect(spaced).toEqual([]);
  });
});
