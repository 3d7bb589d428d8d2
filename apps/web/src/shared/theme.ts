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
