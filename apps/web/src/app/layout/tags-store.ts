import { createStore } from '@/shared/store';
import { onSessionReset } from '@/shared/session';

/**
 * The tab bar's open screens (a fixed tab bar of open screens). Titles are kept as menu
 * names (i18n keys), so a language switch retitles every tab. The list lives in sessionStorage:
 * it survives a reload of the browser tab, not a new tab or a logout.
 */
export interface TagView {
  /** Route path, the identity of a tab. */
  path: string;
  /** Path with query string: where clicking the tab goes. */
  fullPath: string;
  title: string;
  affix?: boolean;
}

export const TAGS_STORAGE_KEY = 'tagsView';

/** Opens a tab (appended) or updates an open one's address and title in place. */
export function addTag(tags: readonly TagView[], tag: TagView): TagView[] {
  const i = tags.findIndex((t) => t.path === tag.path);
  if (i < 0) return [...tags, tag];
  const prev = tags[i]!;
  if (prev.fullPath === tag.fullPath && prev.title === tag.title && prev.affix === tag.affix) return tags as TagView[];
  return tags.map((t, j) => (j === i ? { ...t, ...tag } : t));
}

/** Affix tabs first, in their given order, and never duplicated. */
export function withAffix(tags: readonly TagView[], affix: readonly TagView[]): TagView[] {
  const affixPaths = new Set(affix.map((a) => a.path));
  const rest = tags.filter((t) => !affixPaths.has(t.path)).map((t) => (t.affix ? { ...t, affix: false } : t));
  const kept = affix.map((a) => ({ ...a, ...tags.find((t) => t.path === a.path), title: a.title, affix: true }));
  return [...kept, ...rest];
}

export function closeTag(tags: readonly TagView[], path: string): TagView[] {
  return tags.filter((t) => t.affix || t.path !== path);
}

export function closeOtherTags(tags: readonly TagView[], path: string): TagView[] {
  return tags.filter((t) => t.affix || t.path === path);
}

export function closeAllTags(tags: readonly TagView[]): TagView[] {
  return tags.filter((t) => t.affix);
}

/** Drops tabs whose screen no longer exists for this account (roles changed since the reload). */
export function pruneTags(tags: readonly TagView[], exists: (path: string) => boolean): TagView[] {
  const next = tags.filter((t) => exists(t.path));
  return next.length === tags.length ? (tags as TagView[]) : next;
}

/** Where to go when the active tab closes: the last remaining tab, as vue-element-admin does. */
export function landingAfterClose(remaining: readonly TagView[], fallback: string): string {
  return remaining.at(-1)?.fullPath ?? fallback;
}

function isTag(v: unknown): v is TagView {
  const t = v as TagView;
  return (
    typeof t === 'object' &&
    t !== null &&
    typeof t.path === 'string' &&
    typeof t.fullPath === 'string' &&
    typeof t.title === 'string'
  );
}

function load(): TagView[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(TAGS_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isTag) : [];
  } catch {
    return [];
  }
}

const tags = createStore<TagView[]>(load());

export const getTags = tags.get;
export const useTags = tags.use;

export function setTags(next: TagView[]): void {
  // Rebuilding the same list (every navigation does) must not re-render the tab bar.
  if (JSON.stringify(next) === JSON.stringify(tags.get())) return;
  try {
    sessionStorage.setItem(TAGS_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the tabs still work for this page.
  }
  tags.set(next);
}

onSessionReset(() => {
  try {
    sessionStorage.removeItem(TAGS_STORAGE_KEY);
  } catch {
    // Nothing stored to remove.
  }
  tags.set([]);
});
