import { useMemo } from 'react';
import { Button, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { label, type CallName } from '@cbo/contract';
import { useLang, useZodRule } from '@/shared/form';
import { useButtons } from '@/shared/permission';
import { actionsColumn, AddButton, timeColumn, useOverlay, useRowAction, type ListColumn } from '@/shared/list-page';

/*
 * The parts the asset catalogues repeat (suppliers, warehouses, models): the status tag, the
 * creation time, and the edit and pause/resume actions (the actions column and the "Add" button
 * are the list kit's), and for the normal/paused catalogues (suppliers, warehouses) the screen's
 * wiring around them (`useCatalogueScreen`). Each screen keeps its own columns, filters and form.
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

/**
 * A normal/paused catalogue screen's wiring (suppliers, warehouses): the edit permission, the
 * add/edit modal's state and title, the edit and pause/resume actions column and the "Add" button.
 * `section` names the screen's words (`<section>.title`, `.addTitle`, `.editTitle`).
 */
export function useCatalogueScreen<R extends { status: string }>(options: {
  section: 'suppliers' | 'warehouses';
  editPerm: string;
  /** What the pause confirmation calls the record. */
  name: (row: R) => string;
  /** Sends the record's new status. */
  setStatus: (row: R, status: 'normal' | 'paused') => Promise<unknown>;
  /** The lists a save or a status change makes stale. */
  invalidates: CallName[];
}) {
  const { section, editPerm, invalidates } = options;
  const { t } = useTranslation(['assets', 'kit']);
  const lang = useLang();
  const rule = useZodRule();
  const canEdit = useButtons().has(editPerm);
  const edit = useOverlay<R>();
  const col = useCatalogueColumns();
  const toggle = usePauseToggle<R>({ name: options.name, call: options.setStatus, invalidates });
  const actions = useMemo(
    () => actionsColumn<R>(t, canEdit, (row) => col.editAndPause(row, edit.show, toggle.run)),
    [t, canEdit, col, edit.show, toggle.run],
  );
  return {
    t,
    lang,
    rule,
    edit,
    col,
    actions,
    title: t(`${section}.title`),
    addButton: (
      <AddButton perm={editPerm} onClick={() => edit.show()}>
        {t('common.add')}
      </AddButton>
    ),
    /** The add/edit modal's open state, title and the lists its save makes stale. */
    modal: {
      open: edit.open,
      onClose: edit.hide,
      title: edit.record ? t(`${section}.editTitle`) : t(`${section}.addTitle`),
      invalidates,
    },
  };
}
