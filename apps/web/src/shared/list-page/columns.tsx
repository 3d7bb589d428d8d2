import type { ReactNode } from 'react';
import { Button } from 'antd';
import type { TFunction } from 'i18next';
import { formatDateTime } from './format';
import type { ListColumn } from './types';

/*
 * Column kinds every list writes the same way, built once and fed by the screen.
 */

/**
 * The actions column of a list screen, pinned on the right, as a list to spread into the columns:
 * empty when `shown` is false (the account holds none of the row's buttons), so the table has no
 * column of empty cells. `render` draws a row's buttons.
 */
export function actionsColumn<Row>(
  t: TFunction,
  shown: boolean,
  render: (row: Row) => ReactNode,
  width?: number,
): ListColumn<Row, false>[] {
  if (!shown) return [];
  return [
    {
      title: t('kit:actions'),
      key: 'actions',
      fixed: 'right',
      ...(width ? { width } : {}),
      render: (_: unknown, row: Row) => render(row),
    },
  ];
}

/**
 * A time column (`createTime` unless named): the server's instant in the reader's zone, 170 px;
 * an absent time (not finished yet, never signed in) shows as "-". Without `title` (undefined) the
 * kit takes the heading from the screen's export sheet. `hidden` leaves it to the column settings;
 * `sortable` where the list call sorts by it.
 */
export function timeColumn<Row, S extends boolean = false>(
  title: string | undefined,
  opts: { dataIndex?: string; hidden?: boolean; sortable?: S; width?: number } = {},
): ListColumn<Row, S> {
  const dataIndex = opts.dataIndex ?? 'createTime';
  return {
    ...(title === undefined ? {} : { title }),
    dataIndex,
    key: dataIndex,
    width: opts.width ?? 170,
    ...(opts.hidden ? { defaultHidden: true } : {}),
    ...(opts.sortable ? { sortable: true } : {}),
    render: (v: string | null) => formatDateTime(v),
  } as ListColumn<Row, S>;
}

/**
 * A row's identifier (a deposit, application or refund number) as a link that opens its detail,
 * pinned on the left. Without `title` the kit takes the heading from the screen's export sheet.
 * The row type comes from the columns it goes into, as with `detailColumn`.
 */
export function linkColumn<Row>(
  dataIndex: string,
  open: (row: NoInfer<Row>) => void,
  width: number,
  title?: string,
): ListColumn<Row, false> {
  return {
    ...(title ? { title } : {}),
    dataIndex,
    key: dataIndex,
    fixed: 'left',
    width,
    render: (v: ReactNode, r: Row) => (
      <Button type="link" size="small" style={{ padding: 0 }} onClick={() => open(r)}>
        {v}
      </Button>
    ),
  };
}
