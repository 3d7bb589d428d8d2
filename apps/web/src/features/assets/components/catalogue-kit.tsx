import { useMemo } from 'react';
import { Button, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { label, type CallName } from '@cbo/contract';
import { useLang } from '@/shared/form';
import { timeColumn, useRowAction, type ListColumn } from '@/shared/list-page';

/*
 * The parts the asset catalogues repeat (suppliers, warehouses, models): the status tag, the
 * creation time, and the edit and pause/resume actions (the actions column and the "Add" button
 * are the list kit's). Each screen keeps its own columns, filters and form.
 */

type StatusGroup = 'supplierStatus' | 'warehouseStatus' | 'modelStatus';

/** Green while normal, orange otherwise (paused), unless the screen colours more states. */
const pausedColor = (v: string) => (v === 'normal' ? 'success' : 'warning');

/** The columns the catalogues share, in the console's language. */
export function useCatalogueColumns() {
  const { t } = useTranslation(['assets', 'kit']);
  const lang = useLang();
  return useMemo(
    () => ({
      /** The record's status as a tag, worded by the contract's labels. */
      status: <R,>(group: StatusGroup, color: (v: string) => string = pausedColor): ListColumn<R, false> => ({
        title: t('common.status'),
        dataIndex: 'status',
        key: 'status',
        render: (v: string) => <Tag color={color(v)}>{label('assets', group, v as never, lang)}</Tag>,
      }),
      /** When the record was made; `sortable` where the list call sorts by it, `hidden` until shown. */
      createTime: <R, S extends boolean = false>(opts: { sortable?: S; hidden?: boolean } = {}) =>
        timeColumn<R, S>(t('common.createTime'), opts),
      /** Edit and pause/resume, the actions of a catalogue whose records are normal or paused. */
      editAndPause: <R extends { status: string }>(row: R, edit: (row: R) => void, toggle: (row: R) => void) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => edit(row)}>
            {t('common.edit')}
          </Button>
          <Button type="link" size="small" onClick={() => toggle(row)}>
            {row.status === 'normal' ? t('common.pause') : t('common.resume')}
          </Button>
        </Space>
      ),
    }),
    [t, lang],
  );
}

/**
 * Pause (after a confirmation naming the record) or resume a normal/paused record: `call` sends
 * the new status.
 */
export function usePauseToggle<R extends { status: string }>(options: {
  name: (row: R) => string;
  call: (row: R, status: 'normal' | 'paused') => Promise<unknown>;
  invalidates: CallName[];
}) {
  const { t } = useTranslation('assets');
  return useRowAction<R>({
    confirm: (row) =>
      row.status === 'normal' ? { title: t('common.confirmPause', { name: options.name(row) }) } : null,
    call: (row) => options.call(row, row.status === 'normal' ? 'paused' : 'normal'),
    success: t('common.statusChanged'),
    invalidates: options.invalidates,
  });
}
