import { accountWithMenus } from './accounts.js';
import type { TestServer } from './helper.js';
import { caller, type Caller } from './outlet/outlet-fixtures.js';

const tokens = new WeakMap<TestServer, Promise<string>>();

/**
 * Another account than the admin that asks for refunds in the tests, holding the refund review
 * permission: it approves them (nobody approves a refund they applied for, issue 31). One per
 * test server, made on first use.
 */
export async function refundChecker(s: { current: TestServer }): Promise<Caller> {
  const server = s.current;
  let token = tokens.get(server);
  if (!token) {
    token = (async () => {
      await accountWithMenus(server.database.db, 'refund_checker', 'check1234', [
        'order',
        'order.refunds',
        'order.refunds.audit',
      ]);
      return server.login('refund_checker', 'check1234');
    })();
    tokens.set(server, token);
  }
  const t = await token;
  return caller(s, () => t);
}
