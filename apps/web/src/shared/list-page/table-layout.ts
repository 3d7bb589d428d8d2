/**
 * How a list table is laid out: which columns show and in what order, and how dense the rows are.
 * The person's choices are kept per screen in local storage; the functions here are pure so the
 * rules can be tested without a browser.
 */

/** Width a column gets when its definition names none (the kit sums widths for the scroll width). */
export const DEFAULT_COLUMN_WIDTH = 140;

/** Row density: antd's table sizes, shown as default / middle / compact. */
export type Density = 'large' | 'middle' | 'small';
export const DENSITIES: readonly Density[] = ['large', 'middle', 'small'];

export interface TablePrefs {
  /** Column ids in the order the person put them; columns not named keep their place after them. */
  order?: string[];
  /** Column ids the person hid. */
  hidden?: string[];
  /** Column ids the person showed although the screen hides them by default. */
  shown?: string[];
  density?: Density;
}

/** What the layout needs of a column. */
export interface LayoutColumn {
  key?: unknown;
  dataIndex?: unknown;
  fixed?: unknown;
  width?: unknown;
  defaultHidden?: boolean;
}

/** A column's identity in the stored choices: its key, else its data index. */
export function columnId(c: LayoutColumn): string {
  const id = c.key ?? c.dataIndex;
  return Array.isArray(id) ? id.join('.') : String(id);
}

/** Fixed columns keep their edge and cannot be hidden or moved: they hold the row's identity and actions. */
export function isLocked(c: LayoutColumn): boolean {
  return c.fixed === 'left' || c.fixed === true || c.fixed === 'right';
}

function fixedSide(c: LayoutColumn): 'left' | 'right' | null {
  if (c.fixed === 'left' || c.fixed === true) return 'left';
  if (c.fixed === 'right') return 'right';
  return null;
}

/** Whether a column shows under the person's choices (a locked column always does). */
export function isVisible(c: LayoutColumn, prefs: TablePrefs): boolean {
  if (isLocked(c)) return true;
  const id = columnId(c);
  if (prefs.hidden?.includes(id)) return false;
  if (c.defaultHidden) return prefs.shown?.includes(id) ?? false;
  return true;
}

/**
 * The columns in display order: left-fixed ones first, then the others in the person's order
 * (columns they never moved, such as ones added later, keep their declared order after the moved
 * ones' slots), then right-fixed ones.
 */
export function orderColumns<C extends LayoutColumn>(columns: readonly C[], prefs: TablePrefs): C[] {
  const left = columns.filter((c) => fixedSide(c) === 'left');
  const right = columns.filter((c) => fixedSide(c) === 'right');
  const middle = columns.filter((c) => fixedSide(c) === null);
  const order = prefs.order ?? [];
  const rank = (c: C) => {
    const i = order.indexOf(columnId(c));
    return i === -1 ? order.length + middle.indexOf(c) : i;
  };
  return [...left, ...[...middle].sort((a, b) => rank(a) - rank(b)), ...right];
}

/** The columns a table shows: ordered, hidden ones left out (where they are pinned is `pinForWidth`'s). */
export function arrangeColumns<C extends LayoutColumn>(columns: readonly C[], prefs: TablePrefs): C[] {
  return orderColumns(columns, prefs).filter((c) => isVisible(c, prefs));
}

/**
 * Share of the table's visible width that the pinned columns may take together: past it the
 * identity column on the left scrolls with the others, so that the row's actions stay pinned and
 * the columns between keep room to be read.
 */
export const PINNED_SHARE = 0.5;

function widthOf(c: LayoutColumn): number {
  return typeof c.width === 'number' ? c.width : DEFAULT_COLUMN_WIDTH;
}

/**
 * Where the shown columns are pinned in a table whose visible area is `viewWidth` px wide (unknown
 * before it is measured: pinned as declared). `lead` is the width of antd's own column before the
 * first one (the row checkbox), which is pinned when the first column is.
 *
 * The row's actions stay pinned on the right at every width: an operator reaches a row's buttons
 * without scrolling. A table that fits its card scrolls nothing, so nothing is covered. One that
 * scrolls keeps its identity column pinned on the left only while both together take at most
 * `PINNED_SHARE` of the view and no column lies under the actions at the start and under the
 * identity at the end of the scroll (it could then not be read at either end); otherwise the
 * identity column scrolls with the others, and at the end of the scroll nothing covers anything.
 * Only when the actions alone would take more than half the view (a phone) do they scroll too.
 */
export function pinForWidth<C extends LayoutColumn>(
  columns: readonly C[],
  viewWidth: number | undefined,
  lead = 0,
): C[] {
  const total = tableWidth(columns) + lead;
  if (viewWidth === undefined || viewWidth <= 0 || total <= viewWidth + 1) return [...columns];
  const left = columns.filter((c) => fixedSide(c) === 'left');
  const right = columns.filter((c) => fixedSide(c) === 'right');
  const rightWidth = right.reduce((sum, c) => sum + widthOf(c), 0);
  const keepRight = rightWidth <= viewWidth / 2;
  const pinnedRight = keepRight ? rightWidth : 0;
  const leftWidth = left.length
    ? left.reduce((sum, c) => sum + widthOf(c), 0) + (fixedSide(columns[0]!) === 'left' ? lead : 0)
    : 0;
  let keepLeft = left.length > 0 && leftWidth + pinnedRight <= viewWidth * PINNED_SHARE;
  if (keepLeft) {
    // Scrolled to the end the left pins cover [end, end + leftWidth]; at the start the right ones
    // cover [viewWidth - pinnedRight, viewWidth] (positions in the table).
    const end = total - viewWidth;
    let x = lead;
    for (const c of columns) {
      const a = x;
      const b = (x += widthOf(c));
      if (fixedSide(c) !== null) continue;
      const underRight = pinnedRight > 0 && b > viewWidth - pinnedRight + 1 && a < viewWidth - 1;
      const underLeft = a < end + leftWidth - 1 && b > end + 1;
      if (underRight && underLeft) keepLeft = false;
    }
  }
  if (keepLeft && keepRight) return [...columns];
  return columns.map((c) => {
    const side = fixedSide(c);
    return (side === 'left' && !keepLeft) || (side === 'right' && !keepRight) ? { ...c, fixed: undefined } : c;
  });
}

/** antd's row checkbox column: as wide as a control is high unless the screen says otherwise. */
export const SELECTION_COLUMN_WIDTH = 32;

/** The width antd's own leading column takes (the row checkbox), 0 without one. */
export function leadWidth(rowSelection: { columnWidth?: unknown } | undefined | null): number {
  if (!rowSelection) return 0;
  return typeof rowSelection.columnWidth === 'number' ? rowSelection.columnWidth : SELECTION_COLUMN_WIDTH;
}

/**
 * The table's scroll width: the sum of its columns' widths. Wider containers stretch the columns
 * (antd keeps the table at least 100 % wide); narrower ones scroll sideways inside the card.
 */
export function tableWidth(columns: readonly LayoutColumn[]): number {
  return columns.reduce<number>((sum, c) => sum + (typeof c.width === 'number' ? c.width : DEFAULT_COLUMN_WIDTH), 0);
}

/** Moves a column one step within the movable columns (as shown in the settings list). */
export function moveColumn(ids: readonly string[], id: string, step: -1 | 1): string[] {
  const i = ids.indexOf(id);
  const j = i + step;
  if (i < 0 || j < 0 || j >= ids.length) return [...ids];
  const next = [...ids];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

const PREFIX = 'listTable:';

/** The stored choices of a screen; anything unreadable counts as none. */
export function loadPrefs(screen: string): TablePrefs {
  try {
    const raw = localStorage.getItem(PREFIX + screen);
    const v: unknown = raw ? JSON.parse(raw) : null;
    if (!v || typeof v !== 'object') return {};
    const p = v as Record<string, unknown>;
    const ids = (x: unknown) =>
      Array.isArray(x) && x.every((s) => typeof s === 'string') ? (x as string[]) : undefined;
    const density = DENSITIES.find((d) => d === p.density);
    return { order: ids(p.order), hidden: ids(p.hidden), shown: ids(p.shown), density };
  } catch {
    return {};
  }
}

export function savePrefs(screen: string, prefs: TablePrefs): void {
  try {
    const empty = !prefs.order?.length && !prefs.hidden?.length && !prefs.shown?.length && !prefs.density;
    if (empty) localStorage.removeItem(PREFIX + screen);
    else localStorage.setItem(PREFIX + screen, JSON.stringify(prefs));
  } catch {
    /* private mode: the choice lasts for this page only */
  }
}
