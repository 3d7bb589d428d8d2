import fs from 'node:fs';
import { request, type FullConfig } from '@playwright/test';
import { ADMIN, ADMIN_STATE, call, ensureMobile } from './helpers';

/**
 * Once, after the e2e server is up and before the first spec:
 * - the admin signs in once for the whole run (the sign-in call the login screen makes) and its
 *   session is kept in ADMIN_STATE, which every test's context starts with (`use.storageState`):
 *   a flow opens the console signed in instead of typing the login form (auth.spec.ts proves the
 *   form; other roles still type it). Nothing in a flow ends this session: the flows that sign out
 *   or change a password do it with accounts of their own.
 * - the admin gets its mobile (a code to the new number, read from DATA_DIR/sms.log), for the
 *   settings that ask for an SMS code. A spec run alone still gives the mobile itself (ensureMobile).
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]!.use.baseURL!;
  const ctx = await request.newContext({ baseURL });
  try {
    const open = { request: ctx, headers: { ClientType: 'MANAGE_PC', 'Accept-Language': 'en_US' } };
    const { token } = await call<{ token: string }>(open, 'POST', '/user/api/open/v1/auth', {
      userName: ADMIN.userName,
      password: ADMIN.password,
      clientType: 'MANAGE_PC',
    });
    await ensureMobile({ request: ctx, headers: { ...open.headers, Authorization: token } });
    const host = new URL(baseURL).hostname;
    // The cookie the login screen sets (shared/settings.ts setToken): a session cookie on the whole site.
    const state = {
      cookies: [
        {
          name: 'Authorization',
          value: encodeURIComponent(token),
          domain: host,
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Strict' as const,
        },
      ],
      origins: [],
    };
    fs.writeFileSync(ADMIN_STATE, JSON.stringify(state));
  } finally {
    await ctx.dispose();
  }
}
