import { expect, fillLogin, SPEC_USERS, signIn, submitLogin, switchLanguage, test } from './support';

test('a wrong password is reported in the chosen language', async ({ page }) => {
  const user = SPEC_USERS.wrongPassword;
  await page.goto('/user/login');
  await fillLogin(page, user.username, 'Wrong-password-1');
  await submitLogin(page);
  await expect(page.getByTestId('login-error')).toHaveText('Wrong username or password');

  await switchLanguage(page, 'zh-CN');
  await submitLogin(page);
  await expect(page.getByTestId('login-error')).toHaveText('用户名或密码错误');

  // Field checks come from the shared schema, translated.
  await page.getByLabel('密码', { exact: true }).fill('');
  await submitLogin(page);
  await expect(page.getByText('密码不能为空')).toBeVisible();

  // Two failures ask for no captcha yet: the right password signs in.
  await switchLanguage(page, 'en-US');
  await expect(page.getByTestId('captcha-check')).toHaveCount(0);
  await signIn(page, user.username);
  await expect(page.getByTestId('current-user')).toHaveText(user.realname);
});
