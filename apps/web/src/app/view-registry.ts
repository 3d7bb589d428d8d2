import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Views load on demand by their menu url: url 'feature/view' is the default export of
 * src/features/<feature>/views/<view>.tsx. Each becomes its own chunk, so /login ships none.
 */
type ViewModule = { default: ComponentType };

const modules = import.meta.glob<ViewModule>(['../features/*/views/*.tsx', '!../features/*/views/*.test.tsx']);

/**
 * Urls stored in menus before the console's features followed the server's domains: these screens
 * sit under the System management menu but belong to identity. Stored urls are data an operator may
 * have edited, so they keep resolving; a new screen's url names its own feature and needs no entry.
 */
export const VIEW_URL_HOMES: Readonly<Record<string, string>> = {
  'system/personnel': 'identity/personnel',
  'system/organization': 'identity/organization',
  'system/roles': 'identity/roles',
  'system/menus': 'identity/menus',
  'system/interfaces': 'identity/interfaces',
  'system/login-log': 'identity/login-log',
};

/** 'fleet/cabinets' → '../features/fleet/views/cabinets.tsx'; null when not of that shape. */
export function viewModulePath(url: string): string | null {
  const clean = url
    .trim()
    .replace(/^\/+/, '')
    .replace(/\.tsx$/, '');
  const parts = (VIEW_URL_HOMES[clean] ?? clean).split('/');
  if (parts.length !== 2 || parts.some((p) => !/^[\w-]+$/.test(p))) return null;
  return `../features/${parts[0]}/views/${parts[1]}.tsx`;
}

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/**
 * The lazy component of a view url, or null when no such file exists. The same component object
 * is returned for a url every time, so re-rendering the route tree never remounts a screen.
 */
export function lazyView(url: string): LazyExoticComponent<ComponentType> | null {
  const path = viewModulePath(url);
  const load = path ? modules[path] : undefined;
  if (!path || !load) return null;
  let view = cache.get(path);
  if (!view) cache.set(path, (view = lazy(load)));
  return view;
}
