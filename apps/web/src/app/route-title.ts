import { useEffect } from 'react';
import type { i18n as I18n } from 'i18next';
import { getBrandName } from '@/shared/settings';
import { translateName } from '@/shared/i18n';

/** Route titles are menu names, translated when they are i18n keys (see translateName). */
export function translateTitle(i18n: Pick<I18n, 't' | 'exists'>, name: string): string {
  return translateName(i18n, name);
}

/** the page title is the stored brand name, a dash, then the route title. */
export function pageTitle(brand: string, title: string): string {
  if (!brand) return title;
  return title ? `${brand} - ${title}` : brand;
}

export function useDocumentTitle(title: string, brand: string = getBrandName()): void {
  useEffect(() => {
    document.title = pageTitle(brand, title);
  }, [title, brand]);
}
