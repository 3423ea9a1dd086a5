import {
  expect,
  fillLogin,
  openUserMenu,
  PASSWORD,
  SPEC_USERS,
  signIn,
  submitLogin,
  test,
  totp,
} from './support';

test('binding Google Authenticator, then signing in with a code', async ({ page }) => {
  const user = SPEC_USERS.totp;
  await page.goto('/user/login');
  await signIn(page, user.username);
  const card = page.getByTestId('google-auth-card');
  await expect(card.getByTestId('google-auth-status')).toHaveText('Not bound');

  await card.getByRole('button', { name: 'Bind Google Authenticator' }).click();
  await expect(card.getByRole('img', { name: 'QR code for Google Authenticator' })).toBeVisible();
  const secret = ((await card.getByTestId('google-auth-secret').locator('code').textContent()) ?? '').trim();

  const code = card.getByLabel('Verification code');
  await code.fill('12');
  await expect(card.getByText('Google code empty or wrong')).toBeVisible();
  await code.fill(totp(secret));
  await card.getByRole('button', { name: 'Confirm binding' }).click();
  await expect(card.getByTestId('google-auth-status')).toHaveText('Bound');

  // Next sign-in asks for the code. A code is accepted once, so use the next time step's.
  await openUserMenu(page);
  await page.getByTestId('logout-button').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await fillLogin(page, user.username, PASSWORD);
  await submitLogin(page);
  await expect(page.getByTestId('login-error')).toHaveText('Google code empty or wrong');
  await page.getByTestId('google-code-input').fill(totp(secret, Date.now() + 30_000));
  await submitLogin(page);
  await expect(page.getByTestId('current-user')).toHaveText(user.realname);
  await expect(page.getByTestId('google-auth-status')).toHaveText('Bound');
});

test('changing the password checks as you type and signs out', async ({ page }) => {
  const user = SPEC_USERS.password;
  const newPassword = 'Changed-Pass-42';
  await page.goto('/user/login');
  await signIn(page, user.username);
  // From the user dropdown in the header (the home page has a button for it too).
  await openUserMenu(page);
  await page.getByTestId('menu-change-password').click();
  const dialog = page.getByRole('dialog');

  await dialog.getByLabel('New password', { exact: true }).fill('weak');
  await expect(
    dialog.getByText('The password must be at least 8 characters with digits, upper and lower case letters'),
  ).toBeVisible();
  await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
  await dialog.getByLabel('Confirm new password').fill(`${newPassword}x`);
  await expect(dialog.getByText('The two passwords are not the same')).toBeVisible();
  await dialog.getByLabel('Confirm new password').fill(newPassword);

  await dialog.getByLabel('Old password').fill('Not-the-old-1');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByTestId('password-error')).toHaveText('The old password is wrong');

  await dialog.getByLabel('Old password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/user\/login$/);
  await expect(page.getByTestId('login-notice')).toHaveText('Password changed, please log in again');

  await signIn(page, user.username, newPassword);
  await expect(page.getByTestId('current-user')).toHaveText(user.realname);
});
