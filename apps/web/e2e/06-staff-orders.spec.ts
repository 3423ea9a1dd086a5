import type { APIRequestContext, Download, Page } from '@playwright/test';
import {
  adminHeaders,
  downloadedSheet,
  expect,
  expectToast,
  logOut,
  PASSWORD,
  signIn,
  switchLanguage,
  test,
} from './support';

/**
 * Staff at work on money: the administrator looks at the top-up orders (filtered by state, the
 * state in words of the screen's language, the week exported), and decides commission payouts
 * that a reseller (the demo agent, Acme Agency) asked for on the Payouts screen: one approved
 * (the commission falls by exactly that amount on Balance & ledger), one rejected with a reason
 * the reseller then sees. The data comes through the API as the console would make it: a
 * customer's card top-up paid on the simulator, the reseller's commission credited by the
 * administrator (`/sys/balance/adjust` with `account: commission`).
 */

const LANGS = [
  {
    locale: 'en-US' as const,
    finished: 'Finished',
    pending: 'Pending payment',
    state: 'State',
    order: 'Order',
    sheet: 'Top-up orders',
    requested: 'Payout requested',
    approvedToast: 'Payout approved: the commission was debited',
    rejectedToast: 'Payout rejected',
    approved: 'Approved',
    rejected: 'Rejected',
    pendingPayout: 'Pending review',
  },
  {
    locale: 'zh-CN' as const,
    finished: '已完成',
    pending: '待支付',
    state: '状态',
    order: '订单号',
    sheet: '充值订单',
    requested: '提现申请已提交',
    approvedToast: '提现已批准，佣金已扣除',
    rejectedToast: '提现已驳回',
    approved: '已批准',
    rejected: '已驳回',
    pendingPayout: '待审核',
  },
];

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** A top-up amount of this run (50.01 to 99.99), as the console shows it. */
const amountOfRun = () =>
  `${50 + Math.floor(Math.random() * 50)}.${String(1 + Math.floor(Math.random() * 98)).padStart(2, '0')}`;
/** A shown amount in cents ("1,234.50" → 123450). */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);

async function tokenOf(request: APIRequestContext, username: string): Promise<Record<string, string>> {
  const login = await request.post('/api/sys/login', { data: { username, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  return { 'X-Access-Token': ((await login.json()) as { result: { token: string } }).result.token };
}

/** A card top-up of the demo customer; `pay`: paid on the simulator and finished. */
async function topUp(request: APIRequestContext, amount: string, pay: boolean): Promise<string> {
  const headers = await tokenOf(request, 'customer');
  const created = await request.post('/api/sys/order/create', { headers, data: { amount, method: 'card' } });
  expect(created.ok(), await created.text()).toBe(true);
  const { orderId } = ((await created.json()) as { result: { orderId: string } }).result;
  if (pay) {
    expect((await request.post(`/api/payments/sim/checkout/${orderId}/pay`)).ok()).toBe(true);
    await expect
      .poll(
        async () => {
          const res = await request.get(`/api/sys/order/queryById?id=${orderId}`, { headers });
          return ((await res.json()) as { result: { state: string } }).result.state;
        },
        { timeout: 60_000 },
      )
      .toBe('finished');
  }
  return orderId;
}

/** The administrator credits the demo agent's commission through the API. */
async function creditCommission(request: APIRequestContext, amount: string) {
  const headers = await adminHeaders(request);
  const found = await request.get('/api/sys/company/list', { headers, params: { name: 'Acme Agency' } });
  const acme = (
    (await found.json()) as { result: { records: { id: string; name: string }[] } }
  ).result.records.find((c) => c.name === 'Acme Agency');
  expect(acme).toBeDefined();
  const res = await request.post('/api/sys/balance/adjust', {
    headers,
    data: {
      companyId: acme!.id,
      account: 'commission',
      direction: 'credit',
      amount,
      reason: 'e2e payouts',
      idempotencyKey: `e2e-payouts-${unique()}`,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function sheetOf(download: Download) {
  const { name, rows } = await downloadedSheet(download);
  const header = rows[0] as string[];
  return {
    name,
    header,
    records: rows.slice(1).map((row) => Object.fromEntries(header.map((h, i) => [h, row[i] ?? null]))),
  };
}

async function commissionCents(page: Page): Promise<number> {
  await page.goto('/billing/ledger');
  const value = page.getByTestId('commission-value').locator('.ant-statistic-content-value');
  await expect(value).toHaveText(/\d/);
  return cents(await value.innerText());
}

async function requestPayout(page: Page, amount: string, note: string, toast: string) {
  await page.getByTestId('payout-request').click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('payout-form') });
  await expect(dialog.getByTestId('payout-commission')).toContainText(/\d/);
  await dialog.getByTestId('payout-amount').fill(amount);
  await dialog.getByTestId('payout-note').fill(note);
  await dialog.locator('.ant-btn-primary').click();
  await expectToast(page, toast);
  await expect(dialog).toBeHidden();
}

const payoutRow = (page: Page, note: string) =>
  page.getByTestId('payout-table').locator('tr.ant-table-row').filter({ hasText: note });

async function signInAs(page: Page, username: string) {
  await page.goto('/user/login');
  await signIn(page, username);
  await expect(page.getByTestId('current-user')).toBeVisible();
}

for (const lang of LANGS) {
  test(`[${lang.locale}] the administrator filters top-up orders by state, sees states in words and exports the week`, async ({
    page,
    request,
  }) => {
    test.slow();
    const paidAmount = amountOfRun();
    const paid = await topUp(request, paidAmount, true);
    const pending = await topUp(request, amountOfRun(), false);

    await page.goto('/user/login');
    if (lang.locale !== 'en-US') await switchLanguage(page, lang.locale);
    await signIn(page, 'admin');
    await page.goto('/billing/orders');
    const table = page.getByTestId('order-table');
    await expect(table.locator('tr.ant-table-row').first()).toBeVisible();
    // Twelve states: typed, the one wanted comes up.
    await table.getByTestId('filter-state').click();
    await page.keyboard.type(lang.finished);
    await page.locator('.ant-select-item-option').filter({ hasText: lang.finished }).click();
    await table.getByTestId('query-submit').click();
    await expect(page).toHaveURL(/[?&]state=finished/);
    const rows = table.locator('tr.ant-table-row');
    // The order just paid is there, its state in words; no order of another state is.
    await expect(rows.filter({ hasText: paidAmount })).toHaveCount(1);
    await expect(rows.filter({ hasText: paidAmount })).toContainText(lang.finished);
    await expect(rows.filter({ hasText: lang.pending })).toHaveCount(0);

    // Export: the week (no period chosen), as the list filters it, in the screen's language.
    const downloading = page.waitForEvent('download');
    await page.getByTestId('order-export').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^top-up-orders-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const sheet = await sheetOf(download);
    expect(sheet.name).toBe(lang.sheet);
    expect(sheet.header).toContain(lang.state);
    const ids = sheet.records.map((r) => r[lang.order]);
    expect(ids).toContain(paid);
    expect(ids).not.toContain(pending);
    expect(sheet.records.every((r) => r[lang.state] === lang.finished)).toBe(true);
  });

  test(`[${lang.locale}] a reseller asks for two payouts; the administrator approves one and rejects the other with a reason`, async ({
    page,
    request,
  }) => {
    test.slow();
    await creditCommission(request, '20');
    const run = unique();
    const approvedNote = `approve me ${run}`;
    const rejectedNote = `reject me ${run}`;
    // Short enough to be shown whole (longer texts are cut, the rest on hover).
    const reason = `wrong bank ${run}`;

    await page.goto('/user/login');
    if (lang.locale !== 'en-US') await switchLanguage(page, lang.locale);
    await signIn(page, 'agent');
    const before = await commissionCents(page);
    await page.goto('/billing/payouts');
    await requestPayout(page, '7.25', approvedNote, lang.requested);
    await requestPayout(page, '3.50', rejectedNote, lang.requested);
    await expect(payoutRow(page, approvedNote)).toContainText(lang.pendingPayout);
    // Asking reserves nothing on the ledger yet.
    expect(await commissionCents(page)).toBe(before);
    await logOut(page);

    await signInAs(page, 'admin');
    await page.goto('/billing/payouts');
    await payoutRow(page, approvedNote).getByTestId('payout-approve').click();
    let dialog = page.getByRole('dialog').filter({ has: page.getByTestId('payout-decision-form') });
    await dialog.locator('.ant-btn-primary').click();
    await expectToast(page, lang.approvedToast);
    await expect(payoutRow(page, approvedNote)).toContainText(lang.approved);
    await payoutRow(page, rejectedNote).getByTestId('payout-reject').click();
    dialog = page.getByRole('dialog').filter({ has: page.getByTestId('payout-decision-form') });
    await dialog.getByTestId('payout-reason').fill(reason);
    await dialog.locator('.ant-btn-primary').click();
    await expectToast(page, lang.rejectedToast);
    await expect(payoutRow(page, rejectedNote)).toContainText(lang.rejected);
    await logOut(page);

    // The reseller: commission down by exactly the approved amount; the rejection's reason shown.
    await signInAs(page, 'agent');
    await expect.poll(() => commissionCents(page), { timeout: 60_000 }).toBe(before - 725);
    await page.goto('/billing/payouts');
    await expect(payoutRow(page, rejectedNote)).toContainText(lang.rejected);
    await expect(payoutRow(page, rejectedNote)).toContainText(reason);
    await expect(payoutRow(page, approvedNote)).toContainText(lang.approved);
  });
}
