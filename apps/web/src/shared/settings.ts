import { DEFAULT_LANG, LANGS, type Lang } from '@cbo/contract';

/**
 * What the console keeps in the browser: language and theme colour in local
 * storage, the sidebar open/closed choice in a 1/0 cookie, the token in the Authorization cookie.
 */
const LANG_KEY = 'language';
const THEME_KEY = 'themeColor';
const BRAND_KEY = 'brandName';
const BROWSER_TYPE_KEY = 'browserType';
export const TOKEN_COOKIE = 'Authorization';
export const SIDEBAR_COOKIE = 'sidebarStatus';

/** Seven theme colours; 00a597 is the default. */
export const THEME_COLORS = ['#00a597', '#1677ff', '#722ed1', '#eb2f96', '#fa541c', '#faad14', '#13c2c2'] as const;
export const DEFAULT_THEME = THEME_COLORS[0];

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
}

export function getLang(): Lang {
  const v = read(LANG_KEY);
  return (LANGS as readonly string[]).includes(v ?? '') ? (v as Lang) : DEFAULT_LANG;
}
export const setLang = (lang: Lang) => write(LANG_KEY, lang);

export function getThemeColor(): string {
  const v = read(THEME_KEY);
  return v && /^#[0-9a-f]{6}$/i.test(v) ? v : DEFAULT_THEME;
}
export const setThemeColor = (c: string) => write(THEME_KEY, c);

export const getBrandName = () => read(BRAND_KEY) ?? '';
export const setBrandName = (v: string) => write(BRAND_KEY, v);

/** browserType: 1 when none stored. */
export const getBrowserType = (): string => read(BROWSER_TYPE_KEY) ?? '1';
export const setBrowserType = (v: string | number) => write(BROWSER_TYPE_KEY, String(v));

export function getCookie(name: string): string | null {
  const m = document.cookie.match(new RegExp('(?:^|; )' + name + '=([^;]*)'));
  return m ? decodeURIComponent(m[1]!) : null;
}
/** A session cookie (no expiry): the token lasts for the browser session. */
export function setCookie(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Strict`;
}
export function removeCookie(name: string): void {
  document.cookie = `${name}=; path=/; max-age=0; SameSite=Strict`;
}

export const getToken = () => getCookie(TOKEN_COOKIE);
export const setToken = (t: string) => setCookie(TOKEN_COOKIE, t);
export const removeToken = () => removeCookie(TOKEN_COOKIE);

/** Sidebar open by default; the cookie holds 1 (open) or 0 (closed). */
export function getSidebarOpen(): boolean {
  return getCookie(SIDEBAR_COOKIE) !== '0';
}
export function setSidebarOpen(open: boolean): void {
  document.cookie = `${SIDEBAR_COOKIE}=${open ? 1 : 0}; path=/; max-age=31536000; SameSite=Strict`;
}
