import { useTranslation } from 'react-i18next';
import { LANGS, DEFAULT_LANG, type Lang } from '@cbo/contract';

/** The console's current language as a contract `Lang`, re-rendering when it changes. */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return toLang(i18n.resolvedLanguage ?? i18n.language);
}

export function toLang(value: string | undefined): Lang {
  return (LANGS as readonly string[]).includes(value ?? '') ? (value as Lang) : DEFAULT_LANG;
}
