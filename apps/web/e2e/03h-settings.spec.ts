import type { Page } from '@playwright/test';
import { expect, presetSettings, SCREENSHOTS, signIn, switchLanguage, test } from './support';

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
    // The top menu disables the fixed sidebar without forgetting that the user wants it.
    fixSiderbar: true,
    autoHideHeader: true,
  });

  // Back to the side menu: Fluid is not allowed there and shows as Fixed; the fixed sidebar the
  // user had chosen is back.
  await openDrawer(page);
  await radio(page, 'layout', 'Side menu').click();
  await expect(setting(page, 'contentWidth').locator('input[value="Fixed"]')).toBeChecked();
  await expect(setting(page, 'fixSiderbar')).toBeEnabled();
  await expect(setting(page, 'fixSiderbar')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('sider')).toHaveAttribute('data-fixed', 'true');
  // And the top menu again brings back the Fluid width chosen there.
  await radio(page, 'layout', 'Top menu').click();
  await expect(setting(page, 'contentWidth').locator('input[value="Fluid"]')).toBeChecked();
  await expect(setting(page, 'fixSiderbar')).toHaveAttribute('aria-checked', 'false');
  await radio(page, 'layout', 'Side menu').click();
  await expect(page.getByTestId('sider')).toHaveAttribute('data-fixed', 'true');

  // Reset.
  await page.getByTestId('settings-reset').click();
  await expect(page.locator('html')).not.toHaveClass(/color-weak/);
  await expect(page.getByTestId('sider')).toHaveClass(/ant-layout-sider-dark/);
  await expect(page.getByTestId('page-tabs')).toHaveCount(0);
  expect(await stored(page)).toBeNull();
});

/** Closes the drawer (its mask locks the page's scrolling while open). */
async function closeDrawer(page: Page) {
  // The close button, not Escape: Escape only reaches the drawer while focus is inside it, and a
  // radio or the colour picker's pop-up can have taken focus elsewhere.
  await page.locator('.ant-drawer-close').click();
  await expect(page.getByTestId('settings-drawer')).toBeHidden();
}

const scrollTo = (page: Page, y: number) => page.evaluate((top) => window.scrollTo(0, top), y);
const top = async (page: Page, testId: string) => (await page.getByTestId(testId).boundingBox())?.y;
const css = (page: Page, testId: string, property: string) =>
  page.getByTestId(testId).evaluate((el, name) => getComputedStyle(el).getPropertyValue(name), property);

test('each setting changes the page: colour, header, sidebar, content width and menu theme', async ({
  page,
}) => {
  // A low window, so the user list is longer than it.
  await page.setViewportSize({ width: 1280, height: 420 });
  await page.goto('/user/login');
  await signIn(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto('/system/user');
  await expect(page.getByTestId('user-table')).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
    .toBeGreaterThan(300);
  const submit = 'query-submit';

  // Theme colour: the default, then a preset, then a colour typed into the picker, each at once.
  await expect.poll(() => css(page, submit, 'background-color')).toBe('rgb(36, 147, 110)');
  await openDrawer(page);
  await page.getByTestId('color-722ED1').click();
  await expect.poll(() => css(page, submit, 'background-color')).toBe('rgb(114, 46, 209)');
  await page.getByTestId('color-picker').click();
  const hex = page.locator('.ant-color-picker-input input').first();
  await hex.fill('13A8A8');
  await expect.poll(() => css(page, submit, 'background-color')).toBe('rgb(19, 168, 168)');
  await expect.poll(() => stored(page).then((s) => s?.primaryColor)).toBe('#13A8A8');
  await page.keyboard.press('Escape');

  // Menu theme: the sider's background.
  await expect.poll(() => css(page, 'sider', 'background-color')).toBe('rgb(0, 21, 41)');
  await radio(page, 'navTheme', 'Light').click();
  await expect.poll(() => css(page, 'sider', 'background-color')).toBe('rgb(255, 255, 255)');
  await closeDrawer(page);

  // Fixed header and fixed sidebar (the defaults): both stay in view on a scrolled page.
  expect(['fixed', 'sticky']).toContain(await css(page, 'sider', 'position'));
  await scrollTo(page, 300);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
  await expect.poll(() => top(page, 'header')).toBe(0);
  await expect.poll(() => top(page, 'sider')).toBe(0);

  // Neither fixed: both scroll away with the page.
  await scrollTo(page, 0);
  await openDrawer(page);
  await setting(page, 'fixedHeader').click();
  await setting(page, 'fixSiderbar').click();
  await closeDrawer(page);
  expect(['fixed', 'sticky']).not.toContain(await css(page, 'sider', 'position'));
  await scrollTo(page, 300);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
  await expect.poll(() => top(page, 'header')).toBe(-300);
  await expect.poll(() => top(page, 'sider')).toBe(-300);

  // Hide header on scroll (with the fixed header): gone while scrolling down, back on scrolling up.
  await scrollTo(page, 0);
  await openDrawer(page);
  await setting(page, 'fixedHeader').click();
  await setting(page, 'autoHideHeader').click();
  await closeDrawer(page);
  await expect.poll(() => top(page, 'header')).toBe(0);
  await scrollTo(page, 200);
  await expect.poll(() => top(page, 'header')).toBe(-64);
  await expect(page.getByTestId('header')).not.toBeInViewport();
  await scrollTo(page, 300);
  await expect.poll(() => top(page, 'header')).toBe(-64);
  await scrollTo(page, 150);
  await expect.poll(() => top(page, 'header')).toBe(0);
  await expect(page.getByTestId('header')).toBeInViewport();
  // Turned off again: scrolling down leaves the header in place.
  await openDrawer(page);
  await setting(page, 'autoHideHeader').click();
  await closeDrawer(page);
  await scrollTo(page, 350);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(150);
  await expect.poll(() => top(page, 'header')).toBe(0);

  // Content width with the top menu, in a wide window: Fixed is at most 1200 px and centred,
  // Fluid takes the whole width.
  await page.setViewportSize({ width: 1600, height: 800 });
  await openDrawer(page);
  await radio(page, 'layout', 'Top menu').click();
  await closeDrawer(page);
  await expect(page.getByTestId('basic-layout')).toHaveAttribute('data-layout', 'topmenu');
  const content = async () => page.getByTestId('content').boundingBox();
  const fullWidth = () => page.evaluate(() => document.documentElement.clientWidth);
  await expect.poll(async () => (await content())?.width).toBe(1200);
  await expect.poll(async () => (await content())?.x).toBe(((await fullWidth()) - 1200) / 2);
  await openDrawer(page);
  await radio(page, 'contentWidth', 'Fluid').click();
  await closeDrawer(page);
  expect(await fullWidth()).toBeGreaterThan(1500);
  await expect.poll(async () => (await content())?.width).toBe(await fullWidth());
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
