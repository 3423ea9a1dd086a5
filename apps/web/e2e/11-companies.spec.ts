import type { Page } from '@playwright/test';
import {
  adminHeaders,
  expect,
  fillLogin,
  freshPhone,
  registerCompany,
  signIn,
  submitLogin,
  switchLanguage,
  test,
} from './support';

const LANGUAGES = [
  {
    locale: 'en-US' as const,
    approve: 'Approve',
    approved: 'Approved: the company was told',
    waiting: 'Account is waiting for approval',
    transfer: 'Transfer balance',
    china: 'China +86',
    save: 'Save',
    phoneInvalid:
      'Please enter a valid phone number for the chosen country, or with its country code, e.g. +8613800138000',
  },
  {
    locale: 'zh-CN' as const,
    approve: '审核通过',
    approved: '已审核通过，并已通知该公司',
    waiting: '账号正在等待审核',
    transfer: '划转余额',
    china: '中国 +86',
    save: '保 存',
    phoneInvalid: '请输入所选国家或地区的正确号码，或带国家区号的号码，例如 +8613800138000',
  },
];

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** Digits of a shown amount ("1,234.50" → 123450 cents). */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);

async function startIn(page: Page, locale: 'en-US' | 'zh-CN') {
  await page.goto('/user/login');
  if (locale === 'zh-CN') await switchLanguage(page, 'zh-CN');
}

for (const lang of LANGUAGES) {
  test(`[${lang.locale}] an administrator approves a waiting company, whose user can then sign in`, async ({
    page,
    request,
  }) => {
    const company = await registerCompany(request);
    await startIn(page, lang.locale);
    await fillLogin(page, company.username, company.password);
    await submitLogin(page);
    await expect(page.getByTestId('login-error')).toContainText(lang.waiting);

    await signIn(page, 'admin');
    await page.goto('/company/list');
    const table = page.getByTestId('company-table');
    await table.getByTestId('filter-name').fill(company.companyName);
    await table.getByTestId('query-submit').click();
    const row = table.locator('tr', { hasText: company.companyName });
    await expect(row).toHaveCount(1);
    await row.getByTestId('company-approve').click();
    // The approval dialog (its rate group: e2e/28-first-send.spec.ts).
    await page.getByTestId('company-approve-ok').click();
    await expect(page.getByText(lang.approved)).toBeVisible();
    await expect(row.getByTestId('company-approve')).toHaveCount(0);

    // The company's user signs in now.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await startIn(page, lang.locale);
    await signIn(page, company.username, company.password);
    await expect(page).not.toHaveURL(/\/user\/login/);
  });

  test(`[${lang.locale}] an administrator adds a company whose phone is a national number of the chosen country`, async ({
    page,
    request,
  }) => {
    await startIn(page, lang.locale);
    await signIn(page, 'admin');
    await page.goto('/company/list');
    await page.getByTestId('company-add').click();
    const u = unique();
    const name = `Harbour ${u}`;
    // A Chinese mobile number without +86, nobody else's; read as a US number its exchange would
    // start with 0, which no US number does.
    const national = `1380013${String(1000 + Math.floor(Math.random() * 8999))}`;
    const form = page.getByTestId('company-form');
    await form.getByTestId('company-form-name').fill(name);
    await form.getByTestId('company-form-contact').fill('Hai Bo');
    await form.getByTestId('company-form-phone').fill(national);
    await form.getByTestId('company-form-email').fill(`harbour.${u}@example.com`);
    await form.getByTestId('company-form-username').fill(`hb_${u}`);
    await form.getByTestId('company-form-password').fill('Harbour2026');
    const save = page.getByRole('dialog').getByRole('button', { name: lang.save });
    const adds: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/sys/company/add') adds.push(r.method());
    });
    // The browser's country (en-US: the United States) has no such number: said before anything is sent.
    await save.click();
    await expect(form.getByText(lang.phoneInvalid)).toBeVisible();
    expect(adds).toEqual([]);
    // Choosing China makes it one.
    await form.getByTestId('company-form-country').click();
    await page.keyboard.type(lang.china.split(' ')[0]!);
    await page.getByTitle(lang.china, { exact: true }).click();
    await expect(form.getByText(lang.phoneInvalid)).toBeHidden();
    await save.click();
    await expect(page.getByRole('dialog')).toBeHidden();
    expect(adds).toEqual(['POST']);
    // Stored in international form.
    const list = await request.get(`/api/sys/company/list?name=${encodeURIComponent(name)}`, {
      headers: await adminHeaders(request),
    });
    const records = ((await list.json()) as { result: { records: { phone: string }[] } }).result.records;
    expect(records.map((r) => r.phone)).toEqual([`+86${national}`]);
  });

  test(`[${lang.locale}] an agent creates a customer and transfers balance to it, exactly`, async ({
    page,
    request,
  }) => {
    // The agent gets money to give (the administrator recharges its company through the API).
    const headers = await adminHeaders(request);
    const list = await request.get('/api/sys/company/list?name=Acme%20Agency', { headers });
    const acme = ((await list.json()) as { result: { records: { id: string }[] } }).result.records[0]!;
    const credit = await request.post('/api/sys/balance/adjust', {
      headers,
      data: {
        companyId: acme.id,
        direction: 'credit',
        amount: '100',
        reason: 'e2e',
        idempotencyKey: `e2e-${unique()}`,
      },
    });
    expect(credit.ok()).toBe(true);

    await startIn(page, lang.locale);
    await signIn(page, 'agent');
    await page.goto('/sms/agent/customer');
    const u = unique();
    const name = `Agent Client ${u}`;
    await page.getByTestId('customer-add').click();
    const form = page.getByTestId('customer-form');
    await form.getByTestId('customer-form-name').fill(name);
    await form.getByTestId('customer-form-contact').fill('Cai Client');
    await form.getByTestId('customer-form-phone').fill(freshPhone());
    await form.getByTestId('customer-form-email').fill(`client.${u}@example.com`);
    await form.getByTestId('customer-form-username').fill(`cl_${u}`);
    await form.getByTestId('customer-form-password').fill('Client2026');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: lang.locale === 'en-US' ? 'Save' : '保 存' })
      .click();
    const row = page.getByTestId('customer-table').locator('tr', { hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('customer-balance')).toHaveText('0.00 USD');

    const own = page.getByTestId('agent-balance');
    await expect(own).not.toHaveText('0.00 USD');
    const before = cents(await own.innerText());
    await row.getByTestId('customer-transfer').click();
    const dialog = page.getByRole('dialog', { name: new RegExp(lang.transfer) });
    // More than there is is refused in the dialog, before anything is sent.
    await dialog.getByTestId('transfer-amount').fill('99999999');
    await dialog.getByTestId('transfer-ok').click();
    await expect(
      dialog.getByText(lang.locale === 'en-US' ? 'More than you can transfer' : '超出可划转的金额'),
    ).toBeVisible();
    await dialog.getByTestId('transfer-amount').fill('12.34');
    // A double click moves the money once: one key per dialog.
    await dialog.getByTestId('transfer-ok').dblclick();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('customer-balance')).toHaveText('12.34 USD');
    await expect.poll(async () => cents(await own.innerText())).toBe(before - 1234);
  });
}
