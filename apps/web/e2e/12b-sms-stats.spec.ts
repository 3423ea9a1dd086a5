import type { APIRequestContext, Page } from '@playwright/test';
import { expect, PASSWORD, SCREENSHOTS, signIn, switchLanguage, test } from './support';

/**
 * The home dashboards and the SMS analysis (issue 12), in both languages: messages are created
 * through the running server's API (the send route of the console), and the figures the home
 * page shows are those of the records (the four kinds' record lists, read through the API the
 * same moment). Without the gateway module on this branch no message reaches a gateway: they end
 * as invalid numbers or without a route, or wait; the figures count them all the same.
 */

const KIND_PATHS = ['marketing', 'notify', 'otpReguler', 'otpPremium'] as const;
const MICROS = 1_000_000n;

const moneyFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const integerFormat = new Intl.NumberFormat('en-US');

function micros(text: string): bigint {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole) * MICROS + BigInt(fraction.padEnd(6, '0').slice(0, 6));
  return negative ? -value : value;
}

/**
 * An amount as the console shows money (issue 28): two decimals, grouped, the currency after it;
 * one too small to show as anything but zero keeps its own decimals.
 */
function formatMicros(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / MICROS;
  const fraction = (abs % MICROS).toString().padStart(6, '0');
  const sign = negative ? '-' : '';
  if (abs !== 0n && abs < 5_000n) return `${sign}0.${fraction.replace(/0+$/, '')} USD`;
  return `${sign}${moneyFormat.format(Number(`${whole}.${fraction}`))} USD`;
}

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const login = await request.post('/api/sys/login', { data: { username, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { result: { token: string } }).result.token;
}

interface RecordRow {
  companyId: string;
  price: string;
  status: string;
  sentAt: string | null;
}

/**
 * Today's records (the lists' default: the current UTC day) of every kind, of one company or of
 * the caller's whole scope: how many, how many delivered, and what was spent (charged and not
 * refunded: a message that failed before any gateway took it was refunded).
 */
async function recordsToday(request: APIRequestContext, token: string, companyId?: string) {
  let count = 0;
  let delivered = 0;
  let spend = 0n;
  for (const kind of KIND_PATHS) {
    for (let pageNo = 1; ; pageNo++) {
      const res = await request.get(`/api/sms/${kind}/list`, {
        headers: { 'X-Access-Token': token },
        params: { pageNo, pageSize: 500, ...(companyId ? { companyId } : {}) },
      });
      expect(res.ok(), await res.text()).toBe(true);
      const page = ((await res.json()) as { result: { records: RecordRow[]; total: number } }).result;
      for (const r of page.records) {
        count++;
        if (r.status === 'delivered') delivered++;
        if (!(r.status === 'failed' && r.sentAt === null)) spend += micros(r.price);
      }
      if (pageNo * 500 >= page.total) break;
    }
  }
  return { count, delivered, spend };
}

async function send(request: APIRequestContext, token: string, numbers: string[]) {
  const res = await request.post('/api/sms/otpReguler/send', {
    headers: { 'X-Access-Token': token },
    data: { recipients: numbers.map((number) => ({ number })), text: 'Your code is 4321' },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function balanceOf(request: APIRequestContext, token: string) {
  const res = await request.get('/api/sys/balance', { headers: { 'X-Access-Token': token } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { result: { balance: string; commission: string } }).result;
}

const figure = (page: Page, testId: string) =>
  page.getByTestId(testId).locator('.ant-statistic-content-value');

async function signInIn(page: Page, username: string, locale: 'en-US' | 'zh-CN') {
  await page.goto('/user/login');
  if (locale === 'zh-CN') await switchLanguage(page, 'zh-CN');
  await signIn(page, username);
}

test('a customer’s home shows today’s and this month’s figures as its records say, the analysis the same (English, then a phone)', async ({
  page,
  request,
}) => {
  test.slow();
  const token = await tokenOf(request, 'customer');
  await send(request, token, ['+8613800138000', '+447812345678', '12']);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInIn(page, 'customer', 'en-US');
  await expect(page.getByTestId('home-dashboard')).toBeVisible();
  await expect(page.getByTestId('home-scope')).toHaveText('SMS figures of your company');
  // Receipts may still arrive (a gateway of the demo may take them): the records and the page are
  // read again until they agree.
  let records = await recordsToday(request, token);
  await expect(async () => {
    records = await recordsToday(request, token);
    await page.reload();
    await expect(figure(page, 'home-today-sent')).toHaveText(integerFormat.format(records.count), {
      timeout: 10_000,
    });
    await expect(figure(page, 'home-today-delivered')).toHaveText(integerFormat.format(records.delivered), {
      timeout: 1_000,
    });
    await expect(figure(page, 'home-today-spend')).toHaveText(formatMicros(records.spend), {
      timeout: 1_000,
    });
  }).toPass({ timeout: 120_000 });
  expect(records.count).toBeGreaterThanOrEqual(3);
  const balance = await balanceOf(request, token);
  await expect(figure(page, 'home-balance')).toHaveText(formatMicros(micros(balance.balance)));
  await expect(page.getByTestId('home-commission')).toHaveCount(0);
  await expect(page.getByTestId('home-today-commission')).toHaveCount(0);
  // This month holds today.
  const month = Number((await figure(page, 'home-month-sent').innerText()).replaceAll(',', ''));
  expect(month).toBeGreaterThanOrEqual(records.count);
  await expect(page.getByTestId('home-chart').locator('svg')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/12b-home-customer-en.png`, fullPage: true });

  // The analysis: today's row of the daily table and the totals.
  await page.goto('/sms/analysis');
  await expect(page.getByTestId('breadcrumb')).toContainText('SMS analysis');
  const today = new Date().toISOString().slice(0, 10);
  const row = page.getByTestId('analysis-table-day').locator('tr', { hasText: today });
  await expect(row.locator('td').nth(1)).toHaveText(integerFormat.format(records.count));
  await expect(page.getByTestId('analysis-chart').locator('svg')).toBeVisible();
  // Customers see neither cost nor margin, nor gateways.
  await expect(page.getByTestId('analysis-cost')).toHaveCount(0);
  await expect(page.getByTestId('analysis-tab-gateway')).toHaveCount(0);
  await page.getByTestId('analysis-tab-country').click();
  await expect(page.getByTestId('analysis-table-country').locator('tr', { hasText: '(CN)' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/12b-analysis-customer-en.png`, fullPage: true });

  // A phone: the figures fit the width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/home/Home');
  await expect(figure(page, 'home-today-sent')).toHaveText(integerFormat.format(records.count));
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByTestId('home-chart').locator('svg')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/12b-home-customer-phone.png`, fullPage: true });
});

test('an agent’s home shows its customers’ figures as their records say and its commission (中文)', async ({
  page,
  request,
}) => {
  test.slow();
  const customerToken = await tokenOf(request, 'agentcustomer');
  // Money to send with (the suite's demo companies start with none), so that the agent earns.
  const customerCompany = (
    (await (
      await request.get('/api/sys/balance', { headers: { 'X-Access-Token': customerToken } })
    ).json()) as {
      result: { companyId: string };
    }
  ).result.companyId;
  const credit = await request.post('/api/sys/balance/adjust', {
    headers: { 'X-Access-Token': await tokenOf(request, 'admin') },
    data: {
      companyId: customerCompany,
      direction: 'credit',
      amount: '5',
      reason: 'e2e stats',
      idempotencyKey: `e2e-stats-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
  });
  expect(credit.ok(), await credit.text()).toBe(true);
  await send(request, customerToken, ['+8613900139000', 'not a number']);
  const agentToken = await tokenOf(request, 'agent');
  const ownCompany = (
    (await (await request.get('/api/sys/balance', { headers: { 'X-Access-Token': agentToken } })).json()) as {
      result: { companyId: string };
    }
  ).result.companyId;
  /** Its customers: every company of its scope but its own. */
  const customersToday = async () => {
    const scope = await recordsToday(request, agentToken);
    const own = await recordsToday(request, agentToken, ownCompany);
    return {
      count: scope.count - own.count,
      delivered: scope.delivered - own.delivered,
      spend: scope.spend - own.spend,
    };
  };

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInIn(page, 'agent', 'zh-CN');
  await expect(page.getByTestId('agent-home')).toBeVisible();
  await expect(page.getByTestId('home-scope')).toHaveText('您的客户的短信数据');
  await expect(page.getByTestId('home-today')).toContainText('今日');
  // Read again until the records and the page agree (receipts may still arrive).
  let customers = await customersToday();
  await expect(async () => {
    customers = await customersToday();
    await page.reload();
    await expect(figure(page, 'home-today-sent')).toHaveText(integerFormat.format(customers.count), {
      timeout: 10_000,
    });
    await expect(figure(page, 'home-today-delivered')).toHaveText(integerFormat.format(customers.delivered), {
      timeout: 1_000,
    });
    await expect(figure(page, 'home-today-spend')).toHaveText(formatMicros(customers.spend), {
      timeout: 1_000,
    });
  }).toPass({ timeout: 120_000 });
  expect(customers.count).toBeGreaterThanOrEqual(2);
  const balance = await balanceOf(request, agentToken);
  await expect(figure(page, 'home-commission')).toHaveText(formatMicros(micros(balance.commission)));
  await expect(page.getByTestId('home-commission')).toContainText('佣金');
  // Commission earned today and this month, as the server counts it from the ledger.
  await expect(async () => {
    const res = await request.get('/api/home/totals', { headers: { 'X-Access-Token': agentToken } });
    const totals = ((await res.json()) as { result: { today: { commission: string } } }).result;
    expect(micros(totals.today.commission)).toBeGreaterThan(0n);
    await page.reload();
    await expect(figure(page, 'home-today-commission')).toHaveText(
      formatMicros(micros(totals.today.commission)),
      {
        timeout: 10_000,
      },
    );
  }).toPass({ timeout: 60_000 });
  await expect(page.getByTestId('home-month-commission')).toContainText('佣金收入');
  await page.screenshot({ path: `${SCREENSHOTS}/12b-home-agent-zh.png`, fullPage: true });

  await page.goto('/sms/analysis');
  await expect(page.getByTestId('breadcrumb')).toContainText('短信统计分析');
  await expect(figure(page, 'analysis-commission')).toHaveText(formatMicros(micros(balance.commission)));
  await page.getByTestId('analysis-tab-company').click();
  await expect(
    page.getByTestId('analysis-table-company').locator('tr', { hasText: 'Agency Client Co' }),
  ).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/12b-analysis-agent-zh.png`, fullPage: true });
});
