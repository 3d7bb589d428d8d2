import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { api, call, confirmOk, menuPath, signIn } from './helpers';

/**
 * The partner tree and a partner's statement, as staff use them on the demo network: the agent
 * list's Tree view opens an A agent and loads its sub-agents and outlets; a node's Statement shows
 * opening + movements = closing, the same figures as the statement call for the same days (the
 * browser's zone); the print view shows the statement alone; the export reaches the export list and
 * its workbook holds the same closing balance. In English and in Chinese, at 1440 and 800 px.
 */

const OUT = '/tmp/e2e-partners-shots';
const ZONE = 'Asia/Shanghai';
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
const monthStart = () => `${today().slice(0, 8)}01`;

interface Node {
  kind: 'agent' | 'outlet';
  id: number;
  name: string;
  hasChildren: boolean;
  subtreeOutlets: number;
}
interface Statement {
  opening: number;
  closing: number;
  shares: number;
  reversals: number;
  withdrawals: number;
  returned: number;
  owed: number;
  other: number;
  days: unknown[];
}
const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/,/g, '')) * 100);

async function flow(page: Page, lang: 'en_US' | 'zh_CN') {
  const L =
    lang === 'en_US'
      ? {
          tree: 'Tree',
          statement: 'Statement',
          statementOf: 'Statement of',
          print: 'Print',
          exportList: 'Exports',
          download: 'Download',
          sheet: 'Partner statement',
          opening: 'Opening balance',
          date: 'Date',
        }
      : {
          tree: '树状图',
          statement: '对账单',
          statementOf: '的对账单',
          print: '打印',
          exportList: '导出列表',
          download: '下载',
          sheet: '合作方对账单',
          opening: '期初余额',
          date: '日期',
        };
  await signIn(page, { lang });
  const a = await api(page, { lang, timeZone: ZONE });
  // A demo A agent with something under it.
  const roots = await call<Node[]>(a, 'GET', '/user/api/v1/agent/tree');
  const root = roots.find((n) => n.hasChildren && n.subtreeOutlets > 0);
  expect(root, 'a demo A agent with outlets under it').toBeDefined();
  const children = await call<Node[]>(a, 'GET', '/user/api/v1/agent/tree', { parentId: root!.id });
  expect(children.length).toBeGreaterThan(0);

  // The agent list → Tree: the A agents; opening one loads its sub-agents and outlets.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(await menuPath(a, 'network/agents'));
  await page.getByTestId('agent-view').getByText(L.tree, { exact: true }).click();
  const rootNode = page.getByTestId(`tree-node-agent-${root!.id}`);
  await expect(rootNode).toBeVisible();
  await page.locator('.ant-tree-treenode', { has: rootNode }).locator('.ant-tree-switcher').click();
  await expect(page.getByTestId(`tree-node-${children[0]!.kind}-${children[0]!.id}`)).toBeVisible();
  await page.screenshot({ path: `${OUT}/tree-${lang}-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 800, height: 900 });
  await page.screenshot({ path: `${OUT}/tree-${lang}-800.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The node's statement: this month so far, in the browser's zone.
  await rootNode.getByRole('button', { name: L.statement }).click();
  await expect(page.getByTestId('statement-title')).toContainText(L.statementOf);
  await expect(page.getByTestId('statement-title')).toContainText(root!.name);
  const s = await call<Statement>(a, 'GET', '/user/api/v1/partner/statement', {
    partyKind: 'agent',
    partyId: root!.id,
    beginDate: monthStart(),
    endDate: today(),
  });
  expect(s.opening + s.shares + s.reversals + s.withdrawals + s.returned + s.owed + s.other).toBe(s.closing);
  // Money keeps moving on the demo (orders, withdrawals): the screen's closing is the call's, read again when it raced one.
  await expect(async () => {
    const fresh = await call<Statement>(a, 'GET', '/user/api/v1/partner/statement', {
      partyKind: 'agent',
      partyId: root!.id,
      beginDate: monthStart(),
      endDate: today(),
    });
    const shown = {
      opening: cents(await page.getByTestId('statement-opening').textContent()),
      closing: cents(await page.getByTestId('statement-closing').textContent()),
    };
    expect(shown.opening).toBe(fresh.opening);
    if (shown.closing !== fresh.closing) {
      await page.reload();
      await expect(page.getByTestId('statement-closing')).toBeVisible();
    }
    expect(cents(await page.getByTestId('statement-closing').textContent())).toBe(fresh.closing);
  }).toPass({ timeout: 30_000 });
  await page.screenshot({ path: `${OUT}/statement-${lang}-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 800, height: 900 });
  await expect(page.getByTestId('statement-summary')).toBeVisible();
  await page.screenshot({ path: `${OUT}/statement-${lang}-800.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The print view: the statement alone, the console's chrome and the buttons hidden.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('statement-print')).toBeHidden();
  await expect(page.locator('.app-header')).toBeHidden();
  await expect(page.getByTestId('statement-summary')).toBeVisible();
  await page.screenshot({ path: `${OUT}/statement-${lang}-print.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByTestId('statement-print')).toBeVisible();

  // The export: through the export centre like every list, a real workbook with the same closing balance.
  const before = await call<Statement>(a, 'GET', '/user/api/v1/partner/statement', {
    partyKind: 'agent',
    partyId: root!.id,
    beginDate: monthStart(),
    endDate: today(),
  });
  await page
    .locator('.statement-controls')
    .getByRole('button', { name: lang === 'en_US' ? /Export/ : /导\s*出/ })
    .click();
  await page.getByRole('button', { name: L.exportList, exact: true }).click();
  const entry = page.locator('[data-testid^="export-"]', { hasText: `${L.sheet}_` }).first();
  await expect(entry.locator('.ant-progress')).toContainText('100%', { timeout: 30_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    entry.getByRole('link', { name: new RegExp(L.download) }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${L.sheet}_\\d{8}_\\d{6}\\.xlsx$`));
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  expect(header).toContain(L.date);
  const opening = sheet.getRow(2);
  expect(String(opening.getCell(1).value)).toContain(L.opening);
  const last = sheet.getRow(sheet.actualRowCount);
  const closingCol = header.length - 1;
  const after = await call<Statement>(a, 'GET', '/user/api/v1/partner/statement', {
    partyKind: 'agent',
    partyId: root!.id,
    beginDate: monthStart(),
    endDate: today(),
  });
  expect([before.closing, after.closing]).toContain(cents(String(last.getCell(closingCol).value)));

  // Back to the list; an agent's row opens the tree at it.
  await page.getByTestId('statement-back').click();
  await page
    .getByTestId('agent-view')
    .getByText(lang === 'en_US' ? 'List' : '列表', { exact: true })
    .click();
  await expect(page.locator(`.ant-table-row[data-row-key="${root!.id}"]`)).toBeVisible();
  await page.screenshot({ path: `${OUT}/list-${lang}-1440.png`, fullPage: true });
  await page.locator(`.ant-table-row[data-row-key="${root!.id}"]`).getByTestId('agent-more').click();
  await page.getByRole('menuitem', { name: L.tree, exact: true }).click();
  await expect(page.getByTestId(`tree-node-agent-${root!.id}`)).toBeVisible();
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto(await menuPath(a, 'network/agents'));
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await page.screenshot({ path: `${OUT}/list-${lang}-800.png`, fullPage: true });
}

test('the partner tree and a partner statement: print view and export (English)', async ({ page }) => {
  test.setTimeout(180_000);
  await flow(page, 'en_US');
});

test('the partner tree and a partner statement: print view and export (Chinese)', async ({ page }) => {
  test.setTimeout(180_000);
  await flow(page, 'zh_CN');
});

test("a service provider's and an operator team's statements open from their lists, with the books' figures", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, { lang: 'en_US' });
  const a = await api(page, { lang: 'en_US', timeZone: ZONE });
  for (const [view, name, kind, title] of [
    ['network/providers', 'City Install Co.', 'provider', 'Service provider'],
    ['network/teams', 'Pudong Direct', 'operator', 'Operator (direct-sales team)'],
  ] as const) {
    await page.goto(await menuPath(a, view));
    const row = page.locator('.ant-table-row', { hasText: name });
    await row.getByRole('button', { name: 'Statement' }).click();
    await expect(page.getByTestId('statement-title')).toContainText(name);
    await expect(page.getByText(title, { exact: false }).first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`statement=${kind}%3A\\d+|statement=${kind}:\\d+`));
    const id = Number(/statement=\w+(?:%3A|:)(\d+)/.exec(page.url())![1]);
    const s = await call<Statement>(a, 'GET', '/user/api/v1/partner/statement', {
      partyKind: kind,
      partyId: id,
      beginDate: monthStart(),
      endDate: today(),
    });
    await expect(page.getByTestId('statement-closing')).toBeVisible();
    expect(cents(await page.getByTestId('statement-opening').textContent())).toBe(s.opening);
    await page.screenshot({ path: `${OUT}/statement-${kind}-1440.png`, fullPage: true });
    await page.getByTestId('statement-back').click();
    await expect(row).toBeVisible();
  }
});

test('withdrawals: the demo filed one to review; staff select it and approve it in a batch', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, { lang: 'en_US' });
  const a = await api(page, { timeZone: ZONE });
  // The demo's partners file one application soon after the start when nothing waits (their first round, ~20 s).
  // Only the demo's own (its payee accounts say demo): withdrawals.spec.ts files some of its own beside this flow.
  let waiting: { id: number; applicationNo: string; actualAmount: number; payeeAccount: string }[] = [];
  await expect
    .poll(
      async () => {
        waiting = (
          await call<{ list: typeof waiting }>(a, 'GET', '/user/api/v1/withdrawal/queryPage', {
            pageNum: 1,
            pageSize: 20,
            status: 'initiated',
          })
        ).list.filter((x) => /demo/.test(x.payeeAccount));
        return waiting.length;
      },
      { timeout: 120_000, intervals: [3_000] },
    )
    .toBeGreaterThan(0);
  const w = waiting[0]!;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(await menuPath(a, 'payout/withdrawals'));
  const row = page.locator('.ant-table-row').filter({ hasText: w.applicationNo });
  await expect(row).toContainText('Initiated');
  await row.locator('.ant-checkbox-input').check();
  await expect(page.getByTestId('payout-batch')).toHaveText('Review selected (1)');
  await page.screenshot({ path: `${OUT}/withdrawals-batch-en_US-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 800, height: 900 });
  await page.screenshot({ path: `${OUT}/withdrawals-batch-en_US-800.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId('payout-batch').click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Review 1 withdrawals' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await confirmOk(page, 'Pay out 1 withdrawals');
  await expect(page.getByText('Approved: sent to the payment company')).toBeVisible();
  await expect
    .poll(
      async () => (await call<{ status: string }>(a, 'GET', '/user/api/v1/withdrawal/detail', { id: w.id })).status,
      { timeout: 60_000, intervals: [2_000] },
    )
    .toMatch(/^(paying|success)$/);
});
