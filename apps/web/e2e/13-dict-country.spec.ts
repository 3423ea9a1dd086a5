import type { Page } from '@playwright/test';
import { adminHeaders, expect, expectToast, signIn, switchLanguage, test } from './support';

/**
 * System → Dictionaries and Countries: an item added to a dictionary is offered at once by a
 * select that reads it (no reload, no server restart), in both languages; a disabled country
 * leaves the phone country picker of the sign-up form.
 */

const VIEWPORT = { width: 1280, height: 800 };

async function openSystemScreen(page: Page, name: string | RegExp, url: RegExp) {
  const menu = page.getByTestId('side-menu');
  if (!(await menu.getByRole('menuitem', { name }).isVisible()))
    await menu.getByTestId('menu-system').click();
  await menu.getByRole('menuitem', { name }).click();
  await expect(page).toHaveURL(url);
}

/** The priority select of a new announcement's form; its offered option texts. */
async function priorityOptions(page: Page, newTitle: string): Promise<string[]> {
  await page.getByTestId('announcement-add').click();
  const form = page.getByRole('dialog').filter({ hasText: newTitle });
  await expect(form).toBeVisible();
  await form
    .locator('.ant-form-item')
    .filter({ has: page.locator('#priority') })
    .locator('.ant-select')
    .click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.first()).toBeVisible();
  const texts = await options.allInnerTexts();
  await page.keyboard.press('Escape');
  await form.getByRole('button', { name: /Cancel|取\s?消/ }).click();
  await expect(form).toBeHidden();
  return texts;
}

test('an item added to a dictionary shows in its select at once, in both languages', async ({
  page,
  request,
}) => {
  test.slow();
  await page.setViewportSize(VIEWPORT);
  const id = Date.now() % 1_000_000;
  const value = `E2E${id}`;
  const en = `Critical ${id}`;
  const zh = `危急 ${id}`;
  try {
    await page.goto('/user/login');
    await signIn(page, 'admin');
    await expect(page.getByTestId('current-user')).toBeVisible();

    await openSystemScreen(page, 'Dictionaries', /\/system\/dict/);
    await page.getByTestId('dict-search').fill('priority');
    await page.getByTestId('dict-search').press('Enter');
    const row = page.locator('tr.ant-table-row').filter({ hasText: 'priority' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Built in');
    await expect(row.getByTestId('dict-delete-priority')).toHaveCount(0);
    await row.getByTestId('dict-items-priority').click();
    const drawer = page.getByTestId('dict-items-drawer');
    await expect(drawer.locator('.ant-drawer-title')).toHaveText('Items of Priority (priority)');
    await expect(drawer.locator('tr.ant-table-row')).toHaveCount(3);

    await drawer.getByTestId('dict-item-add').click();
    const form = page.getByRole('dialog').filter({ has: page.getByTestId('dict-item-form') });
    await form.getByTestId('dict-item-value').fill(value);
    await form.getByLabel('Text (English)').fill(en);
    await form.getByLabel('Text (Chinese)').fill(zh);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await expectToast(page, 'Item saved');
    await expect(drawer.locator('tr.ant-table-row').filter({ hasText: value })).toContainText(en);
    await page.locator('.ant-drawer-close').click();
    await expect(drawer).toBeHidden();

    // Without reloading: the announcement form's priority select offers it.
    await openSystemScreen(page, 'Notices', /\/system\/announcement$/);
    expect(await priorityOptions(page, 'New announcement')).toEqual(['General', 'Important', 'Urgent', en]);

    // In Chinese, its Chinese text.
    await switchLanguage(page, 'zh-CN');
    expect(await priorityOptions(page, '新建')).toEqual(['一般', '重要', '紧急', zh]);

    // Disabled in the drawer: the select no longer offers it.
    await openSystemScreen(page, '数据字典', /\/system\/dict/);
    await page.getByTestId('dict-search').fill('priority');
    await page.getByTestId('dict-search').press('Enter');
    await page
      .locator('tr.ant-table-row')
      .filter({ hasText: 'priority' })
      .getByTestId('dict-items-priority')
      .click();
    await expect(drawer.locator('.ant-drawer-title')).toHaveText('优先级（priority）的字典项');
    await drawer.getByTestId(`dict-item-enabled-${value}`).click();
    await expect(drawer.getByTestId(`dict-item-enabled-${value}`)).toHaveAttribute('aria-checked', 'false');
    await page.locator('.ant-drawer-close').click();
    await expect(drawer).toBeHidden();
    await openSystemScreen(page, '系统公告', /\/system\/announcement$/);
    expect(await priorityOptions(page, '新建')).toEqual(['一般', '重要', '紧急']);
  } finally {
    // Leave the demo's priorities as they were for the other specs.
    const headers = await adminHeaders(request);
    const dicts = await request.get('/api/sys/dictItem/list', {
      headers,
      params: { dictId: await priorityId(request, headers) },
    });
    const items = (await dicts.json()).result.records as { id: string; itemValue: string }[];
    for (const item of items.filter((i) => i.itemValue === value))
      await request.delete('/api/sys/dictItem/delete', { headers, params: { id: item.id } });
  }
});

async function priorityId(
  request: import('@playwright/test').APIRequestContext,
  headers: Record<string, string>,
): Promise<string> {
  const res = await request.get('/api/sys/dict/list', { headers, params: { keyword: 'priority' } });
  const records = (await res.json()).result.records as { id: string; dictCode: string }[];
  return records.find((d) => d.dictCode === 'priority')!.id;
}

test('a disabled country leaves the sign-up form’s country picker; enabled again, it is back', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  await page.setViewportSize(VIEWPORT);
  const guestContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'en-US',
  });
  const guest = await guestContext.newPage();
  /** The sign-up form's country options matching `text`, freshly loaded. */
  const offered = async (text: string) => {
    await guest.goto('/user/register');
    const picker = guest.getByTestId('register-form').getByRole('combobox', { name: 'Country' });
    await picker.fill(text);
    const options = guest.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(guest.locator('.ant-select-dropdown:visible')).toBeVisible();
    return options.allInnerTexts();
  };
  try {
    expect(await offered('Tuvalu')).toEqual(['Tuvalu +688']);

    await page.goto('/user/login');
    await signIn(page, 'admin');
    await switchLanguage(page, 'zh-CN');
    await openSystemScreen(page, '国家地区', /\/system\/country/);
    await page.getByTestId('country-search').fill('+688');
    await page.getByTestId('country-search').press('Enter');
    const row = page.locator('tr.ant-table-row').filter({ hasText: 'TV' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('图瓦卢');
    await expect(row).toContainText('Tuvalu');
    await row.getByTestId('country-enabled-TV').click();
    await expectToast(page, '图瓦卢已不再出现在国家选择框中');
    await expect(row.getByTestId('country-enabled-TV')).toHaveAttribute('aria-checked', 'false');

    // Deleting a country rates and routes use is refused, saying why.
    await page.getByTestId('country-search').fill('CN');
    await page.getByTestId('country-search').press('Enter');
    const china = page.locator('tr.ant-table-row').filter({ hasText: '中国' }).filter({ hasText: '+86' });
    await china.getByTestId('country-delete-CN').click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s?定|OK/ })
      .click();
    await expectToast(page, /国家\/地区CN正在使用中.*不能删除；可停用/);

    expect(await offered('Tuvalu')).toEqual([]);

    // Enabled again (in English): offered again.
    await switchLanguage(page, 'en-US');
    await page.getByTestId('country-search').fill('TV');
    await page.getByTestId('country-search').press('Enter');
    const tuvalu = page.locator('tr.ant-table-row').filter({ hasText: 'Tuvalu' });
    await tuvalu.getByTestId('country-enabled-TV').click();
    await expectToast(page, 'Tuvalu is offered in country pickers again');
    expect(await offered('Tuvalu')).toEqual(['Tuvalu +688']);
  } finally {
    const headers = await adminHeaders(request);
    await request.put('/api/sys/country/setEnabled', { headers, data: { code: 'TV', enabled: true } });
    await guestContext.close();
  }
});
