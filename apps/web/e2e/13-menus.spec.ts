import type { APIRequestContext, Page } from '@playwright/test';
import {
  adminHeaders,
  chooseOption,
  expect,
  expectToast,
  showMenuEntry,
  signIn,
  switchLanguage,
  test,
} from './support';

/**
 * System › Menus: the administrator adds a sub menu under an existing top menu, with its titles in
 * both languages, pointing at an existing screen; after a reload the side menu shows it in the
 * language in use and it opens that screen. Hidden, it leaves the side menu.
 */

const VIEWPORT = { width: 1280, height: 800 };

const TEXT = {
  'en-US': {
    menus: 'Menus',
    saved: /^Saved/,
    save: 'Save',
    formTitle: 'New menu or button',
    subMenu: 'Sub menu',
  },
  'zh-CN': {
    menus: '菜单管理',
    saved: /^已保存/,
    save: /保\s?存/,
    formTitle: '新增菜单或按钮',
    subMenu: '子菜单',
  },
} as const;

async function openMenus(page: Page, name: string) {
  const menu = page.getByTestId('side-menu');
  if (!(await menu.getByRole('menuitem', { name }).isVisible()))
    await menu.getByTestId('menu-system').click();
  await menu.getByRole('menuitem', { name }).click();
  await expect(page).toHaveURL(/\/system\/permission$/);
  await expect(page.getByTestId('perm-table')).toBeVisible();
}

/** Deletes the rows this test made (found by their path). */
async function removeMenus(request: APIRequestContext, path: string) {
  const headers = await adminHeaders(request);
  const res = await request.get('/api/sys/permission/list', { headers, params: { name: path } });
  type Node = { id: string; path: string | null; children?: Node[] };
  const found: Node[] = [];
  const walk = (nodes: Node[]) => {
    for (const n of nodes) {
      if (n.path === path) found.push(n);
      walk(n.children ?? []);
    }
  };
  walk(((await res.json()) as { result: Node[] }).result);
  for (const node of found)
    await request.delete('/api/sys/permission/delete', { headers, params: { id: node.id } });
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`the admin adds a sub menu that shows in the side menu, then hides it (${locale})`, async ({
    page,
    request,
  }) => {
    test.slow();
    await page.setViewportSize(VIEWPORT);
    const text = TEXT[locale];
    const id = `${locale === 'zh-CN' ? 'zh' : 'en'}${Date.now() % 1_000_000}`;
    const routeName = `e2eMenu${id}`;
    const path = `/system/e2e-menu-${id}`;
    const en = `Word lists ${id}`;
    const zh = `词表 ${id}`;
    const shown = locale === 'zh-CN' ? zh : en;
    try {
      await page.goto('/user/login');
      await signIn(page, 'admin');
      await expect(page.getByTestId('current-user')).toBeVisible();
      if (locale === 'zh-CN') await switchLanguage(page, 'zh-CN');
      await openMenus(page, text.menus);

      // Under the System top menu: a sub menu on the dictionaries screen.
      await page.getByTestId('perm-add-child-system').click();
      const form = page.getByRole('dialog').filter({ has: page.getByTestId('perm-form') });
      await expect(form).toContainText(text.formTitle);
      await expect(form.getByRole('radio', { name: text.subMenu })).toBeChecked();
      await form.getByTestId('perm-name').fill(en);
      await form.getByTestId('perm-name-zh').fill(zh);
      await form.getByTestId('perm-path').fill(path);
      await form.getByTestId('perm-route-name').fill(routeName);
      await chooseOption(page, form.getByTestId('perm-component'), 'system/DictList');
      await chooseOption(page, form.getByTestId('perm-icon'), 'book');
      await form.getByTestId('perm-sort').fill('99');
      await form.getByRole('button', { name: text.save }).click();
      await expect(form).toBeHidden();
      await expectToast(page, text.saved);

      // After a reload, in the side menu in the language in use; it opens its screen.
      await page.reload();
      const entry = await showMenuEntry(page, routeName, 'system');
      await expect(entry).toHaveText(shown);
      await entry.click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByTestId('dict-table')).toBeVisible();

      // Hidden: gone from the side menu after the next load.
      await openMenus(page, text.menus);
      await page.getByTestId('perm-search').fill(path);
      await page.getByTestId('perm-search').press('Enter');
      const row = page.locator('tr.ant-table-row').filter({ has: page.getByTestId(`perm-row-${routeName}`) });
      await expect(row).toContainText(shown);
      await row.getByTestId(`perm-edit-${routeName}`).click();
      await expect(form.getByTestId('perm-name-zh')).toHaveValue(zh);
      await form.getByTestId('perm-hidden').click();
      await form.getByRole('button', { name: text.save }).click();
      await expect(form).toBeHidden();
      await expect(row).toContainText(locale === 'zh-CN' ? '隐藏' : 'Hidden');
      await page.reload();
      await expect(page.getByTestId('perm-table')).toBeVisible();
      await expect(page.getByTestId('side-menu').getByTestId(`menu-${routeName}`)).toHaveCount(0);
    } finally {
      await removeMenus(request, path);
    }
  });
}
