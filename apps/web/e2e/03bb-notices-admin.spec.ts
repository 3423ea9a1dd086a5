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
 * Announcements end to end through the screens: the administrator writes and publishes on the
 * announcement admin screen, a signed-in customer in a second browser sees them arrive, reads them,
 * finds them on the announcements page, and sees them go when they are revoked.
 */

const VIEWPORT = { width: 1280, height: 800 };

async function signedIn(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'en-US',
    viewport: VIEWPORT,
  });
  const page = await context.newPage();
  await recordToasts(page);
  await page.goto('/user/login');
  await signIn(page, username);
  await expect(page.getByTestId('current-user')).toBeVisible();
  return page;
}

/** The bell's unread total, as the badge states it ('' when there is none). */
function badge(page: Page): Locator {
  return page.getByTestId('notice-count');
}

async function expectUnread(page: Page, count: number) {
  if (count === 0) await expect(badge(page)).not.toContainText(/\d/);
  else await expect(badge(page).locator('sup.ant-badge-count')).toHaveAttribute('title', String(count));
}

/** The rendered width of the open modal as a share of the viewport, in per cent. */
function modalWidthPercent(modal: Locator) {
  // offsetWidth: the laid-out width, whatever the opening animation's scale.
  return modal.evaluate((el) => Math.round(((el as HTMLElement).offsetWidth / window.innerWidth) * 100));
}

function adminRow(admin: Page, title: string): Locator {
  return admin.locator('tr.ant-table-row').filter({ hasText: title });
}

/**
 * On the admin screen: answer the confirmation of publish, revoke or delete. What it did is
 * checked by the caller on the list (a lasting state), not on the passing success message.
 */
async function confirmAction(admin: Page, action: 'Publish' | 'Revoke' | 'Delete', title: string) {
  await adminRow(admin, title).getByRole('button', { name: action }).click();
  const dialog = admin.locator('.ant-modal-confirm:visible');
  await expect(dialog).toContainText(title);
  await dialog.getByRole('button', { name: action }).click();
  await expect(dialog).toBeHidden();
}

test('an announcement written on the admin screen reaches a chosen user live, is read, listed and revoked', async ({
  browser,
}) => {
  // A long journey of several pages and sign-ins.
  test.slow();
  const stamp = Date.now();
  const title = `Routing maintenance ${stamp}`;
  const broadcast = `All hands: billing freeze ${stamp}`;

  // The receiver starts with nothing unread (earlier specs may have published to everyone).
  const reader = await signedIn(browser, 'customer2');
  await reader.goto('/isps/userAnnouncement');
  await reader.getByTestId('notices-read-all').click();
  await reader.locator('.ant-modal-confirm').getByRole('button', { name: 'Mark all read' }).click();
  await expectToast(reader, /^\d+ marked as read$/);
  await expectUnread(reader, 0);

  // The administrator writes a formatted notice for that one user.
  const admin = await signedIn(browser, 'admin');
  await admin.getByTestId('side-menu').getByTestId('menu-system').click();
  await admin.getByTestId('side-menu').getByRole('menuitem', { name: 'Notices' }).click();
  await expect(admin).toHaveURL(/\/system\/announcement$/);
  await admin.getByTestId('announcement-add').click();
  const form = admin.getByRole('dialog').filter({ hasText: 'New announcement' });
  await expect(form).toBeVisible();
  // Saving an empty form says what is missing.
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(fieldErrors(form).first()).toBeVisible();

  await form.getByLabel('Title').fill(title);
  // The rich text editor (TipTap): typing, the toolbar, and the link dialog (no browser prompt).
  const editor = form.getByTestId('editor-area');
  await editor.click();
  await admin.keyboard.type('Routes to Kenya move at ');
  await form.getByRole('button', { name: 'Bold' }).click();
  await admin.keyboard.type('22:00 UTC');
  await form.getByRole('button', { name: 'Bold' }).click();
  await admin.keyboard.type('. See the ');
  await form.getByRole('button', { name: 'Link', exact: true }).click();
  const linkDialog = admin.getByRole('dialog', { name: 'Link' });
  await linkDialog.getByLabel('Address').fill('javascript:alert(1)');
  await linkDialog.getByRole('button', { name: 'Apply' }).click();
  await expect(fieldErrors(linkDialog)).toHaveText(
    'Enter an address starting with https://, http:// or mailto:',
  );
  await linkDialog.getByLabel('Address').fill('https://status.example.com');
  await linkDialog.getByLabel('Text').fill('status page');
  await linkDialog.getByRole('button', { name: 'Apply' }).click();
  await expect(linkDialog).toBeHidden();
  await admin.keyboard.press('Enter');
  await form.getByRole('button', { name: 'Bulleted list' }).click();
  await admin.keyboard.type('Expect short delays');
  await expect(editor.locator('strong')).toHaveText('22:00 UTC');
  await expect(editor.locator('a')).toHaveText('status page');
  await expect(editor.locator('ul > li')).toHaveText('Expect short delays');

  await form.getByRole('combobox', { name: 'Priority' }).click();
  await admin.locator('.ant-select-dropdown:visible').getByTitle('Important').click();
  await form.getByRole('radio', { name: 'Notice', exact: true }).check();
  await form.getByRole('radio', { name: 'Chosen users' }).check();
  await form.getByRole('combobox', { name: 'Users' }).click();
  await admin.keyboard.type('customer2');
  await admin.locator('.ant-select-dropdown:visible').getByTitle('Casey Customer (customer2)').click();
  await form.locator('.ant-modal-title').click(); // closes the picker (Escape would close the form)
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(admin, 'Draft created. Publish it to send it.');
  await expect(form).toBeHidden();
  await expect(adminRow(admin, title).getByTestId('announcement-status')).toHaveText('Draft');

  // Publishing: the receiver's bell counts it without a reload.
  await confirmAction(admin, 'Publish', title);
  await expect(adminRow(admin, title).getByTestId('announcement-status')).toHaveText('Published');
  await expectUnread(reader, 1);

  await reader.getByTestId('notice-bell').click();
  await expect(reader.getByTestId('notice-tab-count')).toHaveText('Notices (1)');
  await expect(reader.getByTestId('notice-list').getByTestId('notice-item')).toContainText(title);
  await reader.screenshot({ path: `${SCREENSHOTS}/notices-bell-en-US.png` });
  await reader.getByTestId('notice-bell').click();
  await expect(reader.getByTestId('notice-list')).toBeHidden();

  // In Chinese: the bell's labels, then the notice itself.
  await switchLanguage(reader, 'zh-CN');
  await reader.getByTestId('notice-bell').click();
  await expect(reader.getByTestId('notice-tab-count')).toHaveText('通知（1）');
  await expect(reader.getByTestId('notice-show-more')).toHaveText('查看更多');
  await reader.screenshot({ path: `${SCREENSHOTS}/notices-bell-zh-CN.png` });
  await reader.getByTestId('notice-list').getByText(title).click();

  const modal = reader.getByRole('dialog').filter({ has: reader.getByTestId('notice-title') });
  await expect(modal.getByTestId('notice-title')).toHaveText(title);
  await expect(modal.getByTestId('notice-meta')).toContainText('发布人：Ada Admin');
  await expect(modal.getByTestId('notice-meta')).toContainText(
    /发布时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/,
  );
  await expect(modal.getByTestId('notice-meta')).toContainText('重要');
  await expect(modal.getByTestId('notice-content').locator('strong')).toHaveText('22:00 UTC');
  // The link reaches the reader as written: a new tab, no opener.
  const link = modal.getByTestId('notice-content').getByRole('link', { name: 'status page' });
  await expect(link).toHaveAttribute('href', 'https://status.example.com');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(modal.getByTestId('notice-content').locator('li')).toHaveText('Expect short delays');
  // Opening it marked it read.
  await expectUnread(reader, 0);
  // 60 % of the viewport wide, all of it in full screen, and back.
  await expect.poll(() => modalWidthPercent(modal)).toBe(60);
  await reader.screenshot({ path: `${SCREENSHOTS}/notices-modal-zh-CN.png` });
  await modal.getByRole('button', { name: '全屏', exact: true }).click();
  await expect.poll(() => modalWidthPercent(modal)).toBe(100);
  await modal.getByRole('button', { name: '退出全屏', exact: true }).click();
  await expect.poll(() => modalWidthPercent(modal)).toBe(60);
  await modal.locator('.ant-modal-close').click();
  await expect(modal).toBeHidden();

  // Show more: the announcements page lists it as read; the filters narrow the list.
  await reader.getByTestId('notice-bell').click();
  await reader.getByTestId('notice-show-more').click();
  await expect(reader).toHaveURL(/\/isps\/userAnnouncement$/);
  // The popover belongs to the page it was opened on: it closes on the way.
  await expect(reader.getByTestId('notice-show-more')).toBeHidden();
  await expect(reader.locator('.ant-popover:not(.ant-popover-hidden)')).toHaveCount(0);
  const rows = reader.locator('tr.ant-table-row');
  const row = rows.filter({ hasText: title });
  await expect(row).toContainText('已读');
  await expect(row).toContainText('通知公告');
  // The title is readable, not cut to its first word.
  const titleCell = row.locator('td').first();
  await expect(titleCell.getByRole('button', { name: title })).toBeVisible();
  expect(await titleCell.evaluate((td) => td.scrollWidth <= td.clientWidth)).toBe(true);
  // The query form: Enter in the title searches; a changed select applies with 查询 (Search).
  await reader.getByPlaceholder('按标题搜索').fill(title);
  await reader.getByPlaceholder('按标题搜索').press('Enter');
  await expect(rows).toHaveCount(1);
  await reader.screenshot({ path: `${SCREENSHOTS}/notices-list-zh-CN.png` });
  await reader.getByRole('combobox', { name: '阅读状态' }).click();
  await reader.locator('.ant-select-dropdown:visible').getByTitle('未读', { exact: true }).click();
  await reader.getByTestId('query-submit').click();
  await expect(reader.locator('.ant-table-placeholder')).toBeVisible();
  await expect(rows).toHaveCount(0);
  await reader.getByRole('combobox', { name: '阅读状态' }).click();
  await reader.locator('.ant-select-dropdown:visible').getByTitle('已读', { exact: true }).click();
  await reader.getByTestId('query-submit').click();
  await expect(rows).toHaveCount(1);

  await switchLanguage(reader, 'en-US');
  await expect(row.locator('.ant-tag')).toHaveText(['Important', 'Read']);
  await expect(row).toContainText('Notice');
  await expect(reader.getByRole('combobox', { name: 'Read status' })).toBeVisible();
  await reader.screenshot({ path: `${SCREENSHOTS}/notices-list-en-US.png` });
  // Opened from the list, in English; closed in full screen, it opens at the normal width again.
  await row.getByRole('button', { name: 'Open' }).click();
  await expect(modal.getByTestId('notice-meta')).toContainText('Sender: Ada Admin');
  await expect(modal.getByTestId('notice-meta')).toContainText('Important');
  await expect.poll(() => modalWidthPercent(modal)).toBe(60);
  await reader.screenshot({ path: `${SCREENSHOTS}/notices-modal-en-US.png` });
  await modal.getByRole('button', { name: 'Full screen', exact: true }).click();
  await expect.poll(() => modalWidthPercent(modal)).toBe(100);
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();
  await row.getByRole('button', { name: 'Open' }).click();
  await expect(modal.getByTestId('notice-title')).toHaveText(title);
  await expect.poll(() => modalWidthPercent(modal)).toBe(60);
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();

  // A system message to everyone arrives, and goes again when it is revoked: bell and page.
  await reader.getByPlaceholder('Search by title').fill('');
  await reader.getByRole('combobox', { name: 'Read status' }).click();
  await reader.locator('.ant-select-dropdown:visible').getByTitle('Read and unread', { exact: true }).click();
  await reader.getByTestId('query-submit').click();
  await expect(reader).toHaveURL(/\/isps\/userAnnouncement$/);
  await admin.getByTestId('announcement-add').click();
  await expect(form).toBeVisible();
  await form.getByLabel('Title').fill(broadcast);
  await form.getByTestId('editor-area').click();
  await admin.keyboard.type('No top-ups between 23:00 and 23:30.');
  await form.getByRole('combobox', { name: 'Priority' }).click();
  await admin.locator('.ant-select-dropdown:visible').getByTitle('Urgent').click();
  await form.getByRole('radio', { name: 'System message' }).check();
  await form.getByRole('radio', { name: 'Everyone' }).check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await confirmAction(admin, 'Publish', broadcast);
  await expect(adminRow(admin, broadcast).getByTestId('announcement-status')).toHaveText('Published');

  await expectUnread(reader, 1);
  await expect(rows.filter({ hasText: broadcast })).toContainText('Unread');
  await reader.getByTestId('notice-bell').click();
  await expect(reader.getByTestId('system-tab-count')).toHaveText('System messages (1)');
  await reader.getByTestId('system-tab-count').click();
  await expect(reader.getByTestId('system-message-list')).toContainText(broadcast);
  await reader.getByTestId('notice-bell').click();

  await confirmAction(admin, 'Revoke', broadcast);
  await expect(adminRow(admin, broadcast).getByTestId('announcement-status')).toHaveText('Revoked');
  await expectUnread(reader, 0);
  await expect(rows.filter({ hasText: broadcast })).toHaveCount(0);
  await reader.getByTestId('notice-bell').click();
  await expect(reader.getByTestId('system-tab-count')).toHaveText('System messages (0)');
  await reader.getByTestId('notice-bell').click();

  // The first one is revoked and deleted: it leaves the receiver's page as well.
  await confirmAction(admin, 'Revoke', title);
  await expect(rows.filter({ hasText: title })).toHaveCount(0);
  await confirmAction(admin, 'Delete', title);
  await expect(adminRow(admin, title)).toHaveCount(0);

  await reader.context().close();
  await admin.context().close();
});
