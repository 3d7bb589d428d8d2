import { useEffect } from 'react';
import type { i18n as I18n } from 'i18next';
import { getBrandName } from '@/shared/settings';

/**
 * Route titles are menu names. A name like 'menu.loginLog' is a key in the 'menu' namespace and
 * is shown translated; a name with no translation (an admin typed plain text) is shown as is.
 */
export function translateTitle(i18n: Pick<I18n, 't' | 'exists'>, name: string): string {
  const dot = name.indexOf('.');
  if (dot > 0) {
    const key = `${name.slice(0, dot)}:${name.slice(dot + 1)}`;
    if (i18n.exists(key)) return i18n.t(key);
  }
  return name;
}

/** spec 2: the page title is the stored brand name, a dash, then the route title. */
export function pageTitle(brand: string, title: string): string {
  if (!brand) return title;
  return title ? `${brand} - ${title}` : brand;
}

export function useDocumentTitle(title: string, brand: string = getBrandName()): void {
  useEffect(() => {
    document.title = pageTitle(brand, title);
  }, [title, brand]);
}
