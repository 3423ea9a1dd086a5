import type { Page } from '@playwright/test';
import { chooseFirstDepartment, expect, signIn, storedToken, switchLanguage, test } from './support';

/**
 * Issue 28 item 5, "Chinese all the way through": each role signs in in Chinese, opens every
 * screen of its menu and reads what the screen shows. A Latin-script word outside the allow-list
 * below is text made somewhere (the server, a code shown raw, a label never translated) that a
 * Chinese reader would meet in English.
 */

/**
 * What may be Latin on a Chinese page, as narrow as it goes. Each entry says why.
 * Words are compared whole (letters, digits, `_`, `-` and `.` inside a word).
 */
const ALLOWED_WORDS = new Set([
  // The product's name (brand setting of the demo, shown in the header and the title).
  'Switchboard',
  // The platform currency (ISO 4217 code) beside every amount.
  'USD',
  // Protocol and standard names a Chinese console writes in Latin too (as the Chinese texts do:
  // "SMPP 账号", "HTTP 接口", "API 密钥", "IP 白名单", "SIP 中继", "MCC/MNC", "E.164").
  'SMPP',
  'HTTP',
  'HTTPS',
  'API',
  'IP',
  'SIP',
  'TLS',
  'MCC',
  'MNC',
  'SMSC',
  'ID',
  'URL',
  'OTP',
  'SMS',
  'UTC',
  'TPS',
  'CPS',
  'PDU',
  'TOTP',
  'UCS-2',
  'GSM',
  'ND',
  'HLR',
  'WhatsApp',
  'Google',
  'Excel',
  'CSV',
  'xlsx',
  'JSON',
  // The ISO 3166 codes of the demo's countries, shown beside their names and in rates.
  'CN',
  'US',
  'GB',
  'HK',
  'SG',
  'IN',
  'DE',
  'FR',
  'JP',
  // antd's pager ("10 条/页") and the time picker write these in any language.
  'AM',
  'PM',
]);

/**
 * Demo data the seed makes (names people gave things: companies, users, gateways, trunks, groups,
 * templates, departments' own names), as they were typed. Only names, never sentences.
 */
const DEMO_NAMES = [
  'Direct Retail Ltd',
  'Two-Way Logistics',
  'Acme Agency',
  'Agency Client Co',
  'Northwind Distribution',
  'Ada Admin',
  'Sam Sales',
  'Dana Distributor',
  'Alex Agent',
  'Chris Customer',
  'Casey Customer',
  'Avery Agent-Customer',
];

/** What is stripped before words are read: addresses, e-mail addresses, ids, numbers with units. */
const STRIP = [
  /\bhttps?:\/\/\S+/g,
  /[\w.+-]+@[\w-]+(\.[\w-]+)+/g,
  // UUIDs and hex ids (message ids, keys).
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi,
  /\b[0-9a-f]{16,}\b/gi,
];

interface Walker {
  username: string;
  departments: number;
}

const ROLES: Walker[] = [
  { username: 'admin', departments: 1 },
  { username: 'sales', departments: 2 },
  { username: 'agent', departments: 1 },
  { username: 'customer', departments: 1 },
];

interface MenuNode {
  path: string;
  component: string | null;
  hidden: boolean;
  redirect: string | null;
  meta: { internalOrExternal?: boolean } & Record<string, unknown>;
  children?: MenuNode[];
}

/** The screens of a menu: every visible leaf with a component (no external links, no params). */
function screensOf(nodes: MenuNode[]): string[] {
  const out: string[] = [];
  for (const node of nodes) {
    if (node.hidden) continue;
    if (node.children?.length) out.push(...screensOf(node.children));
    else if (node.component && node.path.startsWith('/') && !node.path.includes(':')) out.push(node.path);
  }
  return out;
}

/** The Latin words of a text that the allow-list does not allow. */
export function foreignWords(text: string, userWords: string[]): string[] {
  let rest = text;
  for (const name of [...DEMO_NAMES, ...userWords].sort((a, b) => b.length - a.length)) {
    rest = rest.split(name).join(' ');
  }
  for (const pattern of STRIP) rest = rest.replace(pattern, ' ');
  const words = rest.match(/[A-Za-z][A-Za-z0-9_.-]*[A-Za-z0-9]|[A-Za-z]{2,}/g) ?? [];
  return [...new Set(words.filter((w) => !ALLOWED_WORDS.has(w) && /[a-z]{2}|[A-Z]{2}/.test(w)))];
}

/** The screen's text once its loading is done and it stopped changing. */
async function settledText(page: Page): Promise<string> {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  let last = '';
  await expect
    .poll(async () => {
      const now = await page.locator('body').innerText();
      const same = now === last;
      last = now;
      return same;
    })
    .toBe(true);
  return last;
}

for (const walker of ROLES) {
  test(`${walker.username}: every menu screen in Chinese shows Chinese (names, codes and units aside)`, async ({
    page,
    request,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/user/login');
    await switchLanguage(page, 'zh-CN');
    await signIn(page, walker.username);
    if (walker.departments > 1) await chooseFirstDepartment(page);
    await expect(page.getByTestId('current-user')).toBeVisible();
    const token = await storedToken(page);
    const menu = await request.get('/api/sys/permission/getUserPermissionByToken', {
      headers: { 'X-Access-Token': token, 'X-Locale': 'zh-CN' },
    });
    const screens = screensOf(((await menu.json()) as { result: { menu: MenuNode[] } }).result.menu);
    expect(screens.length).toBeGreaterThan(3);
    // The user's own names (username shown in the header).
    const own = [walker.username];
    const found: Record<string, string[]> = {};
    for (const path of screens) {
      await page.goto(path);
      await expect(page.getByTestId('breadcrumb')).toBeVisible();
      const words = foreignWords(await settledText(page), own);
      // Two columns of one table under one heading cannot be told apart (两个“状态”).
      const headings = await page
        .locator('.ant-table-thead')
        .evaluateAll((heads) =>
          heads.map((head) =>
            [...head.querySelectorAll('th')]
              .map((th) => (th as HTMLElement).innerText.trim())
              .filter(Boolean),
          ),
        );
      for (const titles of headings) {
        const twice = titles.filter((title, i) => titles.indexOf(title) !== i);
        if (twice.length > 0) words.push(...twice.map((title) => `two columns headed ${title}`));
      }
      if (words.length > 0) found[path] = words;
    }
    expect(found).toEqual({});
  });
}
