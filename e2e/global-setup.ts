import { request, type FullConfig } from '@playwright/test';
import { ADMIN, call, ensureMobile } from './helpers';

/**
 * Once, after the e2e server is up and before the first spec: the admin gets its mobile (a code to
 * the new number, read from DATA_DIR/sms.log). Settings that ask for an SMS code (system-config,
 * refunds) then send theirs minutes after this one, past the one-code-a-minute limit, instead of
 * waiting it out in the spec. A spec run alone still gives the mobile itself (ensureMobile).
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]!.use.baseURL!;
  const ctx = await request.newContext({ baseURL });
  try {
    const open = { request: ctx, headers: { ClientType: 'MANAGE_PC', 'Accept-Language': 'en_US' } };
    const { token } = await call<{ token: string }>(open, 'POST', '/user/api/open/v1/auth', {
      userName: ADMIN.userName,
      password: ADMIN.password,
    });
    await ensureMobile({ request: ctx, headers: { ...open.headers, Authorization: token } });
  } finally {
    await ctx.dispose();
  }
}
