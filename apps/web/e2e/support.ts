import { createHmac, randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  type APIRequestContext,
  test as base,
  type Download,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import { type CaptchaChallenge, solveCaptcha } from '@switchboard/contracts';
import ExcelJS from 'exceljs';

export { SPEC_USERS } from './users';
export { expect };

/**
 * Demo accounts seeded with SEED_DEMO=1 (apps/server/src/db/seed/demo-users.ts). Specs only sign
 * them in; a spec that changes a user uses its own (SPEC_USERS, e2e/users.ts).
 *
 * The server counts failed logins per username and per address and asks for a captcha after
 * three. Each test is a client of its own: its page and its API calls come from an address of its
 * own (X-Forwarded-For; the e2e server trusts it), so failures never carry over to another test.
 */
export const PASSWORD = process.env.DEMO_PASSWORD ?? 'Switchboard1';

/** A private address for one test: failed logins counted per address stay within the test. */
function clientAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** Playwright's test, with each test's page and request coming from an address of its own. */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': clientAddress() });
  },
  // Every message the page shows is recorded for expectToast.
  page: async ({ page }, use) => {
    await recordToasts(page);
    await use(page);
  },
});

/** The captcha's proof of work for a new check key, solved as the console does. */
export async function solvedCaptcha(request: APIRequestContext) {
  const checkKey = `k${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const res = await request.get(`/api/sys/randomImage/${checkKey}`);
  expect(res.ok()).toBe(true);
  const challenge = ((await res.json()) as { result: CaptchaChallenge }).result;
  return { captcha: await solveCaptcha(challenge), checkKey };
}

/** Waits until the page's captcha check has worked its proof out. */
export async function captchaDone(page: Page) {
  await expect(page.getByTestId('captcha-check')).toHaveAttribute('data-state', 'done');
}

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

declare global {
  interface Window {
    __e2eToastShown?: (text: string) => void;
  }
}

/** Per page: the messages it has shown, in order (kept here, so a reload does not lose them). */
const shownToasts = new WeakMap<Page, string[]>();
/** Per page: how many of its recorded messages earlier checks have already claimed. */
const claimed = new WeakMap<Page, Set<number>>();

/**
 * Records every short-lived message the page shows (antd's message, the console's own notices) as
 * it appears, so a test can check one was shown however briefly and whenever it looks: a message
 * lives 3 s, and a starved browser can let that pass between two looks. The `page` of `test`
 * records already; call it for other pages before their first `goto`.
 */
export async function recordToasts(page: Page) {
  const shown: string[] = [];
  shownToasts.set(page, shown);
  await page.exposeBinding('__e2eToastShown', (_source, text: string) => {
    shown.push(text);
  });
  await page.addInitScript(() => {
    const seen = new WeakSet<Element>();
    const collect = () => {
      for (const el of document.querySelectorAll('.ant-message-notice, [data-testid="notice"]')) {
        const text = el.textContent?.trim();
        if (!text || seen.has(el)) continue;
        seen.add(el);
        window.__e2eToastShown?.(text);
      }
    };
    new MutationObserver(collect).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** The messages the page has shown so far (see recordToasts). */
export function toastsShown(page: Page): string[] {
  const shown = shownToasts.get(page);
  if (!shown) throw new Error('this page does not record its messages: recordToasts(page) first');
  return [...shown];
}

/**
 * Passes once the page has shown a message (antd's or the console's notice) with this text, one
 * that no earlier check claimed: two checks of the same text need two messages. See recordToasts.
 */
export async function expectToast(page: Page, text: string | RegExp) {
  const taken = claimed.get(page) ?? new Set<number>();
  claimed.set(page, taken);
  await expect
    .poll(
      () => {
        const index = toastsShown(page).findIndex(
          (t, i) => !taken.has(i) && (typeof text === 'string' ? t === text : text.test(t)),
        );
        if (index < 0) return false;
        taken.add(index);
        return true;
      },
      { message: `the page showed the message ${text}` },
    )
    .toBe(true);
}

/** Marks every announcement read for `username` through the API (a reader starting from nothing unread). */
export async function markAllRead(request: APIRequestContext, username: string, password = PASSWORD) {
  const login = await request.post('/api/sys/login', { data: { username, password } });
  expect(login.ok()).toBe(true);
  const token = ((await login.json()) as { result: { token: string } }).result.token;
  const headers = { 'X-Access-Token': token };
  expect((await request.put('/api/sys/sysAnnouncementSend/readAll', { headers })).ok()).toBe(true);
  await request.post('/api/sys/logout', { headers });
}

/** A valid US number nobody else uses. */
export const freshPhone = () => `+1212${String(2_000_000 + Math.floor(Math.random() * 7_999_999))}`;

/** A company signs up through the API (as the sign-up page does) and waits for approval. */
export async function registerCompany(request: APIRequestContext) {
  const u = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const body = {
    companyName: `Waiting Co ${u}`,
    contactName: 'Wai Ting',
    phone: freshPhone(),
    email: `wait.${u}@example.com`,
    username: `wait_${u}`,
    password: 'Waiting2026',
    confirmPassword: 'Waiting2026',
    ...(await solvedCaptcha(request)),
  };
  const res = await request.post('/api/sys/user/register', { data: body });
  expect(res.ok(), await res.text()).toBe(true);
  return body;
}

/** A list's open import dialog (the kit's ImportDialog). */
export function importDialog(page: Page): Locator {
  return page.getByRole('dialog').filter({ has: page.getByTestId('import-commit') });
}

/** Puts a file made in the test into the import dialog's file input. */
export async function chooseFile(dialog: Locator, name: string, content: string) {
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
}

/** A downloaded .xlsx: its first sheet's name and rows (the header row first). */
export async function downloadedSheet(download: Download): Promise<{ name: string; rows: unknown[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const ws = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: ws.name, rows };
}

/**
 * Chooses `name` in a searchable antd Select by typing it and pressing Enter once the option is
 * shown: a click into a list that was still opening (its animation) missed its option now and then.
 */
export async function chooseOption(page: Page, select: Locator, name: string) {
  await select.click();
  await page.keyboard.type(name);
  await expect(page.locator('.ant-select-dropdown:visible').getByTitle(name, { exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(select).toContainText(name);
}

/**
 * Picks the option titled `title` in an antd Select (`select`: its root, e.g. by test id), searchable
 * or not, until the select shows it. Animations are off (reduced motion, playwright.config.ts),
 * but a list redrawn as its options arrive can still take a click meant for the old one.
 */
export async function pickOption(page: Page, select: Locator, title: string) {
  await expect(async () => {
    const dropdown = page.locator('.ant-select-dropdown:visible');
    if ((await dropdown.count()) === 0) await select.click();
    await dropdown.getByTitle(title, { exact: true }).first().click({ timeout: 5_000 });
    await expect(select).toContainText(title, { timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
}

/** Chooses a country by its ISO code in a country picker (CountryCodeSelect: "US United States"). */
export async function pickCountry(page: Page, select: Locator, code: string) {
  await expect(async () => {
    const dropdown = page.locator('.ant-select-dropdown:visible');
    if ((await dropdown.count()) === 0) await select.click();
    await select.locator('input').fill(code);
    await dropdown.locator(`[title^="${code} "]`).first().click({ timeout: 5_000 });
    await expect(select).toContainText(`${code} `, { timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
}

/**
 * The side menu's entry `name` (its route name), shown: under the sub menu `parent` (route name),
 * which is opened unless it is open already; a top-level entry without `parent`. Whether the sub
 * menu is open is read from its class, not from the entry's visibility: the entry stays visible a
 * moment while a sub menu closes, and a sub menu the page opened by itself would be clicked shut.
 */
export async function showMenuEntry(page: Page, name: string, parent?: string) {
  const side = page.getByTestId('side-menu');
  const entry = side.getByTestId(`menu-${name}`);
  if (parent) {
    const title = side.getByTestId(`menu-${parent}`);
    const group = side.locator('li.ant-menu-submenu').filter({ has: page.getByTestId(`menu-${parent}`) });
    await expect(title).toBeVisible();
    if (!/\bant-menu-submenu-open\b/.test((await group.getAttribute('class')) ?? '')) await title.click();
    await expect(group).toHaveClass(/\bant-menu-submenu-open\b/);
  }
  await expect(entry).toBeVisible();
  return entry;
}
