import dayjs from 'dayjs';
import type { Locale } from 'antd/es/locale';
import type { Lang } from '@cbo/contract';
import { changeLanguage, i18n } from './i18n';
import { createStore } from './store';

/**
 * The UI library's and the date library's side of a language (choosing en_US also
 * switches the UI library). Only the current language is loaded. Whatever changes the language
 * (the menus here, or a direct i18n change), antd and dayjs follow the 'languageChanged' event;
 * switchLanguage loads the next locale first so everything changes in the same render.
 */
const antdLoaders: Record<Lang, () => Promise<{ default: Locale }>> = {
  zh_CN: () => import('antd/es/locale/zh_CN'),
  zh_TW: () => import('antd/es/locale/zh_TW'),
  en_US: () => import('antd/es/locale/en_US'),
};

/** dayjs ships English built in; the Chinese locales register themselves when imported. */
const dayjsLocales: Record<Lang, { name: string; load?: () => Promise<unknown> }> = {
  zh_CN: { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  zh_TW: { name: 'zh-tw', load: () => import('dayjs/locale/zh-tw') },
  en_US: { name: 'en' },
};

const htmlLang: Record<Lang, string> = { zh_CN: 'zh-CN', zh_TW: 'zh-TW', en_US: 'en' };

const loaded = new Map<Lang, Locale>();
const applied = createStore<Locale | undefined>(undefined);
/** Locale loads on their way (a language change's load is not awaited by anyone: the handler below). */
const inFlight = new Set<Promise<void>>();

/**
 * Resolves when no locale load is still on its way. The console's tests await it after each file: a load
 * that outlived its file failed the next file of the same worker (Vitest tore the file's environment down
 * under the pending import; seen once in CI, ui-locale.test.ts after login-page.test.tsx).
 */
export async function uiLocalesSettled(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}

/** Fetches antd's and dayjs's locale of `lang` without switching to it. */
export async function preloadUiLocale(lang: Lang): Promise<void> {
  if (loaded.has(lang)) return;
  const load = Promise.all([antdLoaders[lang](), dayjsLocales[lang].load?.()]);
  const settled = load.then(
    () => undefined,
    () => undefined,
  );
  inFlight.add(settled);
  void settled.then(() => inFlight.delete(settled));
  const [antd] = await load;
  loaded.set(lang, antd.default);
}

function apply(lang: Lang): void {
  const locale = loaded.get(lang);
  if (!locale) return;
  dayjs.locale(dayjsLocales[lang].name);
  document.documentElement.lang = htmlLang[lang];
  applied.set(locale);
}

/** Loads and applies the locale of `lang` (start-up, before the first render). */
export async function loadUiLocale(lang: Lang): Promise<void> {
  await preloadUiLocale(lang);
  apply(lang);
}

i18n.on('languageChanged', (lng: string) => {
  const lang = lng as Lang;
  if (!(lang in antdLoaders)) return;
  if (loaded.has(lang)) apply(lang);
  else void preloadUiLocale(lang).then(() => i18n.language === lang && apply(lang));
});

/** antd's locale for the ConfigProvider; follows every language change. */
export function useAntdLocale(): Locale | undefined {
  return applied.use();
}

/**
 * The language menus call this: UI library, dates, the console's strings and, through
 * Accept-Language on the next calls, the server's messages all switch together.
 */
export async function switchLanguage(lang: Lang): Promise<void> {
  if (lang === i18n.language) return;
  await preloadUiLocale(lang);
  await changeLanguage(lang);
}
