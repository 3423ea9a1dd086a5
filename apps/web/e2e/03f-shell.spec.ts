import { expect, signIn, switchLanguage, test } from './support';

test('the side menu comes from the server menu and highlights the current page', async ({ page }) => {
  await page.goto('/user/login');
  await signIn(page, 'admin');
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByTestId('menu-home')).toBeVisible();
  await expect(menu.locator('.ant-menu-item-selected')).toContainText('Home');
  // A label cut short by the 180 px sidebar shows its full text on hover.
  await expect(menu.getByTestId('menu-home').locator('span[title]')).toHaveAttribute('title', 'Home');
  // Hidden entries (test tool, contact us, recharge) are not in the side menu.
  await expect(menu.getByText('Test tool')).toHaveCount(0);
  await switchLanguage(page, 'zh-CN');
  await expect(menu.getByTestId('menu-home')).toContainText('首页');
  await expect(menu.getByTestId('menu-home').locator('span[title]')).toHaveAttribute('title', '首页');
  await switchLanguage(page, 'en-US');
});

test('unknown paths and screens outside the user menu show the 404 page', async ({ page }) => {
  await page.goto('/user/login');
  await signIn(page, 'customer2');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page.getByText('Page not found')).toBeVisible();
  // The test tool belongs to administrators only.
  await page.goto('/TestToolRecord');
  await expect(page.getByText('Page not found')).toBeVisible();
  // A hidden menu entry with a screen is reachable by its path.
  await page.goto('/contactUs');
  await expect(page.getByText('No support contacts yet').or(page.getByText('Support Amy'))).toBeVisible();
});

test('the sidebar is 180 px wide, and closed to 80 px below 1088 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/user/login');
  await signIn(page, 'agent');
  const sider = page.getByTestId('sider');
  await expect.poll(async () => (await sider.boundingBox())?.width).toBe(180);
  await page.setViewportSize({ width: 1000, height: 800 });
  await expect.poll(async () => (await sider.boundingBox())?.width).toBe(80);
});

test('at 1440 px no side-menu label is cut in either language, and each names its full title on hover', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/user/login');
  await signIn(page, 'admin');
  const menu = page.getByTestId('side-menu');
  await expect.poll(async () => (await page.getByTestId('sider').boundingBox())?.width).toBe(180);
  for (const group of await menu.locator('.ant-menu-submenu-title').all()) await group.click();
  await expect(menu.getByRole('menuitem', { name: 'Notices' })).toBeVisible();
  for (const locale of ['en-US', 'zh-CN'] as const) {
    if (locale === 'zh-CN') await switchLanguage(page, 'zh-CN');
    // The text's own width against the room its box gives it (an ellipsis hides the difference).
    const labels = await menu.locator('.ant-menu-title-content').evaluateAll((boxes) =>
      boxes.map((box) => {
        const text = document.createRange();
        text.selectNodeContents(box);
        return {
          label: box.textContent,
          title: box.querySelector('[title]')?.getAttribute('title'),
          cut: Math.ceil(text.getBoundingClientRect().width) > box.clientWidth,
        };
      }),
    );
    expect(labels.length).toBeGreaterThan(6);
    expect(labels.filter((l) => l.cut).map((l) => l.label)).toEqual([]);
    expect(labels.every((l) => l.title)).toBe(true);
    if (locale === 'en-US') {
      // Shorter forms where the title is too wide; the hover names the screen in full.
      expect(labels.map((l) => `${l.label}|${l.title}`)).toEqual(
        expect.arrayContaining([
          'Notices|Announcements',
          'Support|Support contacts',
          'Audit log|Operation log',
          'Payouts|Commission payouts',
        ]),
      );
    }
  }
  await switchLanguage(page, 'en-US');
});
