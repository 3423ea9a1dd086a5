import type { Locator, Page } from '@playwright/test';
import { expect, SCREENSHOTS, signIn, test } from './support';

/**
 * Issue 28, item 2: the console on a phone (390 px), in English and in Chinese. Every list shows
 * one way there (DataTable: the table scrolls sideways inside its card with readable columns):
 * no header wraps (Chinese headers stacked a character a line), and no status tag lies under
 * another cell (the fixed actions column covered them) wherever the row is scrolled to show it.
 * Recharge, the notifications and Contact us, hidden from the header below 400 px, are in the
 * user menu as the language is.
 */

const PHONE = { width: 390, height: 844 };

const LANGS = [
  {
    locale: 'en-US' as const,
    recharge: 'Recharge',
    notices: 'Notifications',
    contact: 'Contact us',
    tabs: { outbox: 'Outbox', timing: 'Timing', records: 'Records' },
  },
  {
    locale: 'zh-CN' as const,
    recharge: '充值',
    notices: '通知',
    contact: '联系我们',
    tabs: { outbox: '立即发送', timing: '定时发送', records: '发送记录' },
  },
];

/** The list screens the issue names (and the logs beside them), by path. */
const LISTS = [
  { name: 'users', path: '/system/user', tags: true },
  { name: 'countries', path: '/system/country' },
  { name: 'gateway-costs', path: '/rates/gatewayCost' },
  { name: 'rate-groups', path: '/rates/groups' },
  { name: 'routes', path: '/sms/route' },
  { name: 'operators', path: '/sys/smsOperator' },
  { name: 'login-log', path: '/system/loginLog', tags: true },
  { name: 'operation-log', path: '/system/operationLog' },
  { name: 'callback-log', path: '/sms/callback' },
];

async function signInAs(page: Page, username: string, locale: 'en-US' | 'zh-CN') {
  await page.addInitScript((value) => localStorage.setItem('switchboard.locale', value), locale);
  await page.setViewportSize(PHONE);
  await page.goto('/user/login');
  await signIn(page, username);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

/** The page's visible tables, once each has its rows (or its empty state) and nothing loads. */
async function loadedTables(page: Page): Promise<Locator> {
  const tables = page.locator('.ant-table-wrapper:visible');
  await expect(tables.first()).toBeVisible();
  await expect(
    tables.first().locator('tbody tr.ant-table-row, .ant-table-placeholder').first(),
  ).toBeVisible();
  await expect(page.locator('.ant-table-wrapper .ant-spin-spinning')).toHaveCount(0);
  return tables;
}

/** Headers whose text runs over more than one line (their text, for the message). */
function wrappedHeaders(tables: Locator): Promise<string[]> {
  return tables.evaluateAll((wrappers) => {
    const wrapped: string[] = [];
    for (const wrapper of wrappers) {
      for (const th of wrapper.querySelectorAll('thead th')) {
        const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const lines = new Set(
            [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
          );
          if (lines.size > 1) wrapped.push(`${th.textContent} (${lines.size} lines)`);
        }
      }
    }
    return wrapped;
  });
}

/**
 * Each status tag of the first rows, scrolled into view as a reader would (as little as needed,
 * sideways inside its table): what lies over it, if anything. A tag is covered when another cell
 * of its row overlaps it, or when what the page shows at its centre is not its own cell.
 */
function coveredTags(tables: Locator): Promise<{ count: number; covered: string[] }> {
  return tables.evaluateAll((wrappers) => {
    const covered: string[] = [];
    let count = 0;
    for (const wrapper of wrappers) {
      const rows = [...wrapper.querySelectorAll('tbody tr.ant-table-row')].slice(0, 5);
      for (const row of rows) {
        for (const tag of row.querySelectorAll('.ant-tag')) {
          const cell = tag.closest('td');
          if (!cell) continue;
          count += 1;
          tag.scrollIntoView({ block: 'center', inline: 'nearest' });
          const box = tag.getBoundingClientRect();
          for (const other of row.children) {
            if (other === cell) continue;
            const o = other.getBoundingClientRect();
            const across = Math.min(box.right, o.right) - Math.max(box.left, o.left);
            const down = Math.min(box.bottom, o.bottom) - Math.max(box.top, o.top);
            if (across > 1 && down > 1) covered.push(`${tag.textContent} under ${other.textContent}`);
          }
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          if (!hit || !cell.contains(hit))
            covered.push(`${tag.textContent} hidden by ${hit?.textContent ?? 'nothing'}`);
        }
      }
      // Back to the start of the row, as the list opens.
      const scroller = wrapper.querySelector('.ant-table-content, .ant-table-body');
      if (scroller) scroller.scrollLeft = 0;
    }
    return { count, covered };
  });
}

/** The list rules at 390 px on the page shown; returns how many tags were checked. */
async function expectReadableList(page: Page, what: string): Promise<number> {
  const tables = await loadedTables(page);
  expect(await wrappedHeaders(tables), `${what}: headers on one line`).toEqual([]);
  // The table scrolls inside its card: the page itself never runs past the window.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const tags = await coveredTags(tables);
  expect(tags.covered, `${what}: status tags in plain sight`).toEqual([]);
  return tags.count;
}

for (const lang of LANGS) {
  test(`[${lang.locale}] at 390 px every list scrolls sideways with readable headers and its status tags uncovered`, async ({
    page,
  }) => {
    test.slow();
    await signInAs(page, 'admin', lang.locale);
    for (const list of LISTS) {
      await page.goto(list.path);
      const tags = await expectReadableList(page, list.name);
      // Lists whose rows always carry a status tag: the check above had something to check.
      if (list.tags) expect(tags, `${list.name}: status tags`).toBeGreaterThan(0);
      await page.screenshot({ path: `${SCREENSHOTS}/28-${list.name}-390-${lang.locale}.png` });
    }
    // Sends, scheduled sends and their records: the tabs of a kind's screen.
    await page.goto('/sms/marketing');
    for (const [key, label] of Object.entries(lang.tabs)) {
      await page.getByTestId(`tab-${key}`).click();
      await expect(page.getByRole('tab', { name: label, selected: true })).toBeVisible();
      await expectReadableList(page, `marketing ${key}`);
    }
  });

  test(`[${lang.locale}] at 390 px the user menu reaches Recharge, the notifications and Contact us`, async ({
    page,
  }) => {
    await signInAs(page, 'customer', lang.locale);
    // Not in the header: there is no room below 400 px.
    for (const key of ['recharge', 'contact', 'bell']) {
      await expect(page.getByTestId(`header-item-${key}`)).toHaveCount(key === 'bell' ? 1 : 0);
    }
    await expect(page.getByTestId('notice-bell')).toHaveCount(0);

    const open = async () => {
      await page.getByTestId('user-menu').click();
      await expect(page.getByTestId('logout-button')).toBeVisible();
    };
    await open();
    await expect(page.getByTestId('user-menu-recharge')).toHaveText(lang.recharge);
    await expect(page.getByTestId('user-menu-notices')).toContainText(lang.notices);
    await expect(page.getByTestId('user-menu-contact')).toHaveText(lang.contact);
    await page.screenshot({ path: `${SCREENSHOTS}/28-user-menu-390-${lang.locale}.png` });

    await page.getByTestId('user-menu-recharge').click();
    await expect(page).toHaveURL(/\/SysCustomerPay$/);
    await expect(page.getByTestId('recharge-balance')).toBeVisible();

    await open();
    await page.getByTestId('user-menu-notices').click();
    await expect(page).toHaveURL(/\/isps\/userAnnouncement$/);

    await open();
    await page.getByTestId('user-menu-contact').click();
    await expect(page).toHaveURL(/\/contactUs$/);
    await expect(page.getByText(lang.contact, { exact: true }).first()).toBeVisible();
  });
}
