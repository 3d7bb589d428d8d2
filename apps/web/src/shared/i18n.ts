import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '@cbo/contract';
import { getLang, setLang } from './settings';

/**
 * i18n: one resource bundle per language, loaded on demand so /login ships only its language.
 * Each language folder has one file per namespace (src/locales/<lang>/<ns>.ts); a test fails
 * when a key is missing in any language.
 */
type Bundle = Record<string, Record<string, unknown>>;
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.ts');

export async function loadBundle(lang: Lang): Promise<Bundle> {
  const bundle: Bundle = {};
  await Promise.all(
    Object.entries(loaders)
      .filter(([p]) => p.includes(`/locales/${lang}/`))
      .map(async ([p, load]) => {
        const ns = p.split('/').pop()!.replace(/\.ts$/, '');
        bundle[ns] = (await load()).default;
      }),
  );
  return bundle;
}

export async function initI18n(lang: Lang = getLang()): Promise<typeof i18n> {
  const bundle = await loadBundle(lang);
  await i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: bundle },
    defaultNS: 'common',
    ns: Object.keys(bundle),
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18n;
}

/** Switches every string at once, without a reload (issue 2, 5). */
export async function changeLanguage(lang: Lang): Promise<void> {
  if (!i18n.hasResourceBundle(lang, 'common')) {
    const bundle = await loadBundle(lang);
    for (const [ns, res] of Object.entries(bundle)) i18n.addResourceBundle(lang, ns, res, true, true);
  }
  setLang(lang);
  await i18n.changeLanguage(lang);
}

/**
 * Names stored by the server (menus, seeded roles) may be i18n keys such as 'menu.loginLog' or
 * 'role.superAdmin': 'namespace.key'. A key with a translation is shown translated; anything else
 * (a name an operator typed) is shown as is (spec 2: "translated if a translation exists").
 */
export function translateName(i: Pick<typeof i18n, 't' | 'exists'>, name: string): string {
  const dot = name.indexOf('.');
  if (dot > 0) {
    const key = `${name.slice(0, dot)}:${name.slice(dot + 1)}`;
    if (i.exists(key)) return i.t(key);
  }
  return name;
}

export { i18n };
