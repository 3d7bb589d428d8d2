import { useSyncExternalStore } from 'react';
import { getThemeColor, setThemeColor } from './settings';

/**
 * The theme colour (spec 9: seven colours, 00a597 by default, kept in local storage). The root
 * ConfigProvider reads it, so a choice applies to every component at once.
 */
let color = getThemeColor();
const listeners = new Set<() => void>();

export function getTheme(): string {
  return color;
}

export function setTheme(next: string): void {
  if (next === color) return;
  setThemeColor(next);
  color = getThemeColor();
  listeners.forEach((l) => l());
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useThemeColor(): string {
  return useSyncExternalStore(subscribe, getTheme, getTheme);
}
