import type { Page } from '@playwright/test';
import { expect, presetSettings, SCREENSHOTS, showMenuEntry, signIn, switchLanguage, test } from './support';

const tabs = (page: Page) => page.getByTestId('page-tab');
const tab = (page: Page, path: string) => page.locator(`[data-testid="page-tab"][data-path="${path}"]`);
const tabPaths = async (page: Page) =>
  (await tabs(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-path')))) as string[];

/** Client-side navigation through the side menu (a reload would start the tabs afresh). */
async function openScreen(page: Page, name: string, path: string) {
  const item = await showMenuEntry(page, name, name === 'companies' ? undefined : 'system');
  await item.click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

async function openMany(page: Page) {
  await openScreen(page, 'companies', '/company/list');
  await openScreen(page, 'systemUser', '/system/user');
  await openScreen(page, 'systemLoginLog', '/system/loginLog');
  await openScreen(page, 'systemOperationLog', '/system/operationLog');
}

test.describe('multi-page tabs', () => {
  test.beforeEach(async ({ page }) => {
    await presetSettings(page, { multipage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/user/login');
    await signIn(page, 'admin');
    await expect(page.getByTestId('current-user')).toBeVisible();
  });

  test('each page gets a tab keyed by its full path; pages keep their state while open', async ({ page }) => {
    // Tabs are keyed by the full path: the same page with a query is another tab.
    await page.goto('/home/Home?a=1');
    await expect(tab(page, '/home/Home?a=1')).toBeVisible();
    await openScreen(page, 'companies', '/company/list');
    await expect.poll(() => tabPaths(page)).toEqual(['/home/Home', '/home/Home?a=1', '/company/list']);
    // Both home tabs are called "Home": hovering tells their addresses apart.
    await expect(tab(page, '/home/Home?a=1')).toHaveAttribute('title', '/home/Home?a=1');
    await page.getByTestId('filter-name').fill('kept while the tab is open');
    await tab(page, '/home/Home?a=1').click();
    await expect(page).toHaveURL(/\/home\/Home\?a=1$/);
    await tab(page, '/company/list').click();
    await expect(page).toHaveURL(/\/company\/list$/);
    await expect(page.getByTestId('filter-name')).toHaveValue('kept while the tab is open');
    // Refresh remounts that page only.
    await tab(page, '/company/list').click({ button: 'right' });
    await page.getByTestId('tab-refresh').click();
    await expect(page.getByTestId('filter-name')).toHaveValue('');
    // A closed tab frees its page: reopening starts afresh.
    await page.getByTestId('filter-name').fill('gone after closing');
    await tab(page, '/home/Home').click();
    await page
      .locator('.ant-tabs-tab')
      .filter({ has: tab(page, '/company/list') })
      .locator('.ant-tabs-tab-remove')
      .click();
    await expect(tab(page, '/company/list')).toHaveCount(0);
    await openScreen(page, 'companies', '/company/list');
    await expect(page.getByTestId('filter-name')).toHaveValue('');
    await page.screenshot({ path: `${SCREENSHOTS}/tabs-en-US.png` });
    await switchLanguage(page, 'zh-CN');
    await expect(tab(page, '/home/Home')).toHaveText('首页');
    await page.screenshot({ path: `${SCREENSHOTS}/tabs-zh-CN.png` });
    await switchLanguage(page, 'en-US');
  });

  test('refresh remounts only that tab: another open page keeps its state', async ({ page }) => {
    await openScreen(page, 'companies', '/company/list');
    await page.getByTestId('filter-name').fill('companies kept');
    await openScreen(page, 'systemUser', '/system/user');
    await page.getByTestId('filter-username').fill('users kept');

    // Refresh the active tab: its page starts afresh, the other one does not.
    await tab(page, '/system/user').click({ button: 'right' });
    await page.getByTestId('tab-refresh').click();
    await expect(page.getByTestId('tab-context-menu')).toHaveCount(0);
    await expect(page.getByTestId('filter-username')).toHaveValue('');
    await expect(page).toHaveURL(/\/system\/user$/);
    await tab(page, '/company/list').click();
    await expect(page.getByTestId('filter-name')).toHaveValue('companies kept');

    // Refresh a tab that is not active: it remounts in the background, the active page stays.
    await tab(page, '/system/user').click();
    await page.getByTestId('filter-username').fill('users kept again');
    await tab(page, '/company/list').click();
    await tab(page, '/system/user').click({ button: 'right' });
    await page.getByTestId('tab-refresh').click();
    await expect(page).toHaveURL(/\/company\/list$/);
    await expect(page.getByTestId('filter-name')).toHaveValue('companies kept');
    await tab(page, '/system/user').click();
    await expect(page.getByTestId('filter-username')).toHaveValue('');
    await expect.poll(() => tabPaths(page)).toEqual(['/home/Home', '/company/list', '/system/user']);
  });

  test('the side menu re-activates an open tab of that screen with its query; a redirect leaves no tab', async ({
    page,
  }) => {
    await openScreen(page, 'systemUser', '/system/user');
    // The table's own query change moves the tab in place.
    await page.getByTestId('filter-username').fill('custom');
    await page.getByTestId('query-submit').click();
    await expect(page).toHaveURL(/\/system\/user\?username=custom$/);
    await openScreen(page, 'companies', '/company/list');
    await expect
      .poll(() => tabPaths(page))
      .toEqual(['/home/Home', '/system/user?username=custom', '/company/list']);
    // From the side menu again: the same tab, query and filter kept, no second tab.
    await page.getByTestId('side-menu').getByTestId('menu-systemUser').click();
    await expect(page).toHaveURL(/\/system\/user\?username=custom$/);
    await expect(page.getByTestId('filter-username')).toHaveValue('custom');
    await expect
      .poll(() => tabPaths(page))
      .toEqual(['/home/Home', '/system/user?username=custom', '/company/list']);
    await expect(page.locator('.ant-tabs-tab-active [data-testid="page-tab"]')).toHaveAttribute(
      'data-path',
      '/system/user?username=custom',
    );
    // The screen that is showing, from the menu again: nothing changes and no history entry is
    // added, so Back goes to the screen before it.
    await page.getByTestId('side-menu').getByTestId('menu-systemUser').click();
    await expect(page).toHaveURL(/\/system\/user\?username=custom$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/company\/list$/);
    await expect(page.locator('.ant-tabs-tab-active [data-testid="page-tab"]')).toHaveAttribute(
      'data-path',
      '/company/list',
    );

    // A menu group that only redirects to its first screen: no tab of its own.
    await page.goto('/system');
    await expect(page).toHaveURL(/\/system\/user$/);
    await expect(page.getByTestId('user-table')).toBeVisible();
    await expect.poll(() => tabPaths(page)).toEqual(['/home/Home', '/system/user']);
  });

  test('a tab keeps its scroll position and its state while another tab shows', async ({ page }) => {
    // A low window, so the user list is longer than it. Tabs are switched from the side menu (it
    // is fixed): clicking a tab would first scroll it into view.
    await page.setViewportSize({ width: 1280, height: 420 });
    await openScreen(page, 'systemUser', '/system/user');
    // The first page's rows arrived (the list is as long as it gets; a loading table is shorter
    // than the scroll position wanted).
    const users = page.getByTestId('user-table');
    await expect(users.locator('tbody tr.ant-table-row').first()).toBeVisible();
    await expect(users.locator('.ant-spin-spinning')).toHaveCount(0);
    await page.getByTestId('filter-username').fill('typed, not searched');
    await page.evaluate(() => window.scrollTo(0, 250));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(250);

    await openScreen(page, 'companies', '/company/list');
    await expect(page.getByTestId('company-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
    // A new tab starts at the top; this one is then scrolled to a position of its own.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 120));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(120);

    await page.getByTestId('side-menu').getByTestId('menu-systemUser').click();
    await expect(page).toHaveURL(/\/system\/user$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(250);
    await expect(page.getByTestId('filter-username')).toHaveValue('typed, not searched');
    // The other tab kept its own position.
    await page.getByTestId('side-menu').getByTestId('menu-companies').click();
    await expect(page).toHaveURL(/\/company\/list$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(120);
  });

  test('the tab context menu stays inside the window for the right-most tab', async ({ page }) => {
    // Tabs show from 768 px on; at 800 px the last tab ends near the right edge. (The screens are
    // opened at the wide size, where the side menu is expanded.)
    await openMany(page);
    await page.setViewportSize({ width: 800, height: 600 });
    // The side menu expanded again narrows the tab bar, so the last tab ends nearer the edge.
    await expect(page.getByTestId('sider')).toHaveClass(/ant-layout-sider-collapsed/);
    await page.getByTestId('sider-toggle').click();
    await expect(page.getByTestId('sider')).not.toHaveClass(/ant-layout-sider-collapsed/);
    const last = tab(page, '/system/operationLog');
    await expect(last).toBeVisible();
    const box = await last.boundingBox();
    expect(box).not.toBeNull();
    // Right click at the tab's right end: a menu opened there would run past the window.
    await last.click({ button: 'right', position: { x: (box?.width ?? 1) - 1, y: (box?.height ?? 2) / 2 } });
    const menu = page.getByTestId('tab-context-menu');
    await expect(menu.getByTestId('tab-close-all')).toBeVisible();
    const viewport = await page.evaluate(() => ({
      width: document.documentElement.clientWidth,
      height: document.documentElement.clientHeight,
    }));
    // The test means something: a menu of this width opened at the click point would not fit.
    const menuWidth = (await menu.boundingBox())?.width ?? 0;
    expect((box?.x ?? 0) + (box?.width ?? 0) + menuWidth).toBeGreaterThan(viewport.width);
    await expect
      .poll(async () => {
        const m = await menu.boundingBox();
        return (
          m !== null &&
          m.x >= 0 &&
          m.y >= 0 &&
          m.x + m.width <= viewport.width &&
          m.y + m.height <= viewport.height
        );
      })
      .toBe(true);
    // It still works from there, and Escape closes it.
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await last.click({ button: 'right' });
    await menu.getByTestId('tab-close-others').click();
    await expect.poll(() => tabPaths(page)).toEqual(['/home/Home', '/system/operationLog']);
  });

  test('home and the last tab cannot be closed', async ({ page }) => {
    await expect(tabs(page)).toHaveCount(1);
    await page
      .locator('.ant-tabs-tab')
      .filter({ has: tab(page, '/home/Home') })
      .locator('.ant-tabs-tab-remove')
      .click();
    await expect(page.getByText('This is the last page, cannot close any more')).toBeVisible();
    await openScreen(page, 'companies', '/company/list');
    await expect(tabs(page)).toHaveCount(2);
    await page
      .locator('.ant-tabs-tab')
      .filter({ has: tab(page, '/home/Home') })
      .locator('.ant-tabs-tab-remove')
      .click();
    await expect(page.getByText('Home page cannot be closed')).toBeVisible();
    await expect(tabs(page)).toHaveCount(2);
    await switchLanguage(page, 'zh-CN');
    await page
      .locator('.ant-tabs-tab')
      .filter({ has: tab(page, '/home/Home') })
      .locator('.ant-tabs-tab-remove')
      .click();
    await expect(page.getByText('首页不能关闭')).toBeVisible();
    await switchLanguage(page, 'en-US');
  });

  test('close others, left, right and all keep home and pick the sensible active tab', async ({ page }) => {
    await openMany(page);
    const all = ['/home/Home', '/company/list', '/system/user', '/system/loginLog', '/system/operationLog'];
    await expect.poll(() => tabPaths(page)).toEqual(all);

    // Close right of /system/user while /system/operationLog is active: it goes, /system/user becomes active.
    await tab(page, '/system/user').click({ button: 'right' });
    await page.getByTestId('tab-close-right').click();
    await expect.poll(() => tabPaths(page)).toEqual(['/home/Home', '/company/list', '/system/user']);
    await expect(page).toHaveURL(/\/system\/user$/);

    await openScreen(page, 'systemLoginLog', '/system/loginLog');
    await expect(tabs(page)).toHaveCount(4);
    // Close left of /system/user while /system/loginLog is active: the active tab stays.
    await tab(page, '/system/user').click({ button: 'right' });
    await page.getByTestId('tab-close-left').click();
    await expect.poll(() => tabPaths(page)).toEqual(['/home/Home', '/system/user', '/system/loginLog']);
    await expect(page).toHaveURL(/\/system\/loginLog$/);

    // Close others of /system/user: home and it remain, it becomes active.
    await tab(page, '/system/user').click({ button: 'right' });
    await page.getByTestId('tab-close-others').click();
    await expect.poll(() => tabPaths(page)).toEqual(['/home/Home', '/system/user']);
    await expect(page).toHaveURL(/\/system\/user$/);

    // Close all: only home, and it is active.
    await openScreen(page, 'companies', '/company/list');
    await tab(page, '/company/list').click({ button: 'right' });
    await page.getByTestId('tab-close-all').click();
    await expect.poll(() => tabPaths(page)).toEqual(['/home/Home']);
    await expect(page).toHaveURL(/\/home\/Home$/);
  });
});

test('an agent opening a deep link gets the agent home tab only, never a /home/Home tab', async ({
  page,
}) => {
  await presetSettings(page, { multipage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/company/list');
  await expect(page).toHaveURL(/\/user\/login\?redirect=/);
  await signIn(page, 'agent');
  await expect(page).toHaveURL(/\/company\/list$/);
  await expect(page.getByTestId('company-table')).toBeVisible();
  await expect.poll(() => tabPaths(page)).toEqual(['/AgentHome', '/company/list']);
  // And a reload on the deep link, where the home path is still being asked for.
  await page.reload();
  await expect(page.getByTestId('company-table')).toBeVisible();
  await expect.poll(() => tabPaths(page)).toEqual(['/AgentHome', '/company/list']);
  await expect(tab(page, '/home/Home')).toHaveCount(0);
  // The menu's "Home" is the agent's home: it leads there and is the current entry there.
  const menu = page.getByTestId('side-menu');
  await menu.getByTestId('menu-home').click();
  await expect(page).toHaveURL(/\/AgentHome$/);
  await expect(menu.locator('.ant-menu-item-selected')).toHaveAttribute('data-testid', 'menu-home');
  await expect.poll(() => tabPaths(page)).toEqual(['/AgentHome', '/company/list']);
});
