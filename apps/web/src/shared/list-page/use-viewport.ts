import { Grid } from 'antd';

/**
 * Mobile mode below 992 px, which is antd's `lg` breakpoint. Before the first
 * measurement antd reports no breakpoints; that counts as desktop, the default device mode.
 */
export function useIsMobile(): boolean {
  const screens = Grid.useBreakpoint();
  if (Object.keys(screens).length === 0) return false;
  return !screens.lg;
}

/** Filter grid columns per row at the current width: 4 on wide screens down to 1 on phones. */
export function useFilterColumns(): 1 | 2 | 3 | 4 {
  const s = Grid.useBreakpoint();
  if (s.xl) return 4;
  if (s.lg) return 3;
  if (s.md) return 2;
  if (Object.keys(s).length === 0) return 4;
  return 1;
}
