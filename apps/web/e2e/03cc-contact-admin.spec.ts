import type { Browser, Locator, Page } from '@playwright/test';
import {
  expect,
  expectToast,
  fieldErrors,
  recordToasts,
  SCREENSHOTS,
  signIn,
  switchLanguage,
  test,
} from './support';

/**
 * The support contact screen: each change the administrator makes shows on the sign-in page's
 * Contact us dropdown (a visitor without a session) and on /contactUs (a signed-in customer).
 */

const VIEWPORT = { width: 1280, height: 800 };

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'en-US',
    viewport: VIEWPORT,
  });
  const page = await context.newPage();
  await recordToasts(page);
  return page;
}

/** The sign-in page's Contact us entries, freshly loaded. */
async function loginDropdown(guest: Page): Promise<Locator> {
  const loaded = guest.waitForResponse((r) => r.url().includes('/api/outApi/contactInfo') && r.ok());
  await guest.goto('/user/login');
  await loaded;
  await guest.getByTestId('contact-us').click();
  const menu = guest.getByTestId('contact-menu');
  await expect(menu).toBeVisible();
  return menu;
}

async function closeDropdown(guest: Page) {
  await guest.getByTestId('contact-us').click();
  await expect(guest.getByTestId('contact-menu')).toHaveCount(0);
}

/** /contactUs, freshly loaded. */
async function contactPage(customer: Page): Promise<Locator> {
  await customer.reload();
  const card = customer.locator('.ant-card').filter({ has: customer.locator('.ant-card-head-title') });
  await expect(card.locator('.ant-card-head-title')).toBeVisible();
  // Loaded: the list (or its empty state) is there, not the skeleton.
  await expect(card.locator('.ant-list, .ant-empty')).toBeVisible();
  return card;
}

function contactRow(admin: Page, name: string): Locator {
  return admin.locator('tr.ant-table-row').filter({ has: admin.getByRole('cell', { name, exact: true }) });
}

async function contactForm(admin: Page, title: string): Promise<Locator> {
  const form = admin.getByRole('dialog').filter({ has: admin.getByTestId('contact-form') });
  await expect(form.locator('.ant-modal-title')).toHaveText(title);
  return form;
}

async function save(admin: Page, form: Locator) {
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expectToast(admin, 'Contact saved');
}

test('support contacts added, edited, hidden and deleted on the admin screen show on the sign-in page and /contactUs', async ({
  page: admin,
  browser,
}) => {
  // A long journey of several pages and sign-ins.
  test.slow();
  await admin.setViewportSize(VIEWPORT);
  const id = Date.now() % 1_000_000;
  const name = `Night desk ${id}`;
  const account = `@night_desk_${id}`;
  const renamed = `Night and weekend desk ${id}`;
  const link = `https://t.me/weekend_desk_${id}`;

  const guest = await newPage(browser);
  const customer = await newPage(browser);
  await customer.goto('/user/login');
  await signIn(customer, 'customer2');
  await expect(customer.getByTestId('current-user')).toBeVisible();
  await customer.goto('/contactUs');
  await expect(customer.locator('.ant-card-head-title')).toHaveText('Contact us');

  await admin.goto('/user/login');
  await signIn(admin, 'admin');
  await expect(admin.getByTestId('current-user')).toBeVisible();
  await admin.getByTestId('side-menu').getByTestId('menu-system').click();
  await admin.getByTestId('side-menu').getByRole('menuitem', { name: 'Support' }).click();
  await expect(admin).toHaveURL(/\/system\/contact$/);

  // Add: checked first, then saved.
  await admin.getByTestId('contact-add').click();
  let form = await contactForm(admin, 'New support contact');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Telegram').fill('night desk');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(fieldErrors(form)).toHaveText('Telegram is invalid');
  await form.getByLabel('Telegram').fill(account);
  await form.getByLabel('Order').fill('5');
  await save(admin, form);
  await expect(contactRow(admin, name)).toContainText(account);
  await expect(contactRow(admin, name).locator('.ant-tag')).toHaveText('Shown');

  let menu = await loginDropdown(guest);
  await expect(menu.getByTestId('support-contact').filter({ hasText: name })).toHaveText(
    `${name}: ${account}`,
  );
  await closeDropdown(guest);
  let page = await contactPage(customer);
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByText(account, { exact: true })).toBeVisible();

  // Edit: new name and a t.me link.
  await contactRow(admin, name).getByRole('button', { name: 'Edit' }).click();
  form = await contactForm(admin, 'Edit support contact');
  await expect(form.getByLabel('Telegram')).toHaveValue(account);
  await form.getByLabel('Name').fill(renamed);
  await form.getByLabel('Telegram').fill(link);
  await save(admin, form);
  await expect(contactRow(admin, renamed)).toContainText(link);
  await expect(contactRow(admin, name)).toHaveCount(0);

  menu = await loginDropdown(guest);
  await expect(menu.getByTestId('support-contact').filter({ hasText: renamed })).toHaveText(
    `${renamed}: ${link}`,
  );
  await expect(menu.getByTestId('support-contact').filter({ hasText: account })).toHaveCount(0);
  await guest.screenshot({ path: `${SCREENSHOTS}/contact-login-en-US.png` });
  await closeDropdown(guest);
  page = await contactPage(customer);
  await expect(page.getByText(renamed, { exact: true })).toBeVisible();
  await expect(page.getByText(link, { exact: true })).toBeVisible();
  await expect(page.getByText(name, { exact: true })).toHaveCount(0);
  // In Chinese too.
  await switchLanguage(customer, 'zh-CN');
  await expect(customer.locator('.ant-card-head-title')).toHaveText('联系我们');
  await expect(page.getByRole('button', { name: `复制 ${link}` })).toBeVisible();
  await customer.screenshot({ path: `${SCREENSHOTS}/contact-us-zh-CN.png` });
  await switchLanguage(customer, 'en-US');

  // Hidden from display: gone from both places, still listed for the administrator.
  await contactRow(admin, renamed).getByRole('button', { name: 'Edit' }).click();
  form = await contactForm(admin, 'Edit support contact');
  await expect(form.getByRole('switch', { name: 'Shown to customers' })).toBeChecked();
  await form.getByRole('switch', { name: 'Shown to customers' }).click();
  await save(admin, form);
  await expect(contactRow(admin, renamed).locator('.ant-tag')).toHaveText('Hidden');

  menu = await loginDropdown(guest);
  await expect(menu.getByTestId('support-contact').filter({ hasText: renamed })).toHaveCount(0);
  await closeDropdown(guest);
  page = await contactPage(customer);
  await expect(page.getByText(renamed, { exact: true })).toHaveCount(0);

  // Shown again, then deleted after a confirmation.
  await contactRow(admin, renamed).getByRole('button', { name: 'Edit' }).click();
  form = await contactForm(admin, 'Edit support contact');
  await form.getByRole('switch', { name: 'Shown to customers' }).click();
  await save(admin, form);
  menu = await loginDropdown(guest);
  await expect(menu.getByTestId('support-contact').filter({ hasText: renamed })).toBeVisible();
  await closeDropdown(guest);

  await contactRow(admin, renamed).getByRole('button', { name: 'Delete' }).click();
  const confirm = admin.locator('.ant-modal-confirm:visible');
  await expect(confirm).toContainText(`Delete ${renamed}?`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(admin, 'Contact deleted');
  await expect(contactRow(admin, renamed)).toHaveCount(0);
  await admin.screenshot({ path: `${SCREENSHOTS}/contacts-en-US.png` });

  menu = await loginDropdown(guest);
  await expect(menu.getByTestId('support-contact').filter({ hasText: renamed })).toHaveCount(0);
  await closeDropdown(guest);
  page = await contactPage(customer);
  await expect(page.getByText(renamed, { exact: true })).toHaveCount(0);

  await guest.context().close();
  await customer.context().close();
});

test('the customer group link set on the contact screen heads the Contact us menu', async ({
  page: admin,
  browser,
}) => {
  // A long journey of several pages and sign-ins.
  test.slow();
  await admin.setViewportSize(VIEWPORT);
  const link = `https://t.me/+switchboard_${Date.now()}`;
  await admin.goto('/user/login');
  await signIn(admin, 'admin');
  await expect(admin.getByTestId('current-user')).toBeVisible();
  await admin.goto('/system/contact');
  const field = admin.getByLabel('Customer group link');
  // By test id: after a save, antd's loading icon can linger (leaving, zero wide, labelled
  // "loading") in a page in the background, which changes the button's accessible name.
  const save = admin.getByTestId('group-link-save');
  await expect(save).toHaveText('Save');
  await field.fill('not a link');
  await save.click();
  await expect(admin.getByText('Please enter a full link starting with https://')).toBeVisible();
  await field.fill(link);
  await save.click();
  await expectToast(admin, 'Group link saved');

  const guest = await newPage(browser);
  try {
    const menu = await loginDropdown(guest);
    await expect(menu.getByTestId('contact-group-link')).toHaveAttribute('href', link);
  } finally {
    // Leave the sign-in page as it was.
    await field.fill('');
    await save.click();
    await expectToast(admin, 'Group link saved');
  }
  const menu = await loginDropdown(guest);
  await expect(menu.getByTestId('contact-group-link')).toHaveCount(0);
  await guest.context().close();
});
