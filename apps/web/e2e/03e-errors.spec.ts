import { expect, signIn, test, toastsShown } from './support';

const envelope = (code: number, message: string) => ({
  status: code,
  contentType: 'application/json',
  body: JSON.stringify({ success: false, code, message, result: null, timestamp: Date.now() }),
});

test('a 401 mid-session says so, signs out and reloads into the login page', async ({ page }) => {
  await page.goto('/user/login');
  await signIn(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  // The server refuses the session on a request (as after it expired). A session revoked while the
  // console is open is heard on the notices socket first (02-session); here the request is the
  // first to know, so it answers the server's 401 for the next list the user opens.
  await page.route('**/api/sys/user/list**', (route) =>
    route.fulfill(envelope(401, 'Token invalid, please log in again')),
  );
  await page.getByTestId('side-menu').getByTestId('menu-system').click();
  await page.getByTestId('side-menu').getByTestId('menu-systemUser').click();
  await expect(page.getByText('Unauthorized, please log in again').first()).toBeVisible();
  await expect(page.getByText(/Token invalid/)).toHaveCount(0);
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

test('several 401s at once give one message and one trip to the login page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/user/login');
  await signIn(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  // Signing out shows the login page at once; then the page reloads, once.
  let pageLoads = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document') pageLoads += 1;
  });
  // The users screen asks for its list and two dictionaries together: all three fail.
  await page.route(/\/api\/sys\/(user\/list|dict\/getDictItems)/, (route) =>
    route.fulfill(envelope(401, 'Unauthorized, please log in again')),
  );
  await page.getByTestId('side-menu').getByTestId('menu-system').click();
  await page.getByTestId('side-menu').getByTestId('menu-systemUser').click();
  await expect(page.getByTestId('login-submit')).toBeVisible();
  // The reload comes a moment later; a reload cancels whatever the page before it had scheduled,
  // and the page after it has no session to lose: once it has loaded, no other reload can come.
  await expect.poll(() => pageLoads).toBe(1);
  await page.waitForLoadState('load');
  await expect(page.getByTestId('login-submit')).toBeVisible();
  expect(pageLoads).toBe(1);
  await expect(page).toHaveURL(/\/user\/login/);
  // One message for the three refusals (recorded as shown, however briefly: recordToasts).
  expect(toastsShown(page).filter((text) => text.includes('Unauthorized'))).toHaveLength(1);
});
