import { useCallback, useRef, useState } from 'react';
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

/**
 * The width of an element, followed as it changes (a window resized, the sidebar folded): a ref
 * callback to put on it, and its width in px, undefined until it is measured. Measured before the
 * first paint, so a table laid out for its width does not jump.
 */
export function useWidth(): [(el: HTMLElement | null) => void, number | undefined] {
  const [width, setWidth] = useState<number>();
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) return;
    const measure = () => setWidth(Math.round(el.getBoundingClientRect().width) || undefined);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(measure);
    observer.current.observe(el);
  }, []);
  return [ref, width];
}
