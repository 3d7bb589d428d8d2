import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Tooltip, Typography, type TableColumnType } from 'antd';
import {
  arrangeColumns,
  loadPrefs,
  pinForWidth,
  savePrefs,
  tableWidth,
  type Density,
  type TablePrefs,
} from './table-layout';
import { TableSettings } from './table-settings';
import { useIsMobile, useWidth } from './use-viewport';
import type { ColumnLayout } from './types';

/**
 * A cell value cut to one line with "…" when it is longer than its column; the whole value shows
 * in a tooltip, only when something was cut (a short value needs no tooltip).
 */
export function EllipsisText({ children, title }: { children: ReactNode; title?: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <Tooltip
      title={title ?? children}
      open={open}
      onOpenChange={(next) => setOpen(next && isCut(ref.current))}
      placement="topLeft"
    >
      <span ref={ref} className="list-cell-ellipsis">
        {children}
      </span>
    </Tooltip>
  );
}

function isCut(el: HTMLElement | null): boolean {
  return !!el && el.scrollWidth > el.clientWidth + 1;
}

/**
 * An identifier (SN, ICCID, id) on one line, never broken, with a copy button; with `ellipsis`, a
 * long one (an API path) is cut with "…" and shown whole in a tooltip, the copy button kept.
 */
export function CopyableId({
  value,
  children,
  ellipsis,
}: {
  value: string | null | undefined;
  children?: ReactNode;
  ellipsis?: boolean;
}) {
  if (!value) return <>-</>;
  return (
    <Typography.Text
      className="list-cell-id"
      copyable={{ text: value }}
      ellipsis={ellipsis ? { tooltip: { title: value, placement: 'topLeft' } } : undefined}
      style={ellipsis ? { maxWidth: '100%' } : undefined}
    >
      {children ?? value}
    </Typography.Text>
  );
}

type KitColumn<Row> = Omit<TableColumnType<Row>, 'ellipsis'> & ColumnLayout & { sortable?: unknown };

/** A kit column as antd takes it: the layout options turned into cells (sorting is the caller's). */
export function toTableColumn<Row>(c: KitColumn<Row>): TableColumnType<Row> {
  const { sortable: _sortable, ellipsis, copyable, defaultHidden: _hidden, ...rest } = c;
  const col: TableColumnType<Row> = { ...rest };
  const own = c.render;
  if (copyable) {
    col.render = (v: unknown, row, i) => (
      <CopyableId value={isBlank(v) ? null : String(v as string | number)} ellipsis={ellipsis}>
        {own?.(v, row, i) as ReactNode}
      </CopyableId>
    );
  } else if (ellipsis) {
    col.ellipsis = { showTitle: false };
    col.render = (v: unknown, row, i) => {
      const node = own ? (own(v, row, i) as ReactNode) : (v as ReactNode);
      return isBlank(node) ? '-' : <EllipsisText>{node}</EllipsisText>;
    };
  }
  return col;
}

/**
 * Kit columns for a table that is not a list page (a tree of departments or menus): the same
 * cells, widths, pinning for the table's width (`pinForWidth`), remembered column and density
 * choices, and the settings buttons for the screen's toolbar. `measure` goes on the element
 * around the table (its width is the table's visible width).
 */
export function useKitColumns<Row>(
  columns: KitColumn<Row>[],
  screenKey: string,
): {
  columns: TableColumnType<Row>[];
  scrollX: number;
  size: Density;
  settings: ReactNode;
  measure: (el: HTMLElement | null) => void;
} {
  const isMobile = useIsMobile();
  const [measure, viewWidth] = useWidth();
  const [prefs, setPrefsState] = useState<TablePrefs>(() => loadPrefs(screenKey));
  const table = useMemo(() => {
    const shown = arrangeColumns(columns, prefs);
    return { columns: pinForWidth(shown, viewWidth).map((c) => toTableColumn(c)), scrollX: tableWidth(shown) };
  }, [columns, prefs, viewWidth]);
  const size = prefs.density ?? (isMobile ? 'small' : 'middle');
  const onChange = (next: TablePrefs) => {
    setPrefsState(next);
    savePrefs(screenKey, next);
  };
  return {
    ...table,
    size,
    measure,
    settings: <TableSettings columns={columns} prefs={prefs} onChange={onChange} density={size} />,
  };
}

function isBlank(v: unknown): boolean {
  return v === null || v === undefined || v === '';
}
