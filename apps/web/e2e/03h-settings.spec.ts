import { expect, type Page, test } from '@playwright/test';
import { presetSettings, SCREENSHOTS, signIn, switchLanguage } from './support';

const setting = (page: Page, name: string) => page.getByTestId(`setting-${name}`);
const radio = (page: Page, name: string, label: string) =>
  setting(page, name).getByText(label, { exact: true });
const stored = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('switchboard.settings') ?? 'null') as Record<string, unknown> | null,
  );

async function openDrawer(page: Page) {
  await page.getByTestId('settings-button').click();
  await expect(page.getByTestId('settings-drawer')).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('settings apply at once, follow their constraints, survive a reload and reset to defaults', async ({
  page,
}) => {
  await page.goto('/user/login');
  await signIn(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await openDrawer(page);
  const drawer = page.getByTestId('settings-drawer');
  await expect(drawer).toBeVisible();
  await expect
    .poll(async () => (await page.locator('.ant-drawer-content-wrapper').boundingBox())?.width)
    .toBe(300);

  // Defaults: dark side menu, fixed width (Fluid only with the top menu), fixed header and sidebar.
  await expect(page.getByTestId('sider')).toHaveClass(/ant-layout-sider-dark/);
  await expect(setting(page, 'contentWidth').locator('input[value="Fluid"]')).toBeDisabled();
  await expect(setting(page, 'fixedHeader')).toHaveAttribute('aria-checked', 'true');
  await expect(setting(page, 'fixSiderbar')).toHaveAttribute('aria-checked', 'true');
  await expect(setting(page, 'autoHideHeader')).toHaveAttribute('aria-checked', 'false');
  await expect(setting(page, 'multipage')).toHaveAttribute('aria-checked', 'false');

  // Menu theme.
  await radio(page, 'navTheme', 'Light').click();
  await expect(page.getByTestId('sider')).toHaveClass(/ant-layout-sider-light/);

  // Hide header on scroll needs a fixed header.
  await setting(page, 'fixedHeader').click();
  await expect(setting(page, 'autoHideHeader')).toBeDisabled();
  await setting(page, 'fixedHeader').click();
  await expect(setting(page, 'autoHideHeader')).toBeEnabled();
  await setting(page, 'autoHideHeader').click();
  await expect(setting(page, 'autoHideHeader')).toHaveAttribute('aria-checked', 'true');

  // Theme colour: a preset recolours primary buttons at once.
  await page.getByTestId('color-1677FF').click();
  await expect(page.getByTestId('settings-reset')).toBeVisible();
  await expect.poll(() => stored(page).then((s) => s?.primaryColor)).toBe('#1677FF');

  // Colour-weak mode filters the page.
  await setting(page, 'colorWeak').click();
  await expect(page.locator('html')).toHaveClass(/color-weak/);

  // Top menu: Fluid becomes selectable, the fixed sidebar is not available.
  await radio(page, 'layout', 'Top menu').click();
  await expect(page.getByTestId('basic-layout')).toHaveAttribute('data-layout', 'topmenu');
  await expect(page.getByTestId('sider')).toHaveCount(0);
  await expect(setting(page, 'fixSiderbar')).toBeDisabled();
  await radio(page, 'contentWidth', 'Fluid').click();
  await expect(setting(page, 'contentWidth').locator('input[value="Fluid"]')).toBeChecked();

  // Multi-tab mode.
  await setting(page, 'multipage').click();
  await expect(page.getByTestId('page-tabs')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/settings-en-US.png` });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-drawer')).toBeHidden();
  await switchLanguage(page, 'zh-CN');
  await openDrawer(page);
  await expect(page.getByTestId('settings-drawer')).toContainText('多页签模式');
  await page.screenshot({ path: `${SCREENSHOTS}/settings-zh-CN.png` });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-drawer')).toBeHidden();
  await switchLanguage(page, 'en-US');

  // Everything survives a reload.
  await page.reload();
  await expect(page.getByTestId('basic-layout')).toHaveAttribute('data-layout', 'topmenu');
  await expect(page.locator('html')).toHaveClass(/color-weak/);
  await expect(page.getByTestId('page-tabs')).toBeVisible();
  expect(await stored(page)).toMatchObject({
    navTheme: 'light',
    layout: 'topmenu',
    contentWidth: 'Fluid',
    primaryColor: '#1677FF',
    colorWeak: true,
    multipage: true,
    fixSiderbar: false,
    autoHideHeader: true,
  });

  // Back to the side menu: Fluid is not allowed there and falls back to Fixed.
  await openDrawer(page);
  await radio(page, 'layout', 'Side menu').click();
  await expect(setting(page, 'contentWidth').locator('input[value="Fixed"]')).toBeChecked();

  // Reset.
  await page.getByTestId('settings-reset').click();
  await expect(page.locator('html')).not.toHaveClass(/color-weak/);
  await expect(page.getByTestId('sider')).toHaveClass(/ant-layout-sider-dark/);
  await expect(page.getByTestId('page-tabs')).toHaveCount(0);
  expect(await stored(page)).toBeNull();
});

test('stored settings are validated: bad values fall back to the defaults', async ({ page }) => {
  await presetSettings(page, { navTheme: 'purple', layout: 'topmenu', contentWidth: 7, colorWeak: 'yes' });
  await page.goto('/user/login');
  await signIn(page, 'agentcustomer');
  await expect(page.getByTestId('current-user')).toBeVisible();
  // The valid value (top menu) is kept, the others are defaults.
  await expect(page.getByTestId('basic-layout')).toHaveAttribute('data-layout', 'topmenu');
  await expect(page.locator('html')).not.toHaveClass(/color-weak/);
  await openDrawer(page);
  await expect(setting(page, 'navTheme').locator('input[value="dark"]')).toBeChecked();
  await expect(setting(page, 'contentWidth').locator('input[value="Fixed"]')).toBeChecked();
});
