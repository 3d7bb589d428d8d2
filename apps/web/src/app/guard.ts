/**
 * The route guard as a pure decision, so every rule is tested without a browser:
 * - /login is the only public route; a signed-in user opening it goes to /;
 * - any other path without a token goes to /login?redirect={path};
 * - a token without loaded roles loads the user info and menus first, then the same path again;
 * - after an explicit logout the user lands on /login without a redirect back.
 */
export const LOGIN_PATH = '/login';

export interface GuardInput {
  pathname: string;
  search: string;
  hasToken: boolean;
  rolesLoaded: boolean;
  /** The user logged out on purpose (not a session that ran out). */
  signedOut?: boolean;
}

export type GuardAction =
  | { type: 'allow' }
  | { type: 'redirect'; to: string }
  /** Fetch user info and menus, then decide again. */
  | { type: 'load' };

export function loginRedirect(pathname: string, search = ''): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(pathname + search)}`;
}

export function decideGuard({ pathname, search, hasToken, rolesLoaded, signedOut }: GuardInput): GuardAction {
  if (pathname === LOGIN_PATH) return hasToken ? { type: 'redirect', to: '/' } : { type: 'allow' };
  if (!hasToken) return { type: 'redirect', to: signedOut ? LOGIN_PATH : loginRedirect(pathname, search) };
  if (!rolesLoaded) return { type: 'load' };
  return { type: 'allow' };
}

/**
 * Where to go after signing in. Only a path of this console is accepted: a redirect parameter
 * pointing elsewhere ('//evil.example', 'https:...') would make the login page an open redirect.
 */
export function safeRedirect(redirect: string | null | undefined): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return '/';
  if (redirect === LOGIN_PATH || redirect.startsWith(`${LOGIN_PATH}?`)) return '/';
  return redirect;
}
