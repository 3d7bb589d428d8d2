import { useCallback, useState } from 'react';

export interface Overlay<T> {
  open: boolean;
  /** The record the drawer or modal is about; undefined for "create". */
  record: T | undefined;
  show: (record?: T) => void;
  hide: () => void;
}

/** Open/closed state of a create, edit or detail drawer (or modal) and the record it shows. */
export function useOverlay<T = undefined>(): Overlay<T> {
  const [state, setState] = useState<{ open: boolean; record: T | undefined }>({ open: false, record: undefined });
  const show = useCallback((record?: T) => setState({ open: true, record }), []);
  // The record stays while the closing animation runs, so the content does not blank out.
  const hide = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  return { ...state, show, hide };
}
