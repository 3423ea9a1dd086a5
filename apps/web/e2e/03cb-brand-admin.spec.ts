import type { Browser, Locator, Page } from '@playwright/test';
import {
  adminAdd,
  expect,
  expectToast,
  fieldErrors,
  recordToasts,
  SCREENSHOTS,
  signIn,
  switchLanguage,
  test,
  toastsShown,
} from './support';

/**
 * The brand admin screen. The administrator works on the suite's address (127.0.0.1); the brand is
 * mapped to "localhost", the same server under another host name, so a second browser visiting
 * http://localhost:<port> is a visitor of that domain.
 */

const VIEWPORT = { width: 1280, height: 800 };
/** A 4 × 4 green PNG. */
const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGNQmZwHRwzEcQDXwxJRiUc7NQAAAABJRU5ErkJggg==',
  'base64',
);
const LOGO_DATA_URL = `data:image/png;base64,${LOGO.toString('base64')}`;
/** A PNG header followed by padding: over the 200 kB limit. */
const HUGE_LOGO = Buffer.concat([LOGO, Buffer.alloc(201 * 1024)]);

function visitingDomainURL(): string {
  const base = new URL(String(test.info().project.use.baseURL));
  base.hostname = 'localhost';
  return base.origin;
}

async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: visitingDomainURL(),
    locale: 'en-US',
    viewport: VIEWPORT,
  });
  const page = await context.newPage();
  await recordToasts(page);
  return page;
}

/**
 * Holds the page's brand requests until the returned release is called (later ones then pass
 * straight through).
 */
async function holdBrand(page: Page): Promise<() => Promise<void>> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/sys/customerBrand*', async (route) => {
    await held;
    await route.fallback();
  });
  return async () => release();
}

function brandRow(admin: Page, domain: string): Locator {
  return admin
    .locator('tr.ant-table-row')
    .filter({ has: admin.getByRole('cell', { name: domain, exact: true }) });
}

async function openBrandForm(admin: Page, title: string | RegExp): Promise<Locator> {
  const form = admin.getByRole('dialog').filter({ has: admin.getByTestId('brand-form') });
  await expect(form).toBeVisible();
  await expect(form.locator('.ant-modal-title')).toHaveText(title);
  return form;
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(VIEWPORT);
});

test('a brand created on the brand screen renames the console on its domain, and its flags hide what they say', async ({
  page: admin,
  browser,
}) => {
  // A long journey of several pages and sign-ins.
  test.slow();
  const brandName = `Lighthouse Telecom ${Date.now() % 100_000}`;

  await admin.goto('/user/login');
  await signIn(admin, 'admin');
  await expect(admin.getByTestId('current-user')).toBeVisible();
  await admin.getByTestId('side-menu').getByTestId('menu-system').click();
  await admin.getByTestId('side-menu').getByRole('menuitem', { name: 'Brands' }).click();
  await expect(admin).toHaveURL(/\/system\/brand$/);

  await admin.getByTestId('brand-add').click();
  let form = await openBrandForm(admin, 'New brand');
  await form.getByLabel('Domain').fill('localhost');
  await form.getByLabel('Brand name').fill(brandName);
  await form
    .locator('input[type=file]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO });
  await expect(form.getByTestId('logo-preview')).toHaveAttribute('src', LOGO_DATA_URL);
  await form.getByRole('switch', { name: 'Main brand' }).click();
  await form.getByRole('switch', { name: 'Hide recharge' }).click();
  await form.getByRole('switch', { name: 'Hide language switch' }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(admin, 'Brand saved');
  await expect(form).toBeHidden();
  const row = brandRow(admin, 'localhost');
  await expect(row).toContainText(brandName);
  await expect(row.getByRole('img', { name: brandName })).toHaveAttribute('src', LOGO_DATA_URL);
  await expect(row.locator('.ant-tag')).toHaveText(['Yes', 'Yes', 'Yes']);
  await admin.screenshot({ path: `${SCREENSHOTS}/brands-en-US.png` });

  // The domain's visitors: nothing brand-specific until the brand has arrived (never the default
  // brand's name or its language switch first)…
  const guest = await visitor(browser);
  let releaseBrand = await holdBrand(guest);
  await guest.goto('/user/login');
  await expect(guest.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(guest.getByTestId('brand-name')).toHaveText('');
  await expect(guest.locator('body')).not.toContainText('Switchboard');
  await expect(guest.getByTestId('language-switch')).toHaveCount(0);
  await expect(guest.getByTestId('contact-us')).toHaveCount(0);
  await releaseBrand();
  // …then its name and logo on the login page, Contact us (main brand), no language switch.
  await expect(guest.getByTestId('brand-name')).toHaveText(brandName);
  await expect(guest.getByTestId('brand-logo')).toHaveAttribute('src', LOGO_DATA_URL);
  await expect(guest.getByTestId('contact-us')).toBeVisible();
  await expect(guest.getByTestId('language-switch')).toHaveCount(0);
  await guest.screenshot({ path: `${SCREENSHOTS}/brand-login-localhost.png` });
  // Signed in: the console frame carries the brand; recharge and language are hidden.
  await signIn(guest, 'agentcustomer');
  await expect(guest.getByTestId('current-user')).toBeVisible();
  await expect(guest.getByTestId('console-brand')).toContainText(brandName);
  await expect(guest.getByTestId('console-brand').getByTestId('brand-logo')).toHaveAttribute(
    'src',
    LOGO_DATA_URL,
  );
  await expect(guest.getByTestId('header-item-contact')).toBeVisible();
  await expect(guest.getByTestId('header-recharge')).toHaveCount(0);
  await expect(guest.getByTestId('language-switch')).toHaveCount(0);
  await guest.screenshot({ path: `${SCREENSHOTS}/brand-console-localhost.png` });
  // The console frame too waits for the brand: no default name, recharge link or language switch.
  releaseBrand = await holdBrand(guest);
  await guest.reload();
  await expect(guest.getByTestId('current-user')).toBeVisible();
  await expect(guest.getByTestId('console-brand')).toHaveText('');
  await expect(guest.getByTestId('header-recharge')).toHaveCount(0);
  await expect(guest.getByTestId('language-switch')).toHaveCount(0);
  await expect(guest.getByTestId('contact-us')).toHaveCount(0);
  await releaseBrand();
  await expect(guest.getByTestId('console-brand')).toContainText(brandName);
  await expect(guest.getByTestId('header-item-contact')).toBeVisible();
  await expect(guest.getByTestId('header-recharge')).toHaveCount(0);
  // The administrator's own domain keeps the default brand.
  await expect(admin.getByTestId('console-brand')).toContainText('Switchboard');
  await expect(admin.getByTestId('header-recharge')).toBeVisible();

  // Flags off, not the main brand: recharge and language come back, Contact us goes.
  await brandRow(admin, 'localhost').getByRole('button', { name: 'Edit' }).click();
  form = await openBrandForm(admin, 'Edit brand');
  await expect(form.getByLabel('Domain')).toHaveValue('localhost');
  await expect(form.getByRole('switch', { name: 'Hide recharge' })).toBeChecked();
  await form.getByRole('switch', { name: 'Main brand' }).click();
  await form.getByRole('switch', { name: 'Hide recharge' }).click();
  await form.getByRole('switch', { name: 'Hide language switch' }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(brandRow(admin, 'localhost').locator('.ant-tag')).toHaveText(['No', 'No', 'No']);
  await guest.reload();
  await expect(guest.getByTestId('console-brand')).toContainText(brandName);
  await expect(guest.getByTestId('header-recharge')).toBeVisible();
  await expect(guest.getByTestId('language-switch')).toBeVisible();
  await expect(guest.getByTestId('header-item-contact')).toBeEmpty();

  // Deleted (after a confirmation): the domain gets the default brand again.
  await brandRow(admin, 'localhost').getByRole('button', { name: 'Delete' }).click();
  const confirm = admin.locator('.ant-modal-confirm:visible');
  await expect(confirm).toContainText('Delete the brand of localhost?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(admin, 'Brand deleted');
  await expect(brandRow(admin, 'localhost')).toHaveCount(0);
  await guest.reload();
  await expect(guest.getByTestId('console-brand')).toContainText('Switchboard');
  await expect(guest.getByTestId('console-brand').getByTestId('brand-logo')).toHaveCount(0);
  await guest.context().close();
});

test('the brand form says what is wrong in the user’s language: a taken domain, a too large logo', async ({
  page: admin,
  request,
}) => {
  // A long journey of several pages and sign-ins.
  test.slow();
  await admin.goto('/user/login');
  await signIn(admin, 'admin');
  await expect(admin.getByTestId('current-user')).toBeVisible();
  // A brand that already has the domain.
  const taken = await adminAdd(request, 'brand', { domain: 'taken.example.com', brandName: 'Taken' });
  try {
    await admin.goto('/system/brand');
    await admin.getByTestId('brand-add').click();
    let form = await openBrandForm(admin, 'New brand');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(fieldErrors(form)).toHaveText([/Domain/, /Brand name/]);
    await form.getByLabel('Domain').fill('Taken.Example.com');
    await form.getByLabel('Brand name').fill('Second');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(fieldErrors(form)).toHaveText('This domain already has a brand');
    await form.locator('input[type=file]').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: HUGE_LOGO,
    });
    // Said under the logo field, not in a passing pop-up.
    const logoField = form.locator('.ant-form-item').filter({ has: admin.getByTestId('logo-upload') });
    await expect(fieldErrors(logoField)).toHaveText('The logo must be at most 200 kB');
    // Neither antd's pop-up nor the console's own notices say it.
    await expect(
      admin.locator('.ant-message, .sb-notices').getByText('The logo must be at most 200 kB'),
    ).toHaveCount(0);
    expect(toastsShown(admin)).not.toContain('The logo must be at most 200 kB');
    await expect(form.getByTestId('logo-preview')).toHaveCount(0);
    // A good file replaces the error with the preview.
    await form
      .locator('input[type=file]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO });
    await expect(form.getByTestId('logo-preview')).toHaveAttribute('src', LOGO_DATA_URL);
    await expect(fieldErrors(logoField)).toHaveCount(0);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();

    await switchLanguage(admin, 'zh-CN');
    await admin.getByTestId('brand-add').click();
    form = await openBrandForm(admin, '新增品牌');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await expect(fieldErrors(form)).toHaveText([/域名/, /品牌名称/]);
    await form.getByLabel('域名').fill('taken.example.com');
    await form.getByLabel('品牌名称').fill('第二品牌');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await expect(fieldErrors(form)).toHaveText('该域名已配置品牌');
    await form.locator('input[type=file]').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: HUGE_LOGO,
    });
    await expect(
      fieldErrors(form.locator('.ant-form-item').filter({ has: admin.getByTestId('logo-upload') })),
    ).toHaveText('标志不能超过200 kB');
    await admin.screenshot({ path: `${SCREENSHOTS}/brand-form-errors-zh-CN.png` });
    await form.getByRole('button', { name: /取\s*消/ }).click();
    await switchLanguage(admin, 'en-US');
  } finally {
    await taken.remove();
  }
});
