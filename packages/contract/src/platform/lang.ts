/** The three languages of the product; zh_CN is the default. */
export const LANGS = ['zh_CN', 'zh_TW', 'en_US'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh_CN';

export type Translations = Record<Lang, string>;

/**
 * Picks the language from an Accept-Language header. The console sends the stored language
 * verbatim (zh_CN); browsers send BCP 47 tags (zh-TW, en-US;q=0.8). Both are understood.
 */
export function resolveLang(header: string | undefined | null): Lang {
  if (!header) return DEFAULT_LANG;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]!.trim().replace('-', '_').toLowerCase();
    if (!tag) continue;
    if (tag === 'zh_tw' || tag === 'zh_hk' || tag === 'zh_hant' || tag.startsWith('zh_hant')) return 'zh_TW';
    if (tag.startsWith('zh')) return 'zh_CN';
    if (tag.startsWith('en')) return 'en_US';
  }
  return DEFAULT_LANG;
}

/** Replaces {name} placeholders. */
export function interpolate(template: string, params?: Record<string, unknown>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}
