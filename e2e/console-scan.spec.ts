import { expect, test, type Page } from '@playwright/test';
import { api, call, signIn } from './helpers';

/**
 * Every screen of the menu, as an operator finds it, in the three languages, at a desktop width
 * (1440) and a narrow one (800, mobile mode): English (the longest words) at both, simplified
 * Chinese wide and traditional Chinese narrow (the two Chinese scripts take the same room, so the
 * other two passes would find nothing these do not). No raw translation key on screen, no table column
 * hidden under a fixed column (at 1440 every table fits its card; at 800 it scrolls sideways inside
 * its card and no column stays under a pinned one however it is scrolled), a row's actions on screen
 * wherever the table is scrolled (pinned on the right at every width), no header cut short, and no console error;
 * the export centre of the top bar too. One page, each screen opened by its address.
 */

/** Each language with the widths it is scanned at. */
const PASSES = [
  ['zh_CN', [1440]],
  ['zh_TW', [800]],
  ['en_US', [1440, 800]],
] as const;

/** The console's translation namespaces: `kit:actions` on screen is a key that was not translated. */
const NAMESPACES = [
  'common',
  'dashboard',
  'errors',
  'export',
  'fleet',
  'identity',
  'kit',
  'layout',
  'ledger',
  'login',
  'menu',
  'order',
  'profile',
  'role',
  'system',
  'separation',
  'report',
  'stats',
];

const HTML_LANG = { zh_CN: 'zh-CN', zh_TW: 'zh-TW', en_US: 'en' } as const;

/** The heading of a row's actions column (`kit:actions`) in each language. */
const ACTIONS = { zh_CN: '操作', zh_TW: '操作', en_US: 'Actions' } as const;

/**
 * Opens a screen by its address inside the running console (the router follows the address bar),
 * which is what a bookmark or a typed address does minus the reload.
 */
async function open(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((u) => u.pathname === path);
}

interface MenuEntry {
  path: string;
  url: string | null;
  hidden: boolean;
  children?: MenuEntry[];
}

/** The screens of the signed-in account's menu, read from the same call the sidebar is built from. */
async function menuScreens(page: Page): Promise<string[]> {
  const tree = await call<MenuEntry[]>(await api(page), 'GET', '/user/api/v1/sys/menu/listByUser');
  const paths: string[] = [];
  const walk = (entries: MenuEntry[], parent: string) => {
    for (const e of entries) {
      if (/^(https?:|mailto:|tel:)/i.test(e.path)) continue;
      const path = e.path.startsWith('/') ? e.path : `${parent.replace(/\/$/, '')}/${e.path}`;
      // A hidden screen (order separation) is out of the sidebar but reached by its address: scanned too.
      if (e.url && !/^(layout|parentview|routeview)$/i.test(e.url)) paths.push(path);
      walk(e.children ?? [], path);
    }
  };
  walk(tree, '');
  return paths;
}

/**
 * Words on screen that look like translation keys: `namespace:key` with one of the console's
 * namespaces, or dotted camel-case words (`cabinet.sn`, `menu.loginLog`). Addresses, file names,
 * versions, permission codes (`sys:manage:add`) and code spans are not keys.
 */
function rawKeys(text: string): string[] {
  const ns = new RegExp(`^(?:${NAMESPACES.join('|')}):[A-Za-z][\\w.]*$`);
  const dotted = /^[a-z][A-Za-z0-9_]+(?:\.[A-Za-z_][A-Za-z0-9_]+)+$/;
  const notKey = /\.(com|cn|net|org|io|tw|hk|svg|png|jpe?g|gif|webp|xlsx|csv|json|js|html|bin|txt)$/i;
  return text
    .split(/\s+/)
    .map((w) => w.replace(/^[\s"'“”‘’「」(（[【<]+|[\s"'“”‘’「」)）\]】>,，。;；:：!！?？]+$/g, ''))
    .filter((w) => w && !w.includes('/') && !w.includes('@') && (ns.test(w) || (dotted.test(w) && !notKey.test(w))));
}

interface LayoutProblem {
  problem: string;
}

/**
 * Checks every visible table of the screen; answers what is wrong, in words. `actions` is the
 * heading of a row's actions column: wherever the table is scrolled, that column is on screen.
 */
async function tableProblems(page: Page, mustFit: boolean, actions: string): Promise<LayoutProblem[]> {
  return page.evaluate(
    ([fit, actionsWord]) => {
      const out: { problem: string }[] = [];
      const name = (el: Element) => (el.textContent ?? '').trim() || '(blank)';
      const viewportWidth = document.documentElement.clientWidth;
      if (document.documentElement.scrollWidth > viewportWidth + 1)
        out.push({ problem: `the page scrolls sideways (${document.documentElement.scrollWidth} > ${viewportWidth})` });
      for (const wrapper of Array.from(document.querySelectorAll('.app-content .ant-table-wrapper'))) {
        const box = wrapper.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        const card = wrapper.closest('.ant-card');
        if (card && box.right > card.getBoundingClientRect().right + 1)
          out.push({
            problem: `a table is wider than its card by ${Math.round(box.right - card.getBoundingClientRect().right)} px`,
          });
        const scroller = wrapper.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
        if (fit && scroller && scroller.scrollWidth > scroller.clientWidth + 1) {
          out.push({
            problem: `table (first column "${name(wrapper.querySelector('thead th')!)}") is ${scroller.scrollWidth - scroller.clientWidth} px wider than its card`,
          });
        }
        const heads = Array.from(wrapper.querySelectorAll<HTMLElement>('thead > tr > th')).filter(
          (th) => !th.classList.contains('ant-table-cell-scrollbar'),
        );
        const pinned = heads.filter((th) => getComputedStyle(th).position === 'sticky');
        const view = scroller?.getBoundingClientRect() ?? box;
        // How far each unpinned column lies under a pinned one, with the table scrolled to a given
        // place; only the part inside the table's visible area counts. A column under the actions
        // pinned on the right at the start comes out when the table is scrolled: it is hidden only
        // when it is under a pinned column at both ends.
        // A sticky header is a table of its own, moved along by the body's scroll event (later):
        // both are scrolled here, so the header's cells are where the body's are.
        const scrollers = Array.from(
          wrapper.querySelectorAll<HTMLElement>('.ant-table-header, .ant-table-content, .ant-table-body'),
        );
        const coveredAt = (left: number) => {
          for (const el of scrollers) el.scrollLeft = left;
          return heads
            .filter((th) => !pinned.includes(th))
            .map((th) => {
              const r = th.getBoundingClientRect();
              let worst = 0;
              let by: Element | null = null;
              for (const p of pinned) {
                const pr = p.getBoundingClientRect();
                const overlap = Math.min(r.right, pr.right, view.right) - Math.max(r.left, pr.left, view.left);
                if (overlap > worst) [worst, by] = [overlap, p];
              }
              return { th, worst, by };
            });
        };
        // The row's actions are reached without scrolling (pinned on the right, or the table fits).
        const actionsOffScreen = (where: string) => {
          for (const th of heads.filter((h) => (h.textContent ?? '').trim() === actionsWord)) {
            const r = th.getBoundingClientRect();
            if (r.left < view.left - 1 || r.right > view.right + 1)
              out.push({
                problem: `the "${actionsWord}" column is off screen at the ${where} of the scroll (${Math.round(r.left)}-${Math.round(r.right)} outside ${Math.round(view.left)}-${Math.round(view.right)})`,
              });
          }
        };
        const atStart = coveredAt(0);
        actionsOffScreen('start');
        const atEnd = scroller ? coveredAt(scroller.scrollWidth) : atStart;
        actionsOffScreen('end');
        for (const el of scrollers) el.scrollLeft = 0;
        atStart.forEach((a, i) => {
          const b = atEnd[i]!;
          if (a.worst > 1 && b.worst > 1)
            out.push({
              problem: `column "${name(a.th)}" is ${Math.round(Math.min(a.worst, b.worst))} px under the fixed column "${name((a.by ?? b.by)!)}" however the table is scrolled`,
            });
        });
        for (const th of heads) {
          // The header's words against the room its cell gives them (a fixed cell's shadow, drawn
          // outside it, does not count).
          const title = th.querySelector<HTMLElement>('.ant-table-column-title') ?? th;
          const range = document.createRange();
          range.selectNodeContents(title);
          const words = range.getBoundingClientRect().width;
          const style = getComputedStyle(title);
          const room = title.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          if (words > room + 1)
            out.push({ problem: `header "${name(th)}" is cut (${Math.round(words)} > ${Math.round(room)} px)` });
        }
      }
      return out;
    },
    [mustFit, actions] as const,
  );
}

/** Hosts of the map tiles the outlet map draws (outlet-map.tsx). */
const TILE_HOSTS = /^https:\/\/([a-z0-9-]+\.)*(openstreetmap\.org|autonavi\.com|gtimg\.com|google\.com)\//;

test('every menu screen shows translated words and whole tables, without console errors, at 1440 and 800 px', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on('console', (m) => {
    // The map's tiles come from the internet, which a test machine may not reach: the map screen
    // says so and shows its points on a blank base (outlet.spec.ts), so a tile that fails to load
    // is not a console error of ours. Anything else is.
    if (m.type() === 'error' && !(m.text().startsWith('Failed to load resource') && TILE_HOSTS.test(m.location().url)))
      errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));

  await signIn(page, { lang: 'zh_CN' });
  const screens = await menuScreens(page);
  expect(screens.length).toBeGreaterThan(10);
  // A ceiling that grows with the menu (each screen is opened four times: PASSES).
  test.setTimeout(120_000 + screens.length * 4 * 5_000);

  // One export, so the export centre in the top bar has an entry to show.
  await open(page, '/system/loginLog');
  await expect(page.locator('.app-view:visible .ant-table-row').first()).toBeVisible();
  await page
    .locator('.app-view:visible')
    .getByRole('button', { name: /导\s*出$/ })
    .click();
  await expect(page.locator('.ant-message, .ant-notification').first()).toBeVisible();

  const problems: string[] = [];
  for (const [lang, widths] of PASSES) {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    // The language is read when the console loads.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[lang]);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of screens) {
        await open(page, path);
        const view = page.locator('.app-view:visible');
        await expect(view).toHaveCount(1);
        // Loaded: the view's chunk, its calls and its tables have settled.
        await expect(view.locator('.ant-spin-spinning, .ant-skeleton-active, .top-progress')).toHaveCount(0);
        const where = `${lang} ${width}px ${path}`;
        // Every table shows its rows or its empty state (the placeholder row).
        // Counted in one pass over the tables shown at that moment (a screen may swap a table out
        // while it settles, so no table is held on to between checks).
        await expect
          .poll(
            () =>
              view.evaluate(
                (el) =>
                  [...el.querySelectorAll('.ant-table-wrapper')].filter(
                    (t) => t.getClientRects().length > 0 && !t.querySelector('.ant-table-row, .ant-table-placeholder'),
                  ).length,
              ),
            { message: `${where}: a table's rows` },
          )
          .toBe(0);
        const keys = rawKeys(await page.locator('body').innerText());
        if (keys.length) problems.push(`${where}: raw keys on screen: ${[...new Set(keys)].join(', ')}`);
        for (const p of await tableProblems(page, width >= 992, ACTIONS[lang])) problems.push(`${where}: ${p.problem}`);
      }
      // The export centre of the top bar: its words, and it stays on screen.
      const exportsButton = page.locator('.app-header button:has(.anticon-cloud-download)');
      await exportsButton.click();
      const popover = page.locator('.ant-popover:visible').filter({ has: page.locator('[data-testid^="export-"]') });
      await expect(popover).toBeVisible();
      const where = `${lang} ${width}px export centre`;
      const keys = rawKeys(await popover.innerText());
      if (keys.length) problems.push(`${where}: raw keys on screen: ${[...new Set(keys)].join(', ')}`);
      const box = (await popover.boundingBox())!;
      if (box.x < 0 || box.x + box.width > width + 1) problems.push(`${where}: the list leaves the screen`);
      await exportsButton.click();
      await expect(popover).toBeHidden();
    }
  }
  expect([...problems, ...errors.map((e) => `console error: ${e}`)], [...problems, ...errors].join('\n')).toEqual([]);
});

test('the key scan recognises keys and leaves addresses, versions and permission codes alone', () => {
  expect(rawKeys('机柜 menu.loginLog kit:actions cabinet.sn, (fleet.menus.cabinet)')).toEqual([
    'menu.loginLog',
    'kit:actions',
    'cabinet.sn',
    'fleet.menus.cabinet',
  ]);
  expect(
    rawKeys('2.3.1 127.0.0.1 https://a.example.com/x.bin mqtt.example.com logo.svg sys:manage:add e.g. ops@x.cn'),
  ).toEqual([]);
});
