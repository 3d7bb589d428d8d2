import { Button } from 'antd';
import type { TFunction } from 'i18next';
import type { ListColumn } from './types';

/**
 * The "Details" column of a list screen: a link button on every row, fixed on the right, that
 * hands the row to `open`: an overlay's `show` (`detailColumn(t, detail.show)`), or a function
 * picking what the drawer loads (`detailColumn(t, (row) => detail.show(row.sn))`).
 *
 * `t` is the screen's own translator: the words come from the kit's namespace, and because the
 * screen's column memo already depends on `t`, the column follows a language switch. The row type
 * comes from the columns the column goes into (`ColumnsOf<K>`), not from `open`: an overlay's
 * `show` also takes `undefined`, which is no row.
 *
 * A screen whose identifier column already opens the detail (a linked SN) has no such column:
 * one way to the same drawer per row.
 */
export function detailColumn<Row>(t: TFunction, open: (row: NoInfer<Row>) => void): ListColumn<Row, false> {
  return {
    title: t('kit:actions'),
    key: 'actions',
    fixed: 'right',
    width: 90,
    render: (_: unknown, row: Row) => (
      <Button type="link" size="small" onClick={() => open(row)}>
        {t('kit:detail')}
      </Button>
    ),
  };
}
