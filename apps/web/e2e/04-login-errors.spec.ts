import { expect, test } from '@playwright/test';
import { fillLogin, signIn, submitLogin, switchLanguage } from './support';

test('a wrong password is reported in the chosen language', async ({ page }) => {
  await page.goto('/user/login');
  await fillLogin(page, 'agentcustomer', 'Wrong-password-1');
  await submitLogin(page);
  await expect(page.getByTestId('login-error')).toHaveText('Wrong username or password');

  await switchLanguage(page, 'zh-CN');
  await submitLogin(page);
  await expect(page.getByTestId('login-error')).toHaveText('用户名或密码错误');

  // Field checks come from the shared schema, translated.
  await page.getByLabel('密码', { exact: true }).fill('');
  await submitLogin(page);
  await expect(page.getByText('密码不能为空')).toBeVisible();

  // A success resets the failure count of this address for the specs that follow.
  await switchLanguage(page, 'en-US');
  await signIn(page, 'agentcustomer');
  await expect(page.getByTestId('current-user')).toHaveText('Avery Agent-Customer');
});
