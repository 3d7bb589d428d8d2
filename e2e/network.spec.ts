import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './helpers';

/**
 * The network screens against the real server: an A-B-C agent chain made in the console (a
 * ratio that would break a child is refused, naming it), and a member of the demo network npm
 * start makes (members come from the rental apps) frozen with a reason and unfrozen.
 */
const SHOTS = process.env.NETWORK_SHOTS ?? '/tmp/network-web';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}-${name}.png`, fullPage: true });

/** Client-side, as the menu does. */
async function goClientSide(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function pick(page: Page, select: Locator, option: string | RegExp, search?: string): Promise<void> {
  await select.click();
  if (search) await select.pressSequentially(search);
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option })
    .first()
    .click();
}

async function addAgent(
  page: Page,
  a: { name: string; mobile: string; level: 'A' | 'B' | 'C'; parent?: string; ratio: number },
): Promise<void> {
  await page.getByRole('button', { name: 'Add agent' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'Add agent' });
  await drawer.getByLabel('Name').fill(a.name);
  await drawer.getByRole('textbox', { name: 'Mobile' }).fill(a.mobile);
  await drawer.getByLabel('App password').fill('agentpw1');
  if (a.level !== 'A') await pick(page, drawer.getByLabel('Level'), `Level ${a.level}`);
  if (a.parent) await pick(page, drawer.getByLabel('Parent agent'), a.parent, a.parent);
  await drawer.getByLabel('Distributable ratio').fill(String(a.ratio));
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(a.name) })).toBeVisible();
}

test.describe('the network', () => {
  test('an A-B-C agent chain is made in the console; a ratio under a child is refused, naming it; the chain totals 100', async ({
    page,
  }) => {
    await signIn(page, { lang: 'en_US', redirect: '/agent/list' });
    await expect(page.getByRole('heading', { name: 'Agents' })).toBeVisible();
    await addAgent(page, { name: 'E2E Alpha', mobile: '13300000001', level: 'A', ratio: 60 });
    await addAgent(page, { name: 'E2E Beta', mobile: '13300000002', level: 'B', parent: 'E2E Alpha', ratio: 40 });
    await addAgent(page, { name: 'E2E Gamma', mobile: '13300000003', level: 'C', parent: 'E2E Beta', ratio: 25 });
    const beta = page.getByRole('row', { name: /E2E Beta/ });
    await expect(beta.getByRole('cell', { name: 'E2E Alpha' })).toBeVisible();

    // Lowering the A agent under what its child holds is refused, and the child is named.
    await page
      .getByRole('row', { name: /^E2E Alpha/ })
      .getByRole('button', { name: 'Edit' })
      .click();
    const drawer = page.getByRole('dialog').filter({ hasText: 'Edit agent E2E Alpha' });
    await drawer.getByLabel('Distributable ratio').fill('30');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('"E2E Beta" holds 40%; the ratio cannot go below it')).toBeVisible();
    await drawer.getByRole('button', { name: 'Cancel' }).click();

    // The chain of the C agent: platform 40, A 20, B 15, C 25 = 100.
    // Chain, tree and freeze are under the row's More (two links and More fit one line at 1440).
    await page
      .getByRole('row', { name: /^E2E Gamma/ })
      .getByTestId('agent-more')
      .click();
    await page.getByRole('menuitem', { name: 'Profit chain' }).click();
    const chain = page.getByRole('dialog').filter({ hasText: 'Profit chain of E2E Gamma' });
    await expect(chain.getByRole('row', { name: /Platform 100% 40%/ })).toBeVisible();
    await expect(chain.getByRole('row', { name: /E2E Beta \(Level B\) 40% 15%/ })).toBeVisible();
    await expect(chain.getByRole('row', { name: /Total 100%/ })).toBeVisible();
    await shot(page, 'agent-chain-en-1440');
    await chain.getByRole('button', { name: 'Close' }).click();
    await shot(page, 'agents-en-1440');
  });

  test('a user is frozen with a reason (refused without one) and unfrozen, in Chinese', async ({ page }) => {
    // Other flows add customers before this one: the demo's Chen Jie is found by the address's keyword.
    await signIn(page, { lang: 'zh_CN', redirect: '/member/list?keyword=Chen%20Jie' });
    await expect(page.getByRole('heading', { name: '用户信息' })).toBeVisible();
    const row = page.getByRole('row', { name: /Chen Jie/ });
    await expect(row.getByText('正常')).toBeVisible();
    await row.getByRole('button', { name: '冻结' }).click();
    const modal = page.getByRole('dialog').filter({ hasText: '冻结用户 Chen Jie' });
    await modal.getByRole('button', { name: /保\s*存/ }).click();
    await expect(modal.getByText('冻结用户需填写原因（1-32 个字符）')).toBeVisible();
    await modal.getByLabel('原因').fill('押金纠纷');
    await modal.getByRole('button', { name: /保\s*存/ }).click();
    await expect(modal).toBeHidden();
    await expect(row.getByText('冻结', { exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: '押金纠纷' })).toBeVisible();
    await shot(page, 'members-zh-1440');

    await row.getByRole('button', { name: '解冻' }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: '确定解冻用户 Chen Jie？' })
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect(row.getByText('正常')).toBeVisible();
    await expect(row.getByRole('cell', { name: '押金纠纷' })).toBeHidden();
  });

  test('every network screen shows its rows in English and Chinese, wide and narrow', async ({ page }) => {
    const screens: [string, string, string][] = [
      ['/operation/region', 'Regions', '区域管理'],
      ['/operation/team', 'Teams', '团队管理'],
      ['/agent/list', 'Agents', '代理商列表'],
      ['/agent/groundPusher', 'Ground pushers', '地推'],
      ['/agent/serviceProvider', 'Outlet service providers', '网点服务商'],
      ['/member/list', 'Users', '用户信息'],
      ['/feedback/cooperation', 'Agency cooperation applications', '代理合作申请'],
    ];
    await signIn(page, { lang: 'en_US', redirect: '/operation/region' });
    for (const [lang, col] of [
      ['en', 1],
      ['zh', 2],
    ] as const) {
      if (lang === 'zh') {
        await page.evaluate(() => localStorage.setItem('language', 'zh_CN'));
        await page.reload();
      }
      for (const [path, ...titles] of screens) {
        await goClientSide(page, path);
        await expect(page.getByRole('heading', { name: titles[col - 1], exact: true })).toBeVisible();
        // The demo network fills every list; its rows carry the simulated mark.
        await expect(page.locator('.ant-table-row:visible').first()).toBeVisible();
        const name = path.slice(1).replace('/', '-');
        await page.setViewportSize({ width: 1440, height: 900 });
        await shot(page, `${name}-${lang}-1440`);
        await page.setViewportSize({ width: 800, height: 900 });
        await shot(page, `${name}-${lang}-800`);
        await page.setViewportSize({ width: 1440, height: 900 });
      }
    }
  });
});
