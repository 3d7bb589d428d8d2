import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectiveRoles, endSession, getSession, loadSession, logout, onSessionReset } from './session';
import { setFeedback, type Feedback } from './feedback';
import { initI18n } from './i18n';
import { getToken, setToken } from './settings';

const USER = '/user/api/v1/sys/user/info';
const MENU = '/user/api/v1/sys/menu/listByUser';
const LOGOUT = '/user/api/v1/auth/logout';

const user = (roles: string[]) => ({
  userId: 1,
  userName: 'admin',
  nickName: 'Admin',
  img: null,
  roles,
  roleNames: [],
  authCode: null,
  areaCode: null,
  mobile: null,
  lastLoginTime: null,
  lastLoginIp: null,
});

function serve(routes: Record<string, { code: number; msg?: string; data?: unknown }>) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://console.test').pathname;
      paths.push(path);
      const a = routes[path] ?? { code: 100004 };
      return new Response(JSON.stringify({ msg: '', data: null, ...a }));
    }),
  );
  return paths;
}

const toast = vi.fn();
beforeAll(async () => {
  await initI18n('en_US');
});
beforeEach(() => {
  toast.mockReset();
  setFeedback({ message: { error: toast }, modal: { confirm: vi.fn() } } as unknown as Feedback);
  // The live channel opens after a load; a stand-in socket keeps jsdom off the network.
  vi.stubGlobal(
    'WebSocket',
    class {
      static OPEN = 1;
      static CONNECTING = 0;
      readyState = 0;
      close() {}
    },
  );
  setToken('tok');
});
afterEach(() => {
  endSession();
  setFeedback(null);
  vi.unstubAllGlobals();
});

describe('session', () => {
  it('defaults to the role user when the account has none', () => {
    expect(effectiveRoles([])).toEqual(['user']);
    expect(effectiveRoles(null)).toEqual(['user']);
    expect(effectiveRoles(['admin'])).toEqual(['admin']);
  });

  it('loads user info and menus once for concurrent callers', async () => {
    const paths = serve({ [USER]: { code: 0, data: user([]) }, [MENU]: { code: 0, data: [] } });
    const [a, b] = await Promise.all([loadSession(), loadSession()]);
    expect(a).toBe(b);
    expect(paths.filter((p) => p === USER)).toHaveLength(1);
    expect(getSession()).toMatchObject({ roles: ['user'], menus: [], menuFailed: false });
  });

  it("says 'Menu data failed to load' when the menu answers another code, and goes on", async () => {
    serve({ [USER]: { code: 0, data: user(['admin']) }, [MENU]: { code: 100009, msg: 'busy' } });
    await loadSession();
    expect(toast).toHaveBeenCalledWith({ content: 'Menu data failed to load', duration: 5 });
    expect(getSession()).toMatchObject({ roles: ['admin'], menuFailed: true });
  });

  it('rejects when the user info fails, leaving roles unloaded and no toast of its own', async () => {
    serve({ [USER]: { code: 100021, msg: 'expired' }, [MENU]: { code: 0, data: [] } });
    await expect(loadSession()).rejects.toMatchObject({ code: 100021, message: 'expired' });
    expect(getSession().roles).toBeNull();
    expect(toast).not.toHaveBeenCalled();
  });

  it('logs out: calls the server, removes the token, resets state and runs reset handlers', async () => {
    const paths = serve({
      [USER]: { code: 0, data: user(['admin']) },
      [MENU]: { code: 0, data: [] },
      [LOGOUT]: { code: 0 },
    });
    await loadSession();
    const reset = vi.fn();
    const off = onSessionReset(reset);
    await logout();
    off();
    expect(paths).toContain(LOGOUT);
    expect(getToken()).toBeNull();
    expect(getSession()).toMatchObject({ user: null, roles: null, menus: [], signedOut: true });
    expect(reset).toHaveBeenCalledTimes(1);
  });

  it('still signs out locally when the logout call fails', async () => {
    serve({ [LOGOUT]: { code: 100021, msg: 'expired' } });
    await logout();
    expect(getToken()).toBeNull();
    expect(getSession().signedOut).toBe(true);
    expect(toast).not.toHaveBeenCalled();
  });
});
