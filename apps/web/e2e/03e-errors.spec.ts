import { expect, test } from '@playwright/test';
import { signIn } from './support';

const envelope = (code: number, message: string) => ({
  status: code,
  contentType: 'application/json',
  body: JSON.stringify({ success: false, code, message, result: null, timestamp: Date.now() }),
});

test('a 401 mid-session says so, signs out and reloads into the login page', async ({ page }) => {
  await page.goto('/user/login');
  await signIn(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.route('**/api/sys/permission/getUserPermissionByToken**', (route) =>
    route.fulfill(envelope(401, 'Unauthorized, please log in again')),
  );
  await page.reload();
  await expect(page.getByText('Unauthorized, please log in again').first()).toBeVisible();
  await expect(page).toHaveURL(/\/user\/login/);
  await expect(page.getByTestId('login-submit')).toBeVisible();
});

test('a 500 saying Token invalid opens the login-expired dialog with a re-login button', async ({ page }) => {
  await page.goto('/user/login');
  await signIn(page, 'agent');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.route('**/api/sys/annountCement/listByUser**', (route) =>
    route.fulfill(envelope(500, 'Token invalid')),
  );
  await page.reload();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Login expired, please log in again');
  await dialog.getByRole('button', { name: 'Log in again' }).click();
  await expect(page.getByTestId('login-submit')).toBeVisible();
});

test('other failures show the server message', async ({ page }) => {
  await page.goto('/user/login');
  await signIn(page, 'agent');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.route('**/api/sys/annountCement/listByUser**', (route) =>
    route.fulfill(envelope(409, 'The notices are being rebuilt')),
  );
  await page.reload();
  await expect(page.getByText('The notices are being rebuilt')).toBeVisible();
});
