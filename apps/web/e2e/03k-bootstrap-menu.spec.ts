import type { Page, Route } from '@playwright/test';
import { expect, signIn, storedToken, test } from './support';

const PERMISSIONS = '**/api/sys/permission/getUserPermissionByToken**';

const envelope = (code: number, message: string) => ({
  status: code,
  contentType: 'application/json',
  body: JSON.stringify({ success: false, code, message, result: null, timestamp: Date.now() }),
});

/** The server's real permission answer with its menu changed by `edit`. */
function editMenu(edit: (menu: unknown[]) => unknown[]) {
  return async (route: Route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { result: { menu: unknown[] } };
    body.result.menu = edit(body.result.menu);
    await route.fulfill({ response, json: body });
  };
}

async function signedIn(page: Page, username: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/user/login');
  await signIn(page, username);
  await expect(page.getByTestId('current-user')).toBeVisible();
}

/** After a failed permission load: at the login page (with the way back), saying why. */
async function expectSentToLogin(page: Page, message: string | RegExp) {
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fcompany%2Flist$/);
  await expect(page.getByTestId('login-notice')).toContainText(message);
  await expect(page.getByTestId('basic-layout')).toHaveCount(0);
  // The session is gone here and on the server.
  expect(await page.evaluate(() => localStorage.getItem('switchboard.token'))).toBeNull();
}

test.describe('a failed permission load logs out to the login page', () => {
  test('an error answer: the message shows, the token is revoked, signing in again leads back', async ({
    page,
  }) => {
    await signedIn(page, 'agentcustomer');
    const token = await storedToken(page);
    await page.route(PERMISSIONS, (route) => route.fulfill(envelope(500, 'Permission service is down')));
    await page.goto('/company/list');
    await expectSentToLogin(page, 'Permission service is down');
    const check = await page.request.get('/api/sys/permission/getUserPermissionByToken', {
      headers: { 'X-Access-Token': token },
    });
    expect(check.status()).toBe(401);

    await page.unroute(PERMISSIONS);
    await signIn(page, 'agentcustomer');
    await expect(page).toHaveURL(/\/company\/list$/);
    await expect(page.getByTestId('company-table')).toBeVisible();
  });

  test('an empty menu is an error too', async ({ page }) => {
    await signedIn(page, 'agentcustomer');
    await page.route(
      PERMISSIONS,
      editMenu(() => []),
    );
    await page.goto('/company/list');
    await expectSentToLogin(page, 'No menu is assigned to this account, contact the administrator');
  });

  test('no answer at all (network failure) does not leave the page loading', async ({ page }) => {
    await signedIn(page, 'agentcustomer');
    let calls = 0;
    await page.route(PERMISSIONS, (route) => {
      calls += 1;
      return route.abort('connectionfailed');
    });
    await page.goto('/company/list');
    await expectSentToLogin(page, /.+/);
    // Failures without an answer are tried three times in all, then given up.
    expect(calls).toBe(3);
  });
});

const meta = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  titleKey: null,
  icon: null,
  url: null,
  permissionList: [],
  keepAlive: false,
  internalOrExternal: false,
  ...extra,
});

const node = (path: string, name: string, component: string | null, extra: Record<string, unknown> = {}) => ({
  id: `e2e-${name}`,
  path,
  name,
  component,
  redirect: null,
  hidden: false,
  alwaysShow: false,
  meta: meta(name),
  ...extra,
});

/** Menu entries of each kind, beside the real ones. */
const E2E_NODES = [
  node('/e2e/hidden', 'e2eHidden', 'contact/ContactUs', { hidden: true, meta: meta('Hidden desk') }),
  node('/e2e/always', 'e2eAlways', 'layouts/RouteView', {
    alwaysShow: true,
    meta: meta('Always group'),
    children: [
      node('/e2e/always/contact', 'e2eAlwaysChild', 'contact/ContactUs', { meta: meta('Only child') }),
    ],
  }),
  node('/e2e/lifted', 'e2eLifted', 'layouts/RouteView', {
    meta: meta('Lifted group'),
    children: [
      node('/e2e/lifted/recharge', 'e2eLiftedChild', 'billing/SysCustomerPay', {
        meta: meta('Lifted child'),
      }),
    ],
  }),
  node('/e2e/missing', 'e2eMissing', 'nope/Missing', { meta: meta('Missing screen') }),
  node('/e2e/external', 'e2eExternal', null, {
    meta: meta('External docs', { url: 'https://docs.e2e.test/guide', internalOrExternal: true }),
  }),
  node('/e2e/framed', 'e2eFramed', null, {
    meta: meta('Framed page', { url: 'http://frame.e2e.test/page', internalOrExternal: false }),
  }),
];

test.describe('the side menu follows the menu fields', () => {
  test.beforeEach(async ({ page }) => {
    await page.route(
      PERMISSIONS,
      editMenu((menu) => [...menu, ...E2E_NODES]),
    );
    await page.route('http://frame.e2e.test/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Framed content</h1>' }),
    );
    await signedIn(page, 'admin');
  });

  test('hidden entries are left out but their route works; alwaysShow keeps a group of one', async ({
    page,
  }) => {
    const menu = page.getByTestId('side-menu');
    await expect(menu.getByTestId('menu-home')).toBeVisible();
    await expect(menu.getByText('Hidden desk')).toHaveCount(0);
    await page.goto('/e2e/hidden');
    await expect(page.getByTestId('breadcrumb')).toContainText('Hidden desk');
    await expect(page.getByText('Page not found')).toHaveCount(0);
    await expect(page.getByText('No support contacts yet').or(page.getByText('Support Amy'))).toBeVisible();

    // alwaysShow: a group with one child stays a group; without it, the child takes its place.
    await expect(menu.getByTestId('menu-e2eAlways')).toBeVisible();
    await expect(menu.getByTestId('menu-e2eAlwaysChild')).toBeHidden();
    await menu.getByTestId('menu-e2eAlways').click();
    await menu.getByTestId('menu-e2eAlwaysChild').click();
    await expect(page).toHaveURL(/\/e2e\/always\/contact$/);
    await expect(menu.getByTestId('menu-e2eLifted')).toHaveCount(0);
    await expect(menu.getByTestId('menu-e2eLiftedChild')).toBeVisible();
    await menu.getByTestId('menu-e2eLiftedChild').click();
    await expect(page).toHaveURL(/\/e2e\/lifted\/recharge$/);
    await expect(page.getByTestId('page-title')).toHaveText('Recharge');
  });

  test('an entry whose component key the console does not know shows the not-found page', async ({
    page,
  }) => {
    await page.goto('/e2e/missing');
    await expect(page.getByText('Page not found')).toBeVisible();
    // The side menu leaves out what cannot open; a real screen still opens after it.
    await expect(page.getByTestId('side-menu').getByText('Missing screen')).toHaveCount(0);
    await page.getByTestId('side-menu').getByTestId('menu-home').click();
    await expect(page.getByTestId('current-user')).toBeVisible();
  });

  test('a deep link highlights its entry and opens the groups above it', async ({ page }) => {
    const menu = page.getByTestId('side-menu');
    await page.goto('/system/loginLog');
    await expect(menu.locator('.ant-menu-item-selected')).toHaveText('Login log');
    await expect(menu.locator('.ant-menu-submenu-open')).toContainText('System');
    await expect(menu.getByTestId('menu-systemUser')).toBeVisible();

    await page.goto('/e2e/always/contact');
    await expect(menu.locator('.ant-menu-item-selected')).toHaveText('Only child');
    await expect(menu.locator('.ant-menu-submenu-open')).toContainText('Always group');
    await expect(menu.locator('.ant-menu-submenu-open')).not.toContainText('System');
  });

  test('an external link opens in a new tab; an internal url opens in the iframe screen', async ({
    page,
    context,
  }) => {
    await context.route('https://docs.e2e.test/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>External docs</h1>' }),
    );
    const menu = page.getByTestId('side-menu');
    const popup = context.waitForEvent('page');
    await menu.getByTestId('menu-e2eExternal').click();
    const opened = await popup;
    await expect(opened).toHaveURL('https://docs.e2e.test/guide');
    await opened.close();
    // The console stays where it was.
    await expect(page).toHaveURL(/\/home\/Home$/);

    await menu.getByTestId('menu-e2eFramed').click();
    await expect(page).toHaveURL(/\/e2e\/framed$/);
    await expect(page.getByTestId('iframe-screen')).toHaveAttribute('src', 'http://frame.e2e.test/page');
    await expect(
      page.frameLocator('[data-testid="iframe-screen"]').getByText('Framed content'),
    ).toBeVisible();
    await expect(menu.locator('.ant-menu-item-selected')).toHaveText('Framed page');
  });
});
