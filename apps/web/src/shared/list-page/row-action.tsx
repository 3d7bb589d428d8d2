import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { App } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallName } from '@cbo/contract';
import { ApiError } from '../request';
import { callKey } from './call-key';

/** What the confirm dialog asks before a row action runs. */
export interface RowConfirm {
  title: ReactNode;
  content?: ReactNode;
  /** The confirming button's text; the dialog's default otherwise. */
  okText?: ReactNode;
  /** A red confirming button, for what cannot be undone or takes something away. */
  danger?: boolean;
}

export interface RowActionOptions<R, T> {
  /** Asks first; without it (or when it answers null for a row) the call runs at once. */
  confirm?: (row: R) => RowConfirm | null;
  /** The call the action makes for a row. */
  call: (row: R) => Promise<T>;
  /** Said after the call succeeds; nothing is said when absent. */
  success?: string | ((result: T, row: R) => string);
  /** Calls whose cached answers are stale afterwards, usually the list call. */
  invalidates?: CallName[];
  /** What the screen does with the answer (open a progress view, track a command). */
  onDone?: (result: T, row: R) => void;
}

export interface RowAction<R> {
  /** Runs the action for a row: confirm, call, message, refresh. */
  run: (row: R) => void;
  pending: boolean;
}

/**
 * A row action of a list screen (freeze, delete, unlock, eject...), beside `FormDrawer` for the
 * ones that need a form. It asks in a confirm dialog, makes the call, says so, and marks the list
 * stale. A refused call was already shown by the request layer and a cancelled step needs no
 * words, so the dialog simply closes; any other failure is a bug and is not swallowed.
 */
export function useRowAction<R, T = unknown>(options: RowActionOptions<R, T>): RowAction<R> {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  // The latest options are read when the action runs, so a screen may pass a fresh object per render.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const mutation = useMutation({
    mutationFn: (row: R) => latest.current.call(row),
    onSuccess: async (result, row) => {
      const { success, invalidates, onDone } = latest.current;
      if (success) void message.success(typeof success === 'function' ? success(result, row) : success);
      onDone?.(result, row);
      await Promise.all((invalidates ?? []).map((name) => queryClient.invalidateQueries({ queryKey: callKey(name) })));
    },
  });

  const { mutateAsync } = mutation;
  // Stable, so a memoised column list may name it among its dependencies.
  const run = useCallback(
    (row: R) => {
      const send = () => mutateAsync(row).then(() => undefined, reportedAlready);
      const ask = latest.current.confirm?.(row);
      if (!ask) return void send();
      // Awaiting the dialog keeps antd from re-throwing a failed onOk as an unhandled rejection.
      void modal
        .confirm({
          title: ask.title,
          content: ask.content,
          okText: ask.okText,
          okButtonProps: ask.danger ? { danger: true } : undefined,
          onOk: send,
        })
        .then(
          () => undefined,
          () => undefined,
        );
    },
    [modal, mutateAsync],
  );
  return { run, pending: mutation.isPending };
}

/**
 * A confirmation inside a form's submit (approve a refund, pay out a withdrawal): resolves when the
 * person confirms, rejects with `ActionCancelled` when they back out, so the form stays open with
 * what was typed and nothing is sent or shown.
 */
export function useConfirmStep(): (ask: RowConfirm) => Promise<void> {
  const { modal } = App.useApp();
  return useCallback(
    (ask: RowConfirm) =>
      new Promise<void>((resolve, reject) => {
        modal.confirm({
          title: ask.title,
          content: ask.content,
          okText: ask.okText,
          okButtonProps: ask.danger ? { danger: true } : undefined,
          onOk: () => resolve(),
          onCancel: () => reject(new ActionCancelled()),
        });
      }),
    [modal],
  );
}

/** The person backed out of a step the call needed (a code dialog): nothing is sent or shown. */
export class ActionCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'ActionCancelled';
  }
}

function reportedAlready(err: unknown): void {
  if (!(err instanceof ApiError) && !(err instanceof ActionCancelled)) throw err;
}
