import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectToast, signIn, switchLanguage, test } from './support';

/**
 * System › Departments in both languages: the administrator adds a sub-department (its org code
 * generated under the parent's), finds it by searching, and is refused its delete, with the
 * reason, while a user is in it; once empty it is deleted.
 */

const LANGUAGES = [
  {
    locale: 'en-US' as const,
    parent: 'Platform Operations',
    saved: 'Saved',
    hasUsers: /The department still has 1 user\(s\)/,
    deleted: 'Department deleted',
    ok: /^OK$/,
    save: 'Save',
  },
  {
    locale: 'zh-CN' as const,
    parent: '平台运营部',
    saved: '已保存',
    hasUsers: /该部门下还有1个用户/,
    deleted: '部门已删除',
    ok: /^确\s*定$/,
    save: /保\s*存/,
  },
];

const unique = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/sys/login', {
    data: { username: 'admin', password: 'Switchboard1' },
  });
  return (await login.json()).result.token as string;
}

const treeNode = (page: Page, text: string) =>
  page.getByTestId('depart-tree').locator('.ant-tree-node-content-wrapper').filter({ hasText: text });

for (const lang of LANGUAGES) {
  test(`[${lang.locale}] add a sub-department, find it, and be refused its delete while a user is in it`, async ({
    page,
    request,
  }) => {
    const name = `Desk ${unique()}`;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/user/login');
    await signIn(page, 'admin');
    await expect(page.getByTestId('current-user')).toBeVisible();
    if (lang.locale === 'zh-CN') await switchLanguage(page, 'zh-CN');
    await page.goto('/system/depart');

    // A sub-department of Platform Operations (A01).
    await treeNode(page, `${lang.parent} (A01)`).click();
    await expect(page.getByTestId('depart-org-code')).toHaveText('A01');
    await page.getByTestId('depart-add-child').click();
    const form = page.getByTestId('depart-form');
    const dialog = page.getByRole('dialog').filter({ has: form });
    await form.getByTestId('depart-form-name').fill(name);
    await form.getByTestId('depart-form-name-zh').fill(`${name} 中文`);
    await dialog.getByRole('button', { name: lang.save }).click();
    await expect(dialog).toBeHidden();
    await expectToast(page, lang.saved);

    // Found by searching: its branch (the parent) and itself, nothing else.
    await page.getByTestId('depart-search').locator('input').fill(name);
    await page.getByTestId('depart-search').locator('input').press('Enter');
    const shown = lang.locale === 'zh-CN' ? `${name} 中文` : name;
    const nodes = page.getByTestId('depart-tree').locator('.ant-tree-node-content-wrapper');
    await expect(nodes).toHaveCount(2);
    await expect(nodes.nth(0)).toContainText(lang.parent);
    await treeNode(page, shown).click();
    const orgCode = (await page.getByTestId('depart-org-code').textContent()) ?? '';
    expect(orgCode).toMatch(/^A01[A-Z]\d{2}$/);

    // A user in it: the delete is refused and says why.
    const token = await adminToken(request);
    const found = await request.get('/api/sys/sysDepart/searchBy', {
      headers: { 'X-Access-Token': token },
      params: { keyWord: name },
    });
    const departId = (await found.json()).result[0].children[0].id as string;
    const username = `dep${unique()}`;
    const made = await request.post('/api/sys/user/add', {
      headers: { 'X-Access-Token': token },
      data: {
        username,
        realname: username,
        password: 'Welcome123',
        confirmPassword: 'Welcome123',
        roleIds: [],
        departIds: [departId],
      },
    });
    expect(made.ok(), await made.text()).toBe(true);
    await page.getByTestId('depart-search').locator('input').press('Enter');
    await page.reload();
    await page.getByTestId('depart-search').locator('input').fill(name);
    await page.getByTestId('depart-search').locator('input').press('Enter');
    await treeNode(page, shown).click();
    await expect(page.getByTestId('depart-user-count')).toHaveText('1');
    await page.getByTestId('depart-delete').click();
    await page.getByRole('tooltip').getByRole('button', { name: lang.ok }).click();
    await expectToast(page, lang.hasUsers);
    await expect(treeNode(page, shown)).toBeVisible();

    // Once the user has left it, it goes.
    const user = await request.get('/api/sys/user/list', {
      headers: { 'X-Access-Token': token },
      params: { username },
    });
    const userId = (await user.json()).result.records[0].id as string;
    const moved = await request.put('/api/sys/user/edit', {
      headers: { 'X-Access-Token': token },
      data: { id: userId, realname: username, roleIds: [], departIds: [] },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
    await page.getByTestId('depart-delete').click();
    await page.getByRole('tooltip').getByRole('button', { name: lang.ok }).click();
    await expectToast(page, lang.deleted);
    await expect(treeNode(page, shown)).toHaveCount(0);
  });
}
