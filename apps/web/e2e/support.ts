import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/**
 * Demo accounts seeded with SEED_DEMO=1 (apps/server/src/db/seed/demo-users.ts).
 *
 * The server counts failed logins per username and per address and asks for a captcha after
 * three; a success resets the count of its address. Every spec runs from the same address, so:
 * specs that only sign in come first, 04 ends its failures with a successful login, and 05
 * (which leaves the address needing a captcha) runs last.
 */
export const PASSWORD = process.env.DEMO_PASSWORD ?? 'Switchboard1';

/**
 * What every captcha picture of the e2e server says (playwright.config.ts starts it with
 * CAPTCHA_TEST_ANSWER): sign-up always asks for a captcha.
 */
export const CAPTCHA_ANSWER = process.env.CAPTCHA_TEST_ANSWER ?? 'e2e7';

export const DEMO_USERS = [
  { username: 'admin', realname: 'Ada Admin', departments: 1 },
  { username: 'sales', realname: 'Sam Sales', departments: 2 },
  { username: 'distributor', realname: 'Dana Distributor', departments: 1 },
  { username: 'agent', realname: 'Alex Agent', departments: 1 },
  { username: 'customer', realname: 'Chris Customer', departments: 1 },
  { username: 'customer2', realname: 'Casey Customer', departments: 1 },
  { username: 'agentcustomer', realname: 'Avery Agent-Customer', departments: 1 },
] as const;

/** apps/web/e2e/screenshots (git-ignored), wherever the suite is started from. */
export const SCREENSHOTS = fileURLToPath(new URL('./screenshots', import.meta.url));

export async function fillLogin(page: Page, username: string, password: string) {
  await page.getByLabel(/^(Username|用户名)$/).fill(username);
  await page.getByLabel(/^(Password|密码)$/).fill(password);
}

export async function submitLogin(page: Page) {
  await page.getByTestId('login-submit').click();
}

/** Signs in from the login page; picks the first department when the dialog asks for one. */
export async function signIn(page: Page, username: string, password = PASSWORD) {
  await fillLogin(page, username, password);
  await submitLogin(page);
  await expect(page.getByTestId('login-submit')).toBeHidden();
}

export async function chooseFirstDepartment(page: Page) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio').first().check();
  await dialog.getByRole('button', { name: /Confirm|确认/ }).click();
  await expect(dialog).toBeHidden();
}

export async function switchLanguage(page: Page, locale: 'en-US' | 'zh-CN') {
  await page.getByTestId('language-switch').click();
  await page.getByTestId(`language-${locale}`).click();
  await expect(page.getByTestId(`language-${locale}`)).toBeHidden();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    bits += index.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238 code (SHA-1, 6 digits, 30 s steps) as an authenticator app would show it at `atMs`. */
export function totp(secret: string, atMs = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (hmac.at(-1) ?? 0) & 0x0f;
  const value = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, '0');
}

/** Opens the user dropdown in the header (change password, switch department, log out). */
export async function openUserMenu(page: Page) {
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('logout-button')).toBeVisible();
}

/** Logs out through the user dropdown and its confirmation. */
export async function logOut(page: Page) {
  await openUserMenu(page);
  await page.getByTestId('logout-button').click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^(Log out|退出登录)$/ })
    .click();
  await expect(page).toHaveURL(/\/user\/login/);
}

/** Puts settings into local storage before the page loads (the app validates them on read). */
export async function presetSettings(page: Page, settings: Record<string, unknown>) {
  await page.addInitScript((value) => {
    localStorage.setItem('switchboard.settings', value);
  }, JSON.stringify(settings));
}

/** The signed-in user's token as the app stored it (for calling the API beside the page). */
export async function storedToken(page: Page): Promise<string> {
  const raw = await page.evaluate(() => localStorage.getItem('switchboard.token'));
  const token = raw ? (JSON.parse(raw) as { value?: unknown }).value : undefined;
  if (typeof token !== 'string') throw new Error('no stored token');
  return token;
}

/** The administrator's token header, for calling the API beside the page. */
export async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post('/api/sys/login', { data: { username: 'admin', password: PASSWORD } });
  return { 'X-Access-Token': ((await login.json()) as { result: { token: string } }).result.token };
}

/**
 * Something the administrator adds through the API for a test (`resource` as in
 * `/api/sys/<resource>/add`); `remove` deletes it again.
 */
export async function adminAdd(request: APIRequestContext, resource: string, data: Record<string, unknown>) {
  const headers = await adminHeaders(request);
  const added = await request.post(`/api/sys/${resource}/add`, { headers, data });
  expect(added.ok()).toBe(true);
  const id = ((await added.json()) as { result: { id: string } }).result.id;
  return {
    id,
    headers,
    remove: () => request.delete(`/api/sys/${resource}/delete?id=${id}`, { headers }),
  };
}

/** The administrator publishes an announcement through the API while a console is open elsewhere. */
export async function publish(request: APIRequestContext, body: Record<string, unknown>) {
  const { id, headers } = await adminAdd(request, 'annountCement', { msgContent: '<p>x</p>', ...body });
  const released = await request.post(`/api/sys/annountCement/doReleaseData?id=${id}`, { headers });
  expect(released.ok()).toBe(true);
  return id;
}

/**
 * The form field errors showing inside `scope`. antd animates a replaced message out for a moment
 * (class ...-leave) while the new one comes in: those leaving are not counted.
 */
export function fieldErrors(scope: Locator): Locator {
  return scope.locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)');
}
