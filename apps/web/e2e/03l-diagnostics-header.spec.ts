import type { Page, WebSocketRoute } from '@playwright/test';
import {
  expect,
  presetSettings,
  SCREENSHOTS,
  SPEC_USERS,
  signIn,
  storedToken,
  switchLanguage,
  test,
} from './support';

async function signedIn(page: Page, username: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/user/login');
  await signIn(page, username);
  await expect(page.getByTestId('current-user')).toBeVisible();
}

test('diagnostics show the session, and the websocket reconnects 5 s after the server closes it', async ({
  page,
}) => {
  // Every notices socket goes through here to the real server, so the test can close one as a
  // server would: closing the page's end of the route is what the page sees of a server close.
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/websocket\//, (ws) => {
    ws.connectToServer();
    sockets.push(ws);
  });
  await signedIn(page, 'admin');
  await page.goto('/test/home');
  await expect(page.getByTestId('page-title')).toHaveText('Diagnostics');
  await expect(page.getByTestId('diagnostics-user')).toHaveText('admin (Ada Admin)');
  await expect(page.getByTestId('diagnostics-department')).not.toBeEmpty();
  await expect(page.getByTestId('diagnostics-locale')).toHaveText('en-US');
  await expect(page.getByTestId('diagnostics-settings')).toContainText('"primaryColor":"#24936E"');
  await expect(page.getByTestId('diagnostics-auth')).toContainText('system:user:frozen');
  await expect(page.getByTestId('diagnostics-all-auth')).toContainText('system:user:ipWhitelist');
  const socket = page.getByTestId('diagnostics-websocket');
  await expect(socket).toHaveText('Connected');
  await page.screenshot({ path: `${SCREENSHOTS}/diagnostics-en-US.png`, fullPage: true });

  const opened = sockets.length;
  const current = sockets.at(-1);
  if (!current) throw new Error('no notices socket went through the route');
  const closedAt = Date.now();
  await current.close({ code: 1012, reason: 'server restart' });
  await expect(socket).toHaveText('Reconnecting (every 5 s)');
  // Reconnecting takes 5 s by design; the limit is well beyond that, for a starved browser.
  await expect(socket).toHaveText('Connected', { timeout: 45_000 });
  // The new connection came 5 s later, through a new socket.
  expect(Date.now() - closedAt).toBeGreaterThanOrEqual(4_500);
  expect(sockets.length).toBe(opened + 1);

  await switchLanguage(page, 'zh-CN');
  await expect(page.getByTestId('page-title')).toHaveText('诊断');
  await expect(socket).toHaveText('已连接');
  await expect(page.getByTestId('diagnostics-locale')).toHaveText('zh-CN');
  await page.screenshot({ path: `${SCREENSHOTS}/diagnostics-zh-CN.png`, fullPage: true });
  await switchLanguage(page, 'en-US');
});

test('customers get the 404 page for the diagnostics and the test tool', async ({ page }) => {
  await signedIn(page, 'agentcustomer');
  for (const path of ['/test/home', '/test', '/TestToolRecord']) {
    await page.goto(path);
    await expect(page.getByText('Page not found')).toBeVisible();
    await expect(page.getByTestId('page-title')).toHaveCount(0);
  }
  await expect(page.getByTestId('header-test-tool')).toHaveCount(0);
});

test('the 404 page, the tab menu and the settings drawer speak Chinese after switching', async ({ page }) => {
  await presetSettings(page, { multipage: true });
  await signedIn(page, 'agent');
  await page.goto('/no/such/page');
  await expect(page.getByText('Page not found')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/404-en-US.png` });
  await switchLanguage(page, 'zh-CN');
  await expect(page.getByText('页面不存在', { exact: true })).toBeVisible();
  await expect(page.getByText('您访问的页面不存在。')).toBeVisible();
  await expect(page.getByRole('button', { name: '返回首页' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/404-zh-CN.png` });

  const tab = page.locator('[data-testid="page-tab"][data-path="/no/such/page"]');
  await expect(tab).toHaveText('未找到');
  await tab.click({ button: 'right' });
  const menu = page.getByTestId('tab-context-menu');
  await expect(menu).toContainText('刷新');
  await expect(menu).toContainText('关闭其他');
  await expect(menu).toContainText('关闭左侧');
  await expect(menu).toContainText('关闭右侧');
  await expect(menu).toContainText('全部关闭');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);

  await page.getByTestId('settings-button').click();
  const drawer = page.getByTestId('settings-drawer');
  await expect(drawer).toContainText('页面设置');
  await expect(drawer).toContainText('多页签模式');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await switchLanguage(page, 'en-US');
  await expect(page.getByText('Page not found')).toBeVisible();
});

test.describe('header items', () => {
  /** The per-user flag through the API (to clear it afterwards whatever happened). */
  async function flagUser(admin: Page, username: string, hidden: boolean) {
    const token = await storedToken(admin);
    const headers = { 'X-Access-Token': token };
    const list = await admin.request.get(`/api/sys/user/list?username=${username}`, { headers });
    const body = (await list.json()) as { result: { records: { id: string; username: string }[] } };
    const user = body.result.records.find((u) => u.username === username);
    if (!user) throw new Error(`no user ${username}`);
    const res = await admin.request.put('/api/sys/user/headerItems', {
      headers,
      data: { userId: user.id, hidden },
    });
    expect(res.status()).toBe(200);
  }

  test('a user flagged on the Users screen sees no header items (the bell neither) beyond settings and user menu', async ({
    page,
    browser,
  }) => {
    const { username } = SPEC_USERS.headerFlag;
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signedIn(admin, 'admin');
    try {
      // The administrator sets the flag in the user's edit form.
      await admin.goto(`/system/user?username=${username}`);
      const row = admin.locator('tr.ant-table-row').filter({ hasText: username });
      await row.getByTestId('user-edit').click();
      const dialog = admin.getByRole('dialog').filter({ has: admin.getByTestId('user-edit-form') });
      await expect(dialog).toContainText(`Edit ${username}`);
      await expect(dialog.getByTestId('user-hide-header-items')).toHaveAttribute('aria-checked', 'false');
      await dialog.getByTestId('user-hide-header-items').click();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      await expect(row.getByTestId('user-header-items-hidden')).toHaveText('Header items hidden');

      await signedIn(page, username);
      const header = page.getByTestId('header-items');
      await expect(header.getByTestId('header-item-user')).toBeVisible();
      await expect(header.getByTestId('header-item-settings')).toBeVisible();
      // The bell stays mounted (its socket still pops up urgent announcements) but shows nothing.
      await expect(header.getByTestId('header-item-bell')).toBeAttached();
      await expect(header.getByTestId('notice-bell')).toHaveCount(0);
      for (const key of ['recharge', 'contact', 'language', 'testTool'])
        await expect(header.getByTestId(`header-item-${key}`)).toHaveCount(0);

      // The flag belongs to that user: another customer keeps the items.
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
      await signedIn(page, 'agentcustomer');
      await expect(header.getByTestId('notice-bell')).toBeVisible();
      await expect(header.getByTestId('header-item-recharge')).toBeVisible();
      await expect(header.getByTestId('header-item-contact')).toBeVisible();
      await expect(header.getByTestId('header-item-language')).toBeVisible();
    } finally {
      await flagUser(admin, username, false);
      await adminContext.close();
    }
  });
});
