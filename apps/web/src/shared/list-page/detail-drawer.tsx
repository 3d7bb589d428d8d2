import type { ReactNode } from 'react';
import { Descriptions, Drawer, Skeleton } from 'antd';
import { useIsMobile } from './use-viewport';
import type { Overlay } from './use-overlay';

export interface DetailItem {
  key: string;
  label: ReactNode;
  /** Empty values show as "-". */
  value: ReactNode;
  /** Columns it spans on wide screens (of 2). */
  span?: 1 | 2;
}

export interface DetailDrawerProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  items: DetailItem[];
  /** True while the record is loading (a detail call): shows a skeleton instead of the items. */
  loading?: boolean;
  /** Buttons in the header (edit, delete), already filtered by permission. */
  extra?: ReactNode;
  /** More content below the items: a sub-table, a timeline. */
  children?: ReactNode;
  width?: number;
}

/**
 * The detail view of a list row: a right-hand drawer with label/value pairs in two columns,
 * full-width and one column in mobile mode (below 992 px).
 */
export function DetailDrawer({
  open,
  title,
  onClose,
  items,
  loading,
  extra,
  children,
  width = 640,
}: DetailDrawerProps) {
  const isMobile = useIsMobile();
  return (
    <Drawer open={open} title={title} onClose={onClose} extra={extra} size={isMobile ? '100%' : width} destroyOnHidden>
      {loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Descriptions
          bordered
          size="small"
          column={isMobile ? 1 : 2}
          items={items.map((i) => ({
            key: i.key,
            label: i.label,
            span: isMobile ? 1 : (i.span ?? 1),
            children: isBlank(i.value) ? '-' : i.value,
          }))}
        />
      )}
      {children}
    </Drawer>
  );
}

export interface RowDetailDrawerProps<Row> extends Omit<DetailDrawerProps, 'open' | 'onClose' | 'items' | 'title'> {
  /** The screen's `useOverlay` of the row shown: open while it is, closed by its `hide`. */
  overlay: Overlay<Row>;
  /** A fixed title, or one naming the row (undefined before the first row is shown). */
  title: ReactNode | ((row: Row | undefined) => ReactNode);
  /** The label/value pairs of the row; nothing while no row was shown yet. */
  items: (row: Row) => DetailItem[];
}

/**
 * A `DetailDrawer` about the row of an overlay (`useOverlay<Row>()` opened by `detailColumn`): the
 * list screens that show the row they have rather than load one write only the row's items.
 */
export function RowDetailDrawer<Row>({ overlay, title, items, ...rest }: RowDetailDrawerProps<Row>) {
  const row = overlay.record;
  return (
    <DetailDrawer
      {...rest}
      open={overlay.open}
      onClose={overlay.hide}
      title={typeof title === 'function' ? title(row) : title}
      items={row ? items(row) : []}
    />
  );
}

function isBlank(v: ReactNode): boolean {
  return v === null || v === undefined || v === '';
}
