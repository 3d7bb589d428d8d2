import { createStore } from './store';
import { getThemeColor, setThemeColor } from './settings';

/**
 * The theme colour (seven colours, 00a597 by default, kept in local storage). The root
 * ConfigProvider reads it, so a choice applies to every component at once.
 */
const theme = createStore(getThemeColor());

export const getTheme = theme.get;
export const useThemeColor = theme.use;

export function setTheme(next: string): void {
  setThemeColor(next);
  theme.set(getThemeColor());
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const reducedMotion = createStore(
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches,
);
if (typeof window !== 'undefined' && typeof window.matchMedia === 'function') {
  window.matchMedia(REDUCED_MOTION).addEventListener?.('change', (e) => reducedMotion.set(e.matches));
}

/**
 * Whether the viewer's system asks for less motion (an accessibility setting): antd's animations
 * (dialogs, dropdowns, drawers sliding in) are switched off then. The browser flows run that way,
 * so a click never lands on a dialog still flying in.
 */
export const useReducedMotion = reducedMotion.use;
