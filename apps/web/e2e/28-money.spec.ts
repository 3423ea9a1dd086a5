import type { APIRequestContext, Page } from '@playwright/test';
import { adminHeaders, expect, PASSWORD, signIn, test } from './support';

/**
 * Issue 28, item 4: money shown one way, in English and in Chinese alike. Balances and amounts
 * have thousands separators, two decimals and the currency, on home, agent home and Balance &
 * ledger; the ledger's card and its own newest row show the same balance (1,210.52 beside
 * 1,210.518 before), an entry of -0.083 reads -0.08 USD.
 */

const LOCALES = ['en-US', 'zh-CN'] as const;

/** An amount as the console shows it: "1234.518000" -> "1,234.52 USD" (worked out here, not by the console's code). */
function amountText(decimal: string, currency = 'USD'): string {
  const number = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Number(decimal));
  return `${number} ${currency}`;
}

/** Two decimals (or, for a sum too small for two, its own few), grouped, the currency after it. */
const AMOUNT = /^-?(\d{1,3}(,\d{3})*\.\d{2}|0\.00\d{1,4}) USD$/;

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface Balance {
  companyId: string;
  balance: string;
  commission: string;
  currency: string;
}

async function balanceOf(request: APIRequestContext, username: string): Promise<Balance> {
  const login = await request.post('/api/sys/login', { data: { username, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  const token = ((await login.json()) as { result: { token: string } }).result.token;
  const res = await request.get('/api/sys/balance', { headers: { 'X-Access-Token': token } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { result: Balance }).result;
}

/** The administrator moves money of a company's account (as Companies → Adjust balance does). */
async function adjust(
  request: APIRequestContext,
  body: {
    companyId: string;
    account: 'balance' | 'commission';
    direction: 'credit' | 'debit';
    amount: string;
    reason: string;
  },
) {
  const res = await request.post('/api/sys/balance/adjust', {
    headers: await adminHeaders(request),
    data: { ...body, idempotencyKey: `e2e-28-${unique()}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function signInAs(page: Page, username: string, locale: (typeof LOCALES)[number]) {
  await page.addInitScript((value) => localStorage.setItem('switchboard.locale', value), locale);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/user/login');
  await signIn(page, username);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

const figure = (page: Page, testId: string) =>
  page.getByTestId(testId).locator('.ant-statistic-content-value');

for (const locale of LOCALES) {
  test(`[${locale}] a customer's balance reads the same on home, the ledger's card and its newest row`, async ({
    page,
    request,
  }) => {
    const { companyId } = await balanceOf(request, 'customer');
    const reason = `e2e 28 money ${unique()}`;
    await adjust(request, { companyId, account: 'balance', direction: 'credit', amount: '1210.518', reason });
    await adjust(request, { companyId, account: 'balance', direction: 'debit', amount: '0.083', reason });
    const { balance, currency } = await balanceOf(request, 'customer');
    expect(currency).toBe('USD');
    const shown = amountText(balance);

    await signInAs(page, 'customer', locale);
    await page.goto('/home/Home');
    await expect(figure(page, 'home-balance')).toHaveText(shown);
    for (const id of ['home-today-spend', 'home-month-spend']) {
      await expect(figure(page, id)).toHaveText(AMOUNT);
    }

    await page.goto('/billing/ledger');
    await expect(figure(page, 'balance-value')).toHaveText(shown);
    const rows = page.getByTestId('ledger-table').locator('tbody tr.ant-table-row', { hasText: reason });
    await expect(rows).toHaveCount(2);
    // Newest first: the debit, then the credit.
    await expect(rows.getByTestId('ledger-amount')).toHaveText(['-0.08 USD', '1,210.52 USD']);
    // The newest row's balance is the card's, to the cent and in the same form.
    await expect(rows.first().getByTestId('ledger-balance-after')).toHaveText(shown);
    for (const text of await page.getByTestId('ledger-table').getByTestId('ledger-amount').allInnerTexts()) {
      expect(text).toMatch(AMOUNT);
    }
  });

  test(`[${locale}] an agent's home shows its balance and commission with two decimals and the currency`, async ({
    page,
    request,
  }) => {
    const { companyId } = await balanceOf(request, 'agent');
    // A commission with six places (94.958775 USD was shown as it was).
    await adjust(request, {
      companyId,
      account: 'commission',
      direction: 'credit',
      amount: '94.958775',
      reason: `e2e 28 commission ${unique()}`,
    });
    const { balance, commission } = await balanceOf(request, 'agent');

    await signInAs(page, 'agent', locale);
    await page.goto('/AgentHome');
    await expect(page.getByTestId('agent-home')).toBeVisible();
    await expect(figure(page, 'home-commission')).toHaveText(amountText(commission));
    await expect(figure(page, 'home-balance')).toHaveText(amountText(balance));
    for (const id of [
      'home-today-spend',
      'home-month-spend',
      'home-today-commission',
      'home-month-commission',
    ]) {
      await expect(figure(page, id)).toHaveText(AMOUNT);
    }
  });
}
