import { useSyncExternalStore } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '@cbo/contract';
import { getLang, setLang } from './settings';

/**
 * i18n: one file per namespace and language (src/locales/<lang>/<ns>.ts), each its own chunk: the
 * shell's namespaces, then one per feature (identity, system, fleet, dashboard, profile) with a
 * group per screen. The shell's load before the first render; a feature's namespace loads with a screen
 * (useTranslation suspends inside the view's Suspense), and the namespaces that menu names point
 * at load with the menu. So /login fetches only what it shows, however many screens there are.
 * A test fails when a key is missing in any language.
 */
type Loader = () => Promise<{ default: Record<string, unknown> }>;
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.ts');

/** Namespaces the shell (login page, layout, errors, list kit, export list) needs at once. */
export const SHELL_NAMESPACES = ['common', 'login', 'layout', 'menu', 'errors', 'kit', 'export', 'role'] as const;

function loaderOf(lang: string, ns: string): Loader | undefined {
  return loaders[`../locales/${lang}/${ns}.ts`];
}

/** Every namespace that has a file (the same set in each language; the parity test sees to it). */
export function allNamespaces(): string[] {
  return [...new Set(Object.keys(loaders).map((p) => p.split('/').pop()!.replace(/\.ts$/, '')))].sort();
}

/** An i18next backend that reads the bundled locale chunks. */
const localeBackend = {
  type: 'backend' as const,
  init() {},
  read(lang: string, ns: string, done: (err: unknown, data: Record<string, unknown> | false) => void) {
    const load = loaderOf(lang, ns);
    if (!load) return done(null, {});
    load().then(
      (m) => done(null, m.default),
      (err: unknown) => done(err, false),
    );
  },
};

/**
 * Starts i18n in `lang` with the shell's namespaces. `everything` also loads every screen's
 * namespace (component tests render screens without the shell that would load them).
 */
export async function initI18n(lang: Lang = getLang(), { everything = false } = {}): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n
      .use(localeBackend)
      .use(initReactI18next)
      .init({
        lng: lang,
        fallbackLng: false,
        ns: [...SHELL_NAMESPACES],
        defaultNS: 'common',
        interpolation: { escapeValue: false },
        returnNull: false,
        // Components re-render when a namespace arrives, not only when the language changes.
        react: { bindI18n: 'languageChanged loaded' },
      });
  } else if (i18n.language !== lang) {
    await i18n.changeLanguage(lang);
  }
  if (everything) await i18n.loadNamespaces(allNamespaces());
  return i18n;
}

/**
 * Names stored by the server before the console had one namespace per feature: their first part
 * names a screen, which now is a group inside its feature's namespace. Stored names are data (an
 * operator may have renamed a menu, and seeding never overwrites that), so the old prefixes keep
 * resolving; a new stored name uses its feature's namespace directly ('fleet.menus.x').
 */
export const STORED_NAME_HOMES: Readonly<Record<string, string>> = {
  personnel: 'identity:personnel',
  organization: 'identity:organization',
  roleAdmin: 'identity:roles',
  menuAdmin: 'identity:menus',
  sysConfig: 'system:config',
  sysExtension: 'system:extensions',
  sysScene: 'system:scenes',
  problemType: 'system:problemTypes',
  operationLog: 'system:operationLog',
  fleet: 'fleet:menus',
};

/** The namespace and key a stored name 'prefix.rest' points at, or null for a name without a dot. */
export function storedNameKey(name: string): { ns: string; key: string } | null {
  const dot = name.indexOf('.');
  if (dot <= 0) return null;
  const prefix = name.slice(0, dot);
  const rest = name.slice(dot + 1);
  const home = STORED_NAME_HOMES[prefix];
  if (home) return { ns: home.slice(0, home.indexOf(':')), key: `${home}.${rest}` };
  return { ns: prefix, key: `${prefix}:${rest}` };
}

/** Loads the namespaces that stored names such as 'fleet.menuDevTool' point at. */
export async function loadNamespacesOf(names: Iterable<string>): Promise<void> {
  const known = new Set(allNamespaces());
  const wanted = new Set<string>();
  for (const name of names) {
    const ns = storedNameKey(name)?.ns;
    if (ns && known.has(ns)) wanted.add(ns);
  }
  if (wanted.size) await i18n.loadNamespaces([...wanted]);
}

/** Switches every string at once, without a reload: i18next loads, in the new language, every
 * namespace loaded so far before it switches. */
export async function changeLanguage(lang: Lang): Promise<void> {
  setLang(lang);
  await i18n.changeLanguage(lang);
}

/**
 * Names stored by the server (menus, seeded roles) may be i18n keys such as 'menu.loginLog' or
 * 'role.superAdmin' (see `storedNameKey`). A key with a translation is shown translated; anything
 * else (a name an operator typed) is shown as is.
 */
export function translateName(i: Pick<typeof i18n, 't' | 'exists'>, name: string): string {
  const found = storedNameKey(name);
  if (found) {
    if (i.exists(found.key)) return i.t(found.key);
    // A name from a screen not opened yet (a button in the role tree): load its namespace; every
    // component using useTranslation renders again when it arrives (bindI18n 'loaded').
    if (i18n.isInitialized && !i18n.hasLoadedNamespace(found.ns) && allNamespaces().includes(found.ns))
      void i18n.loadNamespaces(found.ns);
  }
  return name;
}

let revision = 0;
const listeners = new Set<() => void>();
i18n.on('loaded', () => {
  revision += 1;
  for (const l of listeners) l();
});

/** Changes whenever namespaces arrive: a memo over translated names lists it as a dependency. */
export function useI18nRevision(): number {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => revision,
  );
}

export { i18n };
