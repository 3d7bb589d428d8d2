import type { MenuEntry, UserInfo } from '@cbo/contract';
import { i18n, loadNamespacesOf } from './i18n';
import { feedback } from './feedback';
import { closeLive, openLive } from './live';
import { request } from './request';
import { removeToken } from './settings';
import { createStore } from './store';

/**
 * The signed-in session on the console side: the account, its roles and its menu
 * tree. `roles === null` means "not loaded yet": the guard then loads them before any screen.
 */
export interface SessionState {
  user: UserInfo | null;
  /** null until loaded; never empty once loaded (no roles means ['user']). */
  roles: string[] | null;
  menus: MenuEntry[];
  /** The menu call failed: the console runs with its fixed routes only. */
  menuFailed: boolean;
  /** The user chose to log out: the guard sends them to /login without a redirect back. */
  signedOut: boolean;
}

const initialState: SessionState = { user: null, roles: null, menus: [], menuFailed: false, signedOut: false };

const session = createStore<SessionState>(initialState);
const resetHandlers = new Set<() => void>();
/** Bumped by every reset so an answer that arrives after logout is dropped. */
let generation = 0;
let loading: Promise<SessionState> | null = null;

const setState = session.set;
export const getSession = session.get;
export const useSession = session.use;

/** roles come from the user info; none means the single role 'user'. */
export function effectiveRoles(roles: readonly string[] | null | undefined): string[] {
  return roles && roles.length > 0 ? [...roles] : ['user'];
}

async function load(): Promise<SessionState> {
  const gen = generation;
  // Both calls start together; the menu does not depend on the roles on this side.
  const menusCall = request('menuListByUser', {}, { silent: true });
  menusCall.catch(() => undefined);
  const user = await request('userInfo', {}, { silent: true });
  let menus: MenuEntry[] = [];
  let menuFailed = false;
  try {
    menus = await menusCall;
  } catch {
    menuFailed = true;
  }
  // Menu names such as 'fleet.menuDevTool' are translated from their screen's namespace.
  await loadNamespacesOf(menuNames(menus)).catch(() => undefined);
  if (gen !== generation) return session.get();
  // a menu answer with a code other than 0 is reported once, in its own words.
  if (menuFailed) feedback().message.error({ content: i18n.t('common:menuLoadFailed'), duration: 5 });
  setState({ user, roles: effectiveRoles(user.roles), menus, menuFailed, signedOut: false });
  openLive();
  return session.get();
}

function menuNames(menus: readonly MenuEntry[]): string[] {
  return menus.flatMap((m) => [m.name, ...menuNames(m.children)]);
}

/**
 * Loads the user info and menus once (concurrent callers share the call). Rejects with the
 * ApiError of the user-info call; the guard then clears the token and goes to /login.
 */
export function loadSession(): Promise<SessionState> {
  if (!loading) loading = load().finally(() => (loading = null));
  return loading;
}

/** Runs when the session is reset (logout): stores of the shell forget what they held. */
export function onSessionReset(fn: () => void): () => void {
  resetHandlers.add(fn);
  return () => resetHandlers.delete(fn);
}

/**
 * Drops everything of the session on this side: live channel, token, routes, state, and through
 * the reset handlers the query cache and the open tabs.
 */
export function endSession(opts: { signedOut?: boolean } = {}): void {
  generation++;
  closeLive();
  removeToken();
  resetHandlers.forEach((fn) => fn());
  setState({ ...initialState, signedOut: opts.signedOut ?? false });
}

/** logout calls the server, then ends the session locally whatever the answer. */
export async function logout(): Promise<void> {
  try {
    await request('logout', {}, { silent: true });
  } catch {
    // The session may already be over on the server; the console still signs out.
  }
  endSession({ signedOut: true });
}

/**
 * Loads the menu tree again (an extended function was activated or closed: its screens join or
 * leave the menus the server serves); the sidebar and the routes follow. A failed call keeps the menus held.
 */
export async function reloadMenus(): Promise<void> {
  const gen = generation;
  const menus = await request('menuListByUser', {}, { silent: true }).catch(() => null);
  if (!menus || gen !== generation) return;
  await loadNamespacesOf(menuNames(menus)).catch(() => undefined);
  const state = session.get();
  if (state.user) setState({ ...state, menus, menuFailed: false });
}

/** Updates the stored account after the personal center changed it (name, avatar). */
export function updateSessionUser(patch: Partial<UserInfo>): void {
  const state = session.get();
  if (!state.user) return;
  setState({ ...state, user: { ...state.user, ...patch } });
}
