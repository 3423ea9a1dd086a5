import type { Locator, Page } from '@playwright/test';
import {
  adminAdd,
  expect,
  openUserMenu,
  registerCompany,
  SCREENSHOTS,
  SPEC_USERS,
  signIn,
  test,
} from './support';

/**
 * The list screens (ResourceTable) at a desktop and a phone width: their key columns in view and
 * not under the fixed actions column (on a phone no column is fixed: the table scrolls sideways,
 * issue 28), the filters inside the card, and on a phone the row's actions in one More menu that
 * works, in English and in Chinese.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function signInAdmin(page: Page, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await page.goto('/user/login');
  await signIn(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
}

type Box = { left: number; right: number };

function boxOf(locator: Locator): Promise<Box> {
  return locator.evaluate((el) => {
    const rect = el.getBoundingClientRect();
    return { left: rect.left, right: rect.right };
  });
}

/** A ResourceTable's card, once its rows (or its empty state) have arrived. */
async function openList(page: Page, path: string, testId: string): Promise<Locator> {
  await page.goto(path);
  const card = page.getByTestId(testId);
  await expect(card.locator('tbody tr.ant-table-row, .ant-table-placeholder').first()).toBeVisible();
  return card;
}

/**
 * Each header lies inside the table's visible area (its sideways scrolling box), wholly left of
 * the fixed actions column (wide screens; a phone fixes none); the actions header itself lies
 * inside the area too.
 */
async function expectColumnsInView(card: Locator, columns: string[], actions?: string) {
  await expect(async () => {
    const area = await boxOf(card.locator('.ant-table-content'));
    const fixed = card.locator('thead th.ant-table-cell-fix-end');
    const fixedLeft = (await fixed.count()) > 0 ? (await boxOf(fixed)).left : area.right;
    for (const name of columns) {
      const header = await boxOf(card.getByRole('columnheader', { name, exact: true }));
      expect(header.left, `${name} starts inside the table`).toBeGreaterThanOrEqual(area.left - 1);
      expect(header.right, `${name} ends before the fixed column`).toBeLessThanOrEqual(fixedLeft + 1);
    }
    if (actions) {
      const header = await boxOf(card.getByRole('columnheader', { name: actions, exact: true }));
      expect(header.left).toBeGreaterThanOrEqual(area.left - 1);
      expect(header.right).toBeLessThanOrEqual(area.right + 1);
    }
  }).toPass();
}

/** The table needs no sideways scrolling: every column is in view at once. */
async function expectNoSidewaysScroll(card: Locator) {
  await expect
    .poll(() => card.locator('.ant-table-content').evaluate((el) => el.scrollWidth <= el.clientWidth))
    .toBe(true);
}

/** Nothing runs past the right edge of the window (a table or filter wider than the page). */
async function expectPageFits(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
    .toBe(true);
}

/**
 * On a phone a list's filters fold behind its Filters button (the rows come first), which says
 * how many filters are applied; opening it shows the form.
 */
async function openFilters(card: Locator) {
  const toggle = card.getByTestId('query-toggle');
  const phone = (card.page().viewportSize()?.width ?? 1440) < 768;
  if (!phone) {
    // On a wide screen the form stands open and there is nothing to fold.
    await expect(toggle).toHaveCount(0);
    await expect(card.getByTestId('query-form')).toBeVisible();
    return;
  }
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(card.getByTestId('query-form')).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

/** Every filter, its controls and the search buttons lie inside the card (opened on a phone). */
async function expectFiltersInCard(card: Locator) {
  await openFilters(card);
  const parts = card
    .getByTestId('query-form')
    .locator('.ant-form-item, .ant-input-affix-wrapper, .ant-select, .ant-picker, button');
  await expect(async () => {
    const inside = await boxOf(card);
    const boxes = await parts.evaluateAll((elements) =>
      elements.map((el) => {
        const rect = el.getBoundingClientRect();
        return { left: rect.left, right: rect.right };
      }),
    );
    expect(boxes.length).toBeGreaterThan(0);
    for (const box of boxes) {
      expect(box.left).toBeGreaterThanOrEqual(inside.left);
      expect(box.right).toBeLessThanOrEqual(inside.right);
    }
  }).toPass();
}

/** The open row menu (antd Dropdown) of the More button in `row`. */
async function openMoreMenu(page: Page, row: Locator, label: string): Promise<Locator> {
  const more = row.getByTestId('row-actions-more');
  await expect(more).toHaveText(label);
  await more.click();
  const menu = page.locator('.ant-dropdown:visible').getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

test('at 1440 px Users and Announcements show every column beside inline row actions', async ({ page }) => {
  await signInAdmin(page, DESKTOP);

  const users = await openList(page, '/system/user', 'user-table');
  await expectColumnsInView(
    users,
    ['Username', 'Name', 'Company', 'Roles', 'Status', 'Google Authenticator', 'Created at'],
    'Actions',
  );
  await expectNoSidewaysScroll(users);
  await expectFiltersInCard(users);
  const firstUser = users.locator('tbody tr.ant-table-row').first();
  await expect(firstUser.getByTestId('user-edit')).toBeVisible();
  await expect(firstUser.getByTestId('row-actions-more')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/users-1440-en-US.png` });

  const announcements = await openList(page, '/system/announcement', 'announcement-table');
  await expectColumnsInView(
    announcements,
    ['Title', 'Category', 'Priority', 'Recipients', 'Status', 'Sender', 'Sent', 'Revoked at', 'Created at'],
    'Actions',
  );
  await expectNoSidewaysScroll(announcements);
  await expectFiltersInCard(announcements);
  await page.screenshot({ path: `${SCREENSHOTS}/announcements-1440-en-US.png` });

  const loginLog = await openList(page, '/system/loginLog', 'login-log-table');
  await expectColumnsInView(loginLog, [
    'Username',
    'Result',
    'Reason',
    'Method',
    'IP address',
    'Browser',
    'Created at',
  ]);
  await expectFiltersInCard(loginLog);
  await expectPageFits(page);
});

test('at 390 px the key columns stay in view, the tables scroll inside their cards and the filters fit', async ({
  page,
  request,
}) => {
  // A company waiting for review: its approval tag ("Waiting for review") is the widest one.
  await registerCompany(request);
  await signInAdmin(page, PHONE);

  const users = await openList(page, '/system/user', 'user-table');
  await expectColumnsInView(users, ['Username', 'Status']);
  // One way for every list on a phone (issue 28): no column is fixed over the others.
  await expect(users.locator('[class*="ant-table-cell-fix"]')).toHaveCount(0);
  // Less important columns give way on a phone.
  await expect(users.getByRole('columnheader', { name: 'Company', exact: true })).toHaveCount(0);
  await expectFiltersInCard(users);
  await expectPageFits(page);
  await expect(users.locator('tbody tr.ant-table-row').first().getByTestId('row-actions-more')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/users-390-en-US.png`, fullPage: true });

  const announcements = await openList(page, '/system/announcement', 'announcement-table');
  await expectColumnsInView(announcements, ['Title', 'Status']);
  await expectFiltersInCard(announcements);
  await expectPageFits(page);

  // A date range, the widest filter.
  const loginLog = await openList(page, '/system/loginLog', 'login-log-table');
  await expectColumnsInView(loginLog, ['Username', 'Result']);
  await expectFiltersInCard(loginLog);
  await expectPageFits(page);
  await page.screenshot({ path: `${SCREENSHOTS}/login-log-390-en-US.png`, fullPage: true });

  const companies = await openList(page, '/company/list', 'company-table');
  await expectColumnsInView(companies, ['Company name', 'Approval']);
  await expectFiltersInCard(companies);
  await expectPageFits(page);

  // The customer group link form in the toolbar fits too.
  const contacts = await openList(page, '/system/contact', 'contact-table');
  await expectColumnsInView(contacts, ['Name', 'Shown to customers']);
  await expect(contacts.getByTestId('group-link-save')).toBeVisible();
  await expectPageFits(page);
});

test("at 390 px a user's actions are a More menu: edit in English, freeze and thaw in Chinese", async ({
  page,
}) => {
  const { username } = SPEC_USERS.narrowFreeze;
  await signInAdmin(page, PHONE);
  const users = await openList(page, '/system/user', 'user-table');
  await openFilters(users);
  await page.getByTestId('filter-username').fill(username);
  await page.getByTestId('query-submit').click();
  const rows = users.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row.getByTestId('user-edit')).toHaveCount(0);

  let menu = await openMoreMenu(page, row, 'More');
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Freeze',
    'Reset Google',
    'Edit',
    'IP whitelist',
    'Password',
  ]);
  await menu.getByTestId('user-edit').click();
  const editor = page.getByRole('dialog').filter({ hasText: `Edit ${username}` });
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toBeHidden();

  // The language from the user menu (the header item is hidden on a phone).
  await openUserMenu(page);
  await page.getByTestId('user-menu-language-zh-CN').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  // The More button is at the row's end: reaching it scrolled the table sideways. Back at its start.
  await users.locator('.ant-table-content').evaluate((el) => {
    el.scrollLeft = 0;
  });
  await expectColumnsInView(users, ['用户名', '状态']);

  menu = await openMoreMenu(page, row, '更多');
  await expect(menu.getByRole('menuitem')).toHaveText([
    '冻结',
    '重置谷歌验证',
    '编辑',
    'IP 白名单',
    '设置密码',
  ]);
  await menu.getByTestId('user-freeze').click();
  // A dangerous action still asks first.
  const confirm = page.locator('.ant-popconfirm:visible');
  await expect(confirm).toContainText(username);
  await page.screenshot({ path: `${SCREENSHOTS}/users-390-more-zh-CN.png` });
  await confirm.getByRole('button', { name: /^确\s*定$/ }).click();
  await expect(row.getByTestId('user-status')).toHaveText('冻结');

  menu = await openMoreMenu(page, row, '更多');
  await menu.getByTestId('user-thaw').click();
  await expect(row.getByTestId('user-status')).toHaveText('正常');

  await openUserMenu(page);
  await page.getByTestId('user-menu-language-en-US').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
});

test('at 390 px an announcement is deleted from its More menu', async ({ page, request }) => {
  const title = `Narrow draft ${Date.now()}`;
  await adminAdd(request, 'annountCement', {
    titile: title,
    msgContent: '<p>x</p>',
    msgCategory: '1',
    priority: 'L',
    msgType: 'ALL',
  });
  await signInAdmin(page, PHONE);
  const announcements = await openList(page, '/system/announcement', 'announcement-table');
  await openFilters(announcements);
  await page.getByTestId('filter-title').fill(title);
  await page.getByTestId('query-submit').click();
  const rows = announcements.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expectColumnsInView(announcements, ['Title', 'Status']);

  const menu = await openMoreMenu(page, rows.first(), 'More');
  await expect(menu.getByRole('menuitem')).toHaveText(['Edit', 'Publish', 'Delete']);
  await menu.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.locator('.ant-modal-confirm:visible');
  await expect(dialog).toContainText(title);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(0);
});
