import type { Page } from '@playwright/test';
import {
  expect,
  expectToast,
  logOut,
  SPEC_USERS,
  showMenuEntry,
  signIn,
  switchLanguage,
  test,
} from './support';

/**
 * System → Roles: the administrator creates a role, grants it one menu (System → Users) and one
 * disable-type button (Edit) in the authorization tree, gives it to a user who had no role, and
 * that user, signed in, sees exactly that menu: Edit usable, the other disable-type button (login
 * IP whitelist, not granted) shown disabled, the hide-type buttons (freeze, reset Google) absent;
 * a data rule the role applies (username = the user's own) leaves it its own row only. Once per
 * language, each with its own user.
 */

const VIEWPORT = { width: 1440, height: 900 };

const TEXT = {
  'en-US': {
    roles: 'Roles',
    saved: 'Role saved',
    authSaved: /Authorization saved/,
    added: '1 user(s) added',
    choiceSaved: "The role's data rules are saved",
    disable: 'Disable',
    hide: 'Hide',
    save: 'Save',
    usersTitle: 'Users',
  },
  'zh-CN': {
    roles: '角色管理',
    saved: '角色已保存',
    authSaved: /授权已保存/,
    added: '已添加1个用户',
    choiceSaved: '角色的数据规则已保存',
    disable: '禁用',
    hide: '隐藏',
    save: /保\s?存/,
    usersTitle: '用户管理',
  },
} as const;

/** A node of the authorization tree, by its permission code (or its id for nodes without one). */
const treeNode = (page: Page, code: string) =>
  page
    .getByTestId('role-auth-drawer')
    .locator('.ant-tree-treenode')
    .filter({ has: page.getByTestId(`perm-${code}`) });

async function checkNode(page: Page, code: string) {
  const node = treeNode(page, code);
  await node.locator('.ant-tree-checkbox').click();
  await expect(node.locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  const user = locale === 'en-US' ? SPEC_USERS.roleEn : SPEC_USERS.roleZh;
  const text = TEXT[locale];

  test(`a role with one menu and one disable-type button reaches its user (${locale})`, async ({ page }) => {
    test.slow();
    await page.setViewportSize(VIEWPORT);
    const code = `e2e_${locale === 'en-US' ? 'en' : 'zh'}_${Date.now().toString(36)}`;

    await page.goto('/user/login');
    await signIn(page, 'admin');
    await expect(page.getByTestId('current-user')).toBeVisible();
    if (locale === 'zh-CN') await switchLanguage(page, 'zh-CN');

    // System → Roles.
    const menu = page.getByTestId('side-menu');
    if (!(await menu.getByRole('menuitem', { name: text.roles }).isVisible()))
      await menu.getByTestId('menu-system').click();
    await menu.getByRole('menuitem', { name: text.roles }).click();
    await expect(page).toHaveURL(/\/system\/role/);
    // The built-in roles cannot be deleted.
    const adminRow = page
      .locator('tr.ant-table-row')
      .filter({ has: page.getByText('admin', { exact: true }) });
    await expect(adminRow.getByTestId('role-authorize-admin')).toBeVisible();
    await expect(adminRow.getByTestId('role-delete-admin')).toHaveCount(0);

    // A new role; its code is checked as it is typed (admin exists).
    await page.getByTestId('role-add').click();
    const form = page.getByRole('dialog').filter({ has: page.getByTestId('role-form') });
    await form.getByTestId('role-code-input').fill('admin');
    await form.getByTestId('role-name-input').click();
    await expect(form.locator('.ant-form-item-explain-error')).toContainText('admin');
    await form.getByTestId('role-code-input').fill(code);
    await form.getByTestId('role-name-input').fill(`Users editor ${code}`);
    await form.getByTestId('role-name-zh-input').fill(`用户编辑 ${code}`);
    await form.getByRole('button', { name: text.save }).click();
    await expect(form).toBeHidden();
    await expectToast(page, text.saved);

    await page.getByTestId('role-filter-code').fill(code);
    await page.getByTestId('role-filter-code').press('Enter');
    const row = page.locator('tr.ant-table-row').filter({ hasText: code });
    await expect(row).toHaveCount(1);

    // Authorize: the Users menu (its System parent comes with it) and the disable-type Edit button.
    await row.getByTestId(`role-authorize-${code}`).click();
    const drawer = page.getByTestId('role-auth-drawer');
    await expect(treeNode(page, 'system:user:list')).toBeVisible();
    await expect(page.getByTestId('perm-kind-system:user:edit')).toHaveText(text.disable);
    await expect(page.getByTestId('perm-kind-system:user:ipWhitelist')).toHaveText(text.disable);
    await expect(page.getByTestId('perm-kind-system:user:frozen')).toHaveText(text.hide);
    await checkNode(page, 'system:user:list');
    await checkNode(page, 'system:user:edit');
    await expect(drawer.locator('.ant-tree-checkbox-checked')).toHaveCount(3);
    await drawer.getByTestId('role-auth-save').click();
    await expectToast(page, text.authSaved);

    // A data rule on the users list, applied by this role: a user sees its own row only.
    await treeNode(page, 'system:user:list').locator('.ant-tree-node-content-wrapper').click();
    const panel = page.getByTestId('data-rules-panel');
    await panel.getByTestId('data-rule-add').click();
    const ruleForm = page.getByRole('dialog').filter({ has: page.getByTestId('data-rule-form') });
    await ruleForm.getByTestId('data-rule-name').fill(`Own ${code}`);
    await expect(ruleForm.getByTestId('data-rule-column')).toContainText('username');
    await ruleForm.getByTestId('data-rule-value').fill('#{sys_user_code}');
    await ruleForm.getByRole('button', { name: text.save }).click();
    await expect(ruleForm).toBeHidden();
    const ruleRow = panel.locator('tr.ant-table-row').filter({ hasText: `Own ${code}` });
    await ruleRow.locator('.ant-checkbox-input').check();
    await panel.getByTestId('data-rule-save-choice').click();
    await expectToast(page, text.choiceSaved);
    await drawer.locator('.ant-drawer-close').click();
    await expect(drawer).toBeHidden();

    // Give it to the user.
    await row.getByTestId(`role-users-${code}`).click();
    const users = page.getByTestId('role-users-drawer');
    const pick = users.getByTestId('role-user-pick');
    await pick.click();
    await page.keyboard.type(user.username);
    const option = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: user.username });
    await expect(option).toHaveCount(1);
    await option.click();
    await page.keyboard.press('Escape');
    await users.getByTestId('role-user-add').click();
    await expectToast(page, text.added);
    await expect(users.getByTestId('role-user-username')).toHaveText([user.username]);
    await users.locator('.ant-drawer-close').click();
    await logOut(page);

    // The user: exactly System → Users.
    await signIn(page, user.username);
    // No Home among its menus: it lands on its first screen, System → Users.
    await expect(page).toHaveURL(/\/system\/user/);
    await expect(page.getByTestId('side-menu').getByTestId('menu-system')).toBeVisible();
    if ((await page.locator('html').getAttribute('lang')) !== locale) await switchLanguage(page, locale);
    const side = page.getByTestId('side-menu');
    const usersEntry = await showMenuEntry(page, 'systemUser', 'system');
    await expect(usersEntry).toContainText(text.usersTitle);
    await usersEntry.click();
    await expect(page).toHaveURL(/\/system\/user/);
    const entries = side.locator('[data-testid^="menu-"]');
    await expect(entries).toHaveCount(2);
    expect(
      (await entries.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).sort(),
    ).toEqual(['menu-system', 'menu-systemUser']);

    // The data rule: its own row only (its company has other users). On it: Edit (granted)
    // usable, IP whitelist (disable-type, not granted) disabled, freeze and reset Google
    // (hide-type, not granted) absent.
    const own = page.locator('tr.ant-table-row');
    await expect(own).toHaveCount(1);
    await expect(own.getByTestId('user-username')).toHaveText(user.username);
    await expect(own.getByTestId('user-edit')).toBeEnabled();
    await expect(own.getByTestId('user-ip-whitelist')).toBeDisabled();
    await expect(own.getByTestId('user-freeze')).toHaveCount(0);
    await expect(own.getByTestId('user-reset-google')).toHaveCount(0);
    await expect(page.getByTestId('batch-freeze')).toHaveCount(0);
  });
}
