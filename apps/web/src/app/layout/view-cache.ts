/**
 * Which screens stay alive behind the visible one (rendered inside a hidden <Activity>, so their
 * filters, pages and scroll survive a tab switch). At most MAX_ALIVE are kept; the least
 * recently used is evicted first and rebuilt fresh when its tab is clicked again. The views
 * keep their first-seen order so switching tabs never moves DOM nodes.
 */
export const MAX_ALIVE = 10;

export interface CachedView {
  path: string;
  /** Query string the screen was last shown with (a hidden screen keeps its own address). */
  search: string;
  /** Bumped by "refresh": the new value remounts the screen. */
  refresh: number;
  /** Logical clock of the last visit, for least-recently-used eviction. */
  used: number;
}

export interface ViewCache {
  views: CachedView[];
  clock: number;
}

export const emptyViewCache: ViewCache = { views: [], clock: 0 };

export function visitView(cache: ViewCache, path: string, search: string, max = MAX_ALIVE): ViewCache {
  const current = cache.views.find((v) => v.path === path);
  if (current && current.used === cache.clock && current.search === search) return cache;
  const clock = cache.clock + 1;
  let views = current
    ? cache.views.map((v) => (v.path === path ? { ...v, search, used: clock } : v))
    : [...cache.views, { path, search, refresh: 0, used: clock }];
  while (views.length > max) {
    const lru = views.reduce((a, b) => (b.used < a.used ? b : a));
    views = views.filter((v) => v !== lru);
  }
  return { views, clock };
}

export function refreshView(cache: ViewCache, path: string): ViewCache {
  return { ...cache, views: cache.views.map((v) => (v.path === path ? { ...v, refresh: v.refresh + 1 } : v)) };
}

/** Keeps only the screens for which `keep` is true (tabs that are still open). */
export function retainViews(cache: ViewCache, keep: (path: string) => boolean): ViewCache {
  const views = cache.views.filter((v) => keep(v.path));
  return views.length === cache.views.length ? cache : { ...cache, views };
}
