import type { Download, Page } from '@playwright/test';
import {
  chooseFile,
  downloadedSheet,
  expect,
  expectToast,
  importDialog,
  SCREENSHOTS,
  signIn,
  switchLanguage,
  test,
} from './support';

/**
 * The conventions of a resource group in the console, on the support contacts: the import dialog
 * (a bad row shows its error and imports nothing; a good file then imports), the export download,
 * sort and filters in the URL, batch delete, both languages, and the query form folded on a phone.
 * Then the Balance & ledger screen's export.
 */

const VIEWPORT = { width: 1280, height: 800 };

async function openContacts(page: Page, search: string) {
  await page.goto(`/system/contact?name=${encodeURIComponent(search)}`);
  await expect(page.getByTestId('contact-table')).toBeVisible();
}

const sheetRows = async (download: Download) => (await downloadedSheet(download)).rows;

const rows = (page: Page) => page.getByTestId('contact-table').locator('tr.ant-table-row');

test('contacts: a file with a bad row imports nothing and names the row; the fixed file imports; export, sort and batch delete', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize(VIEWPORT);
  const id = `imp${Date.now() % 1_000_000}`;
  await page.goto('/user/login');
  await signIn(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await openContacts(page, id);
  await expect(rows(page)).toHaveCount(0);

  // A bad row: the check shows it, Import stays off, nothing is written.
  await page.getByTestId('import-button').click();
  let dialog = importDialog(page);
  await chooseFile(
    dialog,
    'contacts.csv',
    `Name,Telegram,Sort,Enabled\n${id} Alpha,@alpha_${id},1,yes\n${id} Beta,not a handle,2,yes\n`,
  );
  await expect(dialog.getByTestId('import-error')).toContainText('1 problem');
  const errors = dialog.getByTestId('import-errors');
  await expect(errors.locator('tbody tr')).toHaveCount(1);
  await expect(errors.locator('tbody tr').first()).toContainText('3');
  await expect(errors.locator('tbody tr').first()).toContainText('Telegram is invalid');
  await expect(dialog.getByTestId('import-preview').locator('tr.sb-import-bad-row')).toHaveCount(1);
  await expect(dialog.getByTestId('import-commit')).toBeDisabled();
  await page.screenshot({ path: `${SCREENSHOTS}/import-errors-en-US.png` });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(rows(page)).toHaveCount(0);

  // The fixed file: checked, then imported.
  await page.getByTestId('import-button').click();
  dialog = importDialog(page);
  await chooseFile(
    dialog,
    'contacts.csv',
    `Name,Telegram,Sort,Enabled\n${id} Alpha,@alpha_${id},2,yes\n${id} Beta,@beta_${id},1,no\n`,
  );
  await expect(dialog.getByTestId('import-ready')).toContainText('2 rows checked');
  await dialog.getByTestId('import-commit').click();
  await expect(dialog).toBeHidden();
  await expectToast(page, '2 contacts imported');
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).first()).toContainText(`${id} Beta`);

  // Sort by name through the header: in the URL, and the rows follow.
  await page.getByTestId('contact-table').locator('th').filter({ hasText: 'Name' }).click();
  await expect(page).toHaveURL(/column=name/);
  await expect(page).toHaveURL(/order=asc/);
  await expect(rows(page).first()).toContainText(`${id} Alpha`);

  // Export: the file of what the list shows, in English (the sorter's tooltip moved out of the way).
  await page.mouse.move(0, 0);
  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-button').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^support-contacts-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const sheet = await sheetRows(download);
  expect(sheet[0]).toEqual(['Name', 'Telegram', 'Sort', 'Enabled', 'Created at']);
  expect(sheet.slice(1).map((r) => r.slice(0, 4))).toEqual([
    [`${id} Alpha`, `@alpha_${id}`, 2, 'Yes'],
    [`${id} Beta`, `@beta_${id}`, 1, 'No'],
  ]);

  // Batch delete: both selected, confirmed, gone.
  await rows(page).nth(0).locator('.ant-checkbox-input').check();
  await rows(page).nth(1).locator('.ant-checkbox-input').check();
  await page.getByTestId('batch-delete').click();
  await page.getByTestId('batch-delete-ok').click();
  await expectToast(page, '2 rows deleted');
  await expect(rows(page)).toHaveCount(0);
});

test('contacts in Chinese: row errors and export headers in Chinese', async ({ page }) => {
  await page.setViewportSize(VIEWPORT);
  const id = `zhimp${Date.now() % 1_000_000}`;
  await page.goto('/user/login');
  await signIn(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await switchLanguage(page, 'zh-CN');
  await openContacts(page, id);

  await page.getByTestId('import-button').click();
  const dialog = importDialog(page);
  await chooseFile(dialog, '联系人.csv', `名称,Telegram账号\n${id} 甲,坏账号\n,@yi_${id}\n`);
  await expect(dialog.getByTestId('import-error')).toContainText('发现2处错误');
  const errors = dialog.getByTestId('import-errors').locator('tbody tr');
  await expect(errors.nth(0)).toContainText('Telegram账号格式不正确');
  await expect(errors.nth(1)).toContainText('名称不能为空');
  await expect(dialog.getByTestId('import-commit')).toBeDisabled();
  await page.screenshot({ path: `${SCREENSHOTS}/import-errors-zh-CN.png` });
  // antd spaces a two-character Chinese button label ('取 消').
  await dialog.getByRole('button', { name: /取\s*消/ }).click();

  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-button').click();
  const sheet = await sheetRows(await downloading);
  expect(sheet[0]).toEqual(['名称', 'Telegram账号', '排序', '启用', '创建时间']);
  expect(sheet).toHaveLength(1);
});

test('on a 390 px screen the query form folds behind a Filters button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/user/login');
  await signIn(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto('/system/contact?name=nobody-here');
  const toggle = page.getByTestId('query-toggle');
  await expect(toggle).toBeVisible();
  await expect(page.getByTestId('query-form')).toBeHidden();
  // One filter applied: the button says so.
  await expect(toggle.locator('..').locator('.ant-badge-count')).toHaveText('1');
  await page.screenshot({ path: `${SCREENSHOTS}/contacts-390-filters-folded.png` });
  await toggle.click();
  await expect(page.getByTestId('query-form')).toBeVisible();
  await expect(page.getByTestId('contact-search')).toHaveValue('nobody-here');
  await page.getByTestId('query-reset').click();
  await expect(page).toHaveURL(/\/system\/contact$/);
});

test('Balance & ledger: the customer sees its balance and exports the past week', async ({ page }) => {
  await page.setViewportSize(VIEWPORT);
  await page.goto('/user/login');
  await signIn(page, 'customer');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.getByTestId('side-menu').getByRole('menuitem', { name: 'Balance & ledger' }).click();
  await expect(page).toHaveURL(/\/billing\/ledger$/);
  await expect(page.getByTestId('balance-value')).toContainText(/\d+\.\d{2}/);
  await expect(page.getByTestId('ledger-table')).toBeVisible();
  // A customer has one company: nothing to choose.
  await expect(page.getByTestId('ledger-company')).toHaveCount(0);
  const downloading = page.waitForEvent('download');
  await page.getByTestId('ledger-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^ledger-\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect((await sheetRows(download))[0]?.slice(0, 4)).toEqual(['Time (UTC)', 'Company', 'Account', 'Kind']);
  await page.screenshot({ path: `${SCREENSHOTS}/balance-ledger-en-US.png` });
});
