import { expect, openUserMenu, SPEC_USERS, signIn, switchLanguage, test } from './support';

/**
 * My account (issue 13), in both languages: a user opens it from the header's user menu, changes
 * their name, phone and e-mail and uploads an avatar; the header shows the new name and picture.
 * A phone another account has is refused on its field.
 */

const TEXTS = {
  'en-US': { title: 'My account', saved: 'Profile saved', taken: 'This phone number is already registered' },
  'zh-CN': { title: '个人中心', saved: '个人资料已保存', taken: '该手机号已注册' },
} as const;

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

for (const [locale, user, phone] of [
  ['en-US', SPEC_USERS.profileEn, '+44 20 7946 0101'],
  ['zh-CN', SPEC_USERS.profileZh, '+44 20 7946 0102'],
] as const) {
  test(`${locale}: a user edits their profile and avatar and sees them in the header`, async ({ page }) => {
    const text = TEXTS[locale];
    await page.goto('/user/login');
    await signIn(page, user.username);
    if (locale === 'zh-CN') await switchLanguage(page, 'zh-CN');
    await expect(page.getByTestId('header-user')).toHaveText(user.realname);

    await openUserMenu(page);
    await page.getByTestId('menu-profile').click();
    await expect(page).toHaveURL(/\/account\/profile$/);
    const card = page.getByTestId('profile-card');
    await expect(card).toContainText(text.title);
    await expect(page.getByTestId('profile-username')).toHaveValue(user.username);
    await expect(page.getByTestId('profile-realname')).toHaveValue(user.realname);

    // A phone number a demo user has is refused on its field (the seeded SMS-login user's).
    await page.getByTestId('profile-phone').fill(SPEC_USERS.phoneEn.phone);
    await page.getByTestId('profile-save').click();
    await expect(card.getByText(text.taken)).toBeVisible();

    const name = `${user.realname} ${Date.now() % 100_000}`;
    await page.getByTestId('profile-realname').fill(name);
    await page.getByTestId('profile-phone').fill(phone);
    await page.getByTestId('profile-email').fill(`${user.username}@example.com`);
    await page.getByTestId('profile-save').click();
    await expect(page.getByText(text.saved)).toBeVisible();
    await expect(page.getByTestId('header-user')).toHaveText(name);

    await card
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    const headerAvatar = page.getByTestId('user-menu').locator('img');
    await expect(headerAvatar).toHaveAttribute('src', /\/api\/sys\/user\/avatar\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('profile-avatar').locator('img')).toHaveAttribute(
      'src',
      (await headerAvatar.getAttribute('src')) ?? '',
    );

    // Kept: after a reload, the profile and the header still show them.
    await page.reload();
    await expect(page.getByTestId('header-user')).toHaveText(name);
    await expect(page.getByTestId('profile-realname')).toHaveValue(name);
    await expect(page.getByTestId('profile-email')).toHaveValue(`${user.username}@example.com`);
  });
}
