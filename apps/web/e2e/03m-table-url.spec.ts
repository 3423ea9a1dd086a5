import type { Page } from '@playwright/test';
import { adminHeaders, expect, presetSettings, signIn, test } from './support';

const table = (page: Page) => page.getByTestId('user-table');
const usernames = (page: Page) => table(page).getByTestId('user-username').allTextContents();
const activePage = (page: Page) => table(page).locator('.ant-pagination-item-active');

async function signedIn(page: Page) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/user/login');
  await signIn(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
}

test('users: page, size and filters live in the URL; reload, shared links and back/forward restore them', async ({
  page,
}) => {
  await signedIn(page);
  // A shared link: two users a page, page 2.
  await page.goto('/system/user?pageSize=2&pageNo=2');
  await expect(activePage(page)).toHaveText('2');
  await expect(table(page).locator('tbody tr.ant-table-row')).toHaveCount(2);
  const secondPage = await usernames(page);

  // Paging writes the URL.
  await table(page).locator('.ant-pagination-item-3').click();
  await expect(page).toHaveURL(/\/system\/user\?pageNo=3&pageSize=2$/);
  await expect(activePage(page)).toHaveText('3');
  await expect.poll(() => usernames(page)).not.toEqual(secondPage);
  const thirdPage = await usernames(page);

  // A reload shows the same rows.
  await page.reload();
  await expect(activePage(page)).toHaveText('3');
  await expect.poll(() => usernames(page)).toEqual(thirdPage);

  // Filters go into the URL too, and start again at page 1.
  await page.getByTestId('filter-username').fill('custom');
  await page.getByTestId('query-submit').click();
  await expect(page).toHaveURL(/\/system\/user\?username=custom&pageSize=2$/);
  await expect.poll(() => usernames(page)).toEqual(['agentcustomer', 'customer']);
  await table(page).locator('.ant-pagination-item-2').click();
  await expect(page).toHaveURL(/\/system\/user\?username=custom&pageNo=2&pageSize=2$/);
  await expect.poll(() => usernames(page)).toEqual(['customer2']);

  // Back and forward step through the states, the form following.
  await page.goBack();
  await expect(page).toHaveURL(/\/system\/user\?username=custom&pageSize=2$/);
  await expect.poll(() => usernames(page)).toEqual(['agentcustomer', 'customer']);
  await page.goBack();
  await expect(page).toHaveURL(/\/system\/user\?pageNo=3&pageSize=2$/);
  await expect(page.getByTestId('filter-username')).toHaveValue('');
  await expect.poll(() => usernames(page)).toEqual(thirdPage);
  await page.goForward();
  await expect(page.getByTestId('filter-username')).toHaveValue('custom');
  await expect.poll(() => usernames(page)).toEqual(['agentcustomer', 'customer']);

  // The page size changer writes the size and goes back to page 1.
  await table(page).locator('.ant-pagination-options .ant-select').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '20' }).click();
  await expect(page).toHaveURL(/\/system\/user\?username=custom&pageSize=20$/);
  await expect.poll(() => usernames(page)).toEqual(['agentcustomer', 'customer', 'customer2']);

  // Reset clears the filters from the URL.
  await page.getByTestId('query-reset').click();
  await expect(page).toHaveURL(/\/system\/user\?pageSize=20$/);
  await expect(page.getByTestId('filter-username')).toHaveValue('');
});

test('with multi-page tabs, paging stays in the same tab and the page keeps its state', async ({ page }) => {
  await presetSettings(page, { multipage: true });
  await signedIn(page);
  await page.goto('/system/user?pageSize=2');
  const tabs = page.getByTestId('page-tab');
  await expect(tabs).toHaveCount(2);
  // Typed but not applied: it stays while paging, as the page is not mounted again.
  await page.getByTestId('filter-realname').fill('typed, not applied');
  await table(page).locator('.ant-pagination-item-2').click();
  await expect(page).toHaveURL(/\/system\/user\?pageNo=2&pageSize=2$/);
  await expect(tabs).toHaveCount(2);
  await expect(tabs.nth(1)).toHaveAttribute('data-path', '/system/user?pageNo=2&pageSize=2');
  await expect(page.getByTestId('filter-realname')).toHaveValue('typed, not applied');
  await page.goBack();
  await expect(page).toHaveURL(/\/system\/user\?pageSize=2$/);
  await expect(tabs).toHaveCount(2);
  await expect(activePage(page)).toHaveText('1');
  // Back is another state of the URL: the form shows what is applied there.
  await expect(page.getByTestId('filter-realname')).toHaveValue('');
});

test('login log: paged by key, newer and older steps in the URL; reload and back/forward keep the page', async ({
  page,
  request,
}) => {
  await signedIn(page);
  // A second sign-in of the administrator: at least two entries for the filter below.
  await adminHeaders(request);
  const log = page.getByTestId('login-log-table');
  const pageLabel = log.getByTestId('keyset-page');
  const rowKeys = () =>
    log
      .locator('tbody tr.ant-table-row')
      .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-row-key'))));

  // A shared link: the administrator's sign-ins, one a page, the newest first.
  await page.goto('/system/loginLog?username=admin&pageSize=1');
  await expect(pageLabel).toHaveText('Page 1');
  await expect.poll(rowKeys).toHaveLength(1);
  const [newest] = await rowKeys();
  await expect(log.getByTestId('keyset-previous')).toBeDisabled();
  // No total: the log is not counted.
  await expect(log.locator('.ant-pagination')).toHaveCount(0);

  // Older: the URL keeps the way back.
  await log.getByTestId('keyset-next').click();
  await expect(page).toHaveURL(/\/system\/loginLog\?username=admin&cursors=\d+&pageSize=1$/);
  await expect(pageLabel).toHaveText('Page 2');
  await expect.poll(rowKeys).not.toEqual([newest]);
  const older = await rowKeys();
  expect(older[0]).toBeLessThan(newest ?? 0);

  // A reload shows the same page.
  await page.reload();
  await expect(pageLabel).toHaveText('Page 2');
  await expect.poll(rowKeys).toEqual(older);

  // Newer again, and back/forward step through the pages seen.
  await log.getByTestId('keyset-previous').click();
  await expect(page).toHaveURL(/\/system\/loginLog\?username=admin&pageSize=1$/);
  await expect(pageLabel).toHaveText('Page 1');
  await expect.poll(rowKeys).toEqual([newest]);
  await page.goBack();
  await expect(pageLabel).toHaveText('Page 2');
  await expect.poll(rowKeys).toEqual(older);

  // Another page size starts again at the newest page (20 is the log's default: not in the URL).
  await log.getByTestId('keyset-size').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '20 / page' }).click();
  await expect(page).toHaveURL(/\/system\/loginLog\?username=admin$/);
  await expect(pageLabel).toHaveText('Page 1');
  await expect.poll(async () => (await rowKeys()).length).toBeGreaterThanOrEqual(2);
  expect((await rowKeys())[0]).toBe(newest);
});
