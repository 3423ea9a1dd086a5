import { expect, openUserMenu, presetSettings, publish, SCREENSHOTS, signIn, test } from './support';

test.beforeEach(async ({ page }) => {
  await presetSettings(page, { multipage: true });
});

test('at 1000 px the sidebar is collapsed to 80 px; tabs show', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.goto('/user/login');
  await signIn(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await expect.poll(async () => (await page.getByTestId('sider').boundingBox())?.width).toBe(80);
  await expect(page.getByTestId('page-tabs')).toBeVisible();
  await expect(page.getByTestId('header-item-language')).toBeVisible();
});

test('at 700 px the menu is a drawer and there are no tabs', async ({ page }) => {
  await page.setViewportSize({ width: 700, height: 900 });
  await page.goto('/user/login');
  await signIn(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await expect(page.getByTestId('basic-layout')).toHaveAttribute('data-layout', 'mobile');
  await expect(page.getByTestId('sider')).toHaveCount(0);
  await expect(page.getByTestId('page-tabs')).toHaveCount(0);
  await page.getByTestId('mobile-menu-button').click();
  const drawer = page.getByTestId('mobile-menu');
  await expect(drawer).toBeVisible();
  await drawer.getByTestId('menu-companies').click();
  await expect(page).toHaveURL(/\/company\/list$/);
  await expect(drawer).toBeHidden();
  await page.screenshot({ path: `${SCREENSHOTS}/mobile-700-en-US.png` });
});

test('at 390 px header items are hidden, the user menu stays, and announcements still pop up', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/user/login');
  await signIn(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  for (const key of ['testTool', 'recharge', 'contact', 'language']) {
    await expect(page.getByTestId(`header-item-${key}`)).toHaveCount(0);
  }
  await expect(page.getByTestId('notice-bell')).toHaveCount(0);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/mobile-390-en-US.png` });
  // No bell icon, but the notices socket is still there: an urgent message opens by itself.
  const title = `Narrow screen notice ${Date.now()}`;
  await publish(request, { titile: title, msgCategory: '2', openType: '1', priority: 'H' });
  await expect(page.getByRole('dialog').getByTestId('notice-title')).toHaveText(title);
});

test('at 390 px the language is changed from the user menu, which offers no department switch to a user with one', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/user/login');
  await signIn(page, 'customer');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await expect(page.getByTestId('header-item-language')).toHaveCount(0);
  await openUserMenu(page);
  // One department: nothing to switch to.
  await expect(page.getByTestId('switch-department')).toHaveCount(0);
  await page.getByTestId('user-menu-language-zh-CN').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByTestId('breadcrumb')).toContainText('首页');
  await openUserMenu(page);
  await expect(page.getByRole('menu').getByText('语言')).toBeVisible();
  await expect(page.getByTestId('user-menu-language-zh-CN')).toHaveAttribute('aria-current', 'true');
  await page.screenshot({ path: `${SCREENSHOTS}/mobile-390-user-menu-zh-CN.png` });
  await page.getByTestId('user-menu-language-en-US').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
});
