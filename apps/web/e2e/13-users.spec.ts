import type { Page } from '@playwright/test';
import {
  chooseFile,
  chooseOption,
  downloadedSheet,
  expect,
  expectToast,
  importDialog,
  signIn,
  switchLanguage,
  test,
} from './support';

/**
 * System › Users in both languages: the administrator creates a user with a role and a
 * department (the duplicate check speaks while typing), an import with two bad rows shows both
 * rows' errors and imports nothing, and the export is a real .xlsx read back here.
 */

const LANGUAGES = [
  {
    locale: 'en-US' as const,
    china: 'China +86',
    role: 'Customer (customer)',
    roleTag: 'Customer',
    depart: 'Direct Retail Ltd',
    taken: 'This username is taken',
    saved: 'Saved',
    problems: '2 problems',
    weak: 'The password must be at least 8 characters',
    email: 'Please enter a valid email address',
    header: [
      'Username',
      'Real name',
      'Phone',
      'Email',
      'Country',
      'Roles (codes)',
      'Departments (org codes)',
    ],
    normal: 'Normal',
  },
  {
    locale: 'zh-CN' as const,
    china: '中国 +86',
    role: '客户 (customer)',
    roleTag: '客户',
    depart: '直营零售有限公司',
    taken: '该用户名已被使用',
    saved: '已保存',
    problems: '发现2处错误',
    weak: '密码至少8位',
    email: '请输入正确的邮箱地址',
    header: ['用户名', '真实姓名', '手机号', '邮箱', '国家/地区', '角色（编码）', '部门（机构编码）'],
    normal: '正常',
  },
];

const unique = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;
const freshMobile = () => `+86139${String(10_000_000 + Math.floor(Math.random() * 89_999_999))}`;

async function openUsers(page: Page, locale: 'en-US' | 'zh-CN', keyword: string) {
  await page.goto('/user/login');
  await signIn(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  if (locale === 'zh-CN') await switchLanguage(page, 'zh-CN');
  await page.goto(`/system/user?keyword=${keyword}`);
  await expect(page.getByTestId('user-table')).toBeVisible();
}

const rows = (page: Page) => page.getByTestId('user-table').locator('tr.ant-table-row');

for (const lang of LANGUAGES) {
  test(`[${lang.locale}] the administrator creates a user with a role and a department`, async ({ page }) => {
    const username = `e2e${unique()}`;
    const phone = freshMobile();
    // Wide enough for the Departments column (shown from 1600 px).
    await page.setViewportSize({ width: 1680, height: 1000 });
    await openUsers(page, lang.locale, username);
    await expect(rows(page)).toHaveCount(0);

    await page.getByTestId('user-add').click();
    const form = page.getByTestId('user-add-form');
    const dialog = page.getByRole('dialog').filter({ has: form });
    // The duplicate check answers while typing.
    await form.getByTestId('user-form-username').fill('admin');
    await expect(dialog).toContainText(lang.taken);
    await form.getByTestId('user-form-username').fill(username);
    await expect(dialog).not.toContainText(lang.taken);
    await form.getByTestId('user-form-realname').fill(`Real ${username}`);
    await form.getByTestId('user-form-password').fill('Welcome123');
    await form.getByTestId('user-form-confirm-password').fill('Welcome123');
    await chooseOption(page, form.getByTestId('user-form-country'), lang.china);
    await form.getByTestId('user-form-phone').fill(phone);
    await form.getByTestId('user-form-email').fill(`${username}@example.com`);
    await chooseOption(page, form.getByTestId('user-form-roles'), lang.role);
    await page.keyboard.press('Escape');
    await form.getByTestId('user-form-departs').click();
    // The tree's list is virtual: with the many departments earlier specs made, the one wanted
    // may be out of the drawn window. Searching brings it in.
    await page.keyboard.type(lang.depart);
    await page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: lang.depart }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: lang.locale === 'zh-CN' ? /保\s*存/ : 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expectToast(page, lang.saved);

    await expect(rows(page)).toHaveCount(1);
    const row = rows(page).first();
    await expect(row.getByTestId('user-username')).toHaveText(username);
    await expect(row).toContainText(lang.roleTag);
    await expect(row.getByTestId('user-depart')).toHaveText(lang.depart);

    // The new user signs in with the password set here.
    const other = await page.context().browser()!.newContext();
    const userPage = await other.newPage();
    await userPage.goto('/user/login');
    await signIn(userPage, username, 'Welcome123');
    await expect(userPage.getByTestId('current-user')).toBeVisible();
    await other.close();
  });

  test(`[${lang.locale}] an import with two bad rows shows both rows' errors and imports nothing`, async ({
    page,
  }) => {
    const id = `imp${unique()}`;
    await openUsers(page, lang.locale, id);
    await page.getByTestId('import-button').click();
    const dialog = importDialog(page);
    await chooseFile(
      dialog,
      'users.csv',
      [
        'username,realname,password,phone,email,countryCode,roles,departs',
        `${id}a,Ann,Welcome123,${freshMobile()},${id}a@example.com,CN,customer,A06`,
        `${id}b,Bob,weak,${freshMobile()},${id}b@example.com,CN,customer,A06`,
        `${id}c,Cat,Welcome123,${freshMobile()},not-an-email,CN,customer,A06`,
      ].join('\n'),
    );
    await expect(dialog.getByTestId('import-error')).toContainText(lang.problems);
    const errors = dialog.getByTestId('import-errors').locator('tbody tr');
    await expect(errors).toHaveCount(2);
    await expect(errors.nth(0)).toContainText('3');
    await expect(errors.nth(0)).toContainText(lang.weak);
    await expect(errors.nth(1)).toContainText('4');
    await expect(errors.nth(1)).toContainText(lang.email);
    await expect(dialog.getByTestId('import-commit')).toBeDisabled();
    await dialog.getByRole('button', { name: lang.locale === 'zh-CN' ? /取\s*消/ : 'Cancel' }).click();
    await page.reload();
    await expect(page.getByTestId('user-table')).toBeVisible();
    await expect(rows(page)).toHaveCount(0);
  });

  test(`[${lang.locale}] the export downloads a real .xlsx of the filtered users`, async ({
    page,
    request,
  }) => {
    const username = `exp${unique()}`;
    // The user to export, made through the API as the administrator.
    const login = await request.post('/api/sys/login', {
      data: { username: 'admin', password: 'Switchboard1' },
    });
    const token = (await login.json()).result.token as string;
    const made = await request.post('/api/sys/user/add', {
      headers: { 'X-Access-Token': token },
      data: {
        username,
        realname: `Real ${username}`,
        password: 'Welcome123',
        confirmPassword: 'Welcome123',
        email: `${username}@example.com`,
        countryCode: 'CN',
        roleIds: [],
        departIds: [],
      },
    });
    expect(made.ok(), await made.text()).toBe(true);

    await openUsers(page, lang.locale, username);
    await expect(rows(page)).toHaveCount(1);
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-button').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const { rows: sheet } = await downloadedSheet(download);
    expect(sheet[0]!.slice(0, 7)).toEqual(lang.header);
    expect(sheet).toHaveLength(2);
    expect(sheet[1]!.slice(0, 5)).toEqual([
      username,
      `Real ${username}`,
      undefined,
      `${username}@example.com`,
      'CN',
    ]);
    expect(sheet[1]).toContain(lang.normal);
  });
}
