import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { MenuEntry } from '@cbo/contract';
import { request } from './request';
import { useSession } from './session';

/**
 * Button permissions of a screen: the server answers the permission codes of the
 * button menus the account holds under the screen at `path`. Screens hide what the account may
 * not use; the server checks again on every call, so this is about not showing dead buttons.
 */
export interface Buttons {
  /** True when the account holds `perm` on this screen. False while the list is loading. */
  has(perm: string): boolean;
  /** True until the first answer arrives. */
  loading: boolean;
}

export const buttonsQueryKey = (path: string) => ['menuGetButton', path] as const;

export function useButtons(path?: string): Buttons {
  const location = useLocation();
  const screen = path ?? location.pathname;
  const { data, isPending } = useQuery({
    queryKey: buttonsQueryKey(screen),
    queryFn: ({ signal }) => request('menuGetButton', { query: { path: screen } }, { signal }),
    // Permissions only change when an admin edits roles; a session-long cache is right.
    staleTime: Infinity,
    enabled: screen.length > 0,
  });
  const set = new Set(data ?? []);
  return { has: (perm: string) => set.has(perm), loading: isPending };
}

/** Renders its children only when the account holds `perm` on the current screen (or `path`). */
export function Permit({
  perm,
  path,
  children,
  fallback = null,
}: {
  perm: string;
  path?: string;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const buttons = useButtons(path);
  return <>{buttons.has(perm) ? children : fallback}</>;
}

function holds(menus: readonly MenuEntry[], perm: string): boolean {
  return menus.some((m) => m.perms === perm || holds(m.children, perm));
}

/**
 * True when the account holds a screen's permission (a menu of its session carries `perm`): for a
 * button that opens what another screen guards (a partner list's "Statement" reads the agent list's
 * statement call). The server checks again on the call.
 */
export function useHoldsScreen(perm: string): boolean {
  const { menus } = useSession();
  return holds(menus, perm);
}
