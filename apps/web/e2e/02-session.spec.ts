import { expect, openUserMenu, SCREENSHOTS, signIn, storedToken, switchLanguage, test } from './support';

test('an unauthenticated visit goes through login and back to the original page', async ({ page }) => {
  await page.goto('/home/Home?x=1');
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fhome%2FHome%3Fx%3D1$/);
  await signIn(page, 'distributor');
  await expect(page).toHaveURL(/\/home\/Home\?x=1$/);
  await expect(page.getByTestId('current-user')).toHaveText('Dana Distributor');
});

test('/user and / lead to the right places', async ({ page }) => {
  await page.goto('/user');
  await expect(page).toHaveURL(/\/user\/login$/);
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/home\/Home$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/home\/Home$/);
  // A signed-in user opening the login page goes home.
  await page.goto('/user/login');
  await expect(page).toHaveURL(/\/home\/Home$/);
  await page.goto('/no/such/page');
  await expect(page.getByText('Page not found')).toBeVisible();
});

test('logout asks for confirmation and ends the session', async ({ page }) => {
  await page.goto('/user/login');
  await signIn(page, 'customer');
  await expect(page.getByTestId('current-user')).toHaveText('Chris Customer');

  await openUserMenu(page);
  await page.getByTestId('logout-button').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // Wait until the cancelled dialog has gone, so the next click lands on the new one.
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('current-user')).toBeVisible();

  await openUserMenu(page);
  await page.getByTestId('logout-button').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/user\/login$/);
  await expect(page.getByTestId('login-notice')).toHaveText('Logged out');

  // The session is gone: protected pages go back to login.
  await page.goto('/home/Home');
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fhome%2FHome$/);
  const token = await page.evaluate(() => localStorage.getItem('switchboard.token'));
  expect(token).toBeNull();
});

for (const [locale, notice] of [
  [
    'en-US',
    'Your session has ended (signed out elsewhere, password changed or account frozen), please log in again',
  ],
  ['zh-CN', '您的登录已结束（在别处退出、修改了密码或账号被冻结），请重新登录'],
] as const) {
  test(`a session revoked on the server signs the console out at once, without a click (${locale})`, async ({
    page,
    request,
  }) => {
    await page.goto('/user/login');
    if (locale === 'zh-CN') await switchLanguage(page, 'zh-CN');
    await signIn(page, 'admin');
    // The diagnostics screen says when the notices socket is open: the server can close it then.
    await page.goto('/test/home');
    await expect(page.getByTestId('diagnostics-websocket')).toHaveAttribute('data-state', 'open');
    // The same user logs this session out elsewhere, with its token.
    const token = await storedToken(page);
    const logout = await request.post('/api/sys/logout', { headers: { 'X-Access-Token': token } });
    expect(logout.ok()).toBe(true);
    await expect(page).toHaveURL(/\/user\/login\?redirect=%2Ftest%2Fhome$/);
    await expect(page.getByTestId('login-notice')).toHaveText(notice);
    expect(await page.evaluate(() => localStorage.getItem('switchboard.token'))).toBeNull();
    if (locale === 'zh-CN') await switchLanguage(page, 'en-US');
  });
}

test('the language switch changes the whole page and is remembered', async ({ page }) => {
  await page.goto('/user/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/login-en-US.png`, fullPage: true });

  await switchLanguage(page, 'zh-CN');
  await expect(page.getByRole('heading', { name: '登录' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/login-zh-CN.png`, fullPage: true });

  await signIn(page, 'agent');
  await expect(page.getByTestId('current-user')).toHaveText('Alex Agent');
  await expect(page.getByText('当前部门')).toBeVisible();
  await openUserMenu(page);
  await expect(page.getByTestId('logout-button')).toHaveText(/退出登录/);
  await page.keyboard.press('Escape');
  await page.screenshot({ path: `${SCREENSHOTS}/home-zh-CN.png`, fullPage: true });

  await page.reload();
  await expect(page.getByText('当前部门')).toBeVisible();

  await switchLanguage(page, 'en-US');
  await expect(page.getByText('Current department')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/home-en-US.png`, fullPage: true });
});
