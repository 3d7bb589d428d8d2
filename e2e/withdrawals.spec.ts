import crypto from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from './helpers';

/**
 * A withdrawal end to end: a partner (the demo network's agent C, given a password here so the
 * test can sign in to the partner app) applies through the app call; finance staff find it in
 * Financial management → withdrawal management, approve it after the confirmation, and it is
 * paid out by the (sandbox) payment company; its detail shows the history, and the account fund
 * flow shows the amount leaving the agent's payable account.
 */
interface Api {
  request: APIRequestContext;
  headers: Record<string, string>;
}
type Answer<T = any> = { code: number; msg: string; data: T };

async function api(page: Page): Promise<Api> {
  const token = (await page.context().cookies()).find((c) => c.name === 'Authorization')?.value;
  if (!token) throw new Error('not signed in');
  return {
    request: page.request,
    headers: { Authorization: decodeURIComponent(token), ClientType: 'MANAGE_PC', 'Accept-Language': 'en_US' },
  };
}
interface MenuNode {
  path: string;
  url: string | null;
  children?: MenuNode[];
}
const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
async function screenOf(a: Api, url: string): Promise<string> {
  const tree = (
    (await (await a.request.get('/user/api/v1/sys/menu/listByUser', { headers: a.headers })).json()) as Answer<
      MenuNode[]
    >
  ).data;
  const m = flatten(tree).find((e) => e.url === url);
  if (!m) throw new Error(`no menu opens ${url}`);
  return m.path;
}

test('a partner applies in the app, staff approve it in the console, it is paid out and leaves the payable account', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, { lang: 'en_US' });
  const a = await api(page);

  // The demo network's agent C, with a password the test knows (an edit keeps everything else).
  const agents = (
    (await (
      await a.request.get('/user/api/v1/agent/queryPage?pageNum=1&pageSize=100', { headers: a.headers })
    ).json()) as Answer<{ list: any[] }>
  ).data.list;
  const agent = agents.find((x) => x.name === 'Xuhui Corner Agent');
  expect(agent, 'the demo network has agent C').toBeTruthy();
  const { id, name, areaCode, mobile, level, parentId, ratio, regionId, minWithdrawal, withdrawalFeeRate } = agent;
  const saved = (await (
    await a.request.post('/user/api/v1/agent/saveOrUpdate', {
      headers: a.headers,
      data: {
        id,
        name,
        areaCode,
        mobile,
        level,
        parentId,
        ratio,
        regionId,
        minWithdrawal,
        withdrawalFeeRate,
        password: 'e2ePass123',
      },
    })
  ).json()) as Answer;
  expect(saved.code, saved.msg).toBe(0);
  const login = (await (
    await page.request.post('/user/api/app/v1/auth', {
      data: { areaCode, mobile, password: 'e2ePass123', clientType: 'AGENT_IOS' },
    })
  ).json()) as Answer<{ token: string }>;
  expect(login.code, login.msg).toBe(0);
  const app = { Authorization: login.data.token, ClientType: 'AGENT_IOS', 'Accept-Language': 'en_US' };

  // The demo partners' opening earnings arrive with their first round (about 20 s after the start).
  let rules: {
    withdrawable: number;
    minAmount: number;
    methods: string[];
    usedToday: number;
    dailyCount: number;
  } | null = null;
  await expect
    .poll(
      async () => {
        rules = (
          (await (await page.request.get('/user/api/app/v1/withdrawal/balance', { headers: app })).json()) as Answer
        ).data;
        return rules!.withdrawable >= rules!.minAmount;
      },
      { timeout: 120_000, intervals: [3_000] },
    )
    .toBe(true);
  const amount = rules!.minAmount;
  const applied = (await (
    await page.request.post('/user/api/app/v1/withdrawal/apply', {
      headers: app,
      data: {
        amount,
        method: rules!.methods[0],
        payeeAccount: 'e2e-payee',
        payeeName: 'E2E Payee',
        idempotencyKey: crypto.randomBytes(10).toString('hex'),
      },
    })
  ).json()) as Answer<{ id: number; applicationNo: string; status: string; actualAmount: number }>;
  expect(applied.code, applied.msg).toBe(0);
  expect(applied.data.status).toBe('initiated');
  const no = applied.data.applicationNo;

  // Staff: the list, its summary, the review.
  await page.goto(await screenOf(a, 'payout/withdrawals'));
  await expect(page.getByTestId('payout-summary-pending')).toContainText('Waiting for review');
  await page.getByLabel('Application number').fill(no);
  await page.getByRole('button', { name: /Search/ }).click();
  const row = page.locator('.ant-table-row').filter({ hasText: no });
  await expect(row).toContainText('Initiated');
  await row.getByRole('button', { name: 'Review' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: `Review withdrawal ${no}` });
  await expect(dialog).toContainText('Rejecting gives the amount back');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'through the payment company?' });
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Approved: sent to the payment company')).toBeVisible();

  // The sandbox pays at once, after the approval has committed; the list says so once it is read again.
  await expect
    .poll(
      async () =>
        (
          (await (
            await a.request.get(`/user/api/v1/withdrawal/detail?id=${applied.data.id}`, { headers: a.headers })
          ).json()) as Answer
        ).data.status,
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBe('success');
  await page.reload();
  await page.getByLabel('Application number').fill(no);
  await page.getByRole('button', { name: /Search/ }).click();
  await expect(row).toContainText('Success');
  await row.getByRole('button', { name: no }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: `Withdrawal ${no}` });
  await expect(drawer).toContainText('Success');
  await expect(drawer).toContainText('Platform approved');
  await expect(drawer).toContainText('Payment company paying out');
  await expect(drawer.getByTestId('payout-party-balance')).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).first().click();

  // The account fund flow: the amount held from the agent's payable account at the application.
  await page.goto(await screenOf(a, 'ledger/account-flow'));
  // The account filter sits past the first row of filters: open them all.
  await expect(page.getByRole('heading', { name: 'Account fund flow' })).toBeVisible();
  await page.getByRole('button', { name: /More/ }).click();
  await page.getByPlaceholder('e.g. agentPayable:3').fill(`agentPayable:${id}`, { timeout: 10_000 });
  await page.getByRole('button', { name: /Search/ }).click();
  const held = page.locator('.ant-table-row').filter({ hasText: 'Withdrawal applied: amount held' });
  await expect(held.first()).toBeVisible();
  // Only the agent's account: no row of the holding account.
  await expect(page.locator('.ant-table-row').filter({ hasText: 'Withdrawals held' })).toHaveCount(0);
  const after = (
    (await (await page.request.get('/user/api/app/v1/withdrawal/balance', { headers: app })).json()) as Answer
  ).data;
  expect(after.usedToday).toBeGreaterThanOrEqual(1);
});

/**
 * An outlet withdraws (issue 15): the demo's first outlet has a partner-app account; staff set a
 * password they know in the outlet form ("App password"), the outlet signs in with its area code
 * and manager phone, applies through the app call (agent-outlet rules, its opening earnings), and
 * staff approve it in withdrawal management; it is paid out.
 */
test('an outlet signs in to the partner app and applies; staff approve it in the console', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, { lang: 'en_US' });
  const a = await api(page);
  const outletName = 'Bund River Café';
  await page.goto(await screenOf(a, 'outlet/outlets'));
  const outletRow = page.locator('.ant-table-row').filter({ hasText: outletName });
  await outletRow.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = page.locator('.ant-drawer').filter({ hasText: `Edit outlet ${outletName}` });
  await form.getByLabel('App password').fill('e2eOutlet1');
  await page.screenshot({ path: '/tmp/money/outlet-app-password-1440.png' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.ant-message-success').last()).toContainText(/saved/i);

  const login = (await (
    await page.request.post('/user/api/app/v1/auth', {
      data: { areaCode: '86', mobile: '19900000100', password: 'e2eOutlet1', clientType: 'AGENT_IOS' },
    })
  ).json()) as Answer<{ token: string; accountType: string }>;
  expect(login.code, login.msg).toBe(0);
  expect(login.data.accountType).toBe('outlet');
  const app = { Authorization: login.data.token, ClientType: 'AGENT_IOS', 'Accept-Language': 'en_US' };
  let rules: { withdrawable: number; minAmount: number; methods: string[]; partyKind: string } | null = null;
  await expect
    .poll(
      async () => {
        rules = (
          (await (await page.request.get('/user/api/app/v1/withdrawal/balance', { headers: app })).json()) as Answer
        ).data;
        return rules!.withdrawable >= rules!.minAmount;
      },
      { timeout: 120_000, intervals: [3_000] },
    )
    .toBe(true);
  expect(rules!.partyKind).toBe('outlet');
  const applied = (await (
    await page.request.post('/user/api/app/v1/withdrawal/apply', {
      headers: app,
      data: {
        amount: rules!.minAmount,
        method: rules!.methods[0],
        payeeAccount: 'e2e-outlet-payee',
        payeeName: 'Outlet Payee',
        idempotencyKey: crypto.randomBytes(10).toString('hex'),
      },
    })
  ).json()) as Answer<{ id: number; applicationNo: string; status: string }>;
  expect(applied.code, applied.msg).toBe(0);
  const no = applied.data.applicationNo;

  await page.goto(await screenOf(a, 'payout/withdrawals'));
  await page.getByLabel('Application number').fill(no);
  await page.getByRole('button', { name: /Search/ }).click();
  const row = page.locator('.ant-table-row').filter({ hasText: no });
  await expect(row).toContainText(outletName);
  await row.getByRole('button', { name: 'Review' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: `Review withdrawal ${no}` })
    .getByRole('button', { name: 'Save' })
    .click();
  await page
    .getByRole('dialog')
    .filter({ hasText: 'through the payment company?' })
    .getByRole('button', { name: 'OK' })
    .click();
  await expect(page.getByText('Approved: sent to the payment company')).toBeVisible();
  await expect
    .poll(
      async () =>
        (
          (await (
            await a.request.get(`/user/api/v1/withdrawal/detail?id=${applied.data.id}`, { headers: a.headers })
          ).json()) as Answer
        ).data.status,
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBe('success');
  await page.reload();
  await page.getByLabel('Application number').fill(no);
  await page.getByRole('button', { name: /Search/ }).click();
  await expect(row).toContainText('Success');
  await page.screenshot({ path: '/tmp/money/outlet-withdrawal-1440.png' });
});
